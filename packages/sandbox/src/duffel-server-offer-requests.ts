/**
 * Offer requests, as Duffel answers them: the search made on the sandbox, within the client's
 * `supplier_timeout` (an airline slower than it is left out), held for the busy Duffel's latency,
 * refused every other time on the rate-limited route, and read back by id.
 */
import { notFound, rateLimitedError } from './duffel-server-errors';
import { randomId } from './duffel-server-ids';
import type { OfferRequestStore } from './duffel-server-request-store';
import { isSandboxError } from './errors';
import type { CurrencyCode } from './money';
import { offerPassengers } from './offers';
import type { Sandbox } from './sandbox';
import { requestSlices, validateSearch } from './search';
import { findSpecialRoute } from './special-routes';
import type { OfferRequest, SearchOffersInput } from './types';

/**
 * How long the airlines may take to answer a search; null where unsaid. Duffel takes 2 to 60
 * seconds and ignores any other value (its default applies, as when none is sent).
 */
function supplierTimeoutOf(query: URLSearchParams): number | null {
  const timeoutText = query.get('supplier_timeout');
  const supplierTimeout = timeoutText === null ? null : Number(timeoutText);
  return supplierTimeout !== null && supplierTimeout >= 2000 && supplierTimeout <= 60_000
    ? supplierTimeout
    : null;
}

export interface OfferRequestDeps {
  sandbox: Sandbox;
  clock: () => Date;
  currency: CurrencyCode;
  rateLimit: { readonly limit: number };
  /** How long each offer request is held before it is answered, and how that is waited. */
  latencyMs: number;
  sleep: (ms: number) => Promise<void>;
  requests: OfferRequestStore;
}

/** The offer request endpoints of one server. */
export function offerRequestEndpoints(deps: OfferRequestDeps) {
  const { sandbox, clock, currency, rateLimit, latencyMs, sleep, requests } = deps;
  const { store, jsonOf } = requests;
  /** The rate-limited route answers every other search 429, so a retry gets through. */
  let rateLimitedTurn = 0;

  /** An offer request with no offers: every airline was slower than `supplier_timeout`. */
  function emptyAnswer(input: SearchOffersInput): OfferRequest {
    const createdAt = clock().getTime();
    const request = validateSearch(input, createdAt);
    return {
      id: randomId('orq_'),
      live_mode: false,
      created_at: new Date(createdAt).toISOString(),
      cabin_class: request.cabin,
      slices: requestSlices(request),
      passengers: offerPassengers(randomId('', 10), request.passengers),
      offers: [],
    };
  }

  async function createOfferRequest(
    body: Record<string, unknown>,
    query: URLSearchParams,
    liveMode: boolean,
  ) {
    const first = Array.isArray(body.slices) ? (body.slices[0] as Record<string, unknown>) : null;
    const route =
      typeof first?.origin === 'string' && typeof first.destination === 'string'
        ? findSpecialRoute(first.origin.toUpperCase(), first.destination.toUpperCase())
        : undefined;
    if (route?.behaviour === 'rate_limited' && rateLimitedTurn++ % 2 === 0) {
      throw rateLimitedError(rateLimit.limit, clock().getTime());
    }
    const supplierTimeout = supplierTimeoutOf(query);
    // The hold counts from the request's arrival and includes making the answer, as Duffel's
    // seconds include its own work: a burst of requests is not answered one making after another.
    const held = latencyMs > 0 ? sleep(latencyMs) : undefined;
    const input = {
      slices: body.slices,
      passengers: body.passengers,
      ...(body.cabin_class === undefined ? {} : { cabin_class: body.cabin_class }),
      ...(body.max_connections === undefined ? {} : { max_connections: body.max_connections }),
      currency,
      ...(supplierTimeout === null ? {} : { signal: AbortSignal.timeout(supplierTimeout) }),
    } as SearchOffersInput;
    let answer: OfferRequest;
    try {
      answer = await sandbox.searchOffers(input);
    } catch (failure) {
      // An airline slower than `supplier_timeout` is left out of the answer, as at Duffel.
      if (!(isSandboxError(failure) && failure.code === 'request_aborted')) throw failure;
      answer = emptyAnswer({
        slices: input.slices,
        passengers: input.passengers,
        ...(input.cabin_class === undefined ? {} : { cabin_class: input.cabin_class }),
        currency,
      });
    }
    // Answered (its ids given, its offers' JSON made) within the hold, not after it.
    const stored = store(answer, liveMode);
    for (const offer of stored.offers) jsonOf(stored, offer);
    await held;
    const returnOffers = query.get('return_offers') !== 'false';
    return {
      status: 201,
      body: { data: { ...stored.request, ...(returnOffers ? { offers: stored.offers } : {}) } },
    };
  }

  function getOfferRequest(id: string) {
    const stored = requests.offerRequests.get(id);
    if (stored === undefined) throw notFound();
    return { status: 200, body: { data: { ...stored.request, offers: stored.offers } } };
  }

  return { createOfferRequest, getOfferRequest };
}
