import type { Appearance } from '@stripe/stripe-js';

/** Reads one of the brand's CSS custom properties (set on <html> by the server and the app). */
export type ThemeVariable = (name: `--${string}`) => string;

/** The brand's tokens as the page has them now. */
export const documentThemeVariable: ThemeVariable = (name) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * Stripe's Payment Element in the brand's colours, font and radius (Stripe's Appearance API):
 * the element runs in Stripe's own frame, where our stylesheet cannot reach, so the same semantic
 * tokens our primitives use are handed over. A token the page lacks keeps Stripe's default.
 */
export function stripeAppearance(read: ThemeVariable): Appearance {
  const token = (name: `--${string}`) => {
    const value = read(name);
    return value === '' ? undefined : value;
  };
  const variables: NonNullable<Appearance['variables']> = {};
  const set = (key: keyof typeof variables, value: string | undefined) => {
    if (value !== undefined) Object.assign(variables, { [key]: value });
  };
  set('colorPrimary', token('--primary'));
  set('colorBackground', token('--background'));
  set('colorText', token('--foreground'));
  set('colorTextSecondary', token('--muted-foreground'));
  set('colorDanger', token('--destructive'));
  set('fontFamily', token('--font-sans'));
  set('borderRadius', token('--radius'));
  set('focusBoxShadow', token('--ring') && `0 0 0 2px ${token('--ring')}`);
  const border = token('--input');
  return {
    theme: 'stripe',
    // Labels above the fields, as our own form has them.
    labels: 'above',
    variables,
    ...(border
      ? {
          rules: {
            '.Input': { border: `1px solid ${border}`, boxShadow: 'none' },
            '.Input:focus': { borderColor: token('--ring') ?? border },
          },
        }
      : {}),
  };
}
