import { setTimeout as delay } from 'node:timers/promises';
import { Duffel, DuffelError } from '@duffel/api';
import type { CabinClass } from '@contrail/contracts/flight-search';
import { fromMinorUnits, toMinorUnits, UnsupportedCurrencyError } from '@contrail/contracts/money';
import type { Offer, SeatMap } from '@contrail/contracts/offers';
import { airlineLogo } from '@contrail/reference-data';
import {
  SupplierError,
  type FlightSupplier,
  type SupplierCancellation,
  type SupplierErrorCode,
  type SupplierLog,
  type SupplierOrder,
  type SupplierOrderInput,
  type SupplierSearch,
} from '../flight-supplier';
import { awayFromTurn } from '../../../plugins/admission';
import { orderPassengers } from '../order-passengers';
import { airportList } from '../reference';
import { duffelId, duffelPathSegment } from './duffel-ids';
import { cancellationOf } from './duffel-cancellation-mapping';
import { offerOf } from './duffel-offer-mapping';
import { orderOf, orderReference } from './duffel-order-mapping';
import { seatMapOf } from './duffel-seat-map-mapping';
import { createMemoryBalanceAlerts, type BalanceAlerts } from './balance-alerts';
import { createMemoryRateLimitPauses, type RateLimitPauses } from './rate-limit-pauses';
import { stoppableRequests, withCallSignal } from './duffel-transport';
import { duffelThreading } from './duffel-thread';
import type { OfferReplacement, OfferReplacements } from './offer-replacements';

/** Our booking id in each order's metadata: how an order whose answer was lost is found. */
const BOOKING_METADATA_KEY = 'contrail_booking';
/** The offer a replacement order stands in for (see OfferReplacements). */
const OFFER_METADATA_KEY = 'contrail_offer';

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
/** 400 offers (two pages of 200) is more than any results page shows. */
const MAX_OFFERS = 400;
/** Pauses before a read that Duffel answered 503 or 504 is tried again. */
const READ_RETRY_WAITS_MS = [250, 1000] as const;
/**
 * Duffel: 503 and 504 are temporary. A read is tried again after a pause (null: not again); a
 * write never is (an order or cancellation may have been made all the same).
 */
function readRetryWait(status: number | null | undefined, attempt: number): number | null {
  if (status !== 503 && status !== 504) return null;
  return READ_RETRY_WAITS_MS[attempt] ?? null;
}

/** Orders are listed 200 a page; a booking's order is among an account's recent ones. */
const ORDER_PAGES = 25;

/** Duffel's error codes in our vocabulary; the error's type and status decide the rest. */
const ERROR_CODES: Record<string, SupplierErrorCode> = {
  offer_no_longer_available: 'offer_unavailable',
  offer_request_already_booked: 'offer_unavailable',
  offer_expired: 'offer_expired',
  expired: 'offer_expired',
  price_changed: 'price_changed',
  not_found: 'not_found',
  seat_unavailable: 'seat_unavailable',
  unavailable_service: 'seat_unavailable',
  order_creation_failed: 'order_refused',
  // Duffel: "no order was created"; the only 5xx after which a hold may be released at once.
  order_not_created: 'order_not_created',
  insufficient_balance: 'insufficient_balance',
  payment_amount_does_not_match_order_amount: 'price_changed',
  already_cancelled: 'already_cancelled',
  order_already_cancelled: 'already_cancelled',
  order_cancellation_expired: 'cancellation_expired',
  cancellation_expired: 'cancellation_expired',
  order_not_cancellable: 'not_cancellable',
  not_cancellable: 'not_cancellable',
  gateway_timeout_error: 'timeout',
  rate_limit_exceeded: 'rate_limited',
};

/** Duffel's passenger fields under the names of our checkout form's fields. */
const PASSENGER_FIELDS: Record<string, string> = {
  title: 'title',
  given_name: 'firstName',
  family_name: 'lastName',
  gender: 'gender',
  born_on: 'dateOfBirth',
  email: 'email',
  phone_number: 'phone',
  unique_identifier: 'passportNumber',
  expires_on: 'passportExpiryDate',
  issuing_country_code: 'passportIssuingCountry',
  account_number: 'frequentFlyerNumber',
  airline_iata_code: 'frequentFlyerAirline',
};

/** The SDK exports its error class as a value only. */
type DuffelApiError = InstanceType<typeof DuffelError>;

interface DuffelFailure {
  status: number | null;
  requestId: string | null;
  errors: { type: string; code: string; message: string; pointer: string | null }[];
}

/** A field of a body we cannot trust to be Duffel's: text whatever it holds. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
}

/** What a DuffelError says, whatever shape its body came in (a proxy's HTML page has none). */
function failureOf(error: DuffelApiError): DuffelFailure {
  const errors = Array.isArray(error.errors) ? error.errors : [];
  const meta = error.meta as Partial<DuffelApiError['meta']> | undefined;
  return {
    status: typeof meta?.status === 'number' ? meta.status : null,
    requestId: typeof meta?.request_id === 'string' ? meta.request_id : null,
    errors: errors.map((e: DuffelApiError['errors'][number]) => {
      const source = (e as { source?: { pointer?: unknown } }).source;
      return {
        type: text(e.type),
        code: text(e.code),
        message: text(e.message),
        pointer: typeof source?.pointer === 'string' ? source.pointer : null,
      };
    }),
  };
}

