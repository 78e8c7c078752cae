import type { SearchRequest } from '@contrail/contracts/search-rules';
import { describe, expect, it } from 'vitest';
import { resultsMessages } from '../components/results-states';
import { SLOW_SEARCH_MS, searchProgress, searchProgressTexts } from './search-progress';

const cities: Record<string, string> = {
  LHR: 'London',
  JFK: 'New York',
  CDG: 'Paris',
  FCO: 'Rome',
};
const cityOf = (code: string) => cities[code];

const roundTrip: SearchRequest = {
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-03-10',
  returnDate: '2026-03-17',
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  childrenAges: [],
  infantsAges: [],
  tripType: 'round-trip',
};

describe('searchProgress', () => {
  it('says where and when a return trip is searched, in the results’ loading words', () => {
    const { searching } = searchProgress(roundTrip, cityOf, 0);
    expect(searching).toBe(
      'Searching for flights from London (LHR) to New York (JFK) on Tue, Mar 10, returning Tue, Mar 17...',
    );
    // The loading text, with the search put in before its dots.
    expect(resultsMessages.loading).toBe(`${searchProgressTexts.searching}...`);
  });

  it('names one way its one day, and each flight of a multi-city trip in turn', () => {
    const oneWay = { ...roundTrip, tripType: 'one-way' as const, returnDate: undefined };
    expect(searchProgress(oneWay, cityOf, 0).searching).toBe(
      'Searching for flights from London (LHR) to New York (JFK) on Tue, Mar 10...',
    );
    const multiCity: SearchRequest = {
      ...oneWay,
      destination: 'CDG',
      tripType: 'multi-city',
      slices: [
        { origin: 'LHR', destination: 'CDG', departureDate: '2026-03-10' },
        { origin: 'CDG', destination: 'FCO', departureDate: '2026-03-14' },
        { origin: 'FCO', destination: 'LHR', departureDate: '2026-03-18' },
      ],
    };
    expect(searchProgress(multiCity, cityOf, 0).searching).toBe(
      'Searching for flights from London (LHR) to Paris (CDG) on Tue, Mar 10, then Paris (CDG) to ' +
        'Rome (FCO) on Sat, Mar 14, then Rome (FCO) to London (LHR) on Wed, Mar 18...',
    );
  });

  it('names an airport by its code alone while its city is not known', () => {
    expect(searchProgress(roundTrip, () => undefined, 0).searching).toBe(
      'Searching for flights from LHR to JFK on Tue, Mar 10, returning Tue, Mar 17...',
    );
    // A lookup that answers the code itself (as the page's does without the list) is no city.
    expect(searchProgress(roundTrip, (code) => code, 0).searching).toContain('from LHR to JFK');
  });

  it('adds the calm second line once the search has waited 8 seconds, not before', () => {
    expect(searchProgress(roundTrip, cityOf, SLOW_SEARCH_MS - 1).slow).toBeNull();
    expect(searchProgress(roundTrip, cityOf, SLOW_SEARCH_MS).slow).toBe(
      'Airlines can take a little while to answer. Your flights will appear here as soon as they arrive.',
    );
    expect(SLOW_SEARCH_MS).toBe(8_000);
  });
});
