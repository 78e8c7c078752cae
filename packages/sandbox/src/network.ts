/**
 * The route network: which airline flies which airport pair, how often, on which aircraft, at
 * which local times and under which flight numbers. It is a pure function of the reference data
 * and the seed, built once per seed (about 0.1 s) and shared by every sandbox using that seed.
 *
 * The model: network airlines fly from their hubs to other airports, with a probability that
 * falls with the airport's size tier, with distance and for secondary hubs; low-cost carriers
 * fly point to point from their bases within their region. Schedules repeat daily (or on fixed
 * weekdays for thin routes); short-haul return flights leave after a turnaround, long-haul
 * flights are timed to land between 05:30 and 23:30 local.
 */
import { tzOffset } from '@date-fns/tz';
import type { AircraftRecord, AirlineRecord, AirportRecord } from '@contrail/reference-data';
import {
  allAirlineRecords,
  allAirportRecords,
  findAirline,
  findAirport,
} from '@contrail/reference-data';
import { blockMinutes, greatCircleKm, windBasisPoints } from './geo';
import { createRandom, unitFromKey, type Random } from './random';
import { specialRoutes } from './special-routes';

/** One daily (or weekly-pattern) departure on a route. */
export interface Service {
  readonly flightNumber: number;
  /** Local departure time at the origin, minutes after midnight (05:00–23:55). */
  readonly departureMinute: number;
  readonly aircraft: AircraftRecord;
  readonly blockMinutes: number;
  /** Bit d set when the flight operates on weekday d (0 = Sunday); 127 = daily. */
  readonly daysMask: number;
}

export interface Route {
  readonly id: number;
  readonly airline: AirlineRecord;
  readonly from: AirportRecord;
  readonly to: AirportRecord;
  readonly distanceKm: number;
  readonly services: readonly Service[];
  readonly originTerminal: string | null;
  readonly destinationTerminal: string | null;
}

export interface Network {
  readonly seed: string;
  readonly routes: readonly Route[];
  routesBetween(from: number, to: number): readonly Route[];
  /** Hub airports reachable from `from` on a network (not low-cost) airline. */
  hubsFrom(from: number): readonly number[];
  /** Hub airports with a network-airline route to `to`. */
  hubsTo(to: number): readonly number[];
  isHub(airport: number): boolean;
  findService(
    carrier: string,
    flightNumber: number,
  ): { readonly route: Route; readonly service: Service } | undefined;
}

const superConnectors = new Set(['EK', 'QR', 'TK', 'EY', 'ET']);

/** Every network airline's hubs. */
const globalHubs = new Set(
  allAirlineRecords()
    .filter((airline) => airline.seed.kind === 'network')
    .flatMap((airline) => airline.seed.hubs),
);
const tierWeight = { 1: 3, 2: 2, 3: 1 } as const;

/** Terminals of the larger airports; a route picks one by hash unless pinned below. */
const terminalSets: Readonly<Record<string, readonly string[]>> = {
  LHR: ['2', '3', '4', '5'],
  LGW: ['N', 'S'],
  CDG: ['1', '2A', '2E', '2F'],
  JFK: ['1', '4', '5', '7', '8'],
  EWR: ['A', 'B', 'C'],
  LAX: ['1', '2', '4', '5', '7', 'B'],
  SFO: ['1', '2', '3', 'I'],
  ORD: ['1', '2', '3', '5'],
  ATL: ['S', 'N', 'I'],
  DFW: ['A', 'B', 'C', 'D', 'E'],
  FRA: ['1', '2'],
  MUC: ['1', '2'],
  MAD: ['1', '2', '4', '4S'],
  DXB: ['1', '3'],
  SIN: ['1', '2', '3', '4'],
  HND: ['1', '2', '3'],
  NRT: ['1', '2', '3'],
  ICN: ['1', '2'],
  SYD: ['1', '2', '3'],
  MEL: ['1', '2', '3', '4'],
  DEL: ['1', '2', '3'],
  BOM: ['1', '2'],
  PEK: ['2', '3'],
  PVG: ['1', '2'],
  YYZ: ['1', '3'],
  BOS: ['A', 'B', 'C', 'E'],
  IST: ['1'],
  DOH: ['1'],
  AMS: ['1'],
  HKG: ['1'],
  DUB: ['1', '2'],
};

