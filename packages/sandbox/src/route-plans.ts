/**
 * Which airport pairs each airline flies: network airlines from their hubs, with a chance that
 * falls with the airport's size tier, with distance and for secondary hubs; low-cost carriers
 * point to point from their bases within their region; and a feeder from the nearest hub for an
 * airport no airline chose. Only pairs an aircraft of the airline's fleet can fly are planned.
 */
import type { AircraftRecord, AirlineRecord, AirportRecord } from '@contrail/reference-data';
import { allAirlineRecords, findAirport } from '@contrail/reference-data';
import { greatCircleKm } from './geo';
import { unitFromKey } from './random';

const superConnectors = new Set(['EK', 'QR', 'TK', 'EY', 'ET']);

/** Every network airline's hubs. */
const globalHubs = new Set(
  allAirlineRecords()
    .filter((airline) => airline.seed.kind === 'network')
    .flatMap((airline) => airline.seed.hubs),
);

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
export function aircraftFor(
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

export interface PairPlan {
  readonly airline: AirlineRecord;
  readonly hub: AirportRecord;
  readonly other: AirportRecord;
  readonly distanceKm: number;
  readonly secondary: boolean;
}

/** The airport pairs planned so far, each airline's pair once whichever end it was found from. */
export function pairPlans() {
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
export type PairPlans = ReturnType<typeof pairPlans>;

/** Step 1: each airline flies from each of its hubs to the airports its route chances draw. */
export function planAirlinePairs(
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
export function planFeeders(
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
