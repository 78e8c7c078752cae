import type { BrandTheme } from '@contrail/contracts/brands';
import { contrastRatio, textColourOn, WCAG_AA_NORMAL_TEXT } from '@contrail/contracts/theme';
import { themeContrastProblems } from '@contrail/contracts/theme-contrast';

export { formatContrastRatio } from '@contrail/contracts/theme-contrast';

export type ThemeColours = Pick<
  BrandTheme,
  'primary' | 'secondary' | 'accent' | 'background' | 'text'
>;

export interface ContrastCheck {
  id: 'primary' | 'secondary' | 'accent' | 'text';
  /** Names the pair, e.g. 'White text on primary'. */
  label: string;
  foreground: string;
  background: string;
  ratio: number;
  passes: boolean;
}

function automaticTextLabel(colour: string): string {
  return textColourOn(colour) === '#000000' ? 'Black text' : 'White text';
}

/**
 * The pairs a brand puts on screen: the automatic text colour (black on colours with luminance
 * above 0.5, else white) on each brand colour, and the body text on the page background, each
 * against WCAG AA for normal text (4.5:1).
 */
export function contrastChecks(theme: ThemeColours): ContrastCheck[] {
  const onBrandColour = (['primary', 'secondary', 'accent'] as const).map((id) => {
    const background = theme[id];
    const foreground = textColourOn(background);
    return { id, label: `${automaticTextLabel(background)} on ${id}`, foreground, background };
  });
  const pairs = [
    ...onBrandColour,
    {
      id: 'text' as const,
      label: 'Text on background',
      foreground: theme.text,
      background: theme.background,
    },
  ];
  const checks = pairs.map((pair) => {
    const ratio = contrastRatio(pair.foreground, pair.background);
    return { ...pair, ratio, passes: ratio >= WCAG_AA_NORMAL_TEXT };
  });
  // Text that reads on the background may still not on the site's tints of the brand colours.
  const tinted = themeContrastProblems(theme).find(
    (problem) => problem.pair === 'Text on tinted surfaces',
  );
  if (tinted) {
    checks.push({
      id: 'text',
      label: tinted.pair,
      foreground: theme.text,
      background: theme.background,
      ratio: tinted.ratio,
      passes: false,
    });
  }
  return checks;
}