const pinnedTerminals: Readonly<Record<string, string>> = {
  'BA:LHR': '5',
  'IB:LHR': '5',
  'VS:LHR': '3',
  'AA:LHR': '3',
  'DL:LHR': '3',
  'QR:LHR': '4',
  'EK:LHR': '3',
  'BA:JFK': '8',
  'AA:JFK': '8',
  'DL:JFK': '4',
  'VS:JFK': '4',
  'B6:JFK': '5',
  'UA:EWR': 'C',
  'AF:CDG': '2E',
  'DL:CDG': '2E',
  'EK:DXB': '3',
  'SQ:SIN': '3',
  'QF:SYD': '1',
  'LH:FRA': '1',
  'UA:FRA': '1',
  'LH:MUC': '2',
  'IB:MAD': '4',
  'BA:MAD': '4S',
  'AA:DFW': 'D',
  'UA:SFO': 'I',
  'AS:SEA': 'C',
  'AC:YYZ': '1',
  'B6:BOS': 'C',
};

function terminalFor(airline: AirlineRecord, airport: AirportRecord, seed: string): string | null {
  const pinned = pinnedTerminals[`${airline.seed.iataCode}:${airport.iata}`];
  if (pinned !== undefined) return pinned;
  const set =
    terminalSets[airport.iata] ??
    (airport.tier === 1 ? ['1', '2', '3'] : airport.tier === 2 ? ['1', '2'] : null);
  if (set === null) return null;
  const pick = Math.floor(
    unitFromKey(`${seed}|terminal|${airline.seed.iataCode}|${airport.iata}`) * set.length,
  );
  return set[pick] ?? null;
}

/** Long-distance decay: 1 up to `scale` km, then inversely with distance. */
function decay(distanceKm: number, scale: number): number {
  return distanceKm <= scale ? 1 : scale / distanceKm;
}

/** The chance a network airline flies from one of its hubs to an airport. */
function networkRouteChance(
  airline: AirlineRecord,
  mainHub: boolean,
  hub: AirportRecord,
  to: AirportRecord,
  distanceKm: number,
): number {
  if (distanceKm < 160) return 0;
  if (airline.seed.hubs.includes(to.iata)) return 1;
  const connector = superConnectors.has(airline.seed.iataCode);
  if (to.country === hub.country) {
    if (to.tier === 1) return 1;
    if (to.tier === 2) return mainHub ? 0.97 : 0.7;
    return (mainHub ? 0.8 : 0.35) * decay(distanceKm, 2000);
  }
  if (to.region === hub.region) {
    if (to.tier === 1) return mainHub ? 0.92 : 0.45;
    if (to.tier === 2) return (mainHub ? 0.55 : 0.15) * decay(distanceKm, 3000);
    return (mainHub ? 0.14 : 0.03) * decay(distanceKm, 2000);
  }
  // Ultra-long routes are rarer: only the biggest pairs justify them.
  const far = distanceKm > 12_000 ? 0.5 : 1;
  // Flag carriers link their main hub with every other big hub they can reach.
  if (to.tier === 1 && mainHub && globalHubs.has(to.iata)) return distanceKm > 12_000 ? 0.85 : 0.97;
  if (to.tier === 1) return (connector ? 0.95 : mainHub ? 0.75 : 0.3) * far;
  if (to.tier === 2) return (connector ? 0.45 : mainHub ? 0.08 : 0.02) * far;
  return connector ? 0.06 : 0;
}

