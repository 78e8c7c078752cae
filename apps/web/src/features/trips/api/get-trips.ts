import { bookingListSchema, type BookingView } from '@contrail/contracts/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TRIPS_GC_TIME, TRIPS_STALE_TIME, tripsKeys } from './trips-keys';

/** `GET /api/bookings`: the signed-in traveller's bookings, newest first; 401 when signed out. */
async function fetchTrips(): Promise<BookingView[]> {
  const { bookings } = await apiRequest('/api/bookings', bookingListSchema);
  return bookings;
}

function tripsQueryOptions() {
  return queryOptions({
    queryKey: tripsKeys.list(),
    queryFn: () => fetchTrips(),
    staleTime: TRIPS_STALE_TIME,
    gcTime: TRIPS_GC_TIME,
  });
}

/** `enabled: false` while the session is unknown, and never asked when it is known signed out. */
export function useTrips({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tripsQueryOptions(), enabled });
}
