import {
  offerSchema,
  offerVerificationSchema,
  seatMapsResponseSchema,
  type Offer,
  type OfferVerification,
  type SeatMap,
} from '@contrail/contracts/offers';
import { apiRequest } from './api-client';

// The offer calls both the offer page and the checkout make; each keeps its own queries.

const path = (endpoint: string, id: string) => `/api/flights/${endpoint}/${encodeURIComponent(id)}`;

/** `GET /api/flights/offer/:id`: the offer with sell prices and extra services (410, 404). */
export function fetchOffer(id: string, signal?: AbortSignal): Promise<Offer> {
  return apiRequest(path('offer', id), offerSchema, { signal });
}

/** `GET /api/flights/verify-offer/:id`: still bookable, and for how many minutes (410 when not). */
export function verifyOffer(id: string, signal?: AbortSignal): Promise<OfferVerification> {
  return apiRequest(path('verify-offer', id), offerVerificationSchema, { signal });
}

/** `GET /api/flights/seatmaps/:id`: one seat map per flight segment that has one. */
export async function fetchSeatMaps(id: string, signal?: AbortSignal): Promise<SeatMap[]> {
  const { data } = await apiRequest(path('seatmaps', id), seatMapsResponseSchema, { signal });
  return data;
}
