import {
  offerSchema,
  offerVerificationSchema,
  seatMapsResponseSchema,
  type Offer,
  type OfferVerification,
  type SeatMap,
} from '@contrail/contracts/offers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

// The offer calls and queries of the offer page and the checkout: one cache for both.

const path = (endpoint: string, id: string) => `/api/flights/${endpoint}/${encodeURIComponent(id)}`;

/** `GET /api/flights/offer/:id`: the offer with sell prices and extra services (410, 404). */
function fetchOffer(id: string, signal?: AbortSignal): Promise<Offer> {
  return apiRequest(path('offer', id), offerSchema, { signal });
}

/** `GET /api/flights/verify-offer/:id`: still bookable, and for how many minutes (410 when not). */
function verifyOffer(id: string, signal?: AbortSignal): Promise<OfferVerification> {
  return apiRequest(path('verify-offer', id), offerVerificationSchema, { signal });
}

/** `GET /api/flights/seatmaps/:id`: one seat map per flight segment that has one. */
async function fetchSeatMaps(id: string, signal?: AbortSignal): Promise<SeatMap[]> {
  const { data } = await apiRequest(path('seatmaps', id), seatMapsResponseSchema, { signal });
  return data;
}

/** Query keys of one offer; the offer's key is a prefix of the others (invalidating it refetches all). */
export const offerKeys = {
  all: ['offers'] as const,
  detail: (id: string) => [...offerKeys.all, id] as const,
  verification: (id: string) => [...offerKeys.detail(id), 'verification'] as const,
  seatMaps: (id: string) => [...offerKeys.detail(id), 'seat-maps'] as const,
};

function offerQueryOptions(id: string) {
  return queryOptions({
    queryKey: offerKeys.detail(id),
    queryFn: ({ signal }) => fetchOffer(id, signal),
    // An offer seen again after it expired is asked for again (and answers 410).
    staleTime: (query) => {
      const expiresAt = query.state.data ? Date.parse(query.state.data.expires_at) : NaN;
      return Number.isNaN(expiresAt) ? 0 : Math.max(0, expiresAt - Date.now());
    },
  });
}

/** Verified on every call: the pages poll it and check it again before each submit. */
export function offerVerificationQueryOptions(id: string) {
  return queryOptions({
    queryKey: offerKeys.verification(id),
    queryFn: ({ signal }) => verifyOffer(id, signal),
    staleTime: 0,
  });
}

function seatMapsQueryOptions(id: string) {
  return queryOptions({
    queryKey: offerKeys.seatMaps(id),
    queryFn: ({ signal }) => fetchSeatMaps(id, signal),
  });
}

export function useOffer(id: string) {
  return useQuery(offerQueryOptions(id));
}

export function useOfferVerification(id: string, enabled: boolean) {
  return useQuery({ ...offerVerificationQueryOptions(id), enabled });
}

export function useSeatMaps(id: string, enabled: boolean) {
  return useQuery({ ...seatMapsQueryOptions(id), enabled });
}
