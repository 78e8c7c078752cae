import { bookingViewSchema, type BookingView } from '@contrail/contracts/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TRIPS_GC_TIME, TRIPS_STALE_TIME, tripsKeys } from './trips-keys';

/** `GET /api/bookings/:id`: one of the traveller's bookings; 404 `booking_not_found` otherwise. */
function fetchTrip(id: string): Promise<BookingView> {
  return apiRequest(`/api/bookings/${encodeURIComponent(id)}`, bookingViewSchema);
}

function tripQueryOptions(id: string) {
  return queryOptions({
    queryKey: tripsKeys.detail(id),
    queryFn: () => fetchTrip(id),
    staleTime: TRIPS_STALE_TIME,
    gcTime: TRIPS_GC_TIME,
  });
}

/**
 * The booking the details dialog shows, fetched afresh each time it opens. `listed` (the same
 * booking from the list) is shown meanwhile, so the dialog opens with its content.
 */
export function useTrip(id: string, listed: BookingView | undefined) {
  return useQuery({ ...tripQueryOptions(id), placeholderData: listed });
}