/** The chance a low-cost carrier flies from one of its bases to an airport. */
function lowCostRouteChance(
  airline: AirlineRecord,
  base: AirportRecord,
  to: AirportRecord,
  distanceKm: number,
): number {
  if (distanceKm < 300 || distanceKm > 4200) return 0;
  // Bases feed each other: that is where the carrier keeps its aircraft and crews.
  if (airline.seed.hubs.includes(to.iata)) return 0.9;
  const nearbyAbroad =
    base.region === 'europe' &&
    (to.region === 'africa' || to.region === 'middle_east') &&
    distanceKm < 4200 &&
    to.latitude > 20;
  if (to.region !== base.region && !nearbyAbroad) return 0;
  const byTier = to.tier === 1 ? 0.22 : to.tier === 2 ? 0.5 : 0.2;
  return byTier * decay(distanceKm, 2500);
}

/** Aircraft an airline can put on a sector, best suited first. */
function aircraftFor(
  airline: AirlineRecord,
  from: AirportRecord,
  to: AirportRecord,
  distanceKm: number,
): AircraftRecord[] {
  const usable = airline.fleet.filter((a) => a.type.rangeKm >= distanceKm * 1.08);
  if (usable.length === 0) return [];
  const bothBig = from.tier === 1 && to.tier === 1;
  const small = from.tier === 3 || to.tier === 3;
  const by = (body: string): AircraftRecord[] => usable.filter((a) => a.type.body === body);
  const regional = by('regional');
  const narrow = by('narrow');
  const wide = by('wide').filter(
    (a) => a.type.iataCode !== '388' || (bothBig && distanceKm > 3000),
  );
  // Widebody-only airlines (Emirates, Virgin Atlantic) do not fly short domestic hops.
  if (distanceKm < 1200 && narrow.length === 0 && regional.length === 0 && !bothBig) return [];
  if (distanceKm <= 900 && small && regional.length > 0) {
    const turboprop = regional.filter((a) => a.type.iataCode === 'AT7');
    return distanceKm <= 600 && turboprop.length > 0 ? turboprop : regional;
  }
  if (distanceKm < 3800) {
    if (narrow.length > 0) return narrow;
    if (regional.length > 0) return regional;
    return wide.length > 0 ? wide : usable;
  }
  if (distanceKm < 6500 && wide.length === 0) return narrow.length > 0 ? narrow : usable;
  return wide.length > 0 ? wide : usable;
}

function frequencyFor(
  from: AirportRecord,
  to: AirportRecord,
  distanceKm: number,
  lowCost: boolean,
  secondary: boolean,
  random: Random,
): number {
  const demand = tierWeight[from.tier] * tierWeight[to.tier];
  let frequency: number;
  if (lowCost) frequency = random.int(1, demand >= 6 ? 3 : 2);
  else if (distanceKm < 1500) {
    frequency =
      demand >= 9
        ? random.int(4, 7)
        : demand >= 6
          ? random.int(3, 5)
          : demand >= 4
            ? random.int(2, 4)
            : demand >= 2
              ? random.int(1, 3)
              : random.int(1, 2);
  } else if (distanceKm < 4000) {
    frequency =
      demand >= 9
        ? random.int(2, 4)
        : demand >= 6
          ? random.int(2, 3)
          : demand >= 3
            ? random.int(1, 2)
            : 1;
  } else {
    frequency = demand >= 9 ? random.int(1, 3) : demand >= 6 ? random.int(1, 2) : 1;
  }
  return secondary ? Math.max(1, frequency - 1) : frequency;
}

function daysMaskFor(
  frequency: number,
  demand: number,
  distanceKm: number,
  random: Random,
): number {
  const thin = frequency === 1 && (demand <= 2 || (distanceKm > 8000 && demand < 9));
  if (!thin) return 127;
  const days = random.int(3, 6);
  let mask = 0;
  let day = random.int(0, 6);
  // Spread the operating days over the week: every other day, wrapping around.
  while (countBits(mask) < days) {
    mask |= 1 << day;
    day = (day + 2) % 7;
    if ((mask & (1 << day)) !== 0) day = (day + 1) % 7;
  }
  return mask;
}

