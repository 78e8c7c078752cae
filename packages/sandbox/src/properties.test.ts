/**
 * Property-based tests over random routes, dates and passenger mixes: the sandbox's promises
 * must hold for every search, not only for the examples in the other tests.
 */
import { addDays } from '@contrail/contracts/flight-search';
import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SandboxError } from './errors';
import { isSupportedCurrency, parseAmount, supportedCurrencies } from './money';
import { listAirports } from '@contrail/reference-data';
import { createTestSandbox, orderInputFor, must } from './test-factories';
import { parseIsoDuration } from './time-zones';
import type { Offer, OfferRequestPassenger, SearchOffersInput, SeatElement } from './types';

const today = '2026-01-10';
const bigAirports = listAirports()
  .filter((a) => a.tier <= 2)
  .map((a) => a.iata_code);

const route = fc
  .tuple(fc.constantFrom(...bigAirports), fc.constantFrom(...bigAirports))
  .filter(([a, b]) => a !== b);

const passengers = fc
  .record({
    adults: fc.integer({ min: 1, max: 3 }),
    children: fc.integer({ min: 0, max: 2 }),
    infants: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ adults, children, infants }): OfferRequestPassenger[] => [
    ...Array.from({ length: adults }, () => ({ type: 'adult' as const })),
    ...Array.from({ length: children }, (_, i) => ({ age: 2 + i * 4 })),
    ...Array.from({ length: Math.min(infants, adults) }, () => ({
      type: 'infant_without_seat' as const,
    })),
  ]);

const search = fc
  .record({
    route,
    outbound: fc.integer({ min: 0, max: 330 }),
    stay: fc.option(fc.integer({ min: 0, max: 21 }), { nil: undefined }),
    passengers,
    cabin: fc.constantFrom(
      'economy' as const,
      'economy' as const,
      'premium_economy' as const,
      'business' as const,
      'first' as const,
    ),
    currency: fc.constantFrom(...supportedCurrencies),
    maxConnections: fc.constantFrom(0, 1, 1, 2, 2),
  })
  .map(
    ({
      route: [origin, destination],
      outbound,
      stay,
      passengers: people,
      cabin,
      currency,
      maxConnections,
    }): SearchOffersInput => {
      const date = addDays(today, outbound);
      const slices = [{ origin, destination, departure_date: date }];
      if (stay !== undefined)
        slices.push({
          origin: destination,
          destination: origin,
          departure_date: addDays(date, stay),
        });
      return {
        slices,
        passengers: people,
        cabin_class: cabin,
        currency,
        max_connections: maxConnections,
      };
    },
  );

function instantOf(local: string, timeZone: string): number {
  const [date = '', time = ''] = local.split('T');
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  return TZDate.tz(timeZone, y, m - 1, d, hh, mm).getTime();
}

function minorUnits(amount: string, currency: string): number {
  if (!isSupportedCurrency(currency)) throw new Error(`currency ${currency}`);
  const value = parseAmount(amount, currency);
  if (value === null) throw new Error(`amount ${amount}`);
  return value;
}

const runs = { numRuns: 30 };

