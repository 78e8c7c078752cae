import type { SearchCriteria } from '@contrail/contracts/search-rules';
import { describe, expect, it } from 'vitest';
import {
  criteriaFromSearch,
  criteriaToSearch,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  NO_FILTERS,
  activeFilterCount,
  parseAirlines,
  parseFlag,
  parseHourRange,
  parseSearchPageSearch,
  parseStops,
  serializeStops,
  sortFromSearch,
  toSearchPageSearch,
  type SearchFilters,
} from './search-params';

const criteria: SearchCriteria = {
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-12-13',
  returnDate: '2026-12-20',
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  childrenAges: [],
  infantsAges: [],
  tripType: 'round-trip',
};

/** What the router hands over: numbers already JSON-parsed, everything else a string. */
function parse(search: Record<string, unknown>) {
  const parsed = parseSearchPageSearch(search);
  if (!parsed) throw new Error('expected valid search parameters');
  return parsed;
}

describe('the /search parameters', () => {
  it('takes the criteria as the API does, counts from strings too', () => {
    const search = parse({ ...criteria, adultsCount: '2', origin: 'lhr' });
    expect(criteriaFromSearch(search)).toEqual({ ...criteria, adultsCount: 2 });
  });

  it('refuses missing or invalid criteria', () => {
    expect(parseSearchPageSearch({})).toBeNull();
    expect(parseSearchPageSearch({ ...criteria, origin: 'LONDON' })).toBeNull();
    expect(parseSearchPageSearch({ ...criteria, departureDate: '2026-02-30' })).toBeNull();
    expect(parseSearchPageSearch({ ...criteria, cabinClass: 'steerage' })).toBeNull();
  });

  it('keeps the ages of children and infants as a short list in the URL', () => {
    const search = parse({
      ...criteria,
      childrenCount: 2,
      childrenAges: '4,9',
      infantsCount: 1,
      infantsAges: 0,
    });
    expect(search).toMatchObject({ childrenAges: '4,9', infantsAges: 0 });
    const back = criteriaFromSearch(search);
    expect(back).toMatchObject({ childrenAges: [4, 9], infantsAges: [0] });
    expect(criteriaToSearch(back)).toMatchObject({ childrenAges: '4,9', infantsAges: 0 });
    expect(criteriaToSearch(criteria)).not.toHaveProperty('childrenAges', expect.anything());
  });

  it('drops the return date of a one-way trip from the criteria', () => {
    const search = parse({ ...criteria, tripType: 'one-way' });
    expect(criteriaFromSearch(search).returnDate).toBeUndefined();
  });

  it('writes returnDate for round trips only', () => {
    expect(criteriaToSearch({ ...criteria })).toHaveProperty('returnDate', '2026-12-20');
    expect(criteriaToSearch({ ...criteria, tripType: 'one-way' })).not.toHaveProperty('returnDate');
  });
});

describe('sort', () => {
  it('defaults to best and reads cheapest and fastest', () => {
    expect(sortFromSearch(parse({ ...criteria }))).toBe('best');
    expect(sortFromSearch(parse({ ...criteria, sort: 'cheapest' }))).toBe('cheapest');
    expect(sortFromSearch(parse({ ...criteria, sort: 'fastest' }))).toBe('fastest');
  });

  it('ignores an unknown sort and leaves best out of the URL', () => {
    expect(parse({ ...criteria, sort: 'random' }).sort).toBeUndefined();
    expect(parse({ ...criteria, sort: 'best' }).sort).toBeUndefined();
    expect(toSearchPageSearch(criteria, 'best', NO_FILTERS).sort).toBeUndefined();
    expect(toSearchPageSearch(criteria, 'cheapest', NO_FILTERS).sort).toBe('cheapest');
  });
});