function countBits(value: number): number {
  let count = 0;
  for (let v = value; v !== 0; v &= v - 1) count++;
  return count;
}

function round5(minutes: number): number {
  return Math.round(minutes / 5) * 5;
}

function wrapDay(minutes: number): number {
  return ((minutes % 1440) + 1440) % 1440;
}

/** Earliest and latest scheduled departures; keeps clear of the 00:00–04:00 DST switch hours. */
const firstDeparture = 6 * 60;
const lastDeparture = 23 * 60 + 30;

/** A long-haul departure that lands between 05:30 and 23:30 local, keeping apart from `taken`. */
function longHaulDeparture(
  block: number,
  offsetDifference: number,
  taken: readonly number[],
  random: Random,
): number {
  const window = lastDeparture - 7 * 60;
  const start = 7 * 60 + Math.floor(random.next() * window);
  let fallback = round5(start);
  for (let attempt = 0; attempt < 48; attempt++) {
    const departure = round5(7 * 60 + ((start - 7 * 60 + attempt * 85) % window));
    const arrival = wrapDay(departure + block + offsetDifference);
    const apart = taken.every((other) => Math.abs(other - departure) >= 150);
    if (attempt === 0) fallback = departure;
    if (arrival >= 330 && arrival <= 1410 && apart) return departure;
  }
  return fallback;
}

interface PairPlan {
  readonly airline: AirlineRecord;
  readonly hub: AirportRecord;
  readonly other: AirportRecord;
  readonly distanceKm: number;
  readonly secondary: boolean;
}

const networks = new Map<string, Network>();

/** The network for a seed, built on first use and cached for the life of the process. */
export function getNetwork(seed: string): Network {
  let network = networks.get(seed);
  if (network === undefined) {
    network = buildNetwork(seed);
    networks.set(seed, network);
  }
  return network;
}

/** The offset from UTC of each time zone on one fixed winter day: timetables are drawn in it. */
function standardOffsets(): (airport: AirportRecord) => number {
  const referenceInstant = new Date(Date.UTC(2025, 0, 15, 12));
  const standardOffset = new Map<string, number>();
  return (airport) => {
    let offset = standardOffset.get(airport.timeZone);
    if (offset === undefined) {
      offset = tzOffset(airport.timeZone, referenceInstant);
      standardOffset.set(airport.timeZone, offset);
    }
    return offset;
  };
}

/** The airport pairs planned so far, each airline's pair once whichever end it was found from. */
function pairPlans() {
  const plans: PairPlan[] = [];
  const planned = new Set<string>();
  return {
    plans,
    add(plan: PairPlan): void {
      const a = Math.min(plan.hub.index, plan.other.index);
      const b = Math.max(plan.hub.index, plan.other.index);
      const key = `${plan.airline.seed.iataCode}:${a}:${b}`;
      if (planned.has(key)) return;
      planned.add(key);
      plans.push(plan);
    },
  };
}
type PairPlans = ReturnType<typeof pairPlans>;

