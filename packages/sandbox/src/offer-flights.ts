/**
 * An offer's flights: who sells an itinerary (the airline flying its longest flight, with its own
 * or its alliance partners' flights) and in which cabin, the flights an offer id names, and a
 * slice's distance from its origin to its destination.
 */
import type { CabinClass } from '@contrail/reference-data/data/aircraft';
import type { AircraftRecord, AirlineRecord } from '@contrail/reference-data';
import { greatCircleKm } from './geo';
import type { Network } from './network';
import type { OfferSpec, SegmentSpec } from './offer-id';
import { canConnect, datedFlight, operatesOn, type Flight, type Itinerary } from './schedule';

const cabinOrder: readonly CabinClass[] = ['first', 'business', 'premium_economy', 'economy'];

/** The requested cabin if the aircraft has it, else the next lower one it has. */
export function cabinOnAircraft(aircraft: AircraftRecord, requested: CabinClass): CabinClass {
  if (aircraft.cabinClasses.has(requested)) return requested;
  for (let i = cabinOrder.indexOf(requested) + 1; i < cabinOrder.length; i++) {
    const cabin = cabinOrder[i];
    if (cabin !== undefined && aircraft.cabinClasses.has(cabin)) return cabin;
  }
  return 'economy';
}

function longestFlight(flights: readonly Flight[]): Flight {
  let longest = flights[0];
  for (const flight of flights) {
    if (longest === undefined || flight.route.distanceKm > longest.route.distanceKm) {
      longest = flight;
    }
  }
  if (longest === undefined) throw new RangeError('An itinerary needs flights');
  return longest;
}

/** Sold in the requested cabin when its longest flight has that cabin. */
export function servesCabin(itinerary: Itinerary, cabin: CabinClass): boolean {
  return longestFlight(itinerary.flights).service.aircraft.cabinClasses.has(cabin);
}

/** The airline selling an itinerary: the one flying its longest flight. */
export function ownerOf(itinerary: Itinerary): AirlineRecord {
  return longestFlight(itinerary.flights).route.airline;
}

/** Whether `owner` may sell every flight of an itinerary (its own or an alliance partner's). */
export function ownerCanSell(owner: AirlineRecord, itinerary: Itinerary): boolean {
  return itinerary.flights.every(
    (flight) =>
      flight.route.airline.index === owner.index || canConnect(owner, flight.route.airline),
  );
}

/** Rebuilds the dated flights an offer spec names; null when the schedule no longer has one. */
export function resolveFlights(network: Network, spec: OfferSpec): Flight[][] | null {
  const slices: Flight[][] = [];
  for (const segments of spec.slices) {
    const flights: Flight[] = [];
    for (const segment of segments) {
      const found = network.findService(segment.carrier, segment.flightNumber);
      if (
        found?.route.from.iata !== segment.origin ||
        found.route.to.iata !== segment.destination ||
        !operatesOn(found.service, segment.date)
      ) {
        return null;
      }
      flights.push(datedFlight(found.route, found.service, segment.date));
    }
    slices.push(flights);
  }
  return slices;
}

export function segmentSpecs(flights: readonly Flight[]): SegmentSpec[] {
  return flights.map((flight) => ({
    carrier: flight.route.airline.seed.iataCode,
    flightNumber: flight.service.flightNumber,
    origin: flight.route.from.iata,
    destination: flight.route.to.iata,
    date: flight.date,
  }));
}

export function sliceDistance(flights: readonly Flight[]): number {
  const first = flights[0];
  const last = flights[flights.length - 1];
  if (first === undefined || last === undefined) throw new RangeError('A slice needs flights');
  const from = first.route.from;
  const to = last.route.to;
  return greatCircleKm(from.latitude, from.longitude, to.latitude, to.longitude);
}
