import { fromMinorUnits, toMinorUnits } from './money';
import type { Segment } from './offers';
import type {
  CompactSegment,
  ResultCabin,
  ResultFare,
  ResultItinerary,
  ResultSegment,
  ResultSlice,
  SearchOffer,
  SearchResults,
} from './search-results-schema';

/**
 * How a compact search answer gives each of its offers back: every flight, direction and fare
 * looked up in the answer's dictionaries, each place and airline shared between offers.
 */

function lookup<T>(values: Readonly<Record<string, T>> | readonly T[], key: string | number): T {
  const value = (values as Record<string | number, T | undefined>)[key];
  if (value === undefined) throw new Error(`a search answer refers to a missing entry: ${key}`);
  return value;
}

/** Looks up an answer's dictionaries, sharing each place, airline and aircraft between offers. */
export function answerLookups(results: SearchResults) {
  const airlineCache = new Map<string, Segment['airline']>();
  const aircraft = results.aircraft.map((name) => ({ name }));
  return {
    results,
    place: (iata: string) => lookup(results.airports, iata),
    airline(iata: string): Segment['airline'] {
      let value = airlineCache.get(iata);
      if (!value) {
        value = { ...lookup(results.airlines, iata), iata_code: iata };
        airlineCache.set(iata, value);
      }
      return value;
    },
    aircraft: (position: number) => lookup(aircraft, position),
  };
}
type AnswerLookups = ReturnType<typeof answerLookups>;

function expandSegment(
  segment: CompactSegment,
  cabin: ResultCabin,
  lookups: AnswerLookups,
): ResultSegment {
  const carrier = lookups.airline(segment.airline);
  const expanded: ResultSegment = {
    origin: lookups.place(segment.origin),
    destination: lookups.place(segment.destination),
    origin_terminal: segment.origin_terminal,
    destination_terminal: segment.destination_terminal,
    departing_at: segment.departing_at,
    arriving_at: segment.arriving_at,
    duration: segment.duration,
    flight_number: segment.flight_number,
    aircraft: segment.aircraft === null ? null : lookups.aircraft(segment.aircraft),
    airline: carrier,
    operating_carrier: segment.operating_carrier ?? {
      iata_code: carrier.iata_code,
      name: carrier.name,
    },
    cabin_class: cabin.cabin_class,
    cabin_class_marketing_name: cabin.cabin_class_marketing_name,
    baggages: cabin.baggages,
    services: cabin.services,
    distance_km: segment.distance_km,
  };
  if (segment.stops !== undefined) {
    expanded.stops = segment.stops.map((stop) => ({
      airport: lookups.place(stop.airport),
      arriving_at: stop.arriving_at,
      departing_at: stop.departing_at,
      duration: stop.duration,
    }));
  }
  return expanded;
}

/** One direction of an itinerary as one fare gives it (its brand and cabins). */
function expandSlice(
  position: number,
  sliceIndex: number,
  fare: ResultFare,
  lookups: AnswerLookups,
): ResultSlice {
  const slice = lookup(lookups.results.slices, position);
  return {
    origin: lookups.place(slice.origin),
    destination: lookups.place(slice.destination),
    duration: slice.duration,
    fare_brand_name: fare.fare_brand_names[sliceIndex] ?? null,
    segments: slice.segments.map((segment, segmentIndex) =>
      expandSegment(
        segment,
        lookup(lookups.results.cabins, fare.cabins[sliceIndex]?.[segmentIndex] ?? -1),
        lookups,
      ),
    ),
  };
}

export function expandFare(
  itinerary: ResultItinerary,
  fare: ResultFare,
  owner: Segment['airline'],
  lookups: AnswerLookups,
): SearchOffer {
  const { results } = lookups;
  const terms = lookup(results.terms, fare.terms);
  return {
    id: fare.id,
    slices: itinerary.slices.map((position, sliceIndex) =>
      expandSlice(position, sliceIndex, fare, lookups),
    ),
    passengers: results.passengers,
    conditions: terms.conditions,
    base_amount: fromMinorUnits(
      toMinorUnits(fare.total_amount, results.currency) -
        toMinorUnits(fare.tax_amount, results.currency),
      results.currency,
    ),
    base_currency: results.currency,
    tax_amount: fare.tax_amount,
    tax_currency: results.currency,
    total_amount: fare.total_amount,
    total_currency: results.currency,
    passenger_identity_documents_required: terms.passenger_identity_documents_required,
    payment_requirements: terms.payment_requirements,
    owner: { name: owner.name, iata_code: owner.iata_code, logo_url: owner.logo_url },
    total_emissions_kg:
      fare.total_emissions_kg === undefined
        ? itinerary.total_emissions_kg
        : fare.total_emissions_kg,
    expires_at: fare.expires_at ?? results.expiresAt,
    created_at: results.createdAt,
  };
}
