import { multiCityMessages, searchMessages } from '@contrail/contracts/search-rules';
import { describe, expect, it } from 'vitest';
import { linkFieldLabel, searchLinkTexts } from './link-problems';
import { checkSearchLink, isSearchLink } from './search-link';

const today = '2026-03-01';
const slices = 'LHR.CDG.2026-03-10_CDG.FCO.2026-03-13_FCO.LHR.2026-03-17';
const link = {
  tripType: 'multi-city',
  slices,
  cabinClass: 'business',
  adultsCount: 2,
  childrenCount: 0,
  infantsCount: 0,
};
const airports = ['LHR', 'CDG', 'FCO'].map((iata_code) => ({ iata_code }));

function problemsOf(raw: Record<string, unknown>, withAirports = true) {
  const check = checkSearchLink(raw, { today, ...(withAirports ? { airports } : {}) });
  if (check.ok) throw new Error('expected problems');
  return check;
}

describe('a multi-city link', () => {
  it('is a search link, and passes when every flight can be searched', () => {
    expect(isSearchLink({ slices })).toBe(true);
    expect(checkSearchLink({ ...link, sort: 'cheapest' }, { today, airports })).toMatchObject({
      ok: true,
      search: { tripType: 'multi-city', slices, origin: 'LHR', sort: 'cheapest' },
    });
  });

  it('a flight before the one ahead of it: named on that flight, the rest kept in the form', () => {
    const { problems, values } = problemsOf({
      ...link,
      slices: 'LHR.CDG.2026-03-10_CDG.FCO.2026-03-08_FCO.LHR.2026-03-17',
    });
    expect(problems).toEqual([
      {
        field: 'slices.1.departureDate',
        message: multiCityMessages.sliceBeforePrevious,
        reason: null,
      },
    ]);
    expect(linkFieldLabel('slices.1.departureDate')).toBe('Flight 2, Departure');
    expect(values).toMatchObject({
      tripType: 'multi-city',
      cabinClass: 'business',
      adultsCount: 2,
      slices: [
        { origin: 'LHR', destination: 'CDG', departureDate: '2026-03-10' },
        { origin: 'CDG', destination: 'FCO', departureDate: '' },
        { origin: 'FCO', destination: 'LHR', departureDate: '2026-03-17' },
      ],
    });
  });

  it('names what is wrong with each flight’s values, in the order of the form', () => {
    const { problems } = problemsOf({
      ...link,
      adultsCount: 'two',
      slices: 'LHR.Paris.2026-03-10_CDG.ZZZ.2026-02-30',
    });
    expect(problems).toEqual([
      {
        field: 'slices.0.destination',
        message: searchMessages.destinationRequired,
        reason: searchLinkTexts.notAnAirportCode('Paris'),
      },
      {
        field: 'slices.1.destination',
        message: searchMessages.destinationRequired,
        reason: searchLinkTexts.unknownAirport('ZZZ'),
      },
      {
        field: 'slices.1.departureDate',
        message: searchMessages.departureDateRequired,
        reason: searchLinkTexts.notADate('2026-02-30'),
      },
      {
        field: 'adultsCount',
        message: searchMessages.adultsRequired,
        reason: searchLinkTexts.notANumber('two'),
      },
    ]);
  });

  it('without its flights, or with one, asks for two and opens two rows', () => {
    const none = problemsOf({ ...link, slices: undefined });
    expect(none.problems).toEqual([
      { field: 'slices', message: multiCityMessages.tooFewSlices, reason: searchLinkTexts.missing },
    ]);
    expect(none.values.slices).toHaveLength(2);
    const one = problemsOf({ ...link, slices: 'LHR.CDG.2026-03-10' });
    expect(one.problems).toEqual([
      {
        field: 'slices',
        message: multiCityMessages.tooFewSlices,
        reason: searchLinkTexts.flightCount(1),
      },
    ]);
    expect(one.values.slices).toEqual([
      { origin: 'LHR', destination: 'CDG', departureDate: '2026-03-10' },
      { origin: 'CDG', destination: '', departureDate: '' },
    ]);
    expect(linkFieldLabel('slices')).toBe('Flights');
  });

  it('a past flight and the same city twice, each on its own flight', () => {
    const { problems } = problemsOf({
      ...link,
      slices: 'LHR.CDG.2026-02-20_CDG.CDG.2026-03-13',
    });
    expect(problems).toEqual([
      {
        field: 'slices.0.departureDate',
        message: searchMessages.departureInPast,
        reason: null,
      },
      { field: 'slices.1.destination', message: searchMessages.sameAirports, reason: null },
    ]);
  });

  it('more than five flights: says so, and keeps the first five', () => {
    const six = Array.from({ length: 6 }, (_, i) => `LHR.CDG.2026-03-1${i}`).join('_');
    const check = problemsOf({ ...link, slices: six }, false);
    expect(check.problems[0]).toEqual({
      field: 'slices',
      message: multiCityMessages.tooManySlices,
      reason: searchLinkTexts.flightCount(6),
    });
    expect(check.values.slices).toHaveLength(5);
  });
});
