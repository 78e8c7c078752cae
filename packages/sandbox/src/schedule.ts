/**
 * Dated flights and itineraries. A flight is a route's service on one local date, with its
 * departure and arrival instants worked out in the two airports' time zones; an itinerary is one
 * to three flights that connect at hubs within the minimum and maximum connection times.
 */
import { addDays } from '@contrail/contracts/flight-search';
import { Memo } from '@contrail/contracts/pair-memo';
import type { Network } from './network';
import type { Route, Service } from './routes';
import type { AirlineRecord, AirportRecord } from '@contrail/reference-data';
import { greatCircleKm } from './geo';
import {
  dayNumber,
  instantToZonedDateNear,
  instantToZonedTimeNear,
  weekday,
  zonedTimeToInstant,
  type LocalDate,
  type LocalTime,
} from './time-zones';

export interface Flight {
  readonly route: Route;
  readonly service: Service;
  /** Local departure date at the origin. */
  readonly date: LocalDate;
  readonly departureInstant: number;
  readonly arrivalInstant: number;
  readonly departureLocal: LocalTime;
  readonly arrivalLocal: LocalTime;
  /** Local arrival date at the destination (`arrivalLocal.date`). */
  readonly arrivalDate: LocalDate;
  /**
   * The flown flight across all offers: operating carrier, flight number and local departure
   * date (`BA117-20250304`). Seat sales are keyed by it.
   */
  readonly key: string;
}

export interface Itinerary {
  readonly flights: readonly Flight[];
  readonly departureInstant: number;
  readonly arrivalInstant: number;
  readonly elapsedMinutes: number;
}

/** Connections longer than this are never sold. */
export const maximumConnectionMinutes = 24 * 60;

const largeComplexHubs = new Set([
  'LHR',
  'CDG',
  'FRA',
  'JFK',
  'LAX',
  'ORD',
  'ATL',
  'DFW',
  'IST',
  'DXB',
  'MAD',
  'AMS',
  'PEK',
  'PVG',
  'HND',
  'NRT',
  'ICN',
  'GRU',
]);

/**
 * Minimum connection time at a hub: more for big hubs, for international connections (passport
 * and security checks) and for changing airline.
 */
export function minimumConnectionMinutes(
  hub: AirportRecord,
  inbound: Route,
  outbound: Route,
): number {
  let minutes = hub.tier === 1 ? 60 : hub.tier === 2 ? 45 : 35;
  if (largeComplexHubs.has(hub.iata)) minutes += 15;
  const international = inbound.from.country !== hub.country || outbound.to.country !== hub.country;
  if (international) minutes += 15;
  if (inbound.airline.index !== outbound.airline.index) minutes += 15;
  return minutes;
}

/** Connections are sold within one airline or between partners of one alliance. */
export function canConnect(first: AirlineRecord, second: AirlineRecord): boolean {
  if (first.seed.kind !== 'network' || second.seed.kind !== 'network') return false;
  if (first.index === second.index) return true;
  return first.seed.alliance !== null && first.seed.alliance === second.seed.alliance;
}

function compactDate(date: LocalDate): string {
  return date.replaceAll('-', '');
}

/**
 * Dated flights are pure functions of (route, date); the cache only saves the time-zone work on
 * repeated searches and never changes an answer. A search reads a few hundred lists, so 8,000 keep
 * the last several searches' worth (all dropped at once when full). Entries keep their
 * route, so networks of different seeds (whose route ids overlap) never share lists.
 */
interface CachedFlights {
  readonly route: Route;
  readonly flights: readonly Flight[];
}

const cachedFlights = new Memo<number, CachedFlights>(8_000);

/** Route id and day number in one safe integer (four-digit years span under 4,000,000 days). */
function flightCacheKey(route: Route, date: LocalDate): number {
  return route.id * 4_000_000 + dayNumber(date) + 1_000_000;
}

export function flightsOn(route: Route, date: LocalDate): readonly Flight[] {
  const key = flightCacheKey(route, date);
  const cached = cachedFlights.get(key);
  if (cached?.route === route) return cached.flights;
  const dayBit = 1 << weekday(date);
  const flights: Flight[] = [];
  for (const service of route.services) {
    if ((service.daysMask & dayBit) === 0) continue;
    flights.push(datedFlight(route, service, date));
  }
  cachedFlights.set(key, { route, flights });
  return flights;
}

/**
 * Local times and keys are only read for the few flights that end up in itineraries and offers,
 * so they are worked out on first use; searches touch hundreds of flights and mostly need only
 * their instants.
 */
