/** The header turns opaque after more than 10 px of scroll. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;

/** The home page section holding the search form (the header's Flights link scrolls there). */
export const SEARCH_SECTION_HASH = 'search';

// Home and Flights share a path: the hash tells them apart for aria-current.
const exactWithHash = { exact: true, includeHash: true } as const;

export const primaryLinks = [
  { label: 'Home', to: '/', activeOptions: exactWithHash },
  { label: 'Flights', to: '/', hash: SEARCH_SECTION_HASH, activeOptions: exactWithHash },
  { label: 'My Trips', to: '/my-trips' },
  { label: 'Support', to: '/support' },
] as const;

export const quickLinks = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'My Trips', to: '/my-trips' },
  { label: 'Support', to: '/support' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Contact', to: '/contact' },
] as const;

export const legalLinks = [
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Cancellation Policy', to: '/cancellation-policy' },
  { label: 'Cookie Policy', to: '/cookies' },
] as const;

/**
 * The account menu's links: Admin Panel for platform admins, as the original product had; Back
 * Office for anyone who may open it (platform admins and brand staff; the server authorises every
 * call there).
 */
export function accountLinks(user: { isAdmin: boolean; backOffice: boolean }) {
  return [
    { label: 'Settings', to: '/account-settings' },
    { label: 'My Trips', to: '/my-trips' },
    ...(user.isAdmin ? [{ label: 'Admin Panel', to: '/admin-settings' }] : []),
    ...(user.isAdmin || user.backOffice ? [{ label: 'Back Office', to: '/admin' }] : []),
  ] as const;
}

/** Scrolls to the search section when it is on screen already (a same-URL click). */
export function scrollToSearchSection(): void {
  document.getElementById(SEARCH_SECTION_HASH)?.scrollIntoView({ block: 'start' });
}
