import type { Airport } from '@contrail/contracts/airports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const airportKeys = {
  all: ['airports'] as const,
};

/**
 * The list's schema (zod), loaded beside the request rather than with the page that asks for
 * the list: the results page's first render does not need it.
 */
const loadAirportListSchema = () =>
  import('@contrail/contracts/airports').then((contracts) => contracts.airportListSchema);

/** `GET /api/airports`: every airport, searched locally. */
async function fetchAirports(signal?: AbortSignal): Promise<Airport[]> {
  const { airports } = await apiRequest('/api/airports', loadAirportListSchema(), { signal });
  return airports;
}

/** The list never changes while the app runs; it is fetched once, when first needed. */
export function airportsQueryOptions() {
  return queryOptions({
    queryKey: airportKeys.all,
    queryFn: ({ signal }) => fetchAirports(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The airport list, fetched only once `enabled` (the autocomplete got focus or has a value). */
export function useAirports(enabled: boolean) {
  return useQuery({ ...airportsQueryOptions(), enabled });
}
