import type { CabinClass } from '@contrail/contracts/flight-search';
import { searchResultsSchema } from '@contrail/contracts/search-results-schema';
import { createMemoryStore } from '@contrail/sandbox/memory-store';
import { specialRoutes } from '@contrail/sandbox/special-routes';
import { describe, expect, it } from 'vitest';
import { searchAnswerJson, searchResultsJson } from '../../../modules/flights/search-answer';
import { SupplierError, type AnswerTerms, type SupplierSearch } from '../flight-supplier';
import { createSandboxSupplier } from './sandbox-supplier';

const SECRET = 'sandbox-answer-test-secret-0123456789';
// A fixed instant: the dates below are days after it, so the test means the same on any day.
const now = Date.parse('2027-03-10T21:30:00Z');
const clock = () => new Date(now);
const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The generic path: the supplier's contract offers searched at the answer's instant, then
 * `searchAnswerJson`.
 */
async function generic(request: SupplierSearch, terms: AnswerTerms): Promise<string> {
  const supplier = createSandboxSupplier({
    store: createMemoryStore(),
    clock: () => new Date(terms.at),
    secret: SECRET,
  });
  return searchAnswerJson(await supplier.search(request), terms);
}

/** The supplier's own answer (`answerSearch`), as a search thread or the request's thread writes it. */
async function direct(request: SupplierSearch, terms: AnswerTerms): Promise<string> {
  const supplier = createSandboxSupplier({ store: createMemoryStore(), clock, secret: SECRET });
  const written = supplier.answerSearch?.(request, terms);
  if (!written) throw new Error('the sandbox left an ordinary search to its offers');
  return searchResultsJson(await written);
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

  it("leaves the special routes (slow or failing on purpose) to the supplier's search", () => {
    const supplier = createSandboxSupplier({ store: createMemoryStore(), clock, secret: SECRET });
    const terms = { at: now, markupPercent: '0', currency: 'USD' };
    expect(specialRoutes.length).toBeGreaterThan(0);
    for (const route of specialRoutes) {
      expect(
        supplier.answerSearch?.(trip([[route.origin, route.destination, 10]]), terms),
      ).toBeNull();
      expect(supplier.threading?.takes?.(trip([[route.origin, route.destination, 10]]))).toBe(
        false,
      );
    }
    expect(supplier.threading?.takes?.(trip([['LHR', 'JFK', 10]]))).toBe(true);
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