/** Checkout form fields (`passengers.1.dateOfBirth`) for Duffel's passenger validation errors. */
function passengerFields(failure: DuffelFailure): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const error of failure.errors) {
    const match = /^\/passengers\/(\d+)\/(?:.*\/)?(\w+)$/.exec(error.pointer ?? '');
    const name = match ? PASSENGER_FIELDS[match[2] ?? ''] : undefined;
    if (match && name) fields[`passengers.${match[1]}.${name}`] = error.message;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** A Duffel failure in the suppliers' vocabulary. */
export function supplierErrorOf(error: unknown): SupplierError {
  if (error instanceof SupplierError) return error;
  if (!(error instanceof DuffelError)) {
    return new SupplierError(
      'provider_error',
      'Duffel could not be reached.',
      {},
      { cause: error },
    );
  }
  const failure = failureOf(error);
  const [first] = failure.errors;
  const byCode = first ? ERROR_CODES[first.code] : undefined;
  const status = failure.status ?? 0;
  const code: SupplierErrorCode =
    byCode ??
    (first?.type === 'validation_error'
      ? 'validation'
      : first?.type === 'airline_error'
        ? 'order_refused'
        : first?.type === 'rate_limit_error' || status === 429
          ? 'rate_limited'
          : status === 404
            ? 'not_found'
            : status === 410
              ? 'offer_expired'
              : status === 504
                ? 'timeout'
                : 'provider_error');
  const fields = code === 'validation' ? passengerFields(failure) : undefined;
  return new SupplierError(
    code,
    first?.message ?? `Duffel answered ${status}.`,
    {
      ...(fields ? { fields } : {}),
      ...(failure.requestId ? { requestId: failure.requestId } : {}),
      ...(first?.code ? { providerCode: first.code } : {}),
    },
    { cause: error },
  );
}

/** A failure after which the order may exist all the same: Duffel failed, or we stopped waiting. */
function uncertain(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  if (!(error instanceof DuffelError)) return !(error instanceof SupplierError);
  const failure = failureOf(error);
  // Duffel documents order_not_created as "no order was created": the one 5xx that is certain.
  if (failure.errors.some((e) => e.code === 'order_not_created')) return false;
  return failure.status === null || failure.status >= 500;
}

/** Codes after which Duffel says the price is not what was paid: the offer tells the new one. */
const PRICE_CODES = new Set(['price_changed', 'payment_amount_does_not_match_order_amount']);

class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

/** Whether a signal's reason is a deadline (AbortSignal.timeout's), not someone stopping it. */
function isTimeout(reason: unknown): boolean {
  return (reason as { name?: unknown } | undefined)?.name === 'TimeoutError';
}

function within<T>(work: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let stopListening: () => void = () => undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`No answer within ${ms} ms`)), ms);
  });
  const aborted = signal
    ? new Promise<never>((_, reject) => {
        const abort = () =>
          reject(
            // The search's deadline (AbortSignal.timeout) is a timeout; anything else stopped it.
            isTimeout(signal.reason)
              ? new SupplierError(
                  'timeout',
                  'Duffel did not answer the search in time.',
                  {},
                  { cause: signal.reason },
                )
              : new SupplierError(
                  'aborted',
                  'The search was stopped.',
                  {},
                  { cause: signal.reason },
                ),
          );
        if (signal.aborted) abort();
        else {
          // Taken off once the call is over: a search's signal lasts for all its calls.
          signal.addEventListener('abort', abort, { once: true });
          stopListening = () => signal.removeEventListener('abort', abort);
        }
      })
    : null;
  // A call made with a signal also closes its HTTP request (`stoppableRequests`); should that
  // not be possible, a late answer is dropped, never acted on, and Duffel ends the request itself
  // within its supplier_timeout.
  return Promise.race([work, timeout, ...(aborted ? [aborted] : [])]).finally(() => {
    clearTimeout(timer);
    stopListening();
  });
}

/** When Duffel takes requests again: `ratelimit-reset` is a date, or seconds from now. */
function resetAt(headers: { get(name: string): string | null }, now: number): number {
  const header = headers.get('ratelimit-reset') ?? headers.get('retry-after');
  if (header === null) return now + 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds > 1e9 ? seconds * 1000 : now + seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? now + 1000 : date;
}

function sameFlights(a: Offer, b: Offer): boolean {
  return (
    a.passengers.length === b.passengers.length &&
    a.slices.length === b.slices.length &&
    a.slices.every((slice, i) => {
      const other = b.slices[i];
      return (
        slice.fare_brand_name === other?.fare_brand_name &&
        slice.segments.length === other.segments.length &&
        slice.segments.every((segment, j) => {
          const twin = other.segments[j];
          return (
            segment.flight_number === twin?.flight_number &&
            segment.departing_at === twin.departing_at &&
            segment.cabin_class === twin.cabin_class
          );
        })
      );
    })
  );
}

