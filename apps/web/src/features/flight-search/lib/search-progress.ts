import type { SearchRequest } from '@contrail/contracts/search-rules';
import { formatWeekdayDate } from '../../../lib/flight-formatters';

/**
 * What the results page says while a search runs: that it is searching, for which flights and
 * days, and, once the airlines have taken a while, that this is normal. Built from the search and
 * the time it has waited alone (no clock read here), so it says the same for the same search.
 */

export const searchProgressTexts = {
  /** The results' loading text ('Searching for flights...'), the route and dates inserted before its dots. */
  searching: 'Searching for flights',
  slow: 'Airlines can take a little while to answer. Your flights will appear here as soon as they arrive.',
} as const;

/** How long a search runs before the page says that airlines can take a while. */
export const SLOW_SEARCH_MS = 8_000;

export interface SearchProgress {
  /** 'Searching for flights from London (LHR) to New York (JFK) on Tue, Mar 10...' */
  searching: string;
  /** The calm second line, once the search has waited SLOW_SEARCH_MS; null before. */
  slow: string | null;
}

/** 'London (LHR)', as a chosen airport reads; the code alone while its city is not known. */
function placeName(code: string, cityOf: (code: string) => string | undefined): string {
  const city = cityOf(code);
  return city && city !== code ? `${city} (${code})` : code;
}

/**
 * 'from London (LHR) to New York (JFK) on Tue, Mar 10, returning Tue, Mar 17'; a multi-city
 * trip names each flight in turn, 'then Paris (CDG) to Rome (FCO) on Sat, Mar 14'.
 */
function flightsInWords(criteria: SearchRequest, cityOf: (code: string) => string | undefined) {
  const place = (code: string) => placeName(code, cityOf);
  const legs =
    criteria.tripType === 'multi-city' && criteria.slices?.length ? criteria.slices : [criteria];
  const words = legs
    .map(
      (leg) =>
        `${place(leg.origin)} to ${place(leg.destination)} on ${formatWeekdayDate(leg.departureDate)}`,
    )
    .join(', then ');
  const back =
    criteria.tripType === 'round-trip' && criteria.returnDate
      ? `, returning ${formatWeekdayDate(criteria.returnDate)}`
      : '';
  return `from ${words}${back}`;
}

/**
 * The search's progress after `waitedMs` of waiting. `cityOf` names an airport's city where it
 * is known (the airport list may still be loading: the code stands alone then).
 */
export function searchProgress(
  criteria: SearchRequest,
  cityOf: (code: string) => string | undefined,
  waitedMs: number,
): SearchProgress {
  return {
    searching: `${searchProgressTexts.searching} ${flightsInWords(criteria, cityOf)}...`,
    slow: waitedMs >= SLOW_SEARCH_MS ? searchProgressTexts.slow : null,
  };
}
