import {
  priceCalendarSchema,
  type PriceCalendar,
  type PriceCalendarQuery,
} from '@contrail/contracts/price-calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { flightSearchKeys } from './search-flights';

/** Prices move with the fare model's day, not by the minute: a month is asked again after this. */
const CALENDAR_STALE_MS = 10 * 60 * 1000;

const priceCalendarKeys = {
  all: () => [...flightSearchKeys.all, 'calendar'] as const,
  month: (query: PriceCalendarQuery) =>
    [
      ...priceCalendarKeys.all(),
      query.origin,
      query.destination,
      query.month,
      query.tripLength ?? null,
      query.cabinClass,
    ] as const,
};

/** `GET /api/flights/calendar`: the cheapest price of each day of a month that has one. */
function fetchPriceCalendar(
  query: PriceCalendarQuery,
  signal?: AbortSignal,
): Promise<PriceCalendar> {
  const params = new URLSearchParams({
    origin: query.origin,
    destination: query.destination,
    month: query.month,
    cabinClass: query.cabinClass,
  });
  if (query.tripLength !== undefined) params.set('tripLength', String(query.tripLength));
  return apiRequest(`/api/flights/calendar?${params.toString()}`, priceCalendarSchema, { signal });
}

function priceCalendarQueryOptions(query: PriceCalendarQuery) {
  return queryOptions({
    queryKey: priceCalendarKeys.month(query),
    // No abort signal, as for the search: a remount that briefly leaves the query without
    // observers (StrictMode, the dialog's portal) would cancel it and ask the month again.
    queryFn: () => fetchPriceCalendar(query),
    staleTime: CALENDAR_STALE_MS,
  });
}

/** No placeholder from another month or trip length: its prices belong to other dates. */
export function usePriceCalendar(query: PriceCalendarQuery) {
  return useQuery(priceCalendarQueryOptions(query));
}
