import { z } from 'zod';
import { CABIN_CLASSES } from './search-rules';
import { localTimeToInstant } from './time';

export { DATE_PRICE_SPREAD_DAYS } from './search-rules';

// The currency's own decimals, as Duffel writes them: "17103" JPY, "512.40" USD, "12.345" KWD.
const money = z.string().regex(/^-?\d+(?:\.\d{2,3})?$/);
const currency = z.string().length(3);
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);

export const offerMessages = {
  expired: 'This flight offer has expired. Please select another flight.',
  notFound: 'Flight offer not found',
  unverifiable: 'Unable to verify offer validity. Please return to search.',
  valid: 'This flight offer is still available.',
  offerIdRequired: 'Offer ID is required',
  modeChanged:
    'Bookings have switched between test and live mode since this flight was found. Please search again.',
  departsTooSoon:
    'This flight leaves in less than 2 hours and can no longer be booked. Please choose a later flight.',
} as const;

export const placeSchema = z.object({
  iata_code: z.string(),
  name: z.string(),
  city_name: z.string(),
  country_code: z.string(),
  time_zone: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

export const airlineSchema = z.object({
  id: z.string(),
  name: z.string(),
  iata_code: z.string(),
  icao_code: z.string().nullable(),
  logo_url: z.string(),
});

export const segmentServiceSchema = z.object({
  type: z.enum(['wifi', 'meal', 'baggage', 'power']),
  description: z.string(),
});

export const baggageSchema = z.object({
  type: z.enum(['checked', 'carry_on']),
  quantity: z.number().int(),
});

/** A stop within one flight (refuelling, a crew change) where passengers stay on board. */
export const segmentStopSchema = z.object({
  airport: placeSchema,
  /** Local times at the stop's airport. */
  arriving_at: localDateTime,
  departing_at: localDateTime,
  /** How long the aircraft stands there, ISO 8601. */
  duration: z.string(),
});

export const segmentSchema = z.object({
  id: z.string(),
  origin: placeSchema,
  destination: placeSchema,
  origin_terminal: z.string().nullable(),
  destination_terminal: z.string().nullable(),
  /** Local time at the origin, no offset. */
  departing_at: localDateTime,
  /** Local time at the destination, no offset. */
  arriving_at: localDateTime,
  /** ISO 8601 duration, e.g. PT7H25M. */
  duration: z.string(),
  flight_number: z.string(),
  aircraft: z.object({ name: z.string() }).nullable(),
  airline: airlineSchema,
  operating_carrier: z.object({ iata_code: z.string(), name: z.string() }),
  cabin_class: z.enum(CABIN_CLASSES),
  cabin_class_marketing_name: z.string(),
  baggages: z.array(baggageSchema),
  services: z.array(segmentServiceSchema),
  distance_km: z.number().nullable(),
  /** Technical stops of this flight; absent or empty for a nonstop flight. */
  stops: z.array(segmentStopSchema).optional(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const sliceSchema = z.object({
  id: z.string(),
  origin: placeSchema,
  destination: placeSchema,
  duration: z.string(),
  fare_brand_name: z.string().nullable(),
  segments: z.array(segmentSchema).min(1),
});
export type Slice = z.infer<typeof sliceSchema>;

export const offerPassengerSchema = z.object({
  id: z.string(),
  type: z.enum(['adult', 'child', 'infant_without_seat']),
  age: z.number().int().nullable(),
});

const penaltySchema = z.object({ amount: money, currency }).nullable();

export const offerConditionsSchema = z.object({
  refundable: z.boolean(),
  changeable: z.boolean(),
  /** What a refund before departure costs, for all passengers (null when free or not allowed). */
  refund_penalty: penaltySchema,
  change_penalty: penaltySchema,
});

export const availableServiceSchema = z.object({
  id: z.string(),
  type: z.enum(['baggage']),
  name: z.string(),
  description: z.string(),
  total_amount: money,
  total_currency: currency,
  maximum_quantity: z.number().int(),
  passenger_ids: z.array(z.string()),
  segment_ids: z.array(z.string()),
});

/** An offer, with sell prices: the brand's markup is already in every amount. */
export const offerSchema = z.object({
  id: z.string(),
  slices: z.array(sliceSchema).min(1),
  passengers: z.array(offerPassengerSchema).min(1),
  conditions: offerConditionsSchema,
  base_amount: money,
  base_currency: currency,
  tax_amount: money,
  tax_currency: currency,
  total_amount: money,
  total_currency: currency,
  available_services: z.array(availableServiceSchema),
  passenger_identity_documents_required: z.boolean(),
  payment_requirements: z.object({
    price_guarantee_expires_at: z.string().nullable(),
    payment_required_by: z.string().nullable(),
  }),
  owner: z.object({ name: z.string(), iata_code: z.string(), logo_url: z.string() }),
  total_emissions_kg: z.string().nullable(),
  expires_at: z.iso.datetime(),
  created_at: z.iso.datetime(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerIdParamsSchema = z.object({
  id: z.string().min(1, offerMessages.offerIdRequired).max(2000),
});

export const offerVerificationSchema = z.object({
  valid: z.literal(true),
  offer_id: z.string(),
  expires_at: z.iso.datetime(),
  minutes_remaining: z.number().int().min(0),
  message: z.string(),
});
export type OfferVerification = z.infer<typeof offerVerificationSchema>;

// ─── Seat maps ───────────────────────────────────────────────────────────────

export const seatServiceSchema = z.object({
  id: z.string(),
  passenger_id: z.string(),
  total_amount: money,
  total_currency: currency,
});

export const seatElementSchema = z.object({
  type: z.literal('seat'),
  designator: z.string(),
  name: z.string().nullable(),
  disclosures: z.array(z.string()),
  available: z.boolean(),
  /** One per passenger who may take the seat; empty when it is unavailable. */
  available_services: z.array(seatServiceSchema),
});

export const facilityElementSchema = z.object({
  type: z.enum(['exit_row', 'lavatory', 'galley', 'closet', 'stairs', 'empty']),
});

export const seatMapSchema = z.object({
  id: z.string(),
  segment_id: z.string(),
  slice_id: z.string(),
  cabins: z.array(
    z.object({
      cabin_class: z.enum(CABIN_CLASSES),
      deck: z.number().int(),
      aisles: z.number().int(),
      wings: z
        .object({ first_row_index: z.number().int(), last_row_index: z.number().int() })
        .nullable(),
      rows: z.array(
        z.object({
          sections: z.array(
            z.object({
              elements: z.array(
                z.discriminatedUnion('type', [seatElementSchema, facilityElementSchema]),
              ),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type SeatMap = z.infer<typeof seatMapSchema>;
export const seatMapsResponseSchema = z.object({ data: z.array(seatMapSchema) });

/** `POST /api/flights/date-prices`: the cheapest sell price for the same trip ±3 days. */
export const datePricesResponseSchema = z.object({
  currency,
  days: z.array(
    z.object({
      departureDate: z.string(),
      returnDate: z.string().nullable(),
      /** The cheapest total that day; null when nothing flies or the date cannot be searched. */
      cheapestAmount: money.nullable(),
    }),
  ),
});
export type DatePrices = z.infer<typeof datePricesResponseSchema>;

/**
 * No flight departing less than 2 hours from now (at its origin) is offered or booked: check-in and
 * bag drop close around then, and a traveller still has to reach the airport.
 */
export const MINIMUM_DEPARTURE_LEAD_MS = 2 * 60 * 60 * 1000;

/** What the departure rules read of an offer: its first flight's local time and airport. */
export interface DepartingOffer {
  readonly slices: readonly {
    readonly segments: readonly Pick<Segment, 'departing_at' | 'origin'>[];
  }[];
}

/** When the offer's first flight leaves, as an instant (its local time at its airport). */
export function firstDepartureInstant(offer: DepartingOffer): number {
  const first = offer.slices[0]?.segments[0];
  return first ? localTimeToInstant(first.departing_at, first.origin.time_zone) : Number.NaN;
}

/** No place's clocks are further ahead of UTC than this (Kiribati, UTC+14). */
const MAX_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

/** The first flight leaves less than 2 hours after `now` (epoch ms), or has left. */
export function departsTooSoon(offer: DepartingOffer, now: number): boolean {
  const first = offer.slices[0]?.segments[0];
  // A local time read as UTC is at most 14 hours after the instant it names: a departure that
  // late is far enough off without looking its time zone up (most of any search's offers).
  const local = first?.departing_at ?? '';
  const wallClock = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (wallClock - MAX_UTC_OFFSET_MS - now >= MINIMUM_DEPARTURE_LEAD_MS) return false;
  const leaves = firstDepartureInstant(offer);
  return Number.isNaN(leaves) || leaves - now < MINIMUM_DEPARTURE_LEAD_MS;
}
