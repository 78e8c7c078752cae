import { DEFAULT_BRAND_NAME } from './brand-defaults';

// The web app's pages, for both sides: the API answers a path with no page here with 404 and
// writes the page's title into the HTML it serves; the web app sets the same title on every
// navigation (WCAG 2.4.2). This module ships in the web app's entry chunk, so it holds only what
// a title needs; the descriptions are in page-descriptions.ts.

/**
 * Who may open a page: signed-out visitors of the others are sent to sign in. `admin`: platform
 * admins; `back-office`: platform admins and brand staff.
 */
export type PageAccess = 'anyone' | 'signed-in' | 'admin' | 'back-office';

/**
 * What search engines may do with a page. `index`: listed in the sitemap, with a canonical link.
 * `noindex`: served with `<meta name="robots" content="noindex">` (nothing lasting to find: search
 * results, offers that expire, forms). `private`: also disallowed in robots.txt (a traveller's or
 * an operator's own data, or an e-mail address in the query).
 */
export type PageIndexing = 'index' | 'noindex' | 'private';

export interface Page {
  /** The route, in the router's syntax: `$name` is one path segment of any value. */
  readonly path: string;
  /** The page's name, titled `{name} - {brand}`; null for the home page, `{brand} - Flight Booking`. */
  readonly name: string | null;
  readonly access: PageAccess;
  readonly indexing: PageIndexing;
  /** The page whose content this one repeats: its canonical link points there. */
  readonly sameAs?: string;
}

export const PAGES = [
  { path: '/', name: null, access: 'anyone', indexing: 'index' },
  { path: '/search', name: 'Search Results', access: 'anyone', indexing: 'noindex' },
  // Without an id, sends the visitor on to /search.
  { path: '/flight', name: 'Flight Details', access: 'anyone', indexing: 'noindex' },
  { path: '/flight/$id', name: 'Flight Details', access: 'anyone', indexing: 'noindex' },
  { path: '/booking', name: 'Checkout', access: 'anyone', indexing: 'private' },
  { path: '/my-trips', name: 'My Trips', access: 'signed-in', indexing: 'private' },
  { path: '/manage-booking', name: 'Manage Booking', access: 'anyone', indexing: 'private' },
  { path: '/login', name: 'Sign In', access: 'anyone', indexing: 'noindex' },
  { path: '/register', name: 'Create Account', access: 'anyone', indexing: 'noindex' },
  { path: '/forgot-password', name: 'Forgot Password', access: 'anyone', indexing: 'noindex' },
  { path: '/reset-password', name: 'Set a New Password', access: 'anyone', indexing: 'noindex' },
  // The link that confirms an account's address (a token in the query).
  { path: '/verify-email', name: 'Confirm Your Email', access: 'signed-in', indexing: 'private' },
  // The links of price-alert e-mails (a token in the query).
  { path: '/price-alert', name: 'Price Alert', access: 'anyone', indexing: 'private' },
  {
    path: '/account-settings',
    name: 'Account Settings',
    access: 'signed-in',
    indexing: 'private',
  },
  { path: '/admin-settings', name: 'Admin Settings', access: 'admin', indexing: 'private' },
  { path: '/admin/brands', name: 'Brand Manager', access: 'admin', indexing: 'private' },
  { path: '/admin', name: 'Back Office', access: 'back-office', indexing: 'private' },
  { path: '/admin/bookings', name: 'Bookings', access: 'back-office', indexing: 'private' },
  { path: '/admin/bookings/$id', name: 'Booking', access: 'back-office', indexing: 'private' },
  { path: '/admin/inbox', name: 'Inbox', access: 'back-office', indexing: 'private' },
  { path: '/admin/newsletter', name: 'Newsletter', access: 'back-office', indexing: 'private' },
  { path: '/admin/outbox', name: 'E-mails', access: 'back-office', indexing: 'private' },
  { path: '/admin/audit', name: 'Audit Log', access: 'back-office', indexing: 'private' },
  { path: '/admin/staff', name: 'Staff', access: 'admin', indexing: 'private' },
  { path: '/privacy', name: 'Privacy Policy', access: 'anyone', indexing: 'index' },
  {
    path: '/privacy-policy',
    name: 'Privacy Policy',
    access: 'anyone',
    indexing: 'index',
    sameAs: '/privacy',
  },
  { path: '/terms', name: 'Terms of Service', access: 'anyone', indexing: 'index' },
  { path: '/cookies', name: 'Cookie Policy', access: 'anyone', indexing: 'index' },
  {
    path: '/cancellation-policy',
    name: 'Cancellation Policy',
    access: 'anyone',
    indexing: 'index',
  },
  { path: '/about', name: 'About Us', access: 'anyone', indexing: 'index' },
  { path: '/expedia', name: 'Partner Flight Offers', access: 'anyone', indexing: 'index' },
  { path: '/support', name: 'Support', access: 'anyone', indexing: 'index' },
  { path: '/faq', name: 'Frequently Asked Questions', access: 'anyone', indexing: 'index' },
  { path: '/contact', name: 'Contact Us', access: 'anyone', indexing: 'index' },
] as const satisfies readonly Page[];

export type KnownPage = (typeof PAGES)[number];
export type PagePath = KnownPage['path'];

/** The title's name for a path that is no page (the page shows '404 Page Not Found'). */
export const NOT_FOUND_PAGE_NAME = 'Page Not Found';

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * The page a path opens, or undefined for an unknown path (a 404). Like the router: letters in
 * any case, a trailing slash ignored, `$name` standing for one non-empty segment.
 */
export function findPage(pathname: string): KnownPage | undefined {
  const wanted = segments(pathname).map((segment) => segment.toLowerCase());
  return PAGES.find((page) => {
    const pattern = segments(page.path);
    return (
      pattern.length === wanted.length &&
      pattern.every((part, index) => part.startsWith('$') || part === wanted[index])
    );
  });
}

/** The document title of a page (undefined: the not-found page) of the brand named `brandName`. */
export function pageTitle(page: Page | undefined, brandName: string): string {
  const brand = brandName.trim() || DEFAULT_BRAND_NAME;
  if (!page) return `${NOT_FOUND_PAGE_NAME} - ${brand}`;
  return page.name === null ? `${brand} - Flight Booking` : `${page.name} - ${brand}`;
}

/**
 * The path of a page's canonical link: its own, or the one it repeats. Only pages search engines
 * may index have one (a `noindex` page with a canonical link would send both signals).
 */
export function canonicalPath(page: Page | undefined): string | null {
  if (page?.indexing !== 'index') return null;
  return page.sameAs ?? page.path;
}
