/**
 * The sandbox airline network: a Duffel-shaped flight provider that needs no network access.
 *
 * ```ts
 * const sandbox = createSandbox({ store: createMemoryStore(), clock: () => new Date(), secret });
 * const request = await sandbox.searchOffers({
 *   slices: [{ origin: 'LHR', destination: 'JFK', departure_date: '2026-03-04' }],
 *   passengers: [{ type: 'adult' }],
 *   cabin_class: 'economy',
 * });
 * ```
 *
 * Searches are pure (no store access, nothing written): offers are rebuilt from their signed ids.
 * Orders, seat sales and cancellations go through the injected store; time comes from the
 * injected clock. The searches are answered here; reading an offer back, booking and cancelling
 * are the parts in sandbox-offers.ts, sandbox-orders.ts and sandbox-cancellations.ts.
 */
import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sandboxErrorCodes, SandboxError } from './errors';
import { formatAmount } from './money';
import { getNetwork, type Network } from './network';
import { offerObject } from './offer-objects';
import type { OfferContext } from './offer-pricing';
import { offerPassengers, type PricedOffer } from './offers';
import { hashString, idFromHash } from './random';
import { sandboxCancellations } from './sandbox-cancellations';
import { randomStrings, type SandboxContext } from './sandbox-context';
import { sandboxOffers } from './sandbox-offers';
import { sandboxOrders } from './sandbox-orders';
import { findSpecialRoute } from './special-routes';
import {
  canonicalRequest,
  findPricedOffers,
  findPrices,
  minimumLeadMs,
  requestSlices,
  validateSearch,
  type SearchRequest,
} from './search';
import type { SandboxStore } from './store';
import type {
  CreateOrderInput,
  Offer,
  OfferPassenger,
  OfferRequest,
  Order,
  OrderCancellation,
  SearchOffersInput,
  SeatMap,
} from './types';

export interface SandboxOptions {
  /** Orders, seat sales and cancellations. */
  readonly store: SandboxStore;
  /** The current time; searches stamp it on offers, expiry is measured with it. */
  readonly clock: () => Date;
  /** Signs offer ids (HMAC-SHA256). At least 16 characters; keep it out of the client. */
  readonly secret: string;
  /** Varies the whole network and its fares. Processes that share orders must share the seed. */
  readonly seed?: string;
  /** How long the slow-search special route (STN→LHR) waits before timing out. */
  readonly slowSearchMs?: number;
  /** Waits `ms` unless `signal` aborts first; tests inject a fake. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Randomness for order ids, booking references and ticket numbers. */
  readonly randomBytes?: (size: number) => Uint8Array;
}

/** What each offer of a search would cost, without the offers. */
export interface SearchPrices {
  readonly currency: string;
  readonly prices: readonly {
    readonly base_amount: string;
    readonly tax_amount: string;
    readonly total_amount: string;
  }[];
}

/**
 * A search's offers before they are made Duffel-shaped objects: what `searchOffers` answers, for
 * a caller that writes its own shape of them (the API's compact search answer).
 */
export interface PricedSearch {
  readonly id: string;
  /** Epoch ms: the start of the minute the search is priced for. */
  readonly createdAt: number;
  readonly request: SearchRequest;
  readonly passengers: readonly OfferPassenger[];
  /** Cheapest first; the fare brands of one journey share its list of flights. */
  readonly offers: readonly PricedOffer[];
}

export interface Sandbox {
  /** Duffel's "create offer request": searches and answers the request with its offers. */
  searchOffers(input: SearchOffersInput): Promise<OfferRequest>;
  /** `searchOffers`, with the same checks and special routes, stopping before the objects. */
  searchPricedOffers(input: SearchOffersInput): Promise<PricedSearch>;
  /**
   * The price of every offer `searchOffers` would answer at this moment, from the same fare model
   * but without building the offers: a price calendar's cost. A route that answers slowly or with
   * nothing (the special routes) has no prices.
   */
  searchPrices(input: SearchOffersInput): Promise<SearchPrices>;
  /** Rebuilds an offer from its id, with its bags for sale; checks expiry and availability. */
  getOffer(offerId: string): Promise<Offer>;
  /** One seat map per segment of the offer, with seats sold in earlier orders unavailable. */
  getSeatMaps(offerId: string): Promise<SeatMap[]>;
  /** Books an offer: passengers, services and payment are checked; seats are claimed atomically. */
  createOrder(input: CreateOrderInput): Promise<Order>;
  getOrder(orderId: string): Promise<Order>;
  /** Quotes the refund of cancelling an order now; confirm it before `expires_at`. */
  quoteOrderCancellation(input: { readonly order_id: string }): Promise<OrderCancellation>;
  /** Cancels the order of a quote, releasing its seats. A second confirmation: already_cancelled. */
  confirmOrderCancellation(cancellationId: string): Promise<OrderCancellation>;
  getOrderCancellation(cancellationId: string): Promise<OrderCancellation>;
  /** The order's cancellations (quotes and the confirmed one), oldest first. */
  listOrderCancellations(orderId: string): Promise<OrderCancellation[]>;
}

