import { Duffel } from '@duffel/api';
import { airlineLogo } from '@contrail/reference-data';
import type { FlightSupplier, SupplierLog } from '../flight-supplier';
import { airportList } from '../reference';
import { createMemoryBalanceAlerts, type BalanceAlerts } from './balance-alerts';
import { duffelBalance } from './duffel-balance';
import { duffelCalls, type DuffelCall } from './duffel-calls';
import { duffelCancellations } from './duffel-cancellations';
import { duffelOfferReads, duffelOffers, type DuffelOffers } from './duffel-offers';
import { duffelOrderLookup } from './duffel-order-lookup';
import { duffelOrderPlacement } from './duffel-order-placement';
import { duffelOrders } from './duffel-orders';
import { duffelRateLimits } from './duffel-rate-limits';
import { duffelReplacement } from './duffel-replacement';
import { duffelSearch } from './duffel-search';
import { duffelThreading } from './duffel-thread';
import { stoppableRequests } from './duffel-transport';
import { duffelSleep, type DuffelSleep } from './duffel-waits';
import type { OfferReplacements } from './offer-replacements';
import { createMemoryRateLimitPauses, type RateLimitPauses } from './rate-limit-pauses';

/** What the adapter logs: pino's signature, so the app's logger fits. */
export interface DuffelSupplierOptions {
  /** A `duffel_test_…` or `duffel_live_…` access token; never logged. */
  token: string;
  /** The SDK's basePath: https://api.duffel.com, or a Duffel-compatible server in tests. */
  apiUrl: string;
  live: boolean;
  replacements: OfferReplacements;
  /** Where a balance too low to pay for orders is kept for every process (memory by default). */
  balanceAlerts?: BalanceAlerts;
  /** How long bookings are refused after Duffel's `insufficient_balance`, before one tries again. */
  balanceRecheckMs?: number;
  clock: () => Date;
  sleep?: (ms: number) => Promise<void>;
  log?: SupplierLog;
  /** Told the currency Duffel priced a search in: the account's billing currency. */
  onCurrency?: (currency: string) => void;
  /** How long Duffel may wait for the airlines of a search (its `supplier_timeout`). */
  supplierTimeoutMs?: number;
  /**
   * How long a search may take in all (its offer request, its pages, any wait for the rate
   * limit) before the traveller is told the airline did not answer: `supplier_timeout` and a
   * small grace (default 3 s more).
   */
  searchDeadlineMs?: number;
  /**
   * Where a spent rate limit (`ratelimit-reset`) is kept for every process (memory by default):
   * no process asks Duffel again before it resets.
   */
  rateLimitPauses?: RateLimitPauses;
  /** How long an order may take before we stop waiting and look for it instead. */
  orderTimeoutMs?: number;
  /** Pauses before each look for an order whose answer was lost. */
  orderLookupWaitsMs?: readonly number[];
  /** The longest a read waits for Duffel's rate limit to reset before giving up. */
  maxRateLimitWaitMs?: number;
  /** Offers per page when listing a search's offers (Duffel allows up to 200). */
  offerPageSize?: number;
  /** Cancellations per page when listing an order's (Duffel allows up to 200). */
  cancellationPageSize?: number;
}

const quiet: SupplierLog = { info: () => undefined, warn: () => undefined };

/** The account's currency as searches answer it, told to `onCurrency` when it changes. */
function accountCurrency(onCurrency: ((currency: string) => void) | undefined) {
  let known: string | null = null;
  return {
    known: () => known,
    note: (currency: string) => {
      if (currency === known) return;
      known = currency;
      onCurrency?.(currency);
    },
  };
}

/** The SDK's client, whose calls made with a signal close their connection when it aborts. */
function duffelClient({ token, apiUrl }: DuffelSupplierOptions): Duffel {
  const duffel = new Duffel({ token, basePath: apiUrl, source: 'contrail' });
  // A search nobody waits for any more closes its connection to Duffel.
  stoppableRequests(duffel, { token, basePath: apiUrl, source: 'contrail' });
  return duffel;
}

/**
 * Duffel (https://duffel.com/docs/api) through its official SDK, as a FlightSupplier. Duffel
 * prices in the account's currency; its offers are not stable (a re-read may differ), so nothing
 * is cached here (the flights service shares searches through PostgreSQL).
 */
export function createDuffelSupplier(options: DuffelSupplierOptions): FlightSupplier {
  const duffel = duffelClient(options);
  const { clock, replacements } = options;
  const log = options.log ?? quiet;
  const sleep = duffelSleep(options.sleep);
  const supplierTimeoutMs = options.supplierTimeoutMs ?? 12_000;
  const pauses = options.rateLimitPauses ?? createMemoryRateLimitPauses();
  const currency = accountCurrency(options.onCurrency);
  const mode = options.live ? 'live' : 'test';
  const limits = duffelRateLimits({
    clock,
    log,
    pauses,
    mode,
    sleep,
    maxRateLimitWaitMs: options.maxRateLimitWaitMs ?? 10_000,
  });
  const call = duffelCalls({ log, sleep, limits });
  const offers = duffelOffers({
    duffel,
    call,
    clock,
    supplierTimeoutMs,
    offerPageSize: options.offerPageSize ?? 200,
  });

  return {
    name: 'duffel',
    live: options.live,
    pricesInAccountCurrency: true,
    threading: duffelThreading(options, { pauses, log, noteCurrency: currency.note }),
    listAirports: airportList,
    // Duffel's carriers come with logos; our marks stand in where one has none.
    airlineLogo,

    ...duffelSearch({
      offerRequest: offers.offerRequest,
      clock,
      searchDeadlineMs: options.searchDeadlineMs ?? supplierTimeoutMs + 3_000,
      noteCurrency: currency.note,
    }),
    ...duffelOfferReads({ offers, replacements }),
    ...orderMethods(options, { duffel, call, clock, log, sleep, mode, offers }),
    ...duffelCancellations({
      duffel,
      call,
      clock,
      knownCurrency: currency.known,
      cancellationPageSize: options.cancellationPageSize ?? 200,
    }),
  };
}

/** What the supplier's parts are built from: Duffel's client and the one way of calling it. */
interface DuffelParts {
  duffel: Duffel;
  call: DuffelCall;
  clock: () => Date;
  log: SupplierLog;
  sleep: DuffelSleep;
  mode: 'test' | 'live';
  offers: DuffelOffers;
}

/** The supplier's orders: read back, placed (an offer replaced where need be), the balance kept. */
function orderMethods(
  options: DuffelSupplierOptions,
  { duffel, call, clock, log, sleep, mode, offers }: DuffelParts,
) {
  const { replacements } = options;
  const lookup = duffelOrderLookup({ duffel, call, clock, replacements });
  const placeOrder = duffelOrderPlacement({
    duffel,
    call,
    sleep,
    log,
    orderTimeoutMs: options.orderTimeoutMs ?? 90_000,
    lookupWaits: options.orderLookupWaitsMs ?? [0, 1000, 3000],
    replacements,
    readOffer: offers.readOffer,
    replace: duffelReplacement({ offers, replacements, clock, log }),
    lookup,
  });
  const balance = duffelBalance({
    balanceAlerts: options.balanceAlerts ?? createMemoryBalanceAlerts(),
    mode,
    clock,
    log,
    balanceRecheckMs: options.balanceRecheckMs ?? 10 * 60 * 1000,
  });
  return duffelOrders({ duffel, call, log, balance, placeOrder, lookup });
}
