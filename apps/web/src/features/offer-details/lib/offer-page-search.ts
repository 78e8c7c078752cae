/**
 * The /flight/{id} URL: `tab` (details, fare-rules, seat-maps) and the search the traveller came
 * from, every /search parameter carried with a `from_` prefix, so 'Back to Search Results' rebuilds
 * the exact results view (criteria, sort and filters). The carried values are only passed through
 * here; the /search route validates them when they come back.
 */

export const OFFER_TABS = ['details', 'fare-rules', 'seat-maps'] as const;
export type OfferTab = (typeof OFFER_TABS)[number];
export const DEFAULT_OFFER_TAB: OfferTab = 'details';

const FROM_PREFIX = 'from_';

type CarriedValue = string | number;
type CarriedSearch = Partial<Record<`${typeof FROM_PREFIX}${string}`, CarriedValue>>;

export type OfferPageSearch = CarriedSearch & { tab?: OfferTab };

function isCarriedKey(key: string): key is `${typeof FROM_PREFIX}${string}` {
  return key.startsWith(FROM_PREFIX) && key.length > FROM_PREFIX.length;
}

function isOfferTab(value: unknown): value is OfferTab {
  return OFFER_TABS.some((tab) => tab === value);
}

/** The route's `validateSearch`: a known tab (the default is left out) and the `from_` values. */
export function validateOfferPageSearch(raw: Record<string, unknown>): OfferPageSearch {
  const search: OfferPageSearch = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!isCarriedKey(key)) continue;
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) {
      search[key] = value;
    }
  }
  if (isOfferTab(raw.tab) && raw.tab !== DEFAULT_OFFER_TAB) search.tab = raw.tab;
  return search;
}

/** The carried search without its prefix (`from_origin` → `origin`); null when nothing came. */
export function carriedSearch(search: OfferPageSearch): Record<string, CarriedValue> | null {
  const result: Record<string, CarriedValue> = {};
  for (const [key, value] of Object.entries(search)) {
    if (key.startsWith(FROM_PREFIX) && value !== undefined) {
      result[key.slice(FROM_PREFIX.length)] = value;
    }
  }
  return Object.keys(result).length > 0 ? result : null;
}
