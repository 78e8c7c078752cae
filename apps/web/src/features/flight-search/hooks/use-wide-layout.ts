import { useSyncExternalStore } from 'react';

/** Tailwind's `lg`: the results show the filters beside the list from here up. */
const WIDE_LAYOUT_QUERY = '(min-width: 64rem)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE_LAYOUT_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isWide(): boolean {
  // Without media queries (an old engine, a test document) the wide layout is the safe answer:
  // CSS still hides what does not fit.
  return typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_LAYOUT_QUERY).matches;
}

/**
 * Whether the page is at least `lg` wide. What CSS would only hide on a phone (the filters
 * column) is then not rendered at all: its sliders measure themselves, which cost the first
 * results on a phone a tenth of a second at 4× CPU slow-down.
 */
export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, isWide);
}