/** Replaces ids (exact strings) anywhere in a value. */
function renamed<T>(value: T, ids: Record<string, string>): T {
  if (typeof value === 'string') return (ids[value] ?? value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => renamed(item, ids)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, renamed(item, ids)]),
    ) as T;
  }
  return value;
}

function inverse(ids: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(ids).map(([from, to]) => [to, from]));
}

type DuffelPassenger = { type: 'adult' } | { age: number };

/**
 * A Duffel call as the log shows it: the operation, what Duffel said of it, how long it took,
 * and our booking's id for an order.
 */
function callEntry(
  operation: string,
  said: Record<string, unknown>,
  started: number,
  bookingId: string | undefined,
) {
  return {
    duffel: { operation, ...said, ms: Math.round(performance.now() - started) },
    ...(bookingId ? { bookingId } : {}),
  };
}

/**
 * The replacement offer's ids (its own, its passengers', slices' and flights') to the old
 * offer's, position by position.
 */
function oldIdsOf(offer: Offer, old: Offer): Record<string, string> {
  const ids: Record<string, string> = { [offer.id]: old.id };
  offer.passengers.forEach((p, i) => {
    const before = old.passengers[i];
    if (before) ids[p.id] = before.id;
  });
  offer.slices.forEach((slice, i) => {
    const before = old.slices[i];
    if (!before) return;
    ids[slice.id] = before.id;
    slice.segments.forEach((segment, j) => {
      const was = before.segments[j];
      if (was) ids[segment.id] = was.id;
    });
  });
  return ids;
}

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
  /** Pauses before Duffel is asked again hold no admission turn either, and end on `signal`. */
  const sleep = (ms: number, signal?: AbortSignal) =>
    awayFromTurn(() => {
      const pause = options.sleep ? options.sleep(ms) : delay(ms);
      return signal ? within(pause, ms + 1000, signal) : pause;
    });
  const supplierTimeoutMs = options.supplierTimeoutMs ?? 12_000;
  const searchDeadlineMs = options.searchDeadlineMs ?? supplierTimeoutMs + 3_000;
  const pauses = options.rateLimitPauses ?? createMemoryRateLimitPauses();
  const orderTimeoutMs = options.orderTimeoutMs ?? 90_000;
  const lookupWaits = options.orderLookupWaitsMs ?? [0, 1000, 3000];
  const maxRateLimitWaitMs = options.maxRateLimitWaitMs ?? 10_000;
  const offerPageSize = options.offerPageSize ?? 200;
  const cancellationPageSize = options.cancellationPageSize ?? 200;
  const currency = accountCurrency(options.onCurrency);
  const mode = options.live ? 'live' : 'test';
  const balanceAlerts = options.balanceAlerts ?? createMemoryBalanceAlerts();
  const balanceRecheckMs = options.balanceRecheckMs ?? 10 * 60 * 1000;
  const alert = (details: Record<string, unknown>, message: string) =>
    (log.error ?? log.warn).call(log, details, message);

  /** Bookings wait while the balance is known to be short; one tries again after a while. */
  async function balanceRefusal(): Promise<SupplierError | null> {
    const known = await balanceAlerts.find(mode);
    if (!known || known.recheckAt.getTime() <= clock().getTime()) return null;
    return new SupplierError(
      'insufficient_balance',
      'The Duffel balance is too low to pay for orders.',
      {
        providerCode: 'insufficient_balance',
        ...(known.requestId ? { requestId: known.requestId } : {}),
      },
    );
  }

  /** What an order's outcome says of the balance: enough (it was paid), or too low. */
  async function noteBalance(outcome: unknown, reference: string): Promise<void> {
    if (!(outcome instanceof SupplierError)) {
      await balanceAlerts.clear(mode);
      return;
    }
    if (outcome.code !== 'insufficient_balance') return;
    const now = clock();
    await balanceAlerts.raise(mode, {
      requestId: outcome.details.requestId ?? null,
      raisedAt: now,
      recheckAt: new Date(now.getTime() + balanceRecheckMs),
    });
    alert(
      {
        bookingId: reference,
        duffel: {
          operation: 'orders.create',
          code: 'insufficient_balance',
          requestId: outcome.details.requestId ?? null,
        },
      },
      'Duffel balance too low to pay for orders: bookings are refused until it is topped up',
    );
  }

  /**
   * One SDK call, logged with Duffel's request id (and our booking's id, for an order). While
   * Duffel's rate limit is spent (a 429 here or in another process, or an answer saying none is
   * left), Duffel is not asked: the call waits for `ratelimit-reset` if that comes before its
   * deadline (a search's) or within `maxRateLimitWaitMs`, and is refused at once otherwise. A read
   * refused with 429 is tried once more that way. Every wait on Duffel (its answer, a pause
   * before asking) holds no admission turn, and ends when `signal` aborts.
   */
  async function call<T extends { headers?: { get(name: string): string | null } | undefined }>(
    operation: string,
    run: () => Promise<T>,
    {
      read,
      bookingId,
      signal,
      deadlineAt,
      timeoutMs = 60_000,
    }: {
      read: boolean;
      bookingId?: string;
      signal?: AbortSignal;
      /** When the caller stops waiting (epoch ms of `clock`): no pause is waited past it. */
      deadlineAt?: number;
      timeoutMs?: number;
    },
  ): Promise<T> {
    let limitedAgain = false;
    for (let attempt = 0; ;) {
      await respectPause(operation, { signal, deadlineAt, bookingId });
      const started = performance.now();
      try {
        const response = await awayFromTurn(() =>
          within(withCallSignal(signal, run), timeoutMs, signal),
        );
        log.info(
          callEntry(
            operation,
            { requestId: response.headers?.get('x-request-id') ?? null },
            started,
            bookingId,
          ),
          'Duffel answered',
        );
        if (response.headers?.get('ratelimit-remaining') === '0') {
          // The window's last request: the next one would be refused until it resets.
          await notePause(response.headers, response.headers.get('x-request-id'));
        }
        return response;
      } catch (error) {
        // Nobody waits for the answer any more (the travellers left): not a failure of Duffel's.
        if (signal?.aborted && !isTimeout(signal.reason)) throw stopped(operation, error, started);
        const failure = loggedFailure(operation, error, started, bookingId);
        const pause = read && !signal?.aborted ? readRetryWait(failure?.status, attempt) : null;
        if (pause !== null) {
          attempt += 1;
          await sleep(pause, signal);
          continue;
        }
        if (!(error instanceof DuffelError) || failure?.status !== 429) throw error;
        const at = await notePause(error.headers, failure.requestId);
        if (!read || limitedAgain || signal?.aborted)
          throw rateLimited(at, failure.requestId, error);
        // Tried once more after the reset, if that comes in time (respectPause decides).
        limitedAgain = true;
      }
    }
  }

  /** A call stopped by its signal (nobody waits for it), said at info: Duffel did not fail. */
  function stopped(operation: string, error: unknown, started: number): unknown {
    log.info(callEntry(operation, { stopped: true }, started, undefined), 'Duffel call stopped');
    return error;
  }

  /** The refusal while Duffel's rate limit is spent: 503 provider_busy with Retry-After. */
  function rateLimited(at: number, requestId: string | null, cause?: unknown): SupplierError {
    return new SupplierError(
      'rate_limited',
      'Duffel is asking us to slow down.',
      {
        ...(requestId ? { requestId } : {}),
        retryAt: at,
        retryAfterMs: Math.max(0, at - clock().getTime()),
        providerCode: 'rate_limit_exceeded',
      },
      cause === undefined ? {} : { cause },
    );
  }

  /** Keeps, for every process, that Duffel takes no request before its `ratelimit-reset`. */
  async function notePause(
    headers: { get(name: string): string | null },
    requestId: string | null,
  ): Promise<number> {
    const at = resetAt(headers, clock().getTime());
    try {
      await pauses.pause(mode, { until: new Date(at), requestId });
    } catch (failure) {
      log.warn({ err: failure }, 'Could not keep the Duffel rate-limit pause');
    }
    return at;
  }

  /**
   * Waits while the rate limit is spent, or refuses at once when it resets after the caller's
   * deadline (or, without one, more than `maxRateLimitWaitMs` from now).
   */
  async function respectPause(
    operation: string,
    {
      signal,
      deadlineAt,
      bookingId,
    }: { signal: AbortSignal | undefined; deadlineAt: number | undefined; bookingId?: string },
  ): Promise<void> {
    let known: Awaited<ReturnType<RateLimitPauses['find']>> = null;
    try {
      known = await pauses.find(mode);
    } catch (failure) {
      // Not knowing of a pause is asking Duffel, which answers 429 if it is still on.
      log.warn({ err: failure }, 'Could not read the Duffel rate-limit pause');
    }
    const now = clock().getTime();
    const until = known?.until.getTime() ?? 0;
    if (until <= now) return;
    const latest = deadlineAt ?? now + maxRateLimitWaitMs;
    if (until > latest) {
      log.warn(
        callEntry(
          operation,
          { code: 'rate_limit_paused', until: new Date(until) },
          performance.now(),
          bookingId,
        ),
        'Duffel not asked: its rate limit resets after the deadline',
      );
      throw rateLimited(until, known?.requestId ?? null);
    }
    await sleep(until - now, signal);
  }

  /** A failed call logged (status, Duffel's request id and code), and what Duffel said. */
  function loggedFailure(
    operation: string,
    error: unknown,
    started: number,
    bookingId: string | undefined,
  ): DuffelFailure | null {
    const failure = error instanceof DuffelError ? failureOf(error) : null;
    log.warn(
      callEntry(
        operation,
        {
          status: failure?.status ?? null,
          requestId: failure?.requestId ?? null,
          code: failure?.errors[0]?.code ?? (error instanceof Error ? error.name : 'error'),
        },
        started,
        bookingId,
      ),
      'Duffel failed',
    );
    return failure;
  }

  async function translated<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // Not Duffel failing: its account prices in a currency the product cannot charge.
      if (error instanceof UnsupportedCurrencyError) throw error;
      throw supplierErrorOf(error);
    }
  }

  function mapped(raw: unknown, cabin?: CabinClass): Offer {
    const offer = offerOf(raw, { now: clock(), ...(cabin ? { cabin } : {}) });
    if (offer === null) {
      throw new SupplierError('offer_unavailable', 'Duffel answered an offer that cannot be sold.');
    }
    return offer;
  }

  /** An offer by Duffel's id, as it stands now, with its services. */
  async function readOffer(offerId: string): Promise<Offer> {
    // Checked before `call`, whose log would say Duffel failed.
    const segment = duffelPathSegment('offer', offerId);
    const response = await call(
      'offers.get',
      () => duffel.offers.get(segment, { return_available_services: true }),
      { read: true },
    );
    return mapped(response.data);
  }

  async function readSeatMaps(offerId: string): Promise<SeatMap[]> {
    const id = duffelId('offer', offerId);
    const response = await call('seat_maps.get', () => duffel.seatMaps.get({ offer_id: id }), {
      read: true,
    });
    return response.data.flatMap((map) => seatMapOf(map) ?? []);
  }

  /** An offer request and its offers, every page; no offer Duffel answered wrong is kept. */
  async function offerRequest(
    search: {
      slices: { origin: string; destination: string; departure_date: string }[];
      passengers: DuffelPassenger[];
      cabin_class: CabinClass;
      max_connections?: 0 | 1 | 2;
    },
    { signal, deadlineAt }: { signal?: AbortSignal; deadlineAt?: number } = {},
  ): Promise<{ id: string; offers: Offer[] }> {
    const until = { ...(signal ? { signal } : {}), ...(deadlineAt ? { deadlineAt } : {}) };
    const created = await call(
      'offer_requests.create',
      () =>
        duffel.offerRequests.create({
          slices: search.slices.map((slice) => ({
            ...slice,
            departure_time: null,
            arrival_time: null,
          })),
          // Duffel takes children and infants by age; a bare type still works where none is known.
          passengers: search.passengers,
          cabin_class: search.cabin_class,
          ...(search.max_connections === undefined
            ? {}
            : { max_connections: search.max_connections }),
          return_offers: false,
          supplier_timeout: supplierTimeoutMs,
        }),
      { read: true, ...until, timeoutMs: supplierTimeoutMs + 15_000 },
    );
    const requestId = duffelId('offerRequest', created.data.id, 'provider_error');
    const offers: Offer[] = [];
    let after: string | undefined;
    for (let page = 0; page * offerPageSize < MAX_OFFERS; page += 1) {
      const listed = await call(
        'offers.list',
        () =>
          duffel.offers.list({
            offer_request_id: requestId,
            limit: offerPageSize,
            sort: 'total_amount',
            ...(after ? { after } : {}),
          }),
        { read: true, ...until },
      );
      for (const raw of listed.data) {
        const offer = offerOf(raw, { now: clock(), cabin: search.cabin_class });
        if (offer) offers.push(offer);
      }
      after = listed.meta?.after ?? undefined;
      if (!after) break;
    }
    return { id: requestId, offers };
  }

  /** The passengers of a search as Duffel takes them: adults by type, the others by age. */
  function duffelPassengers(passengers: SupplierSearch['passengers']): DuffelPassenger[] {
    return passengers.map((p) =>
      p.type === 'adult'
        ? { type: 'adult' as const }
        : p.age !== undefined
          ? { age: p.age }
          : ({ type: p.type } as unknown as DuffelPassenger),
    );
  }

  /**
   * Duffel refused the order because another offer of its offer request was booked (identical
   * searches share one). The same flights and fare brand are looked for in a fresh offer request,
   * with the same seats; the replacement is kept for every process, so the traveller's offer id
   * (and the passenger and flight ids they hold) goes on working.
   */
  async function replace(input: SupplierOrderInput): Promise<{
    replacement: OfferReplacement;
    totalMinor: number;
    currency: string;
    services: SupplierOrderInput['services'];
  }> {
    const old = await readOffer(input.offerId);
    const oldMaps = input.services.length > 0 ? await readSeatMaps(input.offerId) : [];
    const cabin = old.slices[0]?.segments[0]?.cabin_class ?? 'economy';
    const fresh = await offerRequest({
      slices: old.slices.map((slice) => ({
        origin: slice.origin.iata_code,
        destination: slice.destination.iata_code,
        departure_date: slice.segments[0]?.departing_at.slice(0, 10) ?? '',
      })),
      passengers: duffelPassengers(
        old.passengers.map((p) => ({ type: p.type, ...(p.age === null ? {} : { age: p.age }) })),
      ),
      cabin_class: cabin,
    });
    const twin = fresh.offers.find((offer) => sameFlights(offer, old));
    if (!twin) {
      throw new SupplierError(
        'offer_unavailable',
        'These flights are no longer sold at this fare.',
      );
    }
    const offer = await readOffer(twin.id);
    const ids = oldIdsOf(offer, old);

    // The same seats and bags for the same passengers on the same flights, at their price now.
    const newMaps = input.services.length > 0 ? await readSeatMaps(offer.id) : [];
    const same = sameServicesIn(
      { offer: old, maps: oldMaps },
      { offer, maps: newMaps, toOld: ids },
      input.services,
    );
    const replacement = { offerId: offer.id, ids };
    await replacements.save(old.id, replacement, clock());
    log.info(
      { duffel: { operation: 'offer_replaced', offerId: old.id, replacementId: offer.id } },
      'Offer request already booked: the same flights found in a fresh offer request',
    );
    return {
      replacement,
      totalMinor: toMinorUnits(offer.total_amount, offer.total_currency) + same.extrasMinor,
      currency: offer.total_currency,
      services: same.services,
    };
  }

  /** Looks for the order made for a booking, in the orders of its lead passenger's name. */
  async function findOrder(reference: string, familyName?: string): Promise<SupplierOrder | null> {
    let after: string | undefined;
    for (let page = 0; page < ORDER_PAGES; page += 1) {
      const listed = await call(
        'orders.list',
        () =>
          duffel.orders.list({
            limit: 200,
            ...(familyName ? { 'passenger_name[]': [familyName] } : {}),
            ...(after ? { after } : {}),
          }),
        { read: true, bookingId: reference },
      );
      const raw = listed.data.find(
        (order) => orderReference(order, BOOKING_METADATA_KEY) === reference,
      );
      if (raw) return orderAnswer(raw);
      after = listed.meta?.after ?? undefined;
      if (!after) return null;
    }
    return null;
  }

  /** An order as the traveller's offer knew it (a replacement order in the replaced ids). */
  async function orderAnswer(raw: unknown): Promise<SupplierOrder> {
    const order = orderOf(raw, { now: clock() });
    if (order === null)
      throw new SupplierError('provider_error', 'Duffel answered an order we cannot read.');
    const replaced = orderReference(raw, OFFER_METADATA_KEY);
    const replacement = replaced ? await replacements.find(replaced) : null;
    return replacement ? renamed(order, replacement.ids) : order;
  }

  async function order(
    input: SupplierOrderInput,
    replacement: OfferReplacement | null,
    services: SupplierOrderInput['services'] = input.services,
  ): Promise<SupplierOrder> {
    const toNew = replacement ? inverse(replacement.ids) : {};
    const id = (value: string) => toNew[value] ?? value;
    const lead = input.passengers[0];
    const body = {
      type: 'instant' as const,
      selected_offers: [duffelId('offer', replacement ? replacement.offerId : input.offerId)],
      passengers: orderPassengers(input.passengers, id),
      services: services.map(({ id, quantity }) => ({ id, quantity })),
      payments: [{ type: 'balance' as const, amount: input.amount, currency: input.currency }],
      // Duffel's order takes no assistance request (no service or passenger field for one, and
      // metadata is for us only): the booking keeps them for the operator to pass on.
      metadata: {
        [BOOKING_METADATA_KEY]: input.reference,
        ...(replacement ? { [OFFER_METADATA_KEY]: input.offerId } : {}),
      },
    };
    try {
      const response = await call('orders.create', () => duffel.orders.create(body), {
        read: false,
        bookingId: input.reference,
        timeoutMs: orderTimeoutMs,
      });
      return await orderAnswer(response.data);
    } catch (error) {
      if (!uncertain(error)) throw error;
      // Never a second order, never a blind release of the payment: look for this one first.
      for (const wait of lookupWaits) {
        if (wait > 0) await sleep(wait);
        try {
          const found = await findOrder(input.reference, lead?.familyName);
          if (found) {
            log.info(
              { bookingId: input.reference, orderId: found.id },
              'Duffel order found after a failed answer',
            );
            return found;
          }
        } catch {
          // Not found is not known yet: the next look, or the reconciler, decides.
        }
      }
      const failure = error instanceof DuffelError ? failureOf(error) : null;
      const providerCode =
        failure?.errors[0]?.code ?? (error instanceof TimeoutError ? 'timeout' : 'no_answer');
      throw new SupplierError(
        'order_unconfirmed',
        'The airline did not confirm the order in time.',
        { ...(failure?.requestId ? { requestId: failure.requestId } : {}), providerCode },
        { cause: error },
      );
    }
  }

  return {
    name: 'duffel',
    live: options.live,
    pricesInAccountCurrency: true,
    threading: duffelThreading(options, { pauses, log, noteCurrency: currency.note }),
    listAirports: airportList,
    // Duffel's carriers come with logos; our marks stand in where one has none.
    airlineLogo,

    search: (request) =>
      translated(async () => {
        if (request.signal?.aborted) throw new SupplierError('aborted', 'The search was stopped.');
        // The traveller's deadline: supplier_timeout and a grace, whatever Duffel or its rate
        // limit does; the caller's own signal (a client gone, its own deadline) still counts.
        const deadline = AbortSignal.timeout(searchDeadlineMs);
        const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
        const deadlineAt = clock().getTime() + searchDeadlineMs;
        const result = await offerRequest(
          {
            slices: request.slices.map((slice) => ({
              origin: slice.origin,
              destination: slice.destination,
              departure_date: slice.departureDate,
            })),
            passengers: duffelPassengers(request.passengers),
            cabin_class: request.cabinClass,
            ...(request.maxConnections === undefined
              ? {}
              : { max_connections: request.maxConnections as 0 | 1 | 2 }),
          },
          { signal, deadlineAt },
        );
        // Duffel answers the ages asked; where an offer leaves one out, the search's stands.
        const offers = result.offers.map((offer) => ({
          ...offer,
          passengers: offer.passengers.map((p, i) => {
            const asked = request.passengers[i];
            return p.age === null && asked?.age !== undefined && asked.type === p.type
              ? { ...p, age: asked.age }
              : p;
          }),
        }));
        const priced = offers[0]?.total_currency;
        if (priced) currency.note(priced);
        return { id: result.id, offers };
      }),

    getOffer: (offerId) =>
      translated(async () => {
        const replacement = await replacements.find(duffelId('offer', offerId));
        if (!replacement) return readOffer(offerId);
        return renamed(await readOffer(replacement.offerId), replacement.ids);
      }),

    getSeatMaps: (offerId) =>
      translated(async () => {
        const replacement = await replacements.find(duffelId('offer', offerId));
        if (!replacement) return readSeatMaps(offerId);
        return renamed(await readSeatMaps(replacement.offerId), replacement.ids);
      }),

    ordersRefused: () => balanceRefusal(),

    createOrder: async (input) => {
      let outcome: unknown;
      try {
        outcome = await translated(() => placeOrder(input));
        return outcome as SupplierOrder;
      } catch (error) {
        outcome = error;
        throw error;
      } finally {
        // The order's own outcome stands whatever becomes of this note.
        await noteBalance(outcome, input.reference).catch((failure: unknown) => {
          log.warn(
            { bookingId: input.reference, err: failure },
            'Could not note the Duffel balance',
          );
        });
      }
    },

    getOrder: (orderId) =>
      translated(async () => {
        const segment = duffelPathSegment('order', orderId);
        const response = await call('orders.get', () => duffel.orders.get(segment), { read: true });
        return orderAnswer(response.data);
      }),

    findOrderByReference: (reference, hint) =>
      translated(() => findOrder(reference, hint?.familyName)),

    quoteCancellation: (orderId) =>
      translated(async () => {
        const id = duffelId('order', orderId);
        const response = await call(
          'order_cancellations.create',
          () => duffel.orderCancellations.create({ order_id: id }),
          { read: false },
        );
        return cancelled(response.data);
      }),

    confirmCancellation: (cancellationId) =>
      translated(async () => {
        const segment = duffelPathSegment('cancellation', cancellationId);
        const response = await call(
          'order_cancellations.confirm',
          () => duffel.orderCancellations.confirm(segment),
          { read: false },
        );
        return cancelled(response.data);
      }),

    getCancellation: (cancellationId) =>
      translated(async () => {
        const segment = duffelPathSegment('cancellation', cancellationId);
        const response = await call(
          'order_cancellations.get',
          () => duffel.orderCancellations.get(segment),
          { read: true },
        );
        return cancelled(response.data);
      }),

    listCancellations: (orderId) =>
      translated(async () => {
        const id = duffelId('order', orderId);
        const found: SupplierCancellation[] = [];
        let after: string | undefined;
        // Every page: the confirmed one may be on any (Duffel lists them in no set order).
        for (let page = 0; page < MAX_CANCELLATION_PAGES; page += 1) {
          const response = await call(
            'order_cancellations.list',
            () =>
              duffel.orderCancellations.list({
                order_id: id,
                limit: cancellationPageSize,
                ...(after === undefined ? {} : { after }),
              }),
            { read: true },
          );
          found.push(...response.data.map((raw) => cancelled(raw)));
          const next = response.meta?.after;
          if (typeof next !== 'string' || next === '') return found;
          after = next;
        }
        throw new SupplierError('provider_error', 'Duffel listed more cancellations than we read.');
      }),
  };

  async function placeOrder(input: SupplierOrderInput): Promise<SupplierOrder> {
    checkOrderIds(input);
    const known = await replacements.find(input.offerId);
    if (known) return order(input, known);
    try {
      return await order(input, null);
    } catch (error) {
      const first = error instanceof DuffelError ? failureOf(error).errors[0] : undefined;
      if (first && PRICE_CODES.has(first.code)) return repriced(input);
      if (first?.code !== 'offer_request_already_booked') throw error;
      return orderReplacement(input);
    }
  }

  /** The order again on a fresh offer request for the same flights, at the same price only. */
  async function orderReplacement(input: SupplierOrderInput): Promise<SupplierOrder> {
    const found = await replace(input);
    if (
      found.currency !== input.currency ||
      found.totalMinor !== toMinorUnits(input.amount, input.currency)
    ) {
      throw new SupplierError('price_changed', 'The price of these flights has changed.', {
        totalAmount: fromMinorUnits(found.totalMinor, found.currency),
        totalCurrency: found.currency,
      });
    }
    return order(input, found.replacement, found.services);
  }

  /**
   * Duffel refused the amount paid (`price_changed`, or the payment not matching the order's
   * amount). The offer says the new price; where its re-read shows the price paid (the airline
   * and its pricing out of step, as Duffel warns), a fresh offer request for the same flights is
   * asked once, and booked at the same price; refused again, the offer cannot be booked. The
   * traveller never agrees to the same price twice.
   */
  async function repriced(input: SupplierOrderInput): Promise<SupplierOrder> {
    const now = await readOffer(input.offerId);
    if (input.offerTotal === undefined || now.total_amount !== input.offerTotal) {
      throw new SupplierError('price_changed', 'The price of these flights has changed.', {
        totalAmount: now.total_amount,
        totalCurrency: now.total_currency,
      });
    }
    log.warn(
      { bookingId: input.reference, duffel: { operation: 'price_unchanged', offerId: now.id } },
      'Duffel said the price changed; the offer shows the same price: asking for a fresh offer',
    );
    try {
      return await orderReplacement(input);
    } catch (error) {
      const first = error instanceof DuffelError ? failureOf(error).errors[0] : undefined;
      if (!(first && PRICE_CODES.has(first.code))) throw error;
      throw new SupplierError(
        'offer_unavailable',
        'The airline will not sell these flights at the price it shows.',
        { providerCode: first.code },
        { cause: error },
      );
    }
  }

  function cancelled(raw: unknown) {
    const cancellation = cancellationOf(raw, { now: clock(), currency: currency.known() ?? 'USD' });
    if (cancellation === null) {
      throw new SupplierError('provider_error', 'Duffel answered a cancellation we cannot read.');
    }
    return cancellation;
  }
}

