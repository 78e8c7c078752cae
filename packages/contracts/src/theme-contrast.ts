import type { BrandTheme } from './brands';
import {
  contrastRatio,
  lowestContrast,
  MARGIN,
  surfacesOf,
  textColourOn,
  WCAG_AA_NORMAL_TEXT,
} from './theme';

// Whether a theme can be used, for the brand manager and the API: apart from theme.ts, whose
// variables the web app's entry chunk computes for every page.

export type ThemeColourName = 'primary' | 'secondary' | 'accent' | 'text';

export interface ThemeContrastProblem {
  /** The colour to change. */
  colour: ThemeColourName;
  /** Names the pair, e.g. 'White text on primary'. */
  pair: string;
  ratio: number;
  minimum: number;
}

/**
 * What keeps a theme from meeting WCAG 2.2 AA, whatever the site derives from it: the automatic
 * text colour (black or white by luminance) on each brand colour, and the text on the page's
 * background and on every surface the site tints with a brand or status colour. Empty when the
 * theme can be used; the brand manager and the API refuse a theme otherwise.
 */
export function themeContrastProblems(
  theme: Pick<BrandTheme, 'primary' | 'secondary' | 'accent' | 'background' | 'text'>,
): ThemeContrastProblem[] {
  const problems: ThemeContrastProblem[] = [];
  for (const colour of ['primary', 'secondary', 'accent'] as const) {
    const foreground = textColourOn(theme[colour]);
    const ratio = contrastRatio(foreground, theme[colour]);
    if (ratio < WCAG_AA_NORMAL_TEXT) {
      const name = foreground === '#000000' ? 'Black text' : 'White text';
      problems.push({ colour, pair: `${name} on ${colour}`, ratio, minimum: WCAG_AA_NORMAL_TEXT });
    }
  }
  const onBackground = contrastRatio(theme.text, theme.background);
  const onSurfaces = lowestContrast(theme.text, surfacesOf(theme).all);
  if (onBackground < WCAG_AA_NORMAL_TEXT) {
    problems.push({
      colour: 'text',
      pair: 'Text on background',
      ratio: onBackground,
      minimum: WCAG_AA_NORMAL_TEXT,
    });
  } else if (onSurfaces < WCAG_AA_NORMAL_TEXT + MARGIN) {
    problems.push({
      colour: 'text',
      pair: 'Text on tinted surfaces',
      ratio: onSurfaces,
      minimum: WCAG_AA_NORMAL_TEXT,
    });
  }
  return problems;
}

/** '2.85:1'. Rounded down, so a ratio just under 4.5 never reads as '4.50:1'. */
export function formatContrastRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/** The message the brand manager and the API give for a problem. */
export function themeContrastMessage(problem: ThemeContrastProblem): string {
  return `${problem.pair} is ${formatContrastRatio(problem.ratio)}, below the ${formatContrastRatio(problem.minimum)} WCAG AA minimum. Choose a colour with more contrast.`;
}
