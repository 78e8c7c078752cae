import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { must } from './test-factories';
import { getNetwork } from './network';
import { findAirline, findAirport, type AirportRecord } from '@contrail/reference-data';
import {
  canConnect,
  flightsOn,
  maximumConnectionMinutes,
  minimumConnectionMinutes,
  searchItineraries,
  type Flight,
} from './schedule';

const network = getNetwork('contrail');

function airport(code: string): AirportRecord {
  const found = findAirport(code);
  if (found === undefined) throw new Error(`No airport ${code}`);
  return found;
}

function routes(from: string, to: string) {
  return network.routesBetween(airport(from).index, airport(to).index);
}

/** Arrival minus departure, recomputed from the printed local times with the tz library. */
function minutesBetweenLocalTimes(flight: Flight): number {
  const toInstant = (iso: string, timeZone: string): number => {
    const [date = '', time = ''] = iso.split('T');
    const [y, m, d] = date.split('-').map(Number);
    const [hh, mm] = time.split(':').map(Number);
    return TZDate.tz(timeZone, y ?? 0, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0).getTime();
  };
  return (
    (toInstant(flight.arrivalLocal.iso, flight.route.to.timeZone) -
      toInstant(flight.departureLocal.iso, flight.route.from.timeZone)) /
    60_000
  );
}

describe('dated flights', () => {
  it('depart at the scheduled local time and last exactly their block time', () => {
    for (const flight of flightsOn(must(routes('LHR', 'JFK')[0]), '2026-03-04')) {
      expect(flight.departureLocal.date).toBe('2026-03-04');
      expect(flight.departureLocal.minuteOfDay).toBe(flight.service.departureMinute);
      expect(minutesBetweenLocalTimes(flight)).toBe(flight.service.blockMinutes);
      expect(flight.key).toMatch(/^[A-Z0-9]{2}\d{1,4}-20260304$/);
    }
  });

  it('stay right on the day New York changes its clocks', () => {
    // 8 March 2026: New York is on summer time, London not yet: a 4-hour gap, not 5.
    const flight = must(flightsOn(must(routes('LHR', 'JFK')[0]), '2026-03-08')[0]);
    expect(minutesBetweenLocalTimes(flight)).toBe(flight.service.blockMinutes);
    const departureUtc = new Date(flight.departureInstant).toISOString().slice(11, 16);
    expect(departureUtc).toBe(flight.departureLocal.iso.slice(11, 16));
  });

  it('cross the date line both ways', () => {
    // Sydney to Los Angeles lands on the same calendar day it left, at an earlier clock time.
    const sydLax = routes('SYD', 'LAX').flatMap((r) => flightsOn(r, '2026-05-20'));
    expect(sydLax.length).toBeGreaterThan(0);
    for (const flight of sydLax) {
      expect(flight.arrivalLocal.iso < flight.departureLocal.iso).toBe(true);
      expect(minutesBetweenLocalTimes(flight)).toBe(flight.service.blockMinutes);
    }
    // The other way loses a day.
    const laxSyd = routes('LAX', 'SYD').flatMap((r) => flightsOn(r, '2026-05-20'));
    for (const flight of laxSyd) {
      expect(flight.arrivalLocal.date >= '2026-05-22').toBe(true);
      expect(minutesBetweenLocalTimes(flight)).toBe(flight.service.blockMinutes);
    }
  });

  it('operate only on the weekdays of their pattern', () => {
    const thin = network.routes.find((r) => r.services.some((s) => s.daysMask !== 127));
    expect(thin).toBeDefined();
    if (thin === undefined) return;
    const service = must(thin.services.find((s) => s.daysMask !== 127));
    const days = [
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ];
    const flying = days.filter((date) => flightsOn(thin, date).some((f) => f.service === service));
    expect(flying.length).toBe(
      [0, 1, 2, 3, 4, 5, 6].filter((d) => (service.daysMask & (1 << d)) !== 0).length,
    );
  });
});

describe('connections', () => {
  const ba = must(findAirline('BA'));
  const aa = must(findAirline('AA'));
  const dl = must(findAirline('DL'));
  const fr = must(findAirline('FR'));

  it('are sold within an airline or an alliance, never on low-cost carriers', () => {
    expect(canConnect(ba, ba)).toBe(true);
    expect(canConnect(ba, aa)).toBe(true);
    expect(canConnect(ba, dl)).toBe(false);
    expect(canConnect(fr, fr)).toBe(false);
  });

  it('need more time at big hubs, across borders and between airlines', () => {
    const lhrJfk = must(routes('LHR', 'JFK').find((r) => r.airline.seed.iataCode === 'BA'));
    const jfkBos = routes('JFK', 'BOS');
    const sameAirline = jfkBos.find(
      (r) => r.airline.seed.iataCode === 'B6' || r.airline.seed.iataCode === 'AA',
    );
    expect(sameAirline).toBeDefined();
    const minutes = minimumConnectionMinutes(airport('JFK'), lhrJfk, must(sameAirline));
    expect(minutes).toBeGreaterThanOrEqual(90);
    const domestic = must(routes('BOS', 'JFK')[0]);
    expect(minimumConnectionMinutes(airport('JFK'), domestic, domestic)).toBeLessThan(minutes);
  });

  it('respect the minimum and maximum connection times in every itinerary', () => {
    for (const [from, to] of [
      ['LHR', 'JFK'],
      ['ABE', 'NAN'],
      ['AKL', 'HNL'],
      ['BHX', 'SIN'],
    ] as const) {
      const itineraries = searchItineraries(network, {
        origins: [airport(from)],
        destinations: [airport(to)],
        date: '2026-05-20',
        maxConnections: 2,
      });
      expect(itineraries.length, `${from}-${to}`).toBeGreaterThan(0);
      for (const itinerary of itineraries) {
        expect(itinerary.flights[0]?.route.from.iata).toBe(from);
        expect(itinerary.flights[itinerary.flights.length - 1]?.route.to.iata).toBe(to);
        expect(itinerary.flights.length).toBeLessThanOrEqual(3);
        for (let i = 1; i < itinerary.flights.length; i++) {
          const inbound = must(itinerary.flights[i - 1]);
          const outbound = must(itinerary.flights[i]);
          expect(outbound.route.from.index).toBe(inbound.route.to.index);
          const gap = (outbound.departureInstant - inbound.arrivalInstant) / 60_000;
          expect(gap).toBeGreaterThanOrEqual(
            minimumConnectionMinutes(inbound.route.to, inbound.route, outbound.route),
          );
          expect(gap).toBeLessThanOrEqual(maximumConnectionMinutes);
          expect(canConnect(inbound.route.airline, outbound.route.airline)).toBe(true);
        }
      }
    }
  });

  it('offers direct flights first and keeps to the asked number of stops', () => {
    const direct = searchItineraries(network, {
      origins: [airport('LHR')],
      destinations: [airport('JFK')],
      date: '2026-05-20',
      maxConnections: 0,
    });
    expect(direct.length).toBeGreaterThanOrEqual(5);
    expect(direct.every((i) => i.flights.length === 1)).toBe(true);
    const any = searchItineraries(network, {
      origins: [airport('LHR')],
      destinations: [airport('JFK')],
      date: '2026-05-20',
      maxConnections: 1,
    });
    expect(any[0]?.flights).toHaveLength(1);
    expect(any.some((i) => i.flights.length === 2)).toBe(true);
  });
});
