import type { Airport } from '@contrail/contracts/airports';
import { addDays, searchMessages, type SearchRequest } from '@contrail/contracts/flight-search';
import { fromMinorUnits, toMinorUnits, withSellPrice } from '@contrail/contracts/money';
import {
  DATE_PRICE_SPREAD_DAYS,
  departsTooSoon,
  offerMessages,
  offerSchema,
  type DatePrices,
  type OfferVerification,
  type SeatMap,
} from '@contrail/contracts/offers';
import {
  datesOfMonth,
  type PriceCalendar,
  type PriceCalendarQuery,
} from '@contrail/contracts/price-calendar';
import type { SearchResults } from '@contrail/contracts/search-results';
import { createHash } from 'node:crypto';
import { AppError } from '../../lib/app-error';
import { clientClosedRequest, unlessLeft } from '../../lib/client-left';
import { JsonAnswer } from '../../lib/json-answer';
import { compiledSerializer } from '../../lib/response-serializer';
import type {
  AnswerTerms,
  FlightSupplier,
  SupplierPrices,
} from '../../providers/flights/flight-supplier';
import {
  currentFlights,
  offerFlights,
  type ProviderRegistry,
  type SourcedSupplier,
} from '../../providers/registry';
import type { BrandContext } from '../brands/brands.service';
import { awayFromTurn } from '../../plugins/admission';
import { flightErrors, supplierFailure } from './flights.errors';
import { answerCache, type AnswerCache } from './answer-cache';
import { criteriaKey, isWithin, searchCriteria } from './search-criteria';
import type { SearchesRepository } from './flights.repository';
import { pricedHere, pricesOf, ProviderAnswer } from './provider-answer';
import { searchResultsJson } from './search-answer';
import { createSharedSearches, LEFT_SEARCH_GRACE_MS } from './shared-searches';
import type { SearchThreads } from './search-threads';

const SEARCH_TIMEOUT_MS = 20_000;

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw supplierFailure(error);
  }
}

export interface FlightsService {
  airports(): readonly Airport[];
  /** An airline's logo (SVG), where the supplier serves logos through us. */
  airlineLogo(iataCode: string): string | undefined;
  /**
   * The search's `SearchResults`, serialised (answers are often repeated). Once `left` aborts (the
   * traveller went away), it stops waiting at once (499 `client_closed_request`); the provider
   * call stops when nobody else waits for the same search.
   */
  search(criteria: SearchRequest, brand: BrandContext, left?: AbortSignal): Promise<JsonAnswer>;
  /**
   * The cheapest sell price of a search (in minor units), through the same answers and caches as
   * `search`; null when nothing is offered. With `mayAsk`, a search no cache holds asks the
   * provider only when `mayAsk()` allows it (a budget): `'not_asked'` when it does not.
   */
  cheapestPrice(
    criteria: SearchRequest,
    brand: BrandContext,
    mayAsk?: () => Promise<boolean>,
  ): Promise<{ minor: number; currency: string } | null | 'not_asked'>;
  /** Throws the search's answer (422 invalid_search…) where the criteria cannot be searched. */
  checkCriteria(criteria: SearchRequest): void;
  /** The cheapest price of the same trip on the days around the chosen one (`left`: as `search`). */
  datePrices(criteria: SearchRequest, brand: BrandContext, left?: AbortSignal): Promise<DatePrices>;
  /** The cheapest price of each departure date of a month that has one (never a new search). */
  priceCalendar(query: PriceCalendarQuery, brand: BrandContext): Promise<PriceCalendar>;
  /** The offer (`Offer`) at sell prices, serialised. */
  getOffer(offerId: string, brand: BrandContext): Promise<JsonAnswer>;
  verifyOffer(offerId: string): Promise<OfferVerification>;
  getSeatMaps(offerId: string): Promise<SeatMap[]>;
}

/** An offer's answer, from the route's response schema: the contract's fields, nothing else. */
const writeOffer = compiledSerializer(offerSchema);

/** How long a stable offer's answer is kept at most (it is also dropped when the offer expires). */
const OFFER_CACHE_MS = 5 * 60 * 1000;

/** A day's cheapest sell price in the date strip, null when the day has no offer. */
interface CheapestPrice {
  price: { amount: string; currency: string } | null;
}

