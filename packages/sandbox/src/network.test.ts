import { describe, expect, it } from 'vitest';
import { getNetwork } from './network';
import { allAirportRecords, findAirport } from '@contrail/reference-data';
import { specialRoutes } from './special-routes';

const network = getNetwork('contrail');

function airport(code: string) {
  const found = findAirport(code);
  if (found === undefined) throw new Error(`No airport ${code}`);
  return found;
}

describe('the route network', () => {
  it('is built once per seed and is the same for the same seed', () => {
    expect(getNetwork('contrail')).toBe(network);
    const other = getNetwork('another-seed');
    expect(other.routes.length).toBeGreaterThan(10_000);
    expect(other.routes.length).not.toBe(network.routes.length);
  });

  it('flies the big transatlantic carriers between London and New York', () => {
    const carriers = network
      .routesBetween(airport('LHR').index, airport('JFK').index)
      .map((r) => r.airline.seed.iataCode);
    expect(carriers).toEqual(expect.arrayContaining(['BA', 'VS', 'AA', 'DL']));
  });

  it('gives every airport at least one route', () => {
    const served = new Set(network.routes.flatMap((r) => [r.from.index, r.to.index]));
    for (const record of allAirportRecords())
      expect(served.has(record.index), record.iata).toBe(true);
  });

  // The network has ~30,000 routes: collect the exceptions and compare once.
  it('flies every route both ways, except the one-way special routes', () => {
    const special = new Set(specialRoutes.map((s) => `${s.origin}-${s.destination}`));
    const oneWay = network.routes
      .filter((route) => !special.has(`${route.from.iata}-${route.to.iata}`))
      .filter(
        (route) =>
          !network
            .routesBetween(route.to.index, route.from.index)
            .some((back) => back.airline.index === route.airline.index),
      )
      .map((route) => `${route.airline.seed.iataCode} ${route.from.iata}-${route.to.iata}`);
    expect(oneWay).toEqual([]);
  });

  it('schedules plausible services', () => {
    const problems: string[] = [];
    for (const route of network.routes) {
      const name = `${route.airline.seed.iataCode} ${route.from.iata}-${route.to.iata}`;
      if (route.services.length === 0) problems.push(`${name}: no services`);
      for (const service of route.services) {
        const ok =
          service.departureMinute >= 6 * 60 &&
          service.departureMinute <= 23 * 60 + 30 &&
          service.departureMinute % 5 === 0 &&
          service.blockMinutes >= 30 &&
          service.daysMask > 0 &&
          service.daysMask <= 127 &&
          service.aircraft.type.rangeKm >= route.distanceKm &&
          route.airline.seed.fleet.includes(service.aircraft.type.iataCode);
        if (!ok) problems.push(`${name} ${service.flightNumber}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('never reuses a flight number within an airline', () => {
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const route of network.routes) {
      for (const service of route.services) {
        const key = `${route.airline.seed.iataCode}${service.flightNumber}`;
        if (seen.has(key)) problems.push(key);
        seen.add(key);
        if (
          network.findService(route.airline.seed.iataCode, service.flightNumber)?.route !== route
        ) {
          problems.push(`${key} not found`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('lets low-cost carriers fly only within their region', () => {
    for (const route of network.routes) {
      if (route.airline.seed.kind !== 'low_cost') continue;
      expect(route.distanceKm).toBeLessThanOrEqual(4200);
    }
  });

  it('flies the special routes the README lists', () => {
    for (const special of specialRoutes) {
      const routes = network.routesBetween(
        airport(special.origin).index,
        airport(special.destination).index,
      );
      if (special.forcedCarrier === null) continue;
      expect(routes.map((r) => r.airline.seed.iataCode)).toContain(special.forcedCarrier);
    }
  });

  it('knows which airports are hubs', () => {
    expect(network.isHub(airport('LHR').index)).toBe(true);
    expect(network.isHub(airport('RAI').index)).toBe(false);
    expect(network.hubsFrom(airport('LHR').index).length).toBeGreaterThan(20);
  });
});
