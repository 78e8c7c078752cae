import type { bookingLookupQuerySchema } from '@contrail/contracts/bookings';
import { bookingViewSchema, type BookingView } from '@contrail/contracts/bookings';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { tripsKeys } from './trips-keys';

type BookingLookup = z.output<typeof bookingLookupQuerySchema>;

/**
 * `GET /api/bookings/lookup?reference=&email=`: a booking, read-only, for whoever knows its
 * reference and e-mail address. 404 `booking_not_found` for a wrong pair, 429 when rate limited.
 */
function lookupBooking({ reference, email }: BookingLookup): Promise<BookingView> {
  const query = new URLSearchParams({ reference, email });
  return apiRequest(`/api/bookings/lookup?${query.toString()}`, bookingViewSchema);
}

/**
 * A look-up is something the traveller does (and each one counts against the rate limit), so it
 * is a mutation: nothing repeats it on its own, and the answer lives only as long as the form.
 */
export function useLookupBooking() {
  return useMutation({
    mutationKey: [...tripsKeys.all, 'lookup'],
    mutationFn: lookupBooking,
    gcTime: 0,
  });
}