class DatedFlight implements Flight {
  readonly route: Route;
  readonly service: Service;
  readonly date: LocalDate;
  readonly departureInstant: number;
  readonly arrivalInstant: number;
  #key: string | undefined;
  #departureLocal: LocalTime | undefined;
  #arrivalLocal: LocalTime | undefined;
  #arrivalDate: LocalDate | undefined;

  constructor(route: Route, service: Service, date: LocalDate) {
    this.route = route;
    this.service = service;
    this.date = date;
    this.departureInstant = zonedTimeToInstant(route.from.timeZone, date, service.departureMinute);
    this.arrivalInstant = this.departureInstant + service.blockMinutes * 60_000;
  }

  get key(): string {
    this.#key ??= `${this.route.airline.seed.iataCode}${this.service.flightNumber}-${compactDate(this.date)}`;
    return this.#key;
  }

  get departureLocal(): LocalTime {
    this.#departureLocal ??= instantToZonedTimeNear(
      this.route.from.timeZone,
      this.departureInstant,
      this.date,
    );
    return this.#departureLocal;
  }

  get arrivalLocal(): LocalTime {
    this.#arrivalLocal ??= instantToZonedTimeNear(
      this.route.to.timeZone,
      this.arrivalInstant,
      this.date,
    );
    return this.#arrivalLocal;
  }

  get arrivalDate(): LocalDate {
    this.#arrivalDate ??=
      this.#arrivalLocal?.date ??
      instantToZonedDateNear(this.route.to.timeZone, this.arrivalInstant, this.date);
    return this.#arrivalDate;
  }
}

export function datedFlight(route: Route, service: Service, date: LocalDate): Flight {
  return new DatedFlight(route, service, date);
}

/** Whether a service flies on a date (its weekday pattern). */
export function operatesOn(service: Service, date: LocalDate): boolean {
  return (service.daysMask & (1 << weekday(date))) !== 0;
}

function distanceBetween(a: AirportRecord, b: AirportRecord): number {
  return greatCircleKm(a.latitude, a.longitude, b.latitude, b.longitude);
}

function itineraryOf(flights: readonly Flight[]): Itinerary {
  const first = flights[0];
  const last = flights[flights.length - 1];
  if (first === undefined || last === undefined) throw new RangeError('An itinerary needs flights');
  return {
    flights,
    departureInstant: first.departureInstant,
    arrivalInstant: last.arrivalInstant,
    elapsedMinutes: Math.round((last.arrivalInstant - first.departureInstant) / 60_000),
  };
}

/** The first flight on `route` that leaves at least the connection time after `inbound` lands. */
function nextConnection(inbound: Flight, route: Route, hub: AirportRecord): Flight | undefined {
  const earliest =
    inbound.arrivalInstant + minimumConnectionMinutes(hub, inbound.route, route) * 60_000;
  const latest = inbound.arrivalInstant + maximumConnectionMinutes * 60_000;
  for (let day = 0; day < 2; day++) {
    for (const flight of flightsOn(route, addDays(inbound.arrivalDate, day))) {
      if (flight.departureInstant < earliest) continue;
      return flight.departureInstant <= latest ? flight : undefined;
    }
  }
  return undefined;
}

/** Adds `inbound` continued by its connection on each of `routes` to `out`. */
function connect(
  inbound: readonly Flight[],
  routes: readonly Route[],
  hub: AirportRecord,
  out: Flight[][],
): void {
  const last = inbound[inbound.length - 1];
  if (last === undefined) return;
  for (const route of routes) {
    if (!canConnect(last.route.airline, route.airline)) continue;
    const next = nextConnection(last, route, hub);
    if (next !== undefined) out.push([...inbound, next]);
  }
}

/** connect() for a single inbound flight, without a list for it. */
function connectFlight(
  inbound: Flight,
  routes: readonly Route[],
  hub: AirportRecord,
  out: Flight[][],
): void {
  for (const route of routes) {
    if (!canConnect(inbound.route.airline, route.airline)) continue;
    const next = nextConnection(inbound, route, hub);
    if (next !== undefined) out.push([inbound, next]);
  }
}

export interface SliceSearch {
  readonly origins: readonly AirportRecord[];
  readonly destinations: readonly AirportRecord[];
  readonly date: LocalDate;
  readonly maxConnections: number;
}

/** How many itineraries a slice keeps, best first. */
const itineraryLimit = 40;
/** Two-stop itineraries are only looked for when there are fewer options than this. */
const twoStopThreshold = 12;

