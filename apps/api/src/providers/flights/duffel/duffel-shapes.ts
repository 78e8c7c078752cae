/**
 * The parts Duffel's offers, orders and cancellations have in common (airports, airlines,
 * conditions, flights, slices, services), read leniently (./lenient): every field the contract
 * needs has a safe default when missing or malformed, since Duffel's answers crossed a network,
 * its schema grows and some airlines leave fields out.
 */
import { count, flag, list, object, text, type Read } from './lenient';

const cityShape = object({ name: text, iata_code: text });
const airportShape = object({
  type: text,
  iata_code: text,
  name: text,
  city_name: text,
  iata_country_code: text,
  time_zone: text,
  city: cityShape,
});
export const airlineShape = object({
  id: text,
  name: text,
  iata_code: text,
  logo_symbol_url: text,
});
const conditionShape = object({ allowed: flag, penalty_amount: text, penalty_currency: text });
export const conditionsShape = object({
  refund_before_departure: conditionShape,
  change_before_departure: conditionShape,
});
const seatShape = object({ designator: text, name: text, disclosures: list(text) });
const segmentPassengerShape = object({
  passenger_id: text,
  cabin_class: text,
  cabin_class_marketing_name: text,
  baggages: list(object({ type: text, quantity: count })),
  cabin: object({
    name: text,
    marketing_name: text,
    amenities: object({
      wifi: object({ available: flag, cost: text }),
      power: object({ available: flag }),
    }),
  }),
  seat: seatShape,
});
const segmentShape = object({
  id: text,
  origin: airportShape,
  destination: airportShape,
  origin_terminal: text,
  destination_terminal: text,
  departing_at: text,
  arriving_at: text,
  duration: text,
  distance: text,
  marketing_carrier: airlineShape,
  marketing_carrier_flight_number: text,
  operating_carrier: airlineShape,
  operating_carrier_flight_number: text,
  aircraft: object({ name: text }),
  passengers: list(segmentPassengerShape),
  stops: list(
    object({ airport: airportShape, arriving_at: text, departing_at: text, duration: text }),
  ),
});
export const sliceShape = object({
  id: text,
  origin: airportShape,
  destination: airportShape,
  duration: text,
  fare_brand_name: text,
  conditions: conditionsShape,
  segments: list(segmentShape),
});
export const serviceShape = object({
  id: text,
  type: text,
  total_amount: text,
  total_currency: text,
  maximum_quantity: count,
  passenger_ids: list(text),
  segment_ids: list(text),
  metadata: object({ type: text, maximum_weight_kg: count, designator: text }),
});

export type DuffelAirport = Read<typeof airportShape>;
export type DuffelSegment = NonNullable<Read<typeof segmentShape>>;
export type DuffelSlice = NonNullable<Read<typeof sliceShape>>;
export type DuffelCondition = Read<typeof conditionShape>;
