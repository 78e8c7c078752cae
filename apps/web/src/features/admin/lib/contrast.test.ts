import { describe, expect, it } from 'vitest';
import { contrastChecks, formatContrastRatio } from './contrast';

const passing = {
  primary: '#1d4ed8',
  secondary: '#0f172a',
  accent: '#ffff66',
  background: '#ffffff',
  text: '#0f172a',
};

describe('contrastChecks', () => {
  it('checks the automatic text colour on each brand colour and text on background', () => {
    const checks = contrastChecks(passing);
    expect(checks.map((c) => [c.label, c.foreground, c.background])).toEqual([
      ['White text on primary', '#ffffff', '#1d4ed8'],
      ['White text on secondary', '#ffffff', '#0f172a'],
      ['Black text on accent', '#000000', '#ffff66'],
      ['Text on background', '#0f172a', '#ffffff'],
    ]);
    expect(checks.every((c) => c.passes)).toBe(true);
  });

  it('fails pairs under 4.5:1', () => {
    const checks = contrastChecks({ ...passing, accent: '#00a000', text: '#999999' });
    const failing = checks.filter((c) => !c.passes);
    expect(failing.map((c) => [c.id, formatContrastRatio(c.ratio)])).toEqual([
      ['accent', '3.48:1'],
      ['text', '2.84:1'],
    ]);
  });
});

describe('formatContrastRatio', () => {
  it('rounds down so a failing ratio never reads as the minimum', () => {
    expect(formatContrastRatio(4.4999)).toBe('4.49:1');
    expect(formatContrastRatio(21)).toBe('21.00:1');
  });
});