/**
 * Searches are priced per clock minute: the same request within the same minute answers the same
 * offers (the same ids), stamped with the start of that minute, as an airline's shopping cache
 * would. Callers may therefore cache an answer until the minute ends.
 */
export const searchQuantumMs = 60_000;

/** The cancellation terms: how long a quote may be confirmed, when an unknown refund is stated. */
export { cancellationQuoteLifetimeMs, unknownRefundSettlesMs } from './sandbox-cancellations';

const defaultSleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
  await delay(ms, undefined, signal === undefined ? undefined : { signal });
};

function abortedSearch(cause: unknown): SandboxError {
  return new SandboxError(
    sandboxErrorCodes.requestAborted,
    'The search was aborted.',
    {},
    { cause },
  );
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const { store, clock } = options;
  if (typeof options.secret !== 'string' || options.secret.length < 16) {
    throw new TypeError('The sandbox secret must be a string of at least 16 characters.');
  }
  const seed = options.seed ?? 'contrail';
  const network: Network = getNetwork(seed);
  const context: OfferContext = { seed, secret: options.secret };
  const slowSearchMs = options.slowSearchMs ?? 120_000;
  const sleep = options.sleep ?? defaultSleep;
  const randomBytes = options.randomBytes ?? ((size: number) => cryptoRandomBytes(size));

  const now = (): number => clock().getTime();
  const shared: SandboxContext = {
    store,
    seed,
    network,
    offers: context,
    now,
    randomString: randomStrings(randomBytes),
  };

  /** The slow-search special route: waits, then times out as an airline that never answers. */
  async function slowSearch(signal: AbortSignal | undefined): Promise<never> {
    try {
      await sleep(slowSearchMs, signal);
    } catch (cause) {
      throw abortedSearch(cause);
    }
    throw new SandboxError(sandboxErrorCodes.gatewayTimeout, 'The airline did not answer in time.');
  }

  async function searchPricedOffers(input: SearchOffersInput): Promise<PricedSearch> {
    const createdAt = Math.floor(now() / searchQuantumMs) * searchQuantumMs;
    const request = validateSearch(input, createdAt);
    const first = request.slices[0];
    const behaviour =
      first === undefined
        ? undefined
        : findSpecialRoute(first.originCode, first.destinationCode)?.behaviour;
    const signal = input.signal;
    if (signal?.aborted === true) throw abortedSearch(signal.reason);
    if (behaviour === 'slow_search') await slowSearch(signal);
    const searchKey = idFromHash(
      hashString(`${seed}|${createdAt}|${canonicalRequest(request)}`),
      10,
    );
    const passengers = offerPassengers(searchKey, request.passengers);
    const offers =
      behaviour === 'no_offers'
        ? []
        : findPricedOffers(
            network,
            context,
            request,
            createdAt,
            searchKey,
            passengers,
            // Priced for a whole minute: no offer may leave within 2 hours of any moment of it.
            createdAt + searchQuantumMs + minimumLeadMs,
          );
    return {
      id: `orq_${idFromHash(hashString(`orq|${searchKey}`))}`,
      createdAt,
      request,
      passengers,
      offers,
    };
  }

  async function searchOffers(input: SearchOffersInput): Promise<OfferRequest> {
    const search = await searchPricedOffers(input);
    return {
      id: search.id,
      live_mode: false,
      created_at: new Date(search.createdAt).toISOString(),
      cabin_class: search.request.cabin,
      slices: requestSlices(search.request),
      passengers: search.passengers,
      offers: search.offers.map((offer) => offerObject(offer, false)),
    };
  }

  async function searchPrices(input: SearchOffersInput): Promise<SearchPrices> {
    const createdAt = Math.floor(now() / searchQuantumMs) * searchQuantumMs;
    const request = validateSearch(input, createdAt);
    const first = request.slices[0];
    const behaviour =
      first === undefined
        ? undefined
        : findSpecialRoute(first.originCode, first.destinationCode)?.behaviour;
    const currency = request.currency;
    if (behaviour === 'no_offers' || behaviour === 'slow_search') return { currency, prices: [] };
    const prices = findPrices(
      network,
      context,
      request,
      createdAt,
      createdAt + searchQuantumMs + minimumLeadMs,
    );
    return {
      currency,
      prices: prices.map(({ base, tax }) => ({
        base_amount: formatAmount(base, currency),
        tax_amount: formatAmount(tax, currency),
        total_amount: formatAmount(base + tax, currency),
      })),
    };
  }

  const { getOffer, getSeatMaps } = sandboxOffers(shared);
  const { createOrder, getOrder } = sandboxOrders(shared);
  return {
    searchOffers,
    searchPricedOffers,
    searchPrices,
    getOffer,
    getSeatMaps,
    createOrder,
    getOrder,
    ...sandboxCancellations(shared, getOrder),
  };
}
