import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOffer, fetchSeatMaps, verifyOffer } from '../../../lib/offers-api';
import { checkoutKeys } from './checkout-keys';

export function checkoutOfferQueryOptions(id: string) {
  return queryOptions({
    queryKey: checkoutKeys.offer(id),
    queryFn: ({ signal }) => fetchOffer(id, signal),
  });
}

/** Verified on every call: the page polls it and checks it again before each submit. */
export function offerVerificationQueryOptions(id: string) {
  return queryOptions({
    queryKey: checkoutKeys.verification(id),
    queryFn: ({ signal }) => verifyOffer(id, signal),
    staleTime: 0,
  });
}

export function seatMapsQueryOptions(id: string) {
  return queryOptions({
    queryKey: checkoutKeys.seatMaps(id),
    queryFn: ({ signal }) => fetchSeatMaps(id, signal),
  });
}

export function useCheckoutOffer(id: string) {
  return useQuery(checkoutOfferQueryOptions(id));
}

export function useCheckoutSeatMaps(id: string, enabled: boolean) {
  return useQuery({ ...seatMapsQueryOptions(id), enabled });
}
