import { describe, expect, it } from 'vitest';
import { sliceLabel } from '../../../lib/journey';
import { buildOffer, buildSeatMap, PASSENGER_IDS } from '../test/checkout-factories';
import {
  cabinViews,
  missingSeats,
  orderedSeatMaps,
  seatCharges,
  seatedPassengers,
} from './seat-map';

describe('seat maps', () => {
  const map = buildSeatMap('seg_out', 'sli_out', { '10A': '25.00', '10B': null });

  it('draws a cabin: letters per section, row numbers, positions, exits and facilities', () => {
    const [cabin] = cabinViews(map);
    expect(cabin?.label).toBe('Economy');
    expect(cabin?.columns).toEqual([
      ['A', 'B'],
      ['C', 'D'],
    ]);
    expect(cabin?.rows.map((row) => row.number)).toEqual([10, 11, null, 12, null]);
    const row10 = cabin?.rows[0]?.sections.flat() ?? [];
    expect(row10.map((cell) => (cell.kind === 'seat' ? cell.position : cell.facility))).toEqual([
      'window',
      'aisle',
      'aisle',
      'window',
    ]);
    const exitRow = cabin?.rows[3]?.sections.flat() ?? [];
    expect(exitRow.every((cell) => cell.kind === 'seat' && cell.exitRow)).toBe(true);
    const row11 = cabin?.rows[1]?.sections.flat() ?? [];
    expect(row11.some((cell) => cell.kind === 'seat' && cell.exitRow)).toBe(false);
  });

  it('prices a seat per passenger; a taken seat has no price for anyone', () => {
    const seats = cabinViews(map)[0]?.rows[0]?.sections.flat() ?? [];
    const [a, b] = seats;
    expect(a?.kind === 'seat' && a.prices.get(PASSENGER_IDS[0])).toEqual({
      amountMinor: 2500,
      currency: 'USD',
    });
    expect(b?.kind === 'seat' && b.prices.size).toBe(0);
  });

  it('prices the chosen seats and leaves out a seat that is no longer to be had', () => {
    const charges = seatCharges([map], {
      seg_out: { [PASSENGER_IDS[0]]: '10A', [PASSENGER_IDS[1]]: '10B' },
    });
    expect(charges).toEqual([
      {
        passengerId: PASSENGER_IDS[0],
        segmentId: 'seg_out',
        designator: '10A',
        amountMinor: 2500,
        currency: 'USD',
      },
    ]);
  });

  it('needs a seat for every seated passenger on every flight with a map', () => {
    const maps = [map, buildSeatMap('seg_back', 'sli_back')];
    const ids = PASSENGER_IDS;
    expect(missingSeats(maps, ids, { seg_out: { [ids[0]]: '10A' } })).toEqual([
      { segmentId: 'seg_out', passengerId: ids[1] },
      { segmentId: 'seg_back', passengerId: ids[0] },
      { segmentId: 'seg_back', passengerId: ids[1] },
    ]);
    expect(
      missingSeats(maps, ids, {
        seg_out: { [ids[0]]: '10A', [ids[1]]: '11A' },
        seg_back: { [ids[0]]: '10A', [ids[1]]: '10B' },
      }),
    ).toEqual([]);
  });

  it('seats everyone but infants on a lap, and orders maps by travel under Outbound and Return', () => {
    const offer = buildOffer({
      passengers: [
        { id: 'pas_a', type: 'adult', age: null },
        { id: 'pas_i', type: 'infant_without_seat', age: 1 },
      ],
    });
    expect(seatedPassengers(offer).map((p) => p.id)).toEqual(['pas_a']);
    const ordered = orderedSeatMaps(offer, [
      buildSeatMap('seg_back', 'sli_back'),
      buildSeatMap('seg_out', 'sli_out'),
      buildSeatMap('seg_unknown', 'sli_x'),
    ]);
    expect(
      ordered.map((entry) => [entry.map.segment_id, sliceLabel(entry.sliceIndex, offer.slices)]),
    ).toEqual([
      ['seg_out', 'Outbound'],
      ['seg_back', 'Return'],
    ]);
  });
});
