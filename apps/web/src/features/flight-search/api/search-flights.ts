import type { SearchCriteria, SearchRequest } from '@contrail/contracts/search-rules';
import type { DatePrices } from '@contrail/contracts/offers';
import type { SearchResults } from '@contrail/contracts/search-results-schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { afterNextPaint, nextTask } from '../../../lib/next-task';
import { groupItineraries, type Itinerary } from '../lib/itineraries';
import { abortWhenUnwatched } from './unwatched-search';

export const flightSearchKeys = {
  all: ['flights'] as const,
  searches: () => [...flightSearchKeys.all, 'search'] as const,
  search: (criteria: SearchRequest) => [...flightSearchKeys.searches(), criteria] as const,
  datePrices: (criteria: SearchCriteria) =>
    [...flightSearchKeys.all, 'date-prices', criteria] as const,
};

/**
 * The answer's schema and what expands it, loaded beside the search's request rather than with
 * the results page: they carry zod (about 26 KB gzipped), which the page's first render does not
 * need. The home page loads them while its form is filled in (`public-routes.ts`).
 */
export async function loadSearchAnswerContracts() {
  const [{ searchResultsSchema }, { expandSearchResults }] = await Promise.all([
    import('@contrail/contracts/search-results-schema'),
    import('@contrail/contracts/search-results'),
  ]);
  return { searchResultsSchema, expandSearchResults };
}

/** The date strip's answer schema (`offers.ts`, zod), loaded when the strip asks for prices. */
const loadDatePricesSchema = () =>
  import('@contrail/contracts/offers').then((contracts) => contracts.datePricesResponseSchema);

/** Offers are refetched once they have less than this left, so a result is still bookable. */
const OFFER_FRESHNESS_MARGIN_MS = 10 * 60 * 1000;
const MAX_STALE_MS = 24 * 60 * 60 * 1000;

/**
 * `POST /api/flights/search`: itineraries with their fares at sell prices, cheapest first. A
 * multi-city search sends its flights (and its first one as the trip's route and date).
 */
function searchFlights(criteria: SearchRequest, signal?: AbortSignal): Promise<SearchResults> {
  return apiRequest(
    '/api/flights/search',
    loadSearchAnswerContracts().then((contracts) => contracts.searchResultsSchema),
    {
      method: 'POST',
      body: criteria,
      signal,
    },
  );
}

/** A search answer as the results page reads it: the answer, and its fares grouped by flights. */
export interface SearchView {
  answer: SearchResults;
  /** Every fare brand of the same flights is one itinerary, in the answer's order. */
  itineraries: Itinerary[];
}

/**
 * The search, made ready for the page before the page draws it: reading and checking the answer
 * is one task and grouping its fares another, so that on a slow phone neither holds the page
 * long, and the render that shows the results only draws them.
 */
async function searchView(criteria: SearchRequest, signal?: AbortSignal): Promise<SearchView> {
  const answer = await searchFlights(criteria, signal);
  const { expandSearchResults } = await loadSearchAnswerContracts();
  await nextTask();
  return { answer, itineraries: groupItineraries(expandSearchResults(answer)) };
}

export function flightSearchQueryOptions(criteria: SearchRequest) {
  return queryOptions({
    queryKey: flightSearchKeys.search(criteria),
    // Not TanStack Query's signal: consumed, it cancels the search and asks again when a remount
    // (a lazily loaded parent, StrictMode) briefly leaves it without observers, and a search
    // costs the flight provider. The request is aborted once nobody has watched the search for a
    // moment (the traveller left it), and the server then stops waiting for the provider.
    queryFn: async ({ client, queryKey }) => {
      const unwatched = abortWhenUnwatched(client, queryKey);
      try {
        return await searchView(criteria, unwatched.signal);
      } finally {
        unwatched.done();
      }
    },
    // Offers expire 30 minutes after the search: results seen again close to that are searched
    // afresh (on mount only: the app never refetches on focus or by polling).
    staleTime: (query) => {
      const expiresAt = query.state.data ? Date.parse(query.state.data.answer.expiresAt) : NaN;
      if (Number.isNaN(expiresAt)) return 0;
      // Bounded: a longer time does not fit the timer that marks the answer stale, which would
      // then fire at once (offers never live a day anyway).
      return Math.min(
        MAX_STALE_MS,
        Math.max(0, expiresAt - OFFER_FRESHNESS_MARGIN_MS - Date.now()),
      );
    },
  });
}

export function useFlightSearch(criteria: SearchRequest) {
  return useQuery(flightSearchQueryOptions(criteria));
}

/** `POST /api/flights/date-prices`: the cheapest total for the same trip, day −3 … +3. */
function fetchDatePrices(criteria: SearchCriteria, signal?: AbortSignal): Promise<DatePrices> {
  return apiRequest('/api/flights/date-prices', loadDatePricesSchema(), {
    method: 'POST',
    body: criteria,
    signal,
  });
}

function datePricesQueryOptions(criteria: SearchCriteria) {
  return queryOptions({
    queryKey: flightSearchKeys.datePrices(criteria),
    queryFn: ({ signal }) => fetchDatePrices(criteria, signal),
    staleTime: OFFER_FRESHNESS_MARGIN_MS,
  });
}

/** True once a frame has been painted since `ready` became true for this `key`; false again for a new key. */
function usePaintedSince(ready: boolean, key: string): boolean {
  const [paintedKey, setPaintedKey] = useState<string | null>(null);
  const painted = paintedKey === key;
  useEffect(() => {
    if (!ready || painted) return;
    return afterNextPaint(() => setPaintedKey(key));
  }, [ready, painted, key]);
  return painted;
}

/**
 * Asked once the results have come (or failed) and been painted, never alongside them: with a
 * rate-limited flight provider the strip must not compete with the search, and on a slow phone
 * its request must not delay the first offers on screen. While another day loads, the strip
 * keeps showing the last answer rather than blinking.
 */
export function useDatePrices(criteria: SearchCriteria) {
  // Watches the search's state without asking for it (the results page does).
  const search = useQuery({ ...flightSearchQueryOptions(criteria), enabled: false });
  const shown = usePaintedSince(search.status !== 'pending', JSON.stringify(criteria));
  return useQuery({
    ...datePricesQueryOptions(criteria),
    enabled: shown && search.status !== 'pending',
    placeholderData: keepPreviousData,
  });
}