describe('properties of every search', () => {
  it('gives the same output for the same input, in any process', async () => {
    await fc.assert(
      fc.asyncProperty(search, async (input) => {
        const a = await createTestSandbox({ now: `${today}T09:00:00Z` }).sandbox.searchOffers(
          input,
        );
        const b = await createTestSandbox({ now: `${today}T09:00:00Z` }).sandbox.searchOffers(
          input,
        );
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      }),
      { numRuns: 20 },
    );
  });

  it('keeps times, durations and connection rules', async () => {
    const { sandbox } = createTestSandbox({ now: `${today}T09:00:00Z` });
    let searchesWithOffers = 0;
    await fc.assert(
      fc.asyncProperty(search, async (input) => {
        const request = await sandbox.searchOffers(input);
        if (request.offers.length > 0) searchesWithOffers++;
        for (const offer of request.offers) {
          offer.slices.forEach((slice, s) => {
            const asked = must(input.slices[s]);
            expect(slice.origin.iata_code).toBe(asked.origin);
            expect(slice.destination.iata_code).toBe(asked.destination);
            expect(must(slice.segments[0]).departing_at.slice(0, 10)).toBe(asked.departure_date);
            expect(slice.segments.length).toBeLessThanOrEqual((input.max_connections ?? 1) + 1);
            let previousArrival: number | undefined;
            let previousDestination: string | undefined;
            for (const segment of slice.segments) {
              const departure = instantOf(segment.departing_at, segment.origin.time_zone);
              const arrival = instantOf(segment.arriving_at, segment.destination.time_zone);
              expect((arrival - departure) / 60_000).toBe(parseIsoDuration(segment.duration));
              // Average speed, taxiing included, stays under a jet's 950 km/h. Very short hops are
              // dominated by taxi, climb and approach, so they are bounded by block time instead.
              const hours = (arrival - departure) / 3_600_000;
              expect(Number(segment.distance) / hours).toBeLessThan(950);
              if (Number(segment.distance) >= 300) {
                expect(Number(segment.distance) / hours).toBeGreaterThan(90);
              } else {
                expect(hours * 60).toBeGreaterThanOrEqual(20);
                expect(hours * 60).toBeLessThanOrEqual(120);
              }
              if (previousArrival !== undefined) {
                expect(segment.origin.iata_code).toBe(previousDestination);
                const gap = (departure - previousArrival) / 60_000;
                expect(gap).toBeGreaterThanOrEqual(35);
                expect(gap).toBeLessThanOrEqual(24 * 60);
              }
              previousArrival = arrival;
              previousDestination = segment.destination.iata_code;
            }
            const first = must(slice.segments[0]);
            const last = must(slice.segments[slice.segments.length - 1]);
            expect(parseIsoDuration(slice.duration)).toBe(
              (instantOf(last.arriving_at, last.destination.time_zone) -
                instantOf(first.departing_at, first.origin.time_zone)) /
                60_000,
            );
          });
          for (let s = 1; s < offer.slices.length; s++) {
            const before = must(must(offer.slices[s - 1]).segments.at(-1));
            const after = must(must(offer.slices[s]).segments[0]);
            expect(instantOf(after.departing_at, after.origin.time_zone)).toBeGreaterThan(
              instantOf(before.arriving_at, before.destination.time_zone),
            );
          }
        }
      }),
      runs,
    );
    // Guard against a vacuous pass: most random pairs of big airports do connect.
    expect(searchesWithOffers).toBeGreaterThan(runs.numRuns / 3);
  });

  it('prices every offer positively with base + tax = total', async () => {
    const { sandbox } = createTestSandbox({ now: `${today}T09:00:00Z` });
    await fc.assert(
      fc.asyncProperty(search, async (input) => {
        const request = await sandbox.searchOffers(input);
        for (const offer of request.offers) {
          const currency = offer.total_currency;
          expect(currency).toBe(input.currency);
          const total = minorUnits(offer.total_amount, currency);
          const base = minorUnits(offer.base_amount, currency);
          const tax = minorUnits(offer.tax_amount, currency);
          expect(base).toBeGreaterThan(0);
          expect(tax).toBeGreaterThan(0);
          expect(base + tax).toBe(total);
          expect(new Date(offer.expires_at).getTime() - new Date(offer.created_at).getTime()).toBe(
            30 * 60_000,
          );
          for (const condition of [
            offer.conditions.change_before_departure,
            offer.conditions.refund_before_departure,
          ]) {
            if (condition?.allowed === true)
              expect(minorUnits(condition.penalty_amount ?? '', currency)).toBeGreaterThanOrEqual(
                0,
              );
          }
        }
      }),
      runs,
    );
  });
});

