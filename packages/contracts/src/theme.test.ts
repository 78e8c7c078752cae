import { describe, expect, it } from 'vitest';
import { defaultBrand } from './brands';
import {
  STATUS_COLOURS,
  contrastRatio,
  mixColours,
  parseHex,
  perceivedLuminance,
  textColourOn,
  themeCss,
  themeVariables,
} from './theme';

describe('colour helpers', () => {
  it('parses 3- and 6-digit hex colours', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#1D4ED8')).toEqual([29, 78, 216]);
    expect(parseHex('blue')).toBeNull();
  });

  it('mixes colours in sRGB', () => {
    expect(mixColours('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColours('#102030', '#ffffff', 0)).toBe('#102030');
    expect(mixColours('#102030', '#ffffff', 1)).toBe('#ffffff');
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });
});

describe('text colour on brand colours (luminance above 0.5 → black)', () => {
  it.each([
    ['#ffffff', '#000000'],
    ['#000000', '#ffffff'],
    ['#ffff00', '#000000'],
    ['#1d4ed8', '#ffffff'],
    ['#0f766e', '#ffffff'],
    ['#f59e0b', '#000000'],
  ])('on %s the text is %s', (background, text) => {
    expect(textColourOn(background)).toBe(text);
  });

  it('switches exactly above 0.5', () => {
    // #808080 is 128/255 ≈ 0.502 → black; #7f7f7f is 127/255 ≈ 0.498 → white.
    expect(perceivedLuminance('#808080')).toBeGreaterThan(0.5);
    expect(textColourOn('#808080')).toBe('#000000');
    expect(textColourOn('#7f7f7f')).toBe('#ffffff');
  });
});

describe('themeVariables', () => {
  const vars = themeVariables(defaultBrand.theme);

  it('maps the brand colours and derives the rest', () => {
    expect(vars['--primary']).toBe(defaultBrand.theme.primary);
    expect(vars['--primary-foreground']).toBe('#ffffff');
    expect(vars['--accent-foreground']).toBe('#000000');
    expect(vars['--background']).toBe('#ffffff');
    expect(vars['--foreground']).toBe(defaultBrand.theme.text);
    expect(vars['--destructive']).toBe(STATUS_COLOURS.destructive);
    expect(vars['--radius']).toBe('0.5rem');
    expect(vars['--font-sans']).toBe('Inter, system-ui, sans-serif');
    expect(vars['--muted']).not.toBe(vars['--background']);
    expect(vars['--border']).not.toBe(vars['--background']);
  });

  it('keeps muted text readable on the background (WCAG AA)', () => {
    expect(
      contrastRatio(vars['--muted-foreground'] ?? '', vars['--background'] ?? ''),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('cannot be used to escape the style element', () => {
    const css = themeCss({
      ...defaultBrand.theme,
      font: 'Inter;}</style><script>alert(1)</script>',
    });
    expect(css).not.toMatch(/[<>;]script|<\//);
    expect(css).not.toMatch(/[<>]/);
    expect(css.startsWith(':root{')).toBe(true);
    expect(css.endsWith('}')).toBe(true);
    expect(css.indexOf('}')).toBe(css.length - 1);
  });
});
