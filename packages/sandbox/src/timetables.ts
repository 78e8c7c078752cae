/**
 * Timetables: for each planned pair, how often it is flown and on which weekdays, the departure
 * times both ways, the flight numbers and the aircraft of each service. Short-haul returns leave
 * after a turnaround; long-haul flights are timed to land between 05:30 and 23:30 local. The
 * special routes fly twice a day, one way, on the airline they name.
 */
import { tzOffset } from '@date-fns/tz';
import type { AircraftRecord, AirlineRecord, AirportRecord } from '@contrail/reference-data';
import { findAirline, findAirport } from '@contrail/reference-data';
import { blockMinutes, greatCircleKm, windBasisPoints } from './geo';
import { createRandom, type Random } from './random';
import { aircraftFor, type PairPlan } from './route-plans';
import type { RouteList, Service } from './routes';
import { specialRoutes } from './special-routes';

const tierWeight = { 1: 3, 2: 2, 3: 1 } as const;

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

/** The offset from UTC of each time zone on one fixed winter day: timetables are drawn in it. */
export function standardOffsets(): (airport: AirportRecord) => number {
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
export function flightNumbers() {
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

/** Step 3: a pair's schedules, flight numbers and aircraft, both directions. */
export function schedulePair(
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
export function addSpecialRoutes(
  allocate: ReturnType<typeof flightNumbers>,
  routes: RouteList,
): void {
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