function seatsOf(elements: readonly { type: string }[]): SeatElement[] {
  return elements.filter((e): e is SeatElement => e.type === 'seat');
}

describe('properties of seat maps and orders', () => {
  it('never repeat a designator within a seat map, never seat an infant', async () => {
    const { sandbox } = createTestSandbox({ now: `${today}T09:00:00Z` });
    await fc.assert(
      fc.asyncProperty(search, fc.nat(), async (input, pick) => {
        const request = await sandbox.searchOffers(input);
        if (request.offers.length === 0) return;
        const offer = must(request.offers[pick % request.offers.length]);
        const maps = await sandbox.getSeatMaps(offer.id);
        expect(maps).toHaveLength(offer.slices.reduce((n, s) => n + s.segments.length, 0));
        const infants = new Set(
          offer.passengers.filter((p) => p.type === 'infant_without_seat').map((p) => p.id),
        );
        for (const map of maps) {
          const seats = seatsOf(
            map.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements))),
          );
          const designators = seats.map((s) => s.designator);
          expect(new Set(designators).size).toBe(designators.length);
          for (const seat of seats) {
            for (const service of seat.available_services)
              expect(infants.has(service.passenger_id)).toBe(false);
          }
        }
      }),
      { numRuns: 20 },
    );
  });

  it('never sell one seat twice, whatever orders come in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            offer: fc.nat(),
            seats: fc.array(fc.nat({ max: 11 }), { minLength: 1, maxLength: 2 }),
          }),
          {
            minLength: 2,
            maxLength: 8,
          },
        ),
        async (attempts) => {
          const { sandbox, store } = createTestSandbox({ now: `${today}T09:00:00Z` });
          const request = await sandbox.searchOffers({
            slices: [{ origin: 'LHR', destination: 'JFK', departure_date: '2026-02-03' }],
            passengers: [{ type: 'adult' }, { type: 'adult' }],
            max_connections: 0,
          });
          // Offers on the same first flight, so orders compete for the same seats.
          const key = must(must(request.offers[0]).slices[0]).comparison_key;
          const offers = request.offers.filter((o) => must(o.slices[0]).comparison_key === key);
          const maps = new Map<string, SeatElement[]>();
          for (const offer of offers) {
            const [map] = await sandbox.getSeatMaps(offer.id);
            maps.set(
              offer.id,
              seatsOf(
                must(map).cabins.flatMap((c) =>
                  c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)),
                ),
              ),
            );
          }
          const designators = must(maps.get(must(offers[0]).id))
            .filter((s) => s.available_services.length === 2)
            .map((s) => s.designator)
            .slice(0, 12);
          const orders = attempts.map(({ offer: o, seats }) => {
            const offer: Offer = must(offers[o % offers.length]);
            const chosen = [
              ...new Set(seats.map((s) => must(designators[s % designators.length]))),
            ];
            const services = chosen.map((designator, i) => {
              const seat = must(must(maps.get(offer.id)).find((s) => s.designator === designator));
              const service = must(seat.available_services[i]);
              return { id: service.id, quantity: 1, amount: service.total_amount };
            });
            return sandbox.createOrder(orderInputFor(offer, { services }));
          });
          const results = await Promise.allSettled(orders);
          const sold: string[] = [];
          for (const result of results) {
            if (result.status === 'fulfilled') {
              for (const service of result.value.services) {
                if (service.type === 'seat' && 'designator' in service.metadata)
                  sold.push(service.metadata.designator);
              }
            } else {
              expect(result.reason).toBeInstanceOf(SandboxError);
              expect((result.reason as SandboxError).code).toBe('seat_unavailable');
            }
          }
          expect(new Set(sold).size).toBe(sold.length);
          expect(store.soldSeatCount()).toBe(sold.length);
          expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
        },
      ),
      { numRuns: 20 },
    );
  });
});