/** The brand fields a price depends on. */
function priceKey(brand: BrandContext): string {
  return `${brand.id}|${brand.markupPercent}|${brand.currency}`;
}

/**
 * When a search nobody made may ask the provider: always, never (the price calendar), within the
 * date strip's budget, or when the given check (a budget of the caller's) allows it.
 */
type MayAsk = 'always' | 'never' | 'strip-budget' | (() => Promise<boolean>);

/**
 * Answers are cached only where the supplier promises they are a pure function of the request and
 * the time window (`searchWindowMs`) or of the offer id (`offerIsStable`), and keyed by what the
 * sell price depends on, so every process gives the same answer (no process holds state of its own).
 */
export function createFlightsService({
  providers,
  reference,
  clock,
  searchTimeoutMs = SEARCH_TIMEOUT_MS,
  shared,
  dateStripBudget,
  searchThreads,
  leftSearchGraceMs = LEFT_SEARCH_GRACE_MS,
}: {
  /** The suppliers of each mode: searches go to the mode's now, offers to the one that made them. */
  providers: ProviderRegistry;
  /** Airports and airline marks, whoever sells the flights (the reference data). */
  reference: Pick<FlightSupplier, 'listAirports' | 'airlineLogo'>;
  clock: () => Date;
  searchTimeoutMs?: number;
  /**
   * Where searches of a provider whose answers are not a pure function of the request (Duffel)
   * are shared between travellers and processes for SHARED_SEARCH_MS. Without it, every search
   * asks the provider.
   */
  shared?: SearchesRepository;
  /**
   * Whether the ±3-day strip may ask the provider for a day nobody searched (a budget per minute
   * shared by every process); days it may not ask are shown without a price.
   */
  dateStripBudget?: (supplier: SourcedSupplier) => Promise<boolean>;
  /**
   * Where searches of suppliers that can be copied to a thread are made off this thread (none
   * where a process runs on each core: every search is then made here).
   */
  searchThreads?: SearchThreads;
  /** See LEFT_SEARCH_GRACE_MS (tests shorten it). */
  leftSearchGraceMs?: number;
}): FlightsService {
  const { airportsOf, supplierRequest } = searchCriteria(reference.listAirports(), clock);
  const sharedSearches = createSharedSearches({ clock, searchTimeoutMs, leftSearchGraceMs });
  const now = () => clock().getTime();
  // Sizes count bytes of JSON (JsonAnswer.size). A 150-offer return search is about 0.6 MB, so
  // the 96 MB bound holds some 150 large searches, the 400 entries many more smaller ones.
  const searches = answerCache<JsonAnswer>({ max: 400, maxSize: 96 * 1024 * 1024 }, now);
  // A search's date strip asks up to 7 days, each price one small entry (size 1): 20,000 are the
  // strips of some 3,000 searches of one window, a few MB.
  const cheapestPrices = answerCache<CheapestPrice>({ max: 20_000, maxSize: 20_000 }, now);
  // An opened offer is 10-15 kB of JSON: 64 MB holds some 5,000 of them (the size bound is the
  // one that binds), each kept for OFFER_CACHE_MS at most.
  const offers = answerCache<JsonAnswer>({ max: 20_000, maxSize: 64 * 1024 * 1024 }, now);

  /** What identical searches share: the provider, its mode and the normalised criteria. */
  function sharedKey(supplier: SourcedSupplier, criteria: SearchRequest, currency: string) {
    const priced = supplier.pricesInAccountCurrency ? '' : currency;
    return createHash('sha256')
      .update(`${criteriaKey(criteria, supplier)}|${priced}`)
      .digest('base64url');
  }

  /** Whether a search nobody made may ask the provider (see `MayAsk`). */
  async function mayAskNow(supplier: SourcedSupplier, mayAsk: MayAsk): Promise<boolean> {
    if (mayAsk === 'always') return true;
    if (mayAsk === 'never') return false;
    if (mayAsk === 'strip-budget') return (await dateStripBudget?.(supplier)) ?? false;
    return mayAsk();
  }

  /**
   * Checks the criteria and asks the supplier; prices are the provider's. Unless `mayAsk` is
   * 'always', a search of a shared provider that nobody made answers null when it may not ask.
   */
  async function searchSupplier(
    supplier: SourcedSupplier,
    criteria: SearchRequest,
    terms: AnswerTerms,
    mayAsk: MayAsk = 'always',
    left?: AbortSignal,
  ): Promise<ProviderAnswer | null> {
    const request = supplierRequest(criteria, terms.currency);
    const ask = async (timeoutMs: number, stop?: AbortSignal) => {
      const deadline = () => {
        const timeout = AbortSignal.timeout(timeoutMs);
        return stop ? AbortSignal.any([timeout, stop]) : timeout;
      };
      // A search that is the processor's work only (`setup.computed`) needs no deadline, and keeps
      // its admission turn: that work stays bounded.
      const computed = supplier.threading?.setup.computed === true;
      const bounded = computed ? request : { ...request, signal: deadline() };
      // On a search thread where the supplier can be copied there: the provider's answer is read,
      // mapped and made the brand's answer off this thread, which only waits (holding no turn).
      const onThread = searchThreads?.search(supplier, bounded, terms);
      if (onThread) return guarded(() => (computed ? onThread : awayFromTurn(() => onThread)));
      // A supplier that writes the brand's answer itself does so here, else its offers are made.
      const written = supplier.answerSearch?.(bounded, terms);
      if (written) {
        const results = await guarded(() => written);
        return ProviderAnswer.written(new JsonAnswer(searchResultsJson(results)), terms);
      }
      const signal = bounded.signal ?? deadline();
      return ProviderAnswer.ofOffers(await guarded(() => supplier.search({ ...request, signal })));
    };
    // A supplier whose answers are a pure function of the request is cached in each process.
    if (supplier.searchWindowMs !== undefined) return ask(searchTimeoutMs);
    if (!shared) {
      try {
        return await unlessLeft(ask(searchTimeoutMs, left), left);
      } catch (error) {
        throw left?.aborted ? clientClosedRequest() : error;
      }
    }
    const key = sharedKey(supplier, criteria, terms.currency);
    if (mayAsk !== 'always' && !sharedSearches.running(key)) {
      const stored = await shared.find(key, clock());
      if (stored?.answer) return stored.answer;
      const running = stored?.runningUntil != null && stored.runningUntil > clock();
      if (!running && !(await mayAskNow(supplier, mayAsk))) return null;
    }
    return sharedSearches.search(shared, key, ask, left);
  }

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

  /** The search's answer; null only where `mayAsk` did not let a shared provider be asked. */
  async function searchAnswer(
    supplier: SourcedSupplier,
    criteria: SearchRequest,
    brand: BrandContext,
    mayAsk: MayAsk = 'always',
    left?: AbortSignal,
  ): Promise<JsonAnswer | null> {
    const terms = { at: now(), markupPercent: brand.markupPercent, currency: brand.currency };
    const result = await searchSupplier(supplier, criteria, terms, mayAsk, left);
    if (!result) return null;
    const made = result.madeFor(terms);
    if (made) return made;
    // Whatever the provider answers, nothing leaving within 2 hours is offered.
    const at = { ...terms, at: now() };
    return (await (searchThreads ? searchThreads.price(result, at) : pricedHere(result, at)))
      .answer;
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

  /**
   * The provider's prices of an answer's offers that do not leave too soon: as made with the
   * answer, else read here where its offers are at hand, else made on a search thread.
   */
  async function providerPrices(answer: ProviderAnswer, terms: AnswerTerms) {
    const made = answer.madePrices();
    if (made) return made;
    if (searchThreads && !answer.offersRead)
      return (await searchThreads.price(answer, terms)).prices;
    const offers = await answer.offers();
    return offers
      ? pricesOf(offers, terms.at, terms.currency)
      : { currency: terms.currency, prices: [] };
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

  const service: FlightsService = {
    airports: () => reference.listAirports(),
    airlineLogo: (iataCode) => reference.airlineLogo?.(iataCode),

    async datePrices(criteria, brand, left) {
      // A multi-city trip has no single date to move: its results page shows no strip.
      if (criteria.tripType === 'multi-city') return { currency: brand.currency, days: [] };
      const supplier = await currentFlights(providers);
      const days = [];
      for (let shift = -DATE_PRICE_SPREAD_DAYS; shift <= DATE_PRICE_SPREAD_DAYS; shift += 1) {
        const departureDate = addDays(criteria.departureDate, shift);
        const returnDate =
          criteria.tripType === 'round-trip' && criteria.returnDate
            ? addDays(criteria.returnDate, shift)
            : null;
        days.push({ departureDate, returnDate });
      }
      const prices = await Promise.all(
        days.map(async (day) => {
          try {
            return await cheapestAmount(
              supplier,
              {
                ...criteria,
                departureDate: day.departureDate,
                ...(day.returnDate ? { returnDate: day.returnDate } : {}),
              },
              brand,
              'strip-budget',
              left,
            );
          } catch (error) {
            // A day that cannot be searched (in the past, beyond the horizon) simply has no price.
            if (error instanceof AppError && error.statusCode < 500) return null;
            throw error;
          }
        }),
      );
      if (left?.aborted) throw clientClosedRequest();
      // The provider's currency (Duffel prices in its account's), the brand's when none is known.
      const currency = prices.find((price) => price !== null)?.currency ?? brand.currency;
      return {
        currency,
        days: days.map((day, i) => ({ ...day, cheapestAmount: prices[i]?.amount ?? null })),
      };
    },

    async priceCalendar(query, brand) {
      // The airports are checked once for the month: an unknown one is the request's error.
      const criteriaOn = (departureDate: string): SearchRequest => ({
        origin: query.origin,
        destination: query.destination,
        departureDate,
        ...(query.tripLength === undefined
          ? {}
          : { returnDate: addDays(departureDate, query.tripLength) }),
        cabinClass: query.cabinClass,
        adultsCount: 1,
        childrenCount: 0,
        infantsCount: 0,
        childrenAges: [],
        infantsAges: [],
        tripType: query.tripLength === undefined ? 'one-way' : 'round-trip',
      });
      const { origin, destination } = airportsOf(query);
      if (
        origin === destination ||
        isWithin(origin, destination) ||
        isWithin(destination, origin)
      ) {
        throw flightErrors.invalidSearch([
          { field: 'destination', message: searchMessages.sameAirports },
        ]);
      }
      const dates = datesOfMonth(query.month);
      const supplier = await currentFlights(providers);
      const prices = await Promise.all(
        dates.map(async (date) => {
          try {
            return await cheapestAmount(supplier, criteriaOn(date), brand, 'never');
          } catch (error) {
            // A date that cannot be searched (past, beyond the horizon) has no price.
            if (error instanceof AppError && error.statusCode < 500) return null;
            throw error;
          }
        }),
      );
      return dates.flatMap((date, i) => {
        const price = prices[i];
        return price ? [{ date, amount: price.amount, currency: price.currency }] : [];
      });
    },

    async search(criteria, brand, left) {
      return asked(await searchThroughCaches(criteria, brand, 'always', left));
    },

    async cheapestPrice(criteria, brand, mayAsk) {
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
    },

    checkCriteria(criteria) {
      supplierRequest(criteria, 'USD');
    },

    async getOffer(offerId, brand) {
      const supplier = await offerFlights(providers, offerId);
      const price = async () =>
        withSellPrice(await guarded(() => supplier.getOffer(offerId)), brand.markupPercent);
      if (supplier.offerIsStable !== true) return new JsonAnswer(writeOffer(await price()));
      // Kept until the offer expires at the latest: then the supplier answers its error (410).
      return offers.forceFetch(`${priceKey(brand)}|${offerId}`, {
        context: async () => {
          const offer = await price();
          const answer = new JsonAnswer(writeOffer(offer));
          return {
            value: answer,
            size: answer.size,
            expiresAt: Math.min(Date.parse(offer.expires_at), now() + OFFER_CACHE_MS),
          };
        },
      });
    },

    async verifyOffer(offerId) {
      const supplier = await offerFlights(providers, offerId);
      const offer = await guarded(() => supplier.getOffer(offerId));
      if (departsTooSoon(offer, now())) throw flightErrors.departsTooSoon();
      const remainingMs = Date.parse(offer.expires_at) - clock().getTime();
      return {
        valid: true,
        offer_id: offer.id,
        expires_at: offer.expires_at,
        minutes_remaining: Math.max(0, Math.floor(remainingMs / 60_000)),
        message: offerMessages.valid,
      };
    },

    async getSeatMaps(offerId) {
      const supplier = await offerFlights(providers, offerId);
      return guarded(() => supplier.getSeatMaps(offerId));
    },
  };
  return service;
}
