import { cancellationQuoteSchema, type CancellationQuote } from '@contrail/contracts/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TRIPS_GC_TIME, tripsKeys } from './trips-keys';

/**
 * `GET /api/bookings/:id/cancellation`: what cancelling now would refund. 409 `already_cancelled`,
 * 422 `not_cancellable`.
 */
function fetchCancellationQuote(id: string): Promise<CancellationQuote> {
  return apiRequest(
    `/api/bookings/${encodeURIComponent(id)}/cancellation`,
    cancellationQuoteSchema,
  );
}

function cancellationQuoteQueryOptions(id: string) {
  return queryOptions({
    queryKey: tripsKeys.cancellation(id),
    queryFn: () => fetchCancellationQuote(id),
    // The airline's quote is short-lived: a fresh one every time the confirm dialog opens.
    staleTime: 0,
    gcTime: TRIPS_GC_TIME,
  });
}

export function useCancellationQuote(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...cancellationQuoteQueryOptions(id), enabled });
}
