// A search's answer at the brand's prices, through the caches of this process where the supplier
// answers in time windows (a whole search's answer, the date strip's cheapest prices), and the
// cheapest price of a search, from the provider's fare model where it has one.
import type { SearchRequest } from '@contrail/contracts/flight-search';
import { fromMinorUnits, toMinorUnits, withSellPrice } from '@contrail/contracts/money';
import type { SearchResults } from '@contrail/contracts/search-results-schema';
import type { JsonAnswer } from '../../lib/json-answer';
import type { SupplierPrices } from '../../providers/flights/flight-supplier';
import {
  currentFlights,
  type ProviderRegistry,
  type SourcedSupplier,
} from '../../providers/registry';
import type { BrandContext } from '../brands/brands.service';
import { guarded } from './flights.errors';
import { answerCache, priceKey, type AnswerCache } from './answer-cache';
import { criteriaKey, type searchCriteria } from './search-criteria';
import type { MayAsk, ProviderSearches } from './provider-searches';

/** A day's cheapest sell price in the date strip, null when the day has no offer. */
interface CheapestPrice {
  price: { amount: string; currency: string } | null;
}

export type CachedSearches = ReturnType<typeof cachedSearches>;

export function cachedSearches({
  providers,
  clock,
  supplierRequest,
  asking: { mayAskNow, searchSupplier, searchAnswer, providerPrices },
}: {
  providers: ProviderRegistry;
  clock: () => Date;
  supplierRequest: ReturnType<typeof searchCriteria>['supplierRequest'];
  asking: ProviderSearches;
}) {
  const now = () => clock().getTime();
  // Sizes count bytes of JSON (JsonAnswer.size). A 150-offer return search is about 0.6 MB, so
  // the 96 MB bound holds some 150 large searches, the 400 entries many more smaller ones.
  const searches = answerCache<JsonAnswer>({ max: 400, maxSize: 96 * 1024 * 1024 }, now);
  // A search's date strip asks up to 7 days, each price one small entry (size 1): 20,000 are the
  // strips of some 3,000 searches of one window, a few MB.
  const cheapestPrices = answerCache<CheapestPrice>({ max: 20_000, maxSize: 20_000 }, now);

  /** When the current search window of a supplier answering in `windowMs` windows began. */
  const windowStartOf = (windowMs: number) => Math.floor(now() / windowMs) * windowMs;

  /** An answer asked for with 'always': only a supplier that answered nothing leaves it null. */
  function asked(answer: JsonAnswer | null): JsonAnswer {
    if (!answer) throw new Error('a search that must ask the provider answered nothing');
    return answer;
  }

  /** Runs `compute` through `cache` while the supplier's search window lasts, else directly. */
  function inSearchWindow<V extends object>(
    supplier: SourcedSupplier,
    cache: AnswerCache<V>,
    key: string,
    compute: () => Promise<{ value: V; size: number }>,
  ): Promise<V> {
    const windowMs = supplier.searchWindowMs;
    if (windowMs === undefined) return compute().then(({ value }) => value);
    const windowStart = windowStartOf(windowMs);
    return cache.forceFetch(`${windowStart}|${key}`, {
      context: async () => ({ ...(await compute()), expiresAt: windowStart + windowMs }),
    });
  }

  /**
   * `search`, through the same caches; with a `mayAsk` other than 'always', null where no cache
   * holds the answer and the provider may not be asked.
   */
  async function searchThroughCaches(
    criteria: SearchRequest,
    brand: BrandContext,
    mayAsk: MayAsk,
    left?: AbortSignal,
  ): Promise<JsonAnswer | null> {
    const supplier = await currentFlights(providers);
    const key = `${priceKey(brand)}|${criteriaKey(criteria, supplier)}`;
    const windowMs = supplier.searchWindowMs;
    // Only a provider's own wait is left behind: a windowed supplier answers in milliseconds.
    if (windowMs === undefined) return searchAnswer(supplier, criteria, brand, mayAsk, left);
    // A supplier answering in time windows is asked here, once per window and process.
    const windowKey = `${windowStartOf(windowMs)}|${key}`;
    if (mayAsk !== 'always' && !searches.has(windowKey) && !(await mayAskNow(supplier, mayAsk))) {
      return null;
    }
    return inSearchWindow(supplier, searches, key, async () => {
      const answer = asked(await searchAnswer(supplier, criteria, brand));
      return { value: answer, size: answer.size };
    });
  }

  /** The cheapest sell price of a search: from the fare model where the provider has one. */
  async function cheapestAmount(
    supplier: SourcedSupplier,
    criteria: SearchRequest,
    brand: BrandContext,
    /** For a provider without a fare model: when it may be asked for a search nobody made. */
    mayAsk: MayAsk = 'strip-budget',
    left?: AbortSignal,
  ): Promise<CheapestPrice['price']> {
    const { price } = await inSearchWindow(
      supplier,
      cheapestPrices,
      `${priceKey(brand)}|${criteriaKey(criteria, supplier)}`,
      async () => {
        let prices: SupplierPrices['prices'] = [];
        let currency = brand.currency;
        if (supplier.searchPrices) {
          const request = supplierRequest(criteria, brand.currency);
          ({ prices, currency } = await guarded(
            () => supplier.searchPrices?.(request) ?? Promise.resolve({ currency, prices }),
          ));
        } else {
          const terms = { at: now(), markupPercent: brand.markupPercent, currency };
          const result = await searchSupplier(supplier, criteria, terms, mayAsk, left);
          if (result) ({ prices, currency } = await providerPrices(result, terms));
        }
        let cheapest: number | null = null;
        for (const price of prices) {
          const total = toMinorUnits(
            withSellPrice({ ...price, total_currency: currency }, brand.markupPercent).total_amount,
            currency,
          );
          if (cheapest === null || total < cheapest) cheapest = total;
        }
        return {
          value: {
            price:
              cheapest === null ? null : { amount: fromMinorUnits(cheapest, currency), currency },
          },
          size: 1,
        };
      },
    );
    return price;
  }

  /** The search's `SearchResults`, serialised. */
  async function search(
    criteria: SearchRequest,
    brand: BrandContext,
    left?: AbortSignal,
  ): Promise<JsonAnswer> {
    return asked(await searchThroughCaches(criteria, brand, 'always', left));
  }

  /** The cheapest sell price of a search; `'not_asked'` where `mayAsk` did not let it ask. */
  async function cheapestPrice(
    criteria: SearchRequest,
    brand: BrandContext,
    mayAsk?: () => Promise<boolean>,
  ): Promise<{ minor: number; currency: string } | null | 'not_asked'> {
    const answer = await searchThroughCaches(criteria, brand, mayAsk ?? 'always');
    if (!answer) return 'not_asked';
    const results = JSON.parse(answer.bytes.toString('utf8')) as SearchResults;
    let cheapest: number | null = null;
    for (const itinerary of results.itineraries) {
      for (const fare of itinerary.fares) {
        const total = toMinorUnits(fare.total_amount, results.currency);
        if (cheapest === null || total < cheapest) cheapest = total;
      }
    }
    return cheapest === null ? null : { minor: cheapest, currency: results.currency };
  }

  return { search, cheapestPrice, cheapestAmount };
}
