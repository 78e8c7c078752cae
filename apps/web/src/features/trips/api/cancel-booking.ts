import { cancelBookingResponseSchema } from '@contrail/contracts/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { tripsKeys } from './trips-keys';

type CancelBookingResult = z.infer<typeof cancelBookingResponseSchema>;

/**
 * `POST /api/bookings/:id/cancel` with the id of the quote the traveller was shown: that quote is
 * the one confirmed. Answers the cancelled booking; 409 `already_cancelled`, 409
 * `cancellation_quote_expired` (nothing cancelled: show the new quote), 422 `not_cancellable`.
 */
function cancelBooking({
  id,
  quoteId,
}: {
  id: string;
  quoteId: string;
}): Promise<CancelBookingResult> {
  return apiRequest(`/api/bookings/${encodeURIComponent(id)}/cancel`, cancelBookingResponseSchema, {
    method: 'POST',
    body: { quoteId },
  });
}

/** The quote confirmed had lapsed: nothing was cancelled, and a new quote is to be shown. */
export function isQuoteExpired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'cancellation_quote_expired';
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
    onError: async (error, { id }) => {
      if (isQuoteExpired(error)) {
        // The dialog stays open and shows the airline's new quote in place of the lapsed one.
        await queryClient.invalidateQueries({ queryKey: tripsKeys.cancellation(id) });
        return;
      }
      queryClient.removeQueries({ queryKey: tripsKeys.cancellation(id) });
      await queryClient.invalidateQueries({ queryKey: tripsKeys.all });
    },
  });
}
