import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultBrand } from './brands';
import {
  STATUS_COLOURS,
  bestTextOn,
  contrastRatio,
  mixColours,
  parseHex,
  perceivedLuminance,
  textColourOn,
  themeCss,
  themeVariables,
  type ThemeVariables,
} from './theme';
import { themeContrastMessage, themeContrastProblems } from './theme-contrast';

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

const SKYHOP = {
  primary: '#0f766e',
  secondary: '#134e4a',
  accent: '#f97316',
  background: '#fbfaf7',
  text: '#1c1917',
  font: 'Inter',
};
// Extremes a brand manager may choose: a dark theme with a neon primary, a pale yellow primary.
const NEON_ON_BLACK = {
  primary: '#ffff00',
  secondary: '#0000ff',
  accent: '#00ffff',
  background: '#000000',
  text: '#ffffff',
  font: 'Inter',
};
const PALE_PRIMARY = { ...defaultBrand.theme, primary: '#fff59d', accent: '#e0f7fa' };

/** Every contrast the site relies on, for the surfaces it puts each colour on. */
function expectReadable(vars: ThemeVariables) {
  const v = (name: `--${string}`) => vars[name] ?? '';
  const surfaces = [v('--background'), v('--card'), v('--muted')];
  for (const surface of surfaces) {
    for (const text of ['--foreground', '--muted-foreground', '--primary-text'] as const) {
      expect(contrastRatio(v(text), surface), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
    for (const status of ['destructive', 'success', 'warning', 'info'] as const) {
      expect(contrastRatio(v(`--${status}-text`), surface)).toBeGreaterThanOrEqual(4.5);
    }
    // A text field's border, the focus ring and a highlighted option (WCAG 1.4.11).
    for (const mark of ['--input', '--ring', '--highlight', '--primary-strong'] as const) {
      expect(contrastRatio(v(mark), surface), `${mark} on ${surface}`).toBeGreaterThanOrEqual(3);
    }
  }
  expect(contrastRatio(v('--highlight-foreground'), v('--highlight'))).toBeGreaterThanOrEqual(4.5);
}

describe('tokens computed against the brand colours (WCAG 2.2 AA)', () => {
  it.each([
    ['the default brand', defaultBrand.theme],
    ['SkyHop', SKYHOP],
    ['neon on black', NEON_ON_BLACK],
    ['a pale primary', PALE_PRIMARY],
  ])('%s: muted and status text 4.5:1, borders, ring and highlight 3:1', (_name, theme) => {
    expect(themeContrastProblems(theme)).toEqual([]);
    expectReadable(themeVariables(theme));
  });

  it('keeps muted text muted: lighter than the text, darker only as far as reading needs', () => {
    for (const theme of [defaultBrand.theme, SKYHOP]) {
      const muted = themeVariables(theme)['--muted-foreground'] ?? '';
      const spec = mixColours(theme.text, theme.background, 0.38);
      expect(contrastRatio(muted, theme.background)).toBeLessThan(
        contrastRatio(theme.text, theme.background),
      );
      // The fixed shift alone falls short on the tinted surfaces; the token is a step darker.
      expect(contrastRatio(muted, theme.background)).toBeGreaterThan(
        contrastRatio(spec, theme.background),
      );
      expect(contrastRatio(muted, theme.background)).toBeLessThan(6);
    }
  });

  it('darkens a pale primary for links, rings and highlights, and keeps the fill', () => {
    const vars = themeVariables(PALE_PRIMARY);
    expect(vars['--primary']).toBe('#fff59d');
    expect(vars['--primary-text']).not.toBe('#fff59d');
    expect(contrastRatio('#fff59d', '#ffffff')).toBeLessThan(3);
  });

  it('holds for any theme the brand manager accepts', () => {
    const hex = fc
      .tuple(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
      )
      .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);
    fc.assert(
      fc.property(hex, hex, hex, hex, hex, (primary, secondary, accent, background, text) => {
        const theme = { primary, secondary, accent, background, text, font: 'Inter' };
        fc.pre(themeContrastProblems(theme).length === 0);
        expectReadable(themeVariables(theme));
      }),
      { numRuns: 300 },
    );
    // Most random themes fail the contrast rules and are drawn again: a few seconds on a quiet
    // machine, more when the cores are shared.
  }, 30_000);

  it('names the colour to change and the pair that fails', () => {
    const [grey, ...others] = themeContrastProblems({ ...defaultBrand.theme, text: '#999999' });
    expect(others).toEqual([]);
    expect(grey).toMatchObject({ colour: 'text', pair: 'Text on background', minimum: 4.5 });
    expect(grey?.ratio).toBeCloseTo(2.85, 1);
    const [magenta] = themeContrastProblems({ ...NEON_ON_BLACK, secondary: '#ff00ff' });
    if (!magenta) throw new Error('magenta secondary passed');
    expect(magenta).toMatchObject({ colour: 'secondary', pair: 'White text on secondary' });
    expect(themeContrastMessage(magenta)).toBe(
      'White text on secondary is 3.13:1, below the 4.50:1 WCAG AA minimum. Choose a colour with more contrast.',
    );
    // Text that just reads on white fails on the site's tinted surfaces.
    expect(
      themeContrastProblems({ ...defaultBrand.theme, text: '#767676', accent: '#000000' }),
    ).toMatchObject([{ colour: 'text', pair: 'Text on tinted surfaces' }]);
  });

  it('picks black or white text, whichever reads better', () => {
    expect(bestTextOn('#ff0000')).toBe('#000000');
    expect(bestTextOn('#0000ff')).toBe('#ffffff');
  });
});