/** Step 1: each airline flies from each of its hubs to the airports its route chances draw. */
function planAirlinePairs(
  seed: string,
  airline: AirlineRecord,
  airports: readonly AirportRecord[],
  plans: PairPlans,
): void {
  const lowCost = airline.seed.kind === 'low_cost';
  airline.seed.hubs.forEach((hubCode, hubPosition) => {
    const hub = findAirport(hubCode);
    if (hub === undefined) {
      throw new Error(`${airline.seed.iataCode} hub ${hubCode} is not an airport`);
    }
    for (const other of airports) {
      if (other.index === hub.index) continue;
      const distanceKm = greatCircleKm(
        hub.latitude,
        hub.longitude,
        other.latitude,
        other.longitude,
      );
      const chance = lowCost
        ? lowCostRouteChance(airline, hub, other, distanceKm)
        : networkRouteChance(airline, hubPosition === 0, hub, other, distanceKm);
      if (chance <= 0) continue;
      const draw = unitFromKey(`${seed}|route|${airline.seed.iataCode}|${hub.iata}|${other.iata}`);
      if (draw >= chance) continue;
      if (aircraftFor(airline, hub, other, distanceKm).length === 0) continue;
      plans.add({ airline, hub, other, distanceKm, secondary: hubPosition > 0 });
    }
  });
}

/** Step 2: airports no airline chose still get a feeder from the nearest hub that can reach them. */
function planFeeders(
  airports: readonly AirportRecord[],
  airlines: readonly AirlineRecord[],
  plans: PairPlans,
): void {
  const served = new Set<number>();
  for (const plan of plans.plans) {
    served.add(plan.hub.index);
    served.add(plan.other.index);
  }
  const networkHubs = airlines
    .filter((a) => a.seed.kind === 'network')
    .flatMap((airline) => airline.seed.hubs.map((code) => ({ airline, hub: findAirport(code) })))
    .filter(
      (entry): entry is { airline: AirlineRecord; hub: AirportRecord } => entry.hub !== undefined,
    );
  for (const airport of airports) {
    if (served.has(airport.index)) continue;
    let best: PairPlan | undefined;
    for (const { airline, hub } of networkHubs) {
      const distanceKm = greatCircleKm(
        hub.latitude,
        hub.longitude,
        airport.latitude,
        airport.longitude,
      );
      if (distanceKm < 160 || aircraftFor(airline, hub, airport, distanceKm).length === 0) continue;
      if (best === undefined || distanceKm < best.distanceKm) {
        best = { airline, hub, other: airport, distanceKm, secondary: false };
      }
    }
    if (best !== undefined) plans.add(best);
  }
}

const flightNumberBands = [
  { name: 'long', from: 1, to: 499 },
  { name: 'medium', from: 500, to: 1999 },
  { name: 'short', from: 2000, to: 6999 },
  { name: 'overflow', from: 7000, to: 9998 },
] as const;

/**
 * Flight numbers by haul: long-haul from 1, medium from 500, short from 2000, then the overflow
 * band; each route takes `count` consecutive pairs (odd out, even back).
 */
function flightNumbers() {
  const nextNumber = new Map<string, number>();
  return (airline: AirlineRecord, distanceKm: number, count: number): number => {
    const start = distanceKm >= 4000 ? 0 : distanceKm >= 1500 ? 1 : 2;
    for (let b = start; b < flightNumberBands.length; b++) {
      const band = flightNumberBands[b];
      if (band === undefined) break;
      const key = `${airline.seed.iataCode}:${band.name}`;
      const cursor = nextNumber.get(key) ?? band.from;
      if (cursor + count * 2 - 1 <= band.to) {
        nextNumber.set(key, cursor + count * 2);
        return cursor;
      }
    }
    throw new Error(`${airline.seed.iataCode} ran out of flight numbers`);
  };
}

function buildServices(
  plan: PairPlan,
  from: AirportRecord,
  to: AirportRecord,
  departures: readonly number[],
  numbers: readonly number[],
  fleet: readonly AircraftRecord[],
  daysMask: number,
  random: Random,
): Service[] {
  return departures.map((departureMinute, i) => {
    const aircraft = random.pick(fleet);
    const wind = windBasisPoints(from.latitude, from.longitude, to.latitude, to.longitude);
    return {
      flightNumber: numbers[i] ?? 0,
      departureMinute,
      aircraft,
      blockMinutes: blockMinutes(plan.distanceKm, aircraft.type.cruiseKmh, wind),
      daysMask,
    };
  });
}

