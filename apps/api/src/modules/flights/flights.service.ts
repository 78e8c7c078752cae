import type { Airport } from '@contrail/contracts/airports';
import type { SearchRequest } from '@contrail/contracts/flight-search';
import type { DatePrices, OfferVerification, SeatMap } from '@contrail/contracts/offers';
import type { PriceCalendar, PriceCalendarQuery } from '@contrail/contracts/price-calendar';
import type { JsonAnswer } from '../../lib/json-answer';
import type { FlightSupplier } from '../../providers/flights/flight-supplier';
import type { ProviderRegistry, SourcedSupplier } from '../../providers/registry';
import type { BrandContext } from '../brands/brands.service';
import { cachedSearches } from './cached-searches';
import { datePriceSearches } from './date-prices';
import { searchCriteria } from './search-criteria';
import type { SearchesRepository } from './flights.repository';
import { offerReads } from './offer-reads';
import { providerSearches } from './provider-searches';
import { LEFT_SEARCH_GRACE_MS } from './shared-searches';
import type { SearchThreads } from './search-threads';

const SEARCH_TIMEOUT_MS = 20_000;

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
  const asking = providerSearches({
    clock,
    supplierRequest,
    searchTimeoutMs,
    leftSearchGraceMs,
    shared,
    dateStripBudget,
    searchThreads,
  });
  const { search, cheapestPrice, cheapestAmount } = cachedSearches({
    providers,
    clock,
    supplierRequest,
    asking,
  });
  return {
    airports: () => reference.listAirports(),
    airlineLogo: (iataCode) => reference.airlineLogo?.(iataCode),
    search,
    cheapestPrice,
    checkCriteria(criteria) {
      supplierRequest(criteria, 'USD');
    },
    ...datePriceSearches({ providers, airportsOf, cheapestAmount }),
    ...offerReads({ providers, clock }),
  };
}
