import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOffer, fetchSeatMaps, verifyOffer } from '../../../lib/offers-api';

export const offerKeys = {
  all: ['offers'] as const,
  detail: (id: string) => [...offerKeys.all, id] as const,
  verification: (id: string) => [...offerKeys.detail(id), 'verification'] as const,
  seatMaps: (id: string) => [...offerKeys.detail(id), 'seat-maps'] as const,
};

export function offerQueryOptions(id: string) {
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

export function offerVerificationQueryOptions(id: string) {
  return queryOptions({
    queryKey: offerKeys.verification(id),
    queryFn: ({ signal }) => verifyOffer(id, signal),
    // Checked each time the page opens; the page counts the minutes down itself.
    staleTime: 0,
  });
}

export function seatMapsQueryOptions(id: string) {
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