/**
 * Departure minutes both ways: short routes spread through the day, the return leaving after the
 * aircraft's turnaround; long-haul ones at the hours long-haul flights leave and land.
 */
function departureTimes(
  frequency: number,
  approxBlock: number,
  outDifference: number,
  distanceKm: number,
  random: Random,
): { out: number[]; back: number[] } {
  const out: number[] = [];
  const back: number[] = [];
  if (distanceKm >= 3500) {
    for (let i = 0; i < frequency; i++) {
      out.push(longHaulDeparture(approxBlock, outDifference, out, random));
      back.push(longHaulDeparture(approxBlock, -outDifference, back, random));
    }
    return { out, back };
  }
  const span = (lastDeparture - 60 - firstDeparture) / frequency;
  for (let i = 0; i < frequency; i++) {
    const departure = round5(firstDeparture + i * span + random.next() * Math.max(0, span - 45));
    out.push(Math.min(departure, lastDeparture - 60));
    const turnaround = round5(40 + random.next() * 50);
    const returning = wrapDay(departure + approxBlock + outDifference + turnaround);
    back.push(
      returning >= firstDeparture && returning <= lastDeparture
        ? round5(returning)
        : round5(firstDeparture + random.next() * 120),
    );
  }
  return { out, back };
}

/** The routes of the network as they are built, numbered in order. */
function routeList(seed: string) {
  const routes: Route[] = [];
  return {
    routes,
    add(
      airline: AirlineRecord,
      from: AirportRecord,
      to: AirportRecord,
      distanceKm: number,
      services: Service[],
    ): void {
      routes.push({
        id: routes.length,
        airline,
        from,
        to,
        distanceKm,
        services: services.sort((a, b) => a.departureMinute - b.departureMinute),
        originTerminal: terminalFor(airline, from, seed),
        destinationTerminal: terminalFor(airline, to, seed),
      });
    },
  };
}
type RouteList = ReturnType<typeof routeList>;

/** Step 3: a pair's schedules, flight numbers and aircraft, both directions. */
function schedulePair(
  seed: string,
  plan: PairPlan,
  allocate: ReturnType<typeof flightNumbers>,
  offsetOf: (airport: AirportRecord) => number,
  routes: RouteList,
): void {
  const { airline, hub, other, distanceKm } = plan;
  const random = createRandom(
    `${seed}|schedule|${airline.seed.iataCode}|${hub.iata}|${other.iata}`,
  );
  const fleet = aircraftFor(airline, hub, other, distanceKm);
  const lowCost = airline.seed.kind === 'low_cost';
  const frequency = frequencyFor(hub, other, distanceKm, lowCost, plan.secondary, random);
  const demand = tierWeight[hub.tier] * tierWeight[other.tier];
  const daysMask = daysMaskFor(frequency, demand, distanceKm, random);
  const first = allocate(airline, distanceKm, frequency);
  const outNumbers = Array.from({ length: frequency }, (_, i) => first + i * 2);
  const backNumbers = outNumbers.map((n) => n + 1);
  const outDifference = offsetOf(other) - offsetOf(hub);
  // Still-air block time is enough to shape the timetable; real times come per service.
  const approxBlock = blockMinutes(distanceKm, fleet[0]?.type.cruiseKmh ?? 800, 10_000);
  const { out, back } = departureTimes(frequency, approxBlock, outDifference, distanceKm, random);
  routes.add(
    airline,
    hub,
    other,
    distanceKm,
    buildServices(plan, hub, other, out, outNumbers, fleet, daysMask, random),
  );
  routes.add(
    airline,
    other,
    hub,
    distanceKm,
    buildServices(plan, other, hub, back, backNumbers, fleet, daysMask, random),
  );
}

