import { multiCityMessages, searchMessages } from '@contrail/contracts/search-rules';
import { describe, expect, it } from 'vitest';
import {
  seedSlices,
  sliceDateMin,
  validateMultiCity,
  withSliceAdded,
  withSliceChange,
  withSliceRemoved,
} from './multi-city-form';
import { defaultSearchFormValues, withTripType, type SearchFormValues } from './search-form';

const TODAY = '2026-03-01';
const threeCities: SearchFormValues = {
  ...defaultSearchFormValues(TODAY, 'multi-city'),
  slices: [
    { origin: 'LHR', destination: 'CDG', departureDate: '2026-03-10' },
    { origin: 'CDG', destination: 'FCO', departureDate: '2026-03-13' },
    { origin: 'FCO', destination: 'LHR', departureDate: '2026-03-17' },
  ],
};

function problemsOf(values: SearchFormValues) {
  const result = validateMultiCity(values, TODAY);
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}

describe('the Multi-City flights', () => {
  it('start as two flights: the fresh form’s, or the trip already on the form', () => {
    expect(defaultSearchFormValues(TODAY, 'multi-city').slices).toEqual([
      { origin: '', destination: '', departureDate: TODAY },
      { origin: '', destination: '', departureDate: '2026-03-04' },
    ]);
    const roundTrip = {
      ...defaultSearchFormValues(TODAY),
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2026-03-10',
      returnDate: '2026-03-17',
    };
    // A return trip goes on as its second flight; one way, the second flight is still to choose.
    expect(withTripType(roundTrip, 'multi-city').slices).toEqual([
      { origin: 'LHR', destination: 'JFK', departureDate: '2026-03-10' },
      { origin: 'JFK', destination: 'LHR', departureDate: '2026-03-17' },
    ]);
    expect(seedSlices({ ...roundTrip, tripType: 'one-way' })[1]).toEqual({
      origin: 'JFK',
      destination: '',
      departureDate: '2026-03-13',
    });
  });

  it('leaving Multi-City, the first flight is the trip', () => {
    const oneWay = withTripType(threeCities, 'one-way');
    expect(oneWay).toMatchObject({
      tripType: 'one-way',
      origin: 'LHR',
      destination: 'CDG',
      departureDate: '2026-03-10',
    });
    // And back, the flights are as they were.
    expect(withTripType(oneWay, 'multi-city').slices).toEqual(threeCities.slices);
  });

  it('adds a flight from where the last one lands, a few days later, up to five', () => {
    const four = withSliceAdded(threeCities, TODAY);
    expect(four.slices[3]).toEqual({ origin: 'LHR', destination: '', departureDate: '2026-03-20' });
    const five = withSliceAdded(four, TODAY);
    expect(five.slices).toHaveLength(5);
    expect(withSliceAdded(five, TODAY)).toBe(five);
  });

  it('keeps a new flight within the booking horizon', () => {
    const late = withSliceChange(threeCities, 2, { departureDate: '2027-01-31' });
    expect(withSliceAdded(late, TODAY).slices[3]?.departureDate).toBe('2027-01-31');
  });

  it('removes any flight, never below two', () => {
    const two = withSliceRemoved(threeCities, 1);
    expect(two.slices.map((slice) => slice.origin)).toEqual(['LHR', 'FCO']);
    expect(withSliceRemoved(two, 0)).toBe(two);
  });

  it('a new To is the next flight’s From when that one followed it, never when chosen apart', () => {
    const paris = withSliceChange(threeCities, 0, { destination: 'ORY' });
    expect(paris.slices[1]?.origin).toBe('ORY');
    const chosenApart = withSliceChange(withSliceChange(threeCities, 1, { origin: 'BVA' }), 0, {
      destination: 'ORY',
    });
    expect(chosenApart.slices[1]?.origin).toBe('BVA');
  });

  it('moves later flights that would leave before a new date to that day', () => {
    const later = withSliceChange(threeCities, 0, { departureDate: '2026-03-15' });
    expect(later.slices.map((slice) => slice.departureDate)).toEqual([
      '2026-03-15',
      '2026-03-15',
      '2026-03-17',
    ]);
  });

  it('offers dates from today, or from the flight before', () => {
    expect(sliceDateMin(threeCities.slices, 0, TODAY)).toBe(TODAY);
    expect(sliceDateMin(threeCities.slices, 2, TODAY)).toBe('2026-03-13');
    const noDate = threeCities.slices.map((slice, index) =>
      index === 1 ? { ...slice, departureDate: '' } : slice,
    );
    expect(sliceDateMin(noDate, 2, TODAY)).toBe('2026-03-10');
  });
});

describe('validateMultiCity', () => {
  it('gives the criteria of a trip that can be searched, its first flight as its route', () => {
    expect(validateMultiCity(threeCities, TODAY)).toEqual({
      ok: true,
      criteria: {
        tripType: 'multi-city',
        origin: 'LHR',
        destination: 'CDG',
        departureDate: '2026-03-10',
        returnDate: undefined,
        cabinClass: 'economy',
        adultsCount: 1,
        childrenCount: 0,
        infantsCount: 0,
        childrenAges: [],
        infantsAges: [],
        slices: threeCities.slices,
      },
    });
  });

  it('names each missing field on its own flight', () => {
    const blank = defaultSearchFormValues(TODAY, 'multi-city');
    expect(problemsOf(blank)).toEqual([
      { field: 'slices.0.origin', message: searchMessages.originRequired },
      { field: 'slices.0.destination', message: searchMessages.destinationRequired },
      { field: 'slices.1.origin', message: searchMessages.originRequired },
      { field: 'slices.1.destination', message: searchMessages.destinationRequired },
    ]);
  });

  it('puts a flight before the one ahead of it, the same city, the past on the right flight', () => {
    const early = withSliceChange(threeCities, 2, { departureDate: '2026-03-12' });
    expect(problemsOf(early)).toEqual([
      { field: 'slices.2.departureDate', message: multiCityMessages.sliceBeforePrevious },
    ]);
    const same = withSliceChange(threeCities, 1, { destination: 'CDG' });
    expect(problemsOf(same)).toEqual([
      { field: 'slices.1.destination', message: searchMessages.sameAirports },
    ]);
    const past = withSliceChange(threeCities, 0, { departureDate: '2026-02-27' });
    expect(problemsOf(past)).toEqual([
      { field: 'slices.0.departureDate', message: searchMessages.departureInPast },
    ]);
  });

  it('checks the party as the other trips do', () => {
    expect(problemsOf({ ...threeCities, infantsCount: 2, infantsAges: [0, 1] })).toEqual([
      { field: 'infantsCount', message: searchMessages.infantsExceedAdults },
    ]);
    expect(problemsOf({ ...threeCities, childrenCount: 1, childrenAges: [null] })).toEqual([
      { field: 'childrenAges', message: searchMessages.childAgesRequired },
    ]);
  });
});
