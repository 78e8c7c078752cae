import { z } from 'zod';
import { CABIN_CLASSES } from './search-rules';
import {
  baggageSchema,
  offerConditionsSchema,
  offerPassengerSchema,
  placeSchema,
  segmentServiceSchema,
  type Offer,
  type Segment,
  type Slice,
} from './offers';

/**
 * The schema of a search's compact answer: its flights, fares and itineraries, and the
 * dictionaries of airports, airlines, aircraft, cabins and terms they refer to; and the offers as
 * a search result gives them back.
 */

// The currency's own decimals: "17103" JPY, "512.40" USD, "12.345" KWD.
const money = z.string().regex(/^-?\d+(?:\.\d{2,3})?$/);
const currency = z.string().length(3);
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);
/** A position in one of the answer's lists. */
const ref = z.number().int().min(0);
const code = z.string().min(1).max(8);

export const resultAirlineSchema = z.object({
  id: z.string(),
  name: z.string(),
  icao_code: z.string().nullable(),
  logo_url: z.string(),
});

/** What a fare gives on one flight: the cabin, and bags and services with it. */
export const resultCabinSchema = z.object({
  cabin_class: z.enum(CABIN_CLASSES),
  cabin_class_marketing_name: z.string(),
  baggages: z.array(baggageSchema),
  services: z.array(segmentServiceSchema),
});

/** What a fare promises beyond its price: conditions, documents, when to pay. */
export const resultTermsSchema = z.object({
  conditions: offerConditionsSchema,
  passenger_identity_documents_required: z.boolean(),
  payment_requirements: z.object({
    price_guarantee_expires_at: z.string().nullable(),
    payment_required_by: z.string().nullable(),
  }),
});

export const resultSegmentSchema = z.object({
  /** Airport codes (keys of `airports`). */
  origin: code,
  destination: code,
  origin_terminal: z.string().nullable(),
  destination_terminal: z.string().nullable(),
  /** Local times, no offset. */
  departing_at: localDateTime,
  arriving_at: localDateTime,
  duration: z.string(),
  flight_number: z.string(),
  /** Position in `aircraft`. */
  aircraft: ref.nullable(),
  /** The marketing airline (a key of `airlines`). */
  airline: code,
  /** The airline flying it, when it is not the marketing airline (a codeshare). */
  operating_carrier: z.object({ iata_code: z.string(), name: z.string() }).nullable(),
  distance_km: z.number().nullable(),
  stops: z
    .array(
      z.object({
        airport: code,
        arriving_at: localDateTime,
        departing_at: localDateTime,
        duration: z.string(),
      }),
    )
    .optional(),
});

export const resultSliceSchema = z.object({
  origin: code,
  destination: code,
  duration: z.string(),
  segments: z.array(resultSegmentSchema).min(1),
});

/** One fare (one bookable offer) of an itinerary. */
export const resultFareSchema = z.object({
  /** The offer id: the offer page, checkout and booking take it. */
  id: z.string(),
  /** The base fare is the total less the taxes. */
  tax_amount: money,
  total_amount: money,
  /** One per slice. */
  fare_brand_names: z.array(z.string().nullable()),
  /** Per slice, per segment: a position in `cabins`. */
  cabins: z.array(z.array(ref)),
  /** Position in `terms`. */
  terms: ref,
  /** Absent when it is the itinerary's. */
  total_emissions_kg: z.string().nullable().optional(),
  /** Absent when the fare expires with the answer (`expiresAt`). */
  expires_at: z.iso.datetime().optional(),
});

export const resultItinerarySchema = z.object({
  /** The selling airline (a key of `airlines`). */
  owner: code,
  /** Each direction's flights: positions in `slices` (an outbound shared by several returns). */
  slices: z.array(ref).min(1),
  /** CO₂ of the trip for every passenger, as its first fare gives it (fares may say otherwise). */
  total_emissions_kg: z.string().nullable(),
  /** In the order the provider ranked them. */
  fares: z.array(resultFareSchema).min(1),
});

export const searchResultsSchema = z.object({
  searchId: z.string(),
  /** When the first of the offers expires. */
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  /** Every amount's currency. */
  currency,
  /** The travellers every offer is for (none when nothing was found). */
  passengers: z.array(offerPassengerSchema),
  airports: z.record(z.string(), placeSchema),
  airlines: z.record(z.string(), resultAirlineSchema),
  /** Aircraft names. */
  aircraft: z.array(z.string()),
  /** Each way of flying one direction once, whatever itineraries it is part of. */
  slices: z.array(resultSliceSchema),
  cabins: z.array(resultCabinSchema),
  terms: z.array(resultTermsSchema),
  itineraries: z.array(resultItinerarySchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
export type ResultItinerary = z.infer<typeof resultItinerarySchema>;
export type CompactSlice = z.infer<typeof resultSliceSchema>;
export type CompactSegment = z.infer<typeof resultSegmentSchema>;
export type ResultFare = z.infer<typeof resultFareSchema>;

/** A segment as a search result gives it: everything but its id. */
export type ResultSegment = Omit<Segment, 'id'>;
export type ResultSlice = Omit<Slice, 'id' | 'segments'> & { segments: ResultSegment[] };
/** An offer as a search result gives it: no slice or segment ids, no extra services. */
export type SearchOffer = Omit<Offer, 'slices' | 'available_services'> & {
  slices: ResultSlice[];
};
export type ResultCabin = SearchResults['cabins'][number];
export type ResultTerms = SearchResults['terms'][number];