/** An order has a handful of cancellation quotes; more pages than this is a fault, not data. */
const MAX_CANCELLATION_PAGES = 20;

/** The ids an order sends Duffel, checked before anything is asked: offer, passengers, services. */
function checkOrderIds(input: SupplierOrderInput): void {
  duffelId('offer', input.offerId);
  for (const passenger of input.passengers) {
    duffelId('passenger', passenger.id);
    if (passenger.infantPassengerId) duffelId('passenger', passenger.infantPassengerId);
  }
  for (const service of input.services) duffelId('service', service.id);
}

/** The seat a seat service id sells, in seat maps: its flight, seat and passenger. */
/** An offer with its seat maps, before or after a replacement (`toOld`: new ids to old). */
interface PricedSide {
  offer: Offer;
  maps: readonly SeatMap[];
  toOld?: Record<string, string>;
}

/**
 * The replacement offer's services for the ones chosen on the old: the same seat, or a bag of the
 * same kind, for the same passenger on the same flights. One that cannot be had is refused.
 */
function sameServicesIn(
  old: PricedSide,
  fresh: Required<PricedSide>,
  chosen: SupplierOrderInput['services'],
): { services: SupplierOrderInput['services']; extrasMinor: number } {
  const services: SupplierOrderInput['services'] = [];
  let extrasMinor = 0;
  const newPassengerOf = (oldId: string | undefined) =>
    fresh.offer.passengers[old.offer.passengers.findIndex((p) => p.id === oldId)]?.id;
  for (const { id, quantity } of chosen) {
    const seat = findSeatService(old.maps, id);
    if (seat) {
      const newPassenger = newPassengerOf(seat.passengerId);
      const map = fresh.maps.find((m) => fresh.toOld[m.segment_id] === seat.segmentId);
      const element = map?.cabins
        .flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)))
        .find((e) => e.type === 'seat' && e.designator === seat.designator);
      const service =
        element?.type === 'seat'
          ? element.available_services.find((s) => s.passenger_id === newPassenger)
          : undefined;
      if (!service) {
        throw new SupplierError('seat_unavailable', 'A chosen seat has just been taken.', {
          taken: [{ segmentId: seat.segmentId, designator: seat.designator }],
        });
      }
      services.push({ id: service.id, quantity: 1 });
      extrasMinor += toMinorUnits(service.total_amount, service.total_currency);
      continue;
    }
    const bag = old.offer.available_services.find((s) => s.id === id);
    const newPassenger = newPassengerOf(bag?.passenger_ids[0]);
    const twin = fresh.offer.available_services.find(
      (s) =>
        s.name === bag?.name &&
        s.description === bag.description &&
        s.passenger_ids[0] === newPassenger &&
        s.maximum_quantity >= quantity &&
        s.segment_ids.map((segment) => fresh.toOld[segment]).join() === bag.segment_ids.join(),
    );
    if (!twin) {
      throw new SupplierError(
        'offer_unavailable',
        'A chosen bag is no longer sold with these flights.',
      );
    }
    services.push({ id: twin.id, quantity });
    extrasMinor += toMinorUnits(twin.total_amount, twin.total_currency) * quantity;
  }
  return { services, extrasMinor };
}

function findSeatService(maps: readonly SeatMap[], serviceId: string) {
  for (const map of maps) {
    for (const cabin of map.cabins) {
      for (const row of cabin.rows) {
        for (const section of row.sections) {
          for (const element of section.elements) {
            if (element.type !== 'seat') continue;
            const service = element.available_services.find((s) => s.id === serviceId);
            if (service) {
              return {
                segmentId: map.segment_id,
                designator: element.designator,
                passengerId: service.passenger_id,
              };
            }
          }
        }
      }
    }
  }
  return undefined;
}
