/** The brand details the help pages show; the route files take them from the current brand. */
export interface HelpBrand {
  name: string;
  email: string;
  phone: string;
  address: string;
}

/** A link inside running text: underlined, so it does not rely on colour alone. */
export const inlineLinkClass =
  'rounded-sm font-medium text-primary underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-2 focus-visible:ring-ring';

/** A link standing on its own line. */
export const standaloneLinkClass =
  'inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';
