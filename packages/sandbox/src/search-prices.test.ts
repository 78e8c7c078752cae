import { describe, expect, it } from 'vitest';
import { createTestSandbox } from './test-factories';
import type { SearchOffersInput } from './types';

const test = createTestSandbox({ now: '2026-01-10T09:00:00Z' });
const { sandbox } = test;
const setNow = (instant: string) => test.setNow(instant);

const trip = (
  origin: string,
  destination: string,
  date: string,
  back?: string,
  extra: Partial<SearchOffersInput> = {},
): SearchOffersInput => ({
  slices: [
    { origin, destination, departure_date: date },
    ...(back ? [{ origin: destination, destination: origin, departure_date: back }] : []),
  ],
  passengers: [{ type: 'adult' }],
  cabin_class: 'economy',
  ...extra,
});

const sorted = (prices: readonly { base_amount: string; tax_amount: string }[]) =>
  prices.map((price) => `${price.base_amount}+${price.tax_amount}`).sort();

describe('searchPrices', () => {
  const requests: [string, SearchOffersInput][] = [
    ['a return trip', trip('LHR', 'JFK', '2026-02-12', '2026-02-19')],
    ['one way to a metropolitan area', trip('CDG', 'LON', '2026-03-02')],
    [
      'a family in business class, in euros',
      trip('FRA', 'SIN', '2026-04-20', '2026-05-02', {
        passengers: [
          { type: 'adult' },
          { type: 'child', age: 7 },
          { type: 'infant_without_seat', age: 1 },
        ],
        cabin_class: 'business',
        currency: 'EUR',
      }),
    ],
    ['the day of the search, later flights only', trip('LHR', 'DUB', '2026-01-10')],
  ];

  it.each(requests)('prices exactly the offers a search makes: %s', async (_name, request) => {
    const [offers, prices] = await Promise.all([
      sandbox.searchOffers(request),
      sandbox.searchPrices(request),
    ]);
    expect(offers.offers.length).toBeGreaterThan(0);
    expect(prices.currency).toBe(request.currency ?? 'USD');
    expect(sorted(prices.prices)).toEqual(sorted(offers.offers));
    for (const price of prices.prices) {
      expect(Number(price.total_amount)).toBeCloseTo(
        Number(price.base_amount) + Number(price.tax_amount),
        2,
      );
    }
  });

  it('moves with the clock as searches do', async () => {
    const request = trip('LHR', 'JFK', '2026-02-12', '2026-02-19');
    setNow('2026-01-24T09:00:00Z');
    const [offers, prices] = await Promise.all([
      sandbox.searchOffers(request),
      sandbox.searchPrices(request),
    ]);
    expect(sorted(prices.prices)).toEqual(sorted(offers.offers));
    setNow('2026-01-10T09:00:00Z');
  });

  it('has no prices where a search answers nothing or never answers', async () => {
    // PVD→RAI answers no offers; STN→LHR never answers in time.
    expect((await sandbox.searchPrices(trip('PVD', 'RAI', '2026-02-12'))).prices).toEqual([]);
    expect((await sandbox.searchPrices(trip('STN', 'LHR', '2026-02-12'))).prices).toEqual([]);
  });

  it('refuses what a search refuses', async () => {
    await expect(sandbox.searchPrices(trip('LHR', 'JFK', '2026-01-09'))).rejects.toMatchObject({
      code: 'validation_error',
    });
  });
});