/** Step 4: special routes fly one way only, on the airline named, so their searches have offers. */
function addSpecialRoutes(allocate: ReturnType<typeof flightNumbers>, routes: RouteList): void {
  for (const special of specialRoutes) {
    if (special.forcedCarrier === null) continue;
    const airline = findAirline(special.forcedCarrier);
    const from = findAirport(special.origin);
    const to = findAirport(special.destination);
    if (airline === undefined || from === undefined || to === undefined) {
      throw new Error(`Special route ${special.origin}-${special.destination} has unknown codes`);
    }
    const distanceKm = greatCircleKm(from.latitude, from.longitude, to.latitude, to.longitude);
    const aircraft = airline.fleet.find((a) => a.type.body !== 'wide') ?? airline.fleet[0];
    if (aircraft === undefined) throw new Error(`${airline.seed.iataCode} has no fleet`);
    const first = allocate(airline, distanceKm, 2);
    const wind = windBasisPoints(from.latitude, from.longitude, to.latitude, to.longitude);
    const block = blockMinutes(distanceKm, aircraft.type.cruiseKmh, wind);
    const daily = (flightNumber: number, departureMinute: number): Service => ({
      flightNumber,
      departureMinute,
      aircraft,
      blockMinutes: block,
      daysMask: 127,
    });
    routes.add(airline, from, to, distanceKm, [
      daily(first, 8 * 60 + 15),
      daily(first + 2, 17 * 60 + 40),
    ]);
  }
}

function buildNetwork(seed: string): Network {
  const airports = allAirportRecords();
  const airlines = allAirlineRecords();
  const plans = pairPlans();
  for (const airline of airlines) planAirlinePairs(seed, airline, airports, plans);
  planFeeders(airports, airlines, plans);
  const allocate = flightNumbers();
  const offsetOf = standardOffsets();
  const routes = routeList(seed);
  for (const plan of plans.plans) schedulePair(seed, plan, allocate, offsetOf, routes);
  addSpecialRoutes(allocate, routes);
  return indexNetwork(seed, routes.routes, airports.length);
}

function indexNetwork(seed: string, routes: readonly Route[], airportCount: number): Network {
  const byPair = new Map<number, Route[]>();
  const hubAirports = new Set<number>();
  for (const airline of allAirlineRecords()) {
    if (airline.seed.kind !== 'network') continue;
    for (const code of airline.seed.hubs) {
      const hub = findAirport(code);
      if (hub !== undefined) hubAirports.add(hub.index);
    }
  }
  const hubsFrom: Set<number>[] = Array.from({ length: airportCount }, () => new Set<number>());
  const hubsTo: Set<number>[] = Array.from({ length: airportCount }, () => new Set<number>());
  const byFlight = new Map<string, { route: Route; service: Service }>();
  for (const route of routes) {
    const key = route.from.index * 4096 + route.to.index;
    const list = byPair.get(key);
    if (list === undefined) byPair.set(key, [route]);
    else list.push(route);
    if (route.airline.seed.kind === 'network') {
      if (hubAirports.has(route.to.index)) hubsFrom[route.from.index]?.add(route.to.index);
      if (hubAirports.has(route.from.index)) hubsTo[route.to.index]?.add(route.from.index);
    }
    for (const service of route.services) {
      byFlight.set(`${route.airline.seed.iataCode}${service.flightNumber}`, { route, service });
    }
  }
  const frozenHubsFrom = hubsFrom.map((set) => [...set]);
  const frozenHubsTo = hubsTo.map((set) => [...set]);
  const empty: readonly Route[] = [];
  return {
    seed,
    routes,
    routesBetween: (from, to) => byPair.get(from * 4096 + to) ?? empty,
    hubsFrom: (from) => frozenHubsFrom[from] ?? [],
    hubsTo: (to) => frozenHubsTo[to] ?? [],
    isHub: (airport) => hubAirports.has(airport),
    findService: (carrier, flightNumber) => byFlight.get(`${carrier}${flightNumber}`),
  };
}
