/**
 * The route network: which airline flies which airport pair, how often, on which aircraft, at
 * which local times and under which flight numbers. It is a pure function of the reference data
 * and the seed, built once per seed (about 0.1 s) and shared by every sandbox using that seed.
 *
 * The model: network airlines fly from their hubs to other airports, with a probability that
 * falls with the airport's size tier, with distance and for secondary hubs; low-cost carriers
 * fly point to point from their bases within their region. Schedules repeat daily (or on fixed
 * weekdays for thin routes); short-haul return flights leave after a turnaround, long-haul
 * flights are timed to land between 05:30 and 23:30 local. The pairs are planned in
 * route-plans.ts, their timetables drawn in timetables.ts; this file builds and indexes them.
 */
import { allAirlineRecords, allAirportRecords, findAirport } from '@contrail/reference-data';
import { pairPlans, planAirlinePairs, planFeeders } from './route-plans';
import { routeList, type Route, type Service } from './routes';
import { addSpecialRoutes, flightNumbers, schedulePair, standardOffsets } from './timetables';

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
