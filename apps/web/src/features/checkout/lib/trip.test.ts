import { describe, expect, it } from 'vitest';
import { buildJourney, buildOffer, places } from '../../../test/offers';
import { searchCriteriaFor, sliceRows, tripTypeLabel } from './trip';

const roundTrip = buildOffer({
  slices: [
    buildJourney({ from: places.LHR, to: places.JFK, date: '2026-12-13' }),
    buildJourney({ from: places.JFK, to: places.LHR, date: '2026-12-20' }),
  ],
});
const threeCities = buildOffer({
  slices: [
    buildJourney({ from: places.LHR, to: places.CDG, date: '2026-12-13' }),
    buildJourney({ from: places.CDG, to: places.DUB, date: '2026-12-16' }),
    buildJourney({ from: places.DUB, to: places.LHR, date: '2026-12-20' }),
  ],
});

describe('the trip in checkout', () => {
  it('names the trip by its slices', () => {
    expect(tripTypeLabel(roundTrip)).toBe('Round Trip');
    expect(tripTypeLabel(buildOffer())).toBe('One Way');
    expect(tripTypeLabel(threeCities)).toBe('Multi-City');
    // Two flights that do not come back are a multi-city trip too.
    expect(tripTypeLabel(buildOffer({ slices: threeCities.slices.slice(0, 2) }))).toBe(
      'Multi-City',
    );
  });

  it('lists each slice in the summary: Departure and Return, or every flight by its number', () => {
    expect(sliceRows(roundTrip).map(({ term, value }) => `${term}: ${value}`)).toEqual([
      'Departure: Sun, Dec 13, 2026 · LHR → JFK',
      'Return: Sun, Dec 20, 2026 · JFK → LHR',
    ]);
    expect(sliceRows(threeCities).map(({ term, value }) => `${term}: ${value}`)).toEqual([
      'Flight 1: Sun, Dec 13, 2026 · LHR → CDG',
      'Flight 2: Wed, Dec 16, 2026 · CDG → DUB',
      'Flight 3: Sun, Dec 20, 2026 · DUB → LHR',
    ]);
  });

  it('finds an expired multi-city offer again by its flights', () => {
    expect(searchCriteriaFor(threeCities)).toEqual({
      tripType: 'multi-city',
      slices: 'LHR.CDG.2026-12-13_CDG.DUB.2026-12-16_DUB.LHR.2026-12-20',
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
    });
    expect(searchCriteriaFor(roundTrip)).toMatchObject({
      tripType: 'round-trip',
      origin: 'LHR',
      returnDate: '2026-12-20',
    });
  });
});
