import { SEARCH_TRIP_TYPES, type SearchTripType } from '@contrail/contracts/search-rules';
import { parseSearchPageSearch, urlSearchOf, type SearchPageSearch } from './search-params';

/** localStorage keys: the last trip type and the last results view. */
export const TRIP_TYPE_STORAGE_KEY = 'contrail.lastTripType';
export const LAST_SEARCH_STORAGE_KEY = 'contrail.lastSearch';

// Storage can be full, disabled or blocked (private windows, strict settings). The search must go
// on regardless, so a failure is only logged, as a warning rather than an error.
function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not save ${key} locally`, error);
  }
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch (error) {
    console.warn(`Could not read ${key} from local storage`, error);
    return null;
  }
}

export function saveTripType(tripType: SearchTripType): void {
  write(TRIP_TYPE_STORAGE_KEY, tripType);
}

export function readTripType(): SearchTripType | null {
  const value = read(TRIP_TYPE_STORAGE_KEY);
  return SEARCH_TRIP_TYPES.find((tripType) => tripType === value) ?? null;
}

/** The /search parameters on screen, for the offer page's way back. */
export function saveLastSearch(search: SearchPageSearch): void {
  const defined = Object.fromEntries(
    Object.entries(urlSearchOf(search)).filter(([, value]) => value !== undefined),
  );
  write(LAST_SEARCH_STORAGE_KEY, JSON.stringify(defined));
}

/** The last saved /search parameters, validated again; null when none or no longer valid. */
export function readLastSearch(): SearchPageSearch | null {
  const value = read(LAST_SEARCH_STORAGE_KEY);
  if (value === null) return null;
  try {
    return parseSearchPageSearch(JSON.parse(value));
  } catch {
    return null;
  }
}
