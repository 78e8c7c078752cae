import type { CabinClass } from '@contrail/contracts/flight-search';
import { searchResultsSchema } from '@contrail/contracts/search-results';
import { createMemoryStore } from '@contrail/sandbox/memory-store';
import { createSandbox } from '@contrail/sandbox/sandbox';
import { specialRoutes } from '@contrail/sandbox/special-routes';
import { describe, expect, it } from 'vitest';
import { SupplierError, type SupplierSearch } from '../../providers/flights/flight-supplier';
import { searchInput, translated } from '../../providers/flights/sandbox/sandbox-mapping';
import { createSandboxSupplier } from '../../providers/flights/sandbox/sandbox-supplier';
import { sandboxSearchResults } from './sandbox-answer';
import { searchAnswerJson, type AnswerTerms } from './search-answer';

const SECRET = 'sandbox-answer-test-secret-0123456789';
// A fixed instant: the dates below are days after it, so the test means the same on any day.
const now = Date.parse('2027-03-10T21:30:00Z');
const clock = () => new Date(now);
const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);

/** The generic path: the supplier's contract offers, then `searchAnswerJson`. */
async function generic(request: SupplierSearch, terms: AnswerTerms): Promise<string> {
  const supplier = createSandboxSupplier({ store: createMemoryStore(), clock, secret: SECRET });
  return searchAnswerJson(await supplier.search(request), terms);
}

/** The direct path a search thread takes. */
async function direct(request: SupplierSearch, terms: AnswerTerms): Promise<string> {
  const sandbox = createSandbox({ store: createMemoryStore(), clock, secret: SECRET });
  const search = await translated(() => sandbox.searchPricedOffers(searchInput(request)));
  return JSON.stringify(sandboxSearchResults(search, terms));
}

type Party = SupplierSearch['passengers'];
const ADULT: Party = [{ type: 'adult' }];
const FAMILY: Party = [
  { type: 'adult' },
  { type: 'adult' },
  { type: 'child', age: 9 },
  { type: 'infant_without_seat', age: 1 },
];

function trip(
  legs: [string, string, number][],
  passengers: Party = ADULT,
  cabinClass: CabinClass = 'economy',
  currency = 'USD',
  maxConnections?: number,
): SupplierSearch {
  return {
    slices: legs.map(([origin, destination, offset]) => ({
      origin,
      destination,
      departureDate: day(offset),
    })),
    passengers,
    cabinClass,
    currency,
    ...(maxConnections === undefined ? {} : { maxConnections }),
  };
}

const noOffers = specialRoutes.find((route) => route.behaviour === 'no_offers');

const SEARCHES: SupplierSearch[] = [
  trip([
    ['LHR', 'JFK', 20],
    ['JFK', 'LHR', 27],
  ]),
  trip(
    [
      ['LON', 'NYC', 45],
      ['NYC', 'LON', 52],
    ],
    FAMILY,
    'premium_economy',
    'GBP',
  ),
  trip([['SYD', 'LAX', 90]], ADULT, 'business', 'EUR'),
  trip([['FRA', 'SIN', 3]], FAMILY, 'first', 'AUD', 2),
  trip([['AMS', 'ORD', 1]], ADULT, 'economy', 'USD', 0),
  // Tomorrow: the answer's 2-hour rule takes some of the first flights off below.
  trip([['LHR', 'CDG', 1]], ADULT, 'economy', 'EUR'),
  trip([
    ['LHR', 'CDG', 30],
    ['CDG', 'FCO', 33],
    ['FCO', 'MAD', 36],
    ['MAD', 'LHR', 40],
  ]),
  trip([
    ['MAD', 'MEX', 200],
    ['MEX', 'MAD', 214],
  ]),
  ...(noOffers ? [trip([[noOffers.origin, noOffers.destination, 10]])] : []),
];

describe('the sandbox search answer written straight from priced offers', () => {
  it('is byte for byte what the supplier path answers, for every kind of search', async () => {
    let fares = 0;
    for (const request of SEARCHES) {
      for (const terms of [
        { at: now, markupPercent: '0.00', currency: request.currency },
        { at: now + 9 * 3_600_000, markupPercent: '7.50', currency: request.currency },
        { at: now + 20 * 3_600_000, markupPercent: '23.00', currency: 'EUR' },
      ]) {
        const expected = await generic(request, terms);
        expect(await direct(request, terms)).toBe(expected);
        fares += searchResultsSchema
          .parse(JSON.parse(expected))
          .itineraries.reduce((sum, itinerary) => sum + itinerary.fares.length, 0);
      }
    }
    // The comparison covered real answers, not only empty ones.
    expect(fares).toBeGreaterThan(1_000);
  });

  it('leaves out flights leaving within 2 hours of the answer, as the supplier path does', async () => {
    const request = trip([['LHR', 'CDG', 1]], ADULT, 'economy', 'EUR');
    const early: unknown = JSON.parse(
      await direct(request, { at: now, markupPercent: '0', currency: 'EUR' }),
    );
    const late: unknown = JSON.parse(
      await direct(request, { at: now + 20 * 3_600_000, markupPercent: '0', currency: 'EUR' }),
    );
    const count = (answer: unknown) => searchResultsSchema.parse(answer).itineraries.length;
    expect(count(late)).toBeLessThan(count(early));
  });

  it('turns the sandbox refusing a search into the same SupplierError', async () => {
    const past = trip([['LHR', 'JFK', -3]]);
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => {
          throw new Error('the search was answered');
        },
        (error: unknown) => error,
      );
    const fromDirect = await failure(
      direct(past, { at: now, markupPercent: '0', currency: 'USD' }),
    );
    const fromGeneric = await failure(
      generic(past, { at: now, markupPercent: '0', currency: 'USD' }),
    );
    expect(fromDirect).toBeInstanceOf(SupplierError);
    expect(fromDirect).toMatchObject({
      code: (fromGeneric as SupplierError).code,
      message: (fromGeneric as SupplierError).message,
      details: (fromGeneric as SupplierError).details,
    });
  });
});
