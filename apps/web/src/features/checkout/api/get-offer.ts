import {
  offerSchema,
  offerVerificationSchema,
  seatMapsResponseSchema,
  type Offer,
  type OfferVerification,
  type SeatMap,
} from '@contrail/contracts/offers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

const path = (endpoint: string, id: string) => `/api/flights/${endpoint}/${encodeURIComponent(id)}`;

/** `GET /api/flights/offer/:id`: the offer with sell prices (410 expired, 404 unknown). */
export function fetchCheckoutOffer(id: string, signal?: AbortSignal): Promise<Offer> {
  return apiRequest(path('offer', id), offerSchema, { signal });
}

/** `GET /api/flights/verify-offer/:id`: still bookable, and for how many minutes (410 when not). */
export function verifyCheckoutOffer(id: string, signal?: AbortSignal): Promise<OfferVerification> {
  return apiRequest(path('verify-offer', id), offerVerificationSchema, { signal });
}

/** `GET /api/flights/seatmaps/:id`: one seat map per flight segment that has one. */
export async function fetchCheckoutSeatMaps(id: string, signal?: AbortSignal): Promise<SeatMap[]> {
  const { data } = await apiRequest(path('seatmaps', id), seatMapsResponseSchema, { signal });
  return data;
}

export function checkoutOfferQueryOptions(id: string) {
  return queryOptions({
    queryKey: checkoutKeys.offer(id),
    queryFn: ({ signal }) => fetchCheckoutOffer(id, signal),
  });
}

/** Verified on every call: the page polls it and checks it again before each submit. */
export function offerVerificationQueryOptions(id: string) {
  return queryOptions({
    queryKey: checkoutKeys.verification(id),
    queryFn: ({ signal }) => verifyCheckoutOffer(id, signal),
    staleTime: 0,
  });
}

export function seatMapsQueryOptions(id: string) {
  return queryOptions({
    queryKey: checkoutKeys.seatMaps(id),
    queryFn: ({ signal }) => fetchCheckoutSeatMaps(id, signal),
  });
}

export function useCheckoutOffer(id: string) {
  return useQuery(checkoutOfferQueryOptions(id));
}

export function useCheckoutSeatMaps(id: string, enabled: boolean) {
  return useQuery({ ...seatMapsQueryOptions(id), enabled });
}