/** Itineraries for one slice, best first: fewest stops and shortest elapsed time. */
export function searchItineraries(network: Network, search: SliceSearch): Itinerary[] {
  const found: Flight[][] = [];
  for (const origin of search.origins) {
    for (const destination of search.destinations) {
      if (origin.index === destination.index) continue;
      collectPair(network, origin, destination, search, found);
    }
  }
  const seen = new Set<string>();
  const itineraries: Itinerary[] = [];
  for (const flights of found) {
    const key = flights.map((f) => f.key).join('+');
    if (seen.has(key)) continue;
    seen.add(key);
    itineraries.push(itineraryOf(flights));
  }
  itineraries.sort(
    (a, b) =>
      a.elapsedMinutes +
        (a.flights.length - 1) * 120 -
        (b.elapsedMinutes + (b.flights.length - 1) * 120) ||
      a.departureInstant - b.departureInstant,
  );
  return itineraries.slice(0, itineraryLimit);
}

/** How far a connection may stray from the great circle: strict first, relaxed if that finds nothing. */
const detours = [
  { oneStop: [1.3, 500], twoStop: [1.5, 1000] },
  { oneStop: [2.2, 2000], twoStop: [2.5, 2500] },
] as const;

function collectPair(
  network: Network,
  origin: AirportRecord,
  destination: AirportRecord,
  search: SliceSearch,
  found: Flight[][],
): void {
  const before = found.length;
  for (const route of network.routesBetween(origin.index, destination.index)) {
    for (const flight of flightsOn(route, search.date)) found.push([flight]);
  }
  for (const detour of detours) {
    if (search.maxConnections >= 1) {
      collectOneStop(network, origin, destination, search.date, detour.oneStop, found);
    }
    if (search.maxConnections >= 2 && found.length - before < twoStopThreshold) {
      collectTwoStop(network, origin, destination, search.date, detour.twoStop, found);
    }
    // Remote pairs (islands, far-flung airports) may only connect the long way round.
    if (found.length > before) return;
  }
}

function sameCity(a: AirportRecord, b: AirportRecord): boolean {
  return a.index === b.index || (a.cityCode !== null && a.cityCode === b.cityCode);
}

function collectOneStop(
  network: Network,
  origin: AirportRecord,
  destination: AirportRecord,
  date: LocalDate,
  [factor, allowance]: readonly [number, number],
  found: Flight[][],
): void {
  const limit = distanceBetween(origin, destination) * factor + allowance;
  for (const hubIndex of network.hubsFrom(origin.index)) {
    const second = network.routesBetween(hubIndex, destination.index);
    if (second.length === 0) continue;
    const first = network.routesBetween(origin.index, hubIndex);
    const hub = first[0]?.to;
    if (hub === undefined || sameCity(hub, origin) || sameCity(hub, destination)) continue;
    if (distanceBetween(origin, hub) + distanceBetween(hub, destination) > limit) continue;
    for (const route of first) {
      if (route.airline.seed.kind !== 'network') continue;
      for (const flight of flightsOn(route, date)) connectFlight(flight, second, hub, found);
    }
  }
}

function collectTwoStop(
  network: Network,
  origin: AirportRecord,
  destination: AirportRecord,
  date: LocalDate,
  [factor, allowance]: readonly [number, number],
  found: Flight[][],
): void {
  const limit = distanceBetween(origin, destination) * factor + allowance;
  const candidates: { first: AirportRecord; second: AirportRecord; flown: number }[] = [];
  for (const firstIndex of network.hubsFrom(origin.index)) {
    const firstHub = network.routesBetween(origin.index, firstIndex)[0]?.to;
    if (firstHub === undefined || sameCity(firstHub, destination)) continue;
    const toFirst = distanceBetween(origin, firstHub);
    if (toFirst > limit) continue;
    for (const secondIndex of network.hubsTo(destination.index)) {
      if (secondIndex === firstIndex || secondIndex === origin.index) continue;
      const secondHub = network.routesBetween(firstIndex, secondIndex)[0]?.to;
      if (secondHub === undefined || sameCity(secondHub, origin)) continue;
      const flown =
        toFirst + distanceBetween(firstHub, secondHub) + distanceBetween(secondHub, destination);
      if (flown > limit) continue;
      candidates.push({ first: firstHub, second: secondHub, flown });
    }
  }
  candidates.sort(
    (a, b) => a.flown - b.flown || a.first.index - b.first.index || a.second.index - b.second.index,
  );
  for (const { first, second } of candidates.slice(0, 12)) {
    const legs2 = network.routesBetween(first.index, second.index);
    const legs3 = network.routesBetween(second.index, destination.index);
    for (const route of network.routesBetween(origin.index, first.index)) {
      if (route.airline.seed.kind !== 'network') continue;
      for (const flight of flightsOn(route, date)) {
        const twoLegs: Flight[][] = [];
        connectFlight(flight, legs2, first, twoLegs);
        for (const partial of twoLegs) connect(partial, legs3, second, found);
      }
    }
  }
}
