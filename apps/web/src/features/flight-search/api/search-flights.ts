import type { SearchCriteria } from '@contrail/contracts/flight-search';
import { datePricesResponseSchema, type DatePrices } from '@contrail/contracts/offers';
import { searchResultsSchema, type SearchResults } from '@contrail/contracts/search-results';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const flightSearchKeys = {
  all: ['flights'] as const,
  searches: () => [...flightSearchKeys.all, 'search'] as const,
  search: (criteria: SearchCriteria) => [...flightSearchKeys.searches(), criteria] as const,
  datePrices: (criteria: SearchCriteria) =>
    [...flightSearchKeys.all, 'date-prices', criteria] as const,
};

/** Offers are refetched once they have less than this left, so a result is still bookable. */
const OFFER_FRESHNESS_MARGIN_MS = 10 * 60 * 1000;

/** `POST /api/flights/search`: itineraries with their fares at sell prices, cheapest first. */
export function searchFlights(
  criteria: SearchCriteria,
  signal?: AbortSignal,
): Promise<SearchResults> {
  return apiRequest('/api/flights/search', searchResultsSchema, {
    method: 'POST',
    body: criteria,
    signal,
  });
}

export function flightSearchQueryOptions(criteria: SearchCriteria) {
  return queryOptions({
    queryKey: flightSearchKeys.search(criteria),
    queryFn: ({ signal }) => searchFlights(criteria, signal),
    // Offers expire 30 minutes after the search: results seen again close to that are searched
    // afresh (on mount only: the app never refetches on focus or by polling).
    staleTime: (query) => {
      const expiresAt = query.state.data ? Date.parse(query.state.data.expiresAt) : NaN;
      if (Number.isNaN(expiresAt)) return 0;
      return Math.max(0, expiresAt - OFFER_FRESHNESS_MARGIN_MS - Date.now());
    },
  });
}

export function useFlightSearch(criteria: SearchCriteria) {
  return useQuery(flightSearchQueryOptions(criteria));
}

/** `POST /api/flights/date-prices`: the cheapest total for the same trip, day −3 … +3. */
export function fetchDatePrices(
  criteria: SearchCriteria,
  signal?: AbortSignal,
): Promise<DatePrices> {
  return apiRequest('/api/flights/date-prices', datePricesResponseSchema, {
    method: 'POST',
    body: criteria,
    signal,
  });
}

export function datePricesQueryOptions(criteria: SearchCriteria) {
  return queryOptions({
    queryKey: flightSearchKeys.datePrices(criteria),
    queryFn: ({ signal }) => fetchDatePrices(criteria, signal),
    staleTime: OFFER_FRESHNESS_MARGIN_MS,
  });
}

/**
 * Asked once the results have come (or failed), never alongside them: with a rate-limited flight
 * provider the strip must not compete with the search. While another day loads, the strip keeps
 * showing the last answer rather than blinking.
 */
export function useDatePrices(criteria: SearchCriteria) {
  // Watches the search's state without asking for it (the results page does).
  const search = useQuery({ ...flightSearchQueryOptions(criteria), enabled: false });
  return useQuery({
    ...datePricesQueryOptions(criteria),
    enabled: search.status !== 'pending',
    placeholderData: keepPreviousData,
  });
}