describe('filters', () => {
  it('reads stops as a number or a list, and writes them back the same way', () => {
    expect(parseStops(0)).toEqual([0]);
    expect(parseStops('1,0')).toEqual([0, 1]);
    expect(parseStops('2,x,7')).toEqual([2]);
    expect(serializeStops([0])).toBe(0);
    expect(serializeStops([1, 0])).toBe('0,1');
    // None and all mean the same: no filter.
    expect(serializeStops([])).toBeUndefined();
    expect(serializeStops([0, 1, 2])).toBeUndefined();
  });

  it('reads airlines as sorted, unique IATA codes', () => {
    expect(parseAirlines('ba,AA,BA')).toEqual(['AA', 'BA']);
    expect(parseAirlines('BA,British,1')).toEqual(['BA']);
    expect(parseAirlines(undefined)).toEqual([]);
  });

  it('reads hour windows and drops the whole day or nonsense', () => {
    expect(parseHourRange('6-12')).toEqual([6, 12]);
    expect(parseHourRange('0-24')).toBeUndefined();
    expect(parseHourRange('12-6')).toBeUndefined();
    expect(parseHourRange('6-25')).toBeUndefined();
    expect(parseHourRange(6)).toBeUndefined();
  });

  it('round-trips every filter through the URL form', () => {
    const filters: SearchFilters = {
      stops: [0, 1],
      airlines: ['AA', 'BA'],
      times: { outboundDepart: [6, 12], returnArrive: [18, 24] },
      maxDurationMinutes: 780,
      maxPrice: 900,
      bagsIncluded: true,
      maxLayoverMinutes: 180,
      avoidOvernight: true,
    };
    const url = toSearchPageSearch(criteria, 'cheapest', filters);
    expect(url).toMatchObject({
      sort: 'cheapest',
      stops: '0,1',
      airlines: 'AA,BA',
      outboundDepart: '6-12',
      returnArrive: '18-24',
      maxDuration: 780,
      maxPrice: 900,
      bags: 1,
      maxLayover: 180,
      avoidOvernight: 1,
    });
    expect(filtersFromSearch(parse(url))).toEqual(filters);
    expect(activeFilterCount(filters)).toBe(9);
  });

  it('reads the switches as 1 or true, anything else as off', () => {
    expect(parseFlag(1)).toBe(true);
    expect(parseFlag('true')).toBe(true);
    expect(parseFlag(0)).toBe(false);
    expect(parseFlag('yes')).toBe(false);
    const search = parse({ ...criteria, bags: 'true', avoidOvernight: 0, maxLayover: '90' });
    expect(filtersFromSearch(search)).toEqual({
      ...NO_FILTERS,
      bagsIncluded: true,
      maxLayoverMinutes: 90,
    });
    expect(search.avoidOvernight).toBeUndefined();
  });

  it('reads the URL the router parsed: numbers arrive as numbers', () => {
    const search = parse({ ...criteria, stops: 0, airlines: 'BA,AA', maxPrice: 900 });
    expect(filtersFromSearch(search)).toEqual({
      ...NO_FILTERS,
      stops: [0],
      airlines: ['AA', 'BA'],
      maxPrice: 900,
    });
  });

  it('drops invalid filter values instead of refusing the page', () => {
    const search = parse({
      ...criteria,
      stops: 'none',
      maxPrice: -5,
      maxDuration: 'long',
      bags: 'some',
      maxLayover: 0,
    });
    expect(filtersFromSearch(search)).toEqual(NO_FILTERS);
    expect(hasActiveFilters(filtersFromSearch(search))).toBe(false);
  });

  it('leaves filters at their defaults out of the URL', () => {
    expect(Object.values(filtersToSearch(NO_FILTERS)).every((value) => value === undefined)).toBe(
      true,
    );
  });
});

describe('a multi-city search in the URL', () => {
  const slices = 'LHR.CDG.2026-12-13_CDG.FCO.2026-12-16_FCO.LHR.2026-12-20';
  const multiCity = {
    tripType: 'multi-city',
    slices,
    cabinClass: 'economy',
    adultsCount: 1,
    childrenCount: 0,
    infantsCount: 0,
  };

  it('carries the flights alone, and reads its first one as the route', () => {
    const search = parse(multiCity);
    expect(search).toMatchObject({
      tripType: 'multi-city',
      slices,
      origin: 'LHR',
      destination: 'CDG',
      departureDate: '2026-12-13',
    });
    expect(criteriaFromSearch(search)).toMatchObject({
      tripType: 'multi-city',
      returnDate: undefined,
      slices: [
        { origin: 'LHR', destination: 'CDG', departureDate: '2026-12-13' },
        { origin: 'CDG', destination: 'FCO', departureDate: '2026-12-16' },
        { origin: 'FCO', destination: 'LHR', departureDate: '2026-12-20' },
      ],
    });
  });

  it('writes the flights back as they came, without a route or dates of their own', () => {
    const url = criteriaToSearch(criteriaFromSearch(parse(multiCity)));
    expect(url).toEqual({ ...multiCity, childrenAges: undefined, infantsAges: undefined });
    expect(parse({ ...url, slices: slices.toLowerCase() }).slices).toBe(slices);
  });

  it('keeps the same view through a reload: parsed, written, parsed again', () => {
    const first = parse({ ...multiCity, sort: 'fastest', flight2Depart: '6-12' });
    const again = parse(
      toSearchPageSearch(
        criteriaFromSearch(first),
        sortFromSearch(first),
        filtersFromSearch(first),
      ),
    );
    expect(again).toEqual(first);
  });

  it('refuses a multi-city search without two good flights', () => {
    expect(parseSearchPageSearch({ ...multiCity, slices: undefined })).toBeNull();
    expect(parseSearchPageSearch({ ...multiCity, slices: 'LHR.CDG.2026-12-13' })).toBeNull();
    expect(parseSearchPageSearch({ ...multiCity, slices: 'LHR.CDG.2026-12-13_CDG' })).toBeNull();
  });

  it('drops flights from the other trips', () => {
    expect(parse({ ...criteria, slices }).slices).toBeUndefined();
    expect(criteriaFromSearch(parse({ ...criteria, slices }))).not.toHaveProperty('slices');
  });

  it('filters the times of each flight, and only the times its trip has', () => {
    const search = parse({ ...multiCity, flight3Arrive: '18-24', outboundDepart: '6-12' });
    expect(filtersFromSearch(search).times).toEqual({ flight3Arrive: [18, 24] });
    expect(filtersFromSearch(parse({ ...criteria, flight1Depart: '6-12' })).times).toEqual({});
  });
});
