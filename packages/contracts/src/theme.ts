import { DEFAULT_FONT, type BrandTheme } from './brands';

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

/** Perceived brightness 0–1 (ITU-R BT.601 weights): the spec's "luminance" for text colour. */
export function perceivedLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  return (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) / 255;
}

/** Black text on colours brighter than 0.5, white text otherwise (spec 000 §9). */
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

// Fixed shifts from the background and text colours for the derived surfaces.
const SHIFT = { card: 0.02, muted: 0.05, border: 0.14, mutedForeground: 0.38 } as const;

export type ThemeVariables = Record<`--${string}`, string>;

/** Turns a brand theme into the CSS custom properties the web app's semantic tokens read. */
export function themeVariables(theme: BrandTheme): ThemeVariables {
  const { background, text } = theme;
  const card = mixColours(background, text, SHIFT.card);
  const muted = mixColours(background, text, SHIFT.muted);
  const border = mixColours(background, text, SHIFT.border);
  return {
    '--background': background,
    '--foreground': text,
    '--card': card,
    '--card-foreground': text,
    '--popover': background,
    '--popover-foreground': text,
    '--primary': theme.primary,
    '--primary-foreground': textColourOn(theme.primary),
    '--secondary': theme.secondary,
    '--secondary-foreground': textColourOn(theme.secondary),
    '--accent': theme.accent,
    '--accent-foreground': textColourOn(theme.accent),
    '--muted': muted,
    '--muted-foreground': mixColours(text, background, SHIFT.mutedForeground),
    '--border': border,
    '--input': border,
    '--ring': theme.primary,
    '--destructive': STATUS_COLOURS.destructive,
    '--destructive-foreground': textColourOn(STATUS_COLOURS.destructive),
    '--success': STATUS_COLOURS.success,
    '--warning': STATUS_COLOURS.warning,
    '--info': STATUS_COLOURS.info,
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
