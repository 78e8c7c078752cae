import { searchMessages } from '@contrail/contracts/search-rules';
import { describe, expect, it } from 'vitest';
import { searchLinkTexts } from './link-problems';
import { checkSearchLink, isSearchLink } from './search-link';

const today = '2026-03-01';
const link = {
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-03-10',
  returnDate: '2026-03-17',
  cabinClass: 'business',
  adultsCount: 2,
  childrenCount: 1,
  childrenAges: '5',
  infantsCount: 0,
  tripType: 'round-trip',
};
const airports = [{ iata_code: 'LHR' }, { iata_code: 'JFK' }, { iata_code: 'LON' }];

function problemsOf(raw: Record<string, unknown>, withAirports = true) {
  const check = checkSearchLink(raw, { today, ...(withAirports ? { airports } : {}) });
  if (check.ok) throw new Error('expected problems');
  return check;
}

describe('checkSearchLink', () => {
  it('passes a link that can be searched, with its view', () => {
    const check = checkSearchLink({ ...link, sort: 'cheapest', stops: 0 }, { today, airports });
    expect(check).toMatchObject({
      ok: true,
      search: { origin: 'LHR', adultsCount: 2, sort: 'cheapest', stops: 0 },
    });
  });

  it('an impossible date: names the field and why, keeps everything else', () => {
    const { problems, values } = problemsOf({ ...link, departureDate: '2026-02-30' });
    expect(problems).toEqual([
      {
        field: 'departureDate',
        message: searchMessages.departureDateRequired,
        reason: searchLinkTexts.notADate('2026-02-30'),
      },
    ]);
    expect(values).toEqual({
      tripType: 'round-trip',
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '',
      returnDate: '2026-03-17',
      cabinClass: 'business',
      adultsCount: 2,
      childrenCount: 1,
      infantsCount: 0,
      childrenAges: [5],
      infantsAges: [],
      slices: [],
    });
  });

  it('an older link with children but no ages asks for them in the form', () => {
    const { childrenAges, ...older } = link;
    expect(childrenAges).toBe('5');
    const { problems, values } = problemsOf(older);
    expect(problems).toEqual([
      { field: 'childrenAges', message: searchMessages.childAgesRequired, reason: null },
    ]);
    expect(values).toMatchObject({ childrenCount: 1, childrenAges: [null], infantsAges: [] });
  });

  it('ages that are not ages: names the field and the value', () => {
    const { problems } = problemsOf({ ...link, childrenAges: '5,15' });
    expect(problems).toEqual([
      {
        field: 'childrenAges',
        message: searchMessages.childAgeRange,
        reason: searchLinkTexts.notAges('5,15'),
      },
    ]);
  });

  it('an unknown airport, once the airport list is known', () => {
    expect(checkSearchLink({ ...link, origin: 'ZZZ' }, { today }).ok).toBe(true);
    const { problems, values } = problemsOf({ ...link, origin: 'zzz' });
    expect(problems).toEqual([
      {
        field: 'origin',
        message: searchMessages.originRequired,
        reason: searchLinkTexts.unknownAirport('ZZZ'),
      },
    ]);
    expect(values).toMatchObject({ origin: '', destination: 'JFK' });
    // A city code is a place too.
    expect(checkSearchLink({ ...link, origin: 'LON' }, { today, airports }).ok).toBe(true);
  });

  it('a past date: the rule of the form, and the field emptied', () => {
    const { problems, values } = problemsOf({
      ...link,
      departureDate: '2026-02-20',
      returnDate: '2026-02-27',
    });
    expect(problems).toEqual([
      { field: 'departureDate', message: searchMessages.departureInPast, reason: null },
    ]);
    expect(values).toMatchObject({ departureDate: '', returnDate: '2026-02-27' });
  });

  it('no adults', () => {
    const { problems, values } = problemsOf({ ...link, adultsCount: 0 });
    expect(problems).toEqual([
      { field: 'adultsCount', message: searchMessages.adultsRequired, reason: null },
    ]);
    expect(values.adultsCount).toBe(1);
    expect(problemsOf({ ...link, adultsCount: 12 }).problems[0]?.message).toBe(
      searchMessages.adultsMax,
    );
    expect(problemsOf({ ...link, adultsCount: 'two' }).problems[0]?.reason).toBe(
      searchLinkTexts.notANumber('two'),
    );
  });

  it('reports every problem at once, in the order of the form', () => {
    const { problems } = problemsOf({
      origin: 'ZZZ',
      departureDate: '2026-02-30',
      cabinClass: 'luxury',
      adultsCount: 0,
    });
    expect(problems.map((problem) => [problem.field, problem.reason])).toEqual([
      ['origin', searchLinkTexts.unknownAirport('ZZZ')],
      ['destination', searchLinkTexts.missing],
      ['departureDate', searchLinkTexts.notADate('2026-02-30')],
      ['returnDate', searchLinkTexts.missing],
      ['cabinClass', searchLinkTexts.notACabin('luxury')],
      ['adultsCount', null],
    ]);
  });

  it('rules across fields: the same airport twice, a return before departure, infants', () => {
    expect(problemsOf({ ...link, destination: 'LHR' }).problems).toEqual([
      { field: 'destination', message: searchMessages.sameAirports, reason: null },
    ]);
    expect(problemsOf({ ...link, returnDate: '2026-03-05' }).problems).toEqual([
      { field: 'returnDate', message: searchMessages.returnBeforeDeparture, reason: null },
    ]);
    expect(problemsOf({ ...link, adultsCount: 1, infantsCount: 2 }).problems).toEqual([
      { field: 'infantsCount', message: searchMessages.infantsExceedAdults, reason: null },
    ]);
  });

  it('ignores the return date of a one-way trip, and names a bad trip type', () => {
    expect(
      checkSearchLink({ ...link, tripType: 'one-way', returnDate: 'never' }, { today, airports })
        .ok,
    ).toBe(true);
    const { problems } = problemsOf({ ...link, tripType: 'open-jaw' });
    expect(problems).toEqual([
      {
        field: 'tripType',
        message: searchLinkTexts.chooseTripType,
        reason: searchLinkTexts.notATripType('open-jaw'),
      },
    ]);
  });
});

describe('isSearchLink', () => {
  it('is a search link as soon as one criterion is in it', () => {
    expect(isSearchLink({ origin: 'LHR' })).toBe(true);
    expect(isSearchLink({})).toBe(false);
    expect(isSearchLink({ sort: 'cheapest', brand: 'skyhop.localhost' })).toBe(false);
  });
});
