/** The header turns opaque after more than 10 px of scroll. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;

/** The home page section holding the search form (the header's Flights link scrolls there). */
const SEARCH_SECTION_HASH = 'search';

// Home and Flights share a path: the hash tells them apart for aria-current.
const exactWithHash = { exact: true, includeHash: true } as const;

export const primaryLinks = [
  { label: 'Home', to: '/', activeOptions: exactWithHash },
  { label: 'Flights', to: '/', hash: SEARCH_SECTION_HASH, activeOptions: exactWithHash },
  { label: 'My Trips', to: '/my-trips' },
  { label: 'Support', to: '/support' },
] as const;

/** Scrolls to the search section when it is on screen already (a same-URL click). */
export function scrollToSearchSection(): void {
  document.getElementById(SEARCH_SECTION_HASH)?.scrollIntoView({ block: 'start' });
}
