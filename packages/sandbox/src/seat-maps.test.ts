import { describe, expect, it } from 'vitest';
import { aircraftTypes } from '@contrail/reference-data/data/aircraft';
import { fareBrands } from './fare-brands';
import { findSeat, isSimulatedTaken, mayTakeSeat, seatPriceUsdCents, seatsOf } from './seat-maps';
import { createTestSandbox, orderInputFor, must } from './test-factories';
import type { SeatElement, SeatMap } from './types';

function seats(map: SeatMap): SeatElement[] {
  return map.cabins
    .flatMap((cabin) => cabin.rows)
    .flatMap((row) => row.sections)
    .flatMap((section) => section.elements)
    .filter((element): element is SeatElement => element.type === 'seat');
}

const b789 = must(aircraftTypes.find((a) => a.iataCode === '789'));
const a320 = must(aircraftTypes.find((a) => a.iataCode === '320'));

describe('seat positions and prices', () => {
  it('knows windows, aisles and middles', () => {
    expect(findSeat(a320, '20A')?.position).toBe('window');
    expect(findSeat(a320, '20B')?.position).toBe('middle');
    expect(findSeat(a320, '20C')?.position).toBe('aisle');
    expect(findSeat(a320, '20D')?.position).toBe('aisle');
    expect(findSeat(a320, '20F')?.position).toBe('window');
    expect(findSeat(b789, '40E')?.position).toBe('middle');
    expect(findSeat(b789, '40D')?.position).toBe('aisle');
    expect(findSeat(b789, '40F')?.position).toBe('aisle');
    expect(findSeat(a320, '13A')).toBeUndefined();
  });

  it('charges by position and haul, and includes seats in the dearer brands', () => {
    const [basic, , flex] = fareBrands.economy;
    const pricing = { distanceKm: 800, brand: must(basic), lowCost: false };
    const middle = seatPriceUsdCents(must(findSeat(a320, '20B')), pricing);
    const window = seatPriceUsdCents(must(findSeat(a320, '20A')), pricing);
    const exit = seatPriceUsdCents(must(findSeat(a320, '11A')), pricing);
    expect(middle).toBeLessThan(window);
    expect(window).toBeLessThan(exit);
    expect(
      seatPriceUsdCents(must(findSeat(a320, '20A')), { ...pricing, distanceKm: 6000 }),
    ).toBeGreaterThan(window);
    expect(seatPriceUsdCents(must(findSeat(a320, '20A')), { ...pricing, brand: must(flex) })).toBe(
      0,
    );
    expect(
      seatPriceUsdCents(must(findSeat(a320, '11A')), { ...pricing, brand: must(flex) }),
    ).toBeGreaterThan(0);
    expect(
      seatPriceUsdCents(must(findSeat(b789, '2A')), {
        ...pricing,
        brand: must(fareBrands.business[0]),
      }),
    ).toBe(0);
  });

  it('keeps infants off seats and children out of exit rows', () => {
    const exit = must(findSeat(a320, '11C'));
    const plain = must(findSeat(a320, '20C'));
    expect(mayTakeSeat(plain, 'infant_without_seat', 'economy')).toBe(false);
    expect(mayTakeSeat(exit, 'child', 'economy')).toBe(false);
    expect(mayTakeSeat(exit, 'adult', 'economy')).toBe(true);
    expect(mayTakeSeat(must(findSeat(a320, '2A')), 'adult', 'economy')).toBe(false);
  });

  it('leaves at least a tenth of the seats to choose from', () => {
    const all = seatsOf(b789);
    const taken = all.filter((s) =>
      isSimulatedTaken('contrail', 'XX1-20260304', s.designator, 9_900),
    ).length;
    expect(taken / all.length).toBeLessThan(0.93);
  });
});

describe('getSeatMaps', () => {
  it('answers one Duffel seat map per segment', async () => {
    const { sandbox } = createTestSandbox();
    const request = await sandbox.searchOffers({
      slices: [
        { origin: 'LHR', destination: 'JFK', departure_date: '2026-03-04' },
        { origin: 'JFK', destination: 'LHR', departure_date: '2026-03-11' },
      ],
      passengers: [{ type: 'adult' }, { age: 6 }, { type: 'infant_without_seat' }],
    });
    const offer = must(request.offers.find((o) => o.slices.some((s) => s.segments.length > 1)));
    const maps = await sandbox.getSeatMaps(offer.id);
    const segments = offer.slices.flatMap((s) => s.segments.map((g) => ({ segment: g, slice: s })));
    expect(maps).toHaveLength(segments.length);
    maps.forEach((map, i) => {
      expect(map.id).toMatch(/^sea_/);
      expect(map.segment_id).toBe(segments[i]?.segment.id);
      expect(map.slice_id).toBe(segments[i]?.slice.id);
      const designators = seats(map).map((s) => s.designator);
      expect(new Set(designators).size).toBe(designators.length);
      for (const cabin of map.cabins) {
        expect(cabin.aisles).toBe(
          must(cabin.rows.find((r) => r.sections.length > 0)).sections.length - 1,
        );
        if (cabin.wings !== null) {
          expect(cabin.wings.first_row_index).toBeGreaterThanOrEqual(0);
          expect(cabin.wings.last_row_index).toBeLessThan(cabin.rows.length);
        }
      }
      const types = new Set(
        map.cabins.flatMap((c) =>
          c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements.map((e) => e.type))),
        ),
      );
      expect(types).toContain('seat');
      expect(types).toContain('lavatory');
      expect(types).toContain('galley');
      const infant = must(offer.passengers[2]).id;
      const child = must(offer.passengers[1]).id;
      for (const seat of seats(map)) {
        expect(seat.designator).toMatch(/^\d{1,2}[A-K]$/);
        expect(seat.available_services.some((s) => s.passenger_id === infant)).toBe(false);
        if (seat.name === 'Exit row seat') {
          expect(seat.available_services.some((s) => s.passenger_id === child)).toBe(false);
          expect(seat.disclosures.length).toBeGreaterThan(0);
        }
      }
      const available = seats(map).filter((s) => s.available_services.length > 0);
      expect(available.length).toBeGreaterThan(0);
      expect(available.length).toBeLessThan(seats(map).length);
    });
  });

  it('marks the seats of earlier orders unavailable, in every offer on that flight', async () => {
    const { sandbox } = createTestSandbox();
    const search = () =>
      sandbox.searchOffers({
        slices: [{ origin: 'LHR', destination: 'JFK', departure_date: '2026-03-04' }],
        passengers: [{ type: 'adult' }],
        max_connections: 0,
      });
    const offer = must((await search()).offers[0]);
    const [map] = await sandbox.getSeatMaps(offer.id);
    const seat = must(seats(must(map)).find((s) => s.available_services.length > 0));
    const service = must(seat.available_services[0]);
    await sandbox.createOrder(
      orderInputFor(offer, {
        services: [{ id: service.id, quantity: 1, amount: service.total_amount }],
      }),
    );
    const again = must(
      (await search()).offers.find(
        (o) =>
          must(o.slices[0]).comparison_key === must(offer.slices[0]).comparison_key &&
          o.id !== offer.id,
      ),
    );
    const [after] = await sandbox.getSeatMaps(again.id);
    expect(
      seats(must(after)).find((s) => s.designator === seat.designator)?.available_services,
    ).toEqual([]);
  });
});

describe('the seats of every aircraft type', () => {
  it('are numbered uniquely', () => {
    for (const type of aircraftTypes) {
      const designators = seatsOf(type).map((s) => s.designator);
      expect(new Set(designators).size, type.iataCode).toBe(designators.length);
    }
  });
});
