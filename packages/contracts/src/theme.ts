import type { BrandTheme } from './brands';
import { DEFAULT_FONT } from './brand-defaults';

export const THEME_RADIUS = '0.5rem';
export const STATUS_COLOURS = {
  destructive: '#ff4d4f',
  success: '#52c41a',
  warning: '#faad14',
  info: '#1890ff',
} as const;
export const BRAND_LOGO_MAX_HEIGHT_PX = 40;

type Rgb = readonly [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? match[1].replace(/(.)/g, '$1$1') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes `from` toward `to` by `amount` (0 keeps `from`, 1 gives `to`), in sRGB. */
export function mixColours(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  if (!a || !b) return from;
  return toHex([
    a[0] + (b[0] - a[0]) * amount,
    a[1] + (b[1] - a[1]) * amount,
    a[2] + (b[2] - a[2]) * amount,
  ]);
}

/** Perceived brightness 0–1 (ITU-R BT.601 weights): the luminance that picks the text colour. */
export function perceivedLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  return (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) / 255;
}

/** Black text on colours brighter than 0.5, white text otherwise. */
export function textColourOn(background: string): '#000000' | '#ffffff' {
  return perceivedLuminance(background) > 0.5 ? '#000000' : '#ffffff';
}

/** WCAG 2.x relative luminance. */
export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio, 1–21. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG AA for normal text. */
export const WCAG_AA_NORMAL_TEXT = 4.5;
/** WCAG AA for the parts of controls and states (1.4.11 non-text contrast). */
export const WCAG_AA_NON_TEXT = 3;
// Derived colours aim a little above the minimum, so rounding in a browser never lands below it.
export const MARGIN = 0.1;

// Fixed shifts from the background and text colours for the derived surfaces.
const SHIFT = { card: 0.02, muted: 0.05, border: 0.14, mutedForeground: 0.38 } as const;
/** How strongly the site tints a surface with a brand or status colour (`bg-primary/10`). */
const TINT = 0.1;

/** Black or white, whichever contrasts more with `background` (always at least 4.58:1). */
export function bestTextOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background)
    ? '#000000'
    : '#ffffff';
}

export function lowestContrast(colour: string, surfaces: readonly string[]): number {
  return Math.min(...surfaces.map((surface) => contrastRatio(colour, surface)));
}

/**
 * `from` moved toward `toward` by the least amount (from `start`, in steps of 1 %) that gives at
 * least `minimum` against every surface; `toward` itself when nothing less does.
 */
function mixUntil(
  from: string,
  toward: string,
  surfaces: readonly string[],
  minimum: number,
  start = 0,
): string {
  for (let step = Math.round(start * 100); step <= 100; step += 1) {
    const colour = mixColours(from, toward, step / 100);
    if (lowestContrast(colour, surfaces) >= minimum + MARGIN) return colour;
  }
  return toward;
}

/** The page's surfaces: background, card, muted, and the tints of brand and status colours. */
export function surfacesOf(
  theme: Pick<BrandTheme, 'background' | 'text' | 'primary' | 'secondary' | 'accent'>,
) {
  const { background, text } = theme;
  const card = mixColours(background, text, SHIFT.card);
  const muted = mixColours(background, text, SHIFT.muted);
  const tints = [
    theme.primary,
    theme.secondary,
    theme.accent,
    ...Object.values(STATUS_COLOURS),
  ].map((colour) => mixColours(background, colour, TINT));
  return { card, muted, all: [background, card, muted, ...tints] };
}

export type ThemeVariables = Record<`--${string}`, string>;

/**
 * Turns a brand theme into the CSS custom properties the web app's semantic tokens read. The
 * colours that carry text or mark a control are computed against the brand's own colours:
 * muted text, links in the primary colour and status text reach 4.5:1 on every surface; input
 * borders, the focus ring and a highlighted option reach 3:1 (WCAG 1.4.3, 1.4.11). A theme
 * whose text itself cannot is refused (`themeContrastProblems`, theme-contrast.ts).
 */
export function themeVariables(theme: BrandTheme): ThemeVariables {
  const { background, text } = theme;
  const { card, muted, all } = surfacesOf(theme);
  const border = mixColours(background, text, SHIFT.border);
  const controls = [background, card, muted];
  // The brand's primary, darkened (or lightened) toward the text until it marks a control.
  const primaryStrong = mixUntil(theme.primary, text, controls, WCAG_AA_NON_TEXT);
  const statusText = (colour: string) => mixUntil(colour, text, all, WCAG_AA_NORMAL_TEXT);
  return {
    '--background': background,
    '--foreground': text,
    '--card': card,
    '--card-foreground': text,
    '--popover': background,
    '--popover-foreground': text,
    '--primary': theme.primary,
    '--primary-foreground': textColourOn(theme.primary),
    '--primary-strong': primaryStrong,
    '--primary-text': mixUntil(theme.primary, text, all, WCAG_AA_NORMAL_TEXT),
    '--secondary': theme.secondary,
    '--secondary-foreground': textColourOn(theme.secondary),
    '--accent': theme.accent,
    '--accent-foreground': textColourOn(theme.accent),
    '--muted': muted,
    // As far from the text as the fixed shift allows, and no further than reading needs.
    '--muted-foreground': mixUntil(
      mixColours(text, background, SHIFT.mutedForeground),
      text,
      all,
      WCAG_AA_NORMAL_TEXT,
    ),
    '--border': border,
    // A text field's border is its only boundary: it must show on every surface.
    '--input': mixUntil(border, text, controls, WCAG_AA_NON_TEXT),
    '--ring': primaryStrong,
    '--highlight': primaryStrong,
    '--highlight-foreground': bestTextOn(primaryStrong),
    '--destructive': STATUS_COLOURS.destructive,
    '--destructive-foreground': textColourOn(STATUS_COLOURS.destructive),
    '--destructive-text': statusText(STATUS_COLOURS.destructive),
    '--success': STATUS_COLOURS.success,
    '--success-text': statusText(STATUS_COLOURS.success),
    '--warning': STATUS_COLOURS.warning,
    '--warning-text': statusText(STATUS_COLOURS.warning),
    '--info': STATUS_COLOURS.info,
    '--info-text': statusText(STATUS_COLOURS.info),
    '--radius': THEME_RADIUS,
    '--font-sans': sanitizeFont(theme.font),
  };
}

/** Font stacks end up inside a <style> element: keep only characters a font list needs. */
function sanitizeFont(font: string): string {
  const cleaned = font.replace(/[^\w\s,'"-]/g, '').trim();
  return cleaned === '' ? DEFAULT_FONT : cleaned;
}

/** The `:root { … }` rule for a theme; safe to embed in a <style> element. */
export function themeCss(theme: BrandTheme): string {
  const body = Object.entries(themeVariables(theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `:root{${body}}`;
}
