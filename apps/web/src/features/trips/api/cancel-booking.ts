import { cancelBookingResponseSchema } from '@contrail/contracts/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { tripsKeys } from './trips-keys';

export type CancelBookingResult = z.infer<typeof cancelBookingResponseSchema>;

/**
 * `POST /api/bookings/:id/cancel` with an empty JSON body: answers the cancelled booking. 409
 * `already_cancelled`, 422 `not_cancellable`.
 */
export function cancelBooking(id: string): Promise<CancelBookingResult> {
  return apiRequest(`/api/bookings/${encodeURIComponent(id)}/cancel`, cancelBookingResponseSchema, {
    method: 'POST',
    body: {},
  });
}

/**
 * Cancels, then refreshes every trips query before it settles, so the list shows the booking
 * under Cancelled when the toast appears. On failure the trips are refreshed too: a 409 or 422
 * means the booking changed under the traveller.
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: async ({ booking }) => {
      // The quote is spent; refetching it now would only answer 409.
      queryClient.removeQueries({ queryKey: tripsKeys.cancellation(booking.id) });
      queryClient.setQueryData(tripsKeys.detail(booking.id), booking);
      await queryClient.invalidateQueries({ queryKey: tripsKeys.all });
    },
    onError: async (_error, id) => {
      queryClient.removeQueries({ queryKey: tripsKeys.cancellation(id) });
      await queryClient.invalidateQueries({ queryKey: tripsKeys.all });
    },
  });
}
