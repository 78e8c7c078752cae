/**
 * A Duffel-compatible HTTP server over the sandbox, so that a Duffel client (the official
 * `@duffel/api` SDK, pointed here by its `basePath`) can search, book and cancel with no network
 * access. It answers the air endpoints Contrail uses, with Duffel's envelopes (`{data, meta}`),
 * its errors (`{errors: [{type, code, title, message, documentation_url, source?}], meta:
 * {request_id, status}}`), bearer tokens, the `Duffel-Version` header, `after`/`limit` cursors,
 * rate-limit headers and gzip.
 *
 * The sandbox core stays free of HTTP: this file is a layer over `createSandbox` with a store of
 * its own (memory). What Duffel keeps per offer request and the sandbox does not (its ids are
 * pure functions of the search) is kept here: every offer request gets offer, passenger and
 * service ids of its own, and an offer request can be booked once, as at Duffel.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { constants as zlib, gzip as gzipAsync } from 'node:zlib';
import { isSandboxError, type SandboxError, type SandboxErrorCode } from './errors';
import { createMemoryStore } from './memory-store';
import { isSupportedCurrency, parseAmount, type CurrencyCode } from './money';
import { createSandbox, type Sandbox } from './sandbox';
import { offerPassengers } from './offers';
import { requestSlices, validateSearch } from './search';
import { findSpecialRoute } from './special-routes';
import type {
  CreateOrderInput,
  Offer,
  OfferRequest,
  Order,
  OrderCancellation,
  SearchOffersInput,
} from './types';

export const DUFFEL_API_VERSION = 'v2';

export interface DuffelServerOptions {
  /** Accepted bearer tokens; by default any `duffel_test_…` or `duffel_live_…` token. */
  readonly tokens?: readonly string[];
  /** The account's currency: every amount is in it, as Duffel prices in the billing currency. */
  readonly currency?: CurrencyCode;
  readonly clock?: () => Date;
  /** Requests per token per window before 429 (default 600 a minute). */
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number };
  /** How long the slow-search route (STN→LHR) waits without a `supplier_timeout`. */
  readonly slowSearchMs?: number;
  /**
   * How long after it was made an order of the late-order route (LGW→LCY) is first listed by
   * GET /air/orders (default 5 minutes of `clock`).
   */
  readonly lateOrderMs?: number;
  /**
   * How long each offer request takes before it is answered, on top of the sandbox's own time
   * (default 0). A busy Duffel takes about 3000 ms; tests keep 0 or pass their own `sleep`.
   */
  readonly offerRequestLatencyMs?: number;
  /** How the latency is waited for (tests hold it open with a promise of their own). */
  readonly sleep?: (ms: number) => Promise<void>;
  /**
   * Offers each offer request answers: the sandbox's first ones when it has more, else its
   * offers again in turn under ids of their own (each books the offer it repeats), so that a
   * route with flights answers exactly this many. Absent: the sandbox's offers as they are.
   */
  readonly offersPerRequest?: number;
  /** Keeps at most this many offer requests (oldest forgotten first). */
  readonly maxOfferRequests?: number;
  /**
   * Sees each request once answered (method, path as sent, query, status), e.g. for a test's
   * call count or a record of every request made.
   */
  readonly onRequest?: (entry: {
    method: string;
    path: string;
    query: string;
    status: number;
  }) => void;
}

export interface DuffelServer {
  readonly server: Server;
  /** Starts listening; answers the base URL to give the SDK as `basePath`. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /**
   * The account's Duffel balance in its currency (a decimal string), debited by every order and
   * refused with insufficient_balance when short; null (the default) is a balance that never
   * runs out, except on the insufficient-balance route (LCY→LHR), which is refused until a
   * balance is set.
   */
  setBalance(amount: string | null): void;
}

interface DuffelErrorBody {
  type: string;
  code: string;
  title: string;
  message: string;
  documentation_url: string;
  source?: { field: string; pointer: string };
}

/** Where each of Duffel's errors points for more (its SDK's ApiResponseError). */
export const DUFFEL_ERRORS_URL = 'https://duffel.com/docs/api/overview/errors';

/**
 * Duffel's validation codes: `validation_required` for a field left out, `validation_format`
 * for one of the wrong form, `validation_length` for one too long or too short; a value out of
 * the allowed ones (a date in the past, an unknown offer passenger) stays `invalid_value`.
 */
export function validationCode(message: string): string {
  if (/\b(required|missing|give (a|an|exactly)|is needed)\b/i.test(message)) {
    return 'validation_required';
  }
  if (/\b(characters?|at most \d+|at least \d+|too long|too short)\b/i.test(message)) {
    return 'validation_length';
  }
  if (/\b(format|write|must be a|must look|YYYY|decimal string|not a valid)\b/i.test(message)) {
    return 'validation_format';
  }
  return 'invalid_value';
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: DuffelErrorBody[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors[0]?.message ?? 'error');
  }
}

const idAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Random bytes drawn from a pool refilled 64 kB at a time: an answer of 200 offers takes
 * thousands of ids, and a call to the random source for each cost it more than its mapping. */
const RANDOM_POOL_BYTES = 65_536;
let randomPool = randomBytes(RANDOM_POOL_BYTES);
let randomAt = 0;

function randomId(prefix: string, length = 22): string {
  if (randomAt + length > RANDOM_POOL_BYTES) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomAt = 0;
  }
  let id = prefix;
  for (let i = 0; i < length; i += 1) {
    id += idAlphabet.charAt((randomPool[randomAt + i] ?? 0) % idAlphabet.length);
  }
  randomAt += length;
  return id;
}

const titles: Partial<Record<string, string>> = {
  validation_error: 'Invalid data',
  invalid_request_error: 'Invalid request',
  invalid_state_error: 'Invalid state',
  airline_error: 'Airline error',
  api_error: 'Something went wrong',
  authentication_error: 'Authentication failed',
  rate_limit_error: 'Rate limit exceeded',
};

function error(
  status: number,
  type: string,
  code: string,
  message: string,
  source?: DuffelErrorBody['source'],
): HttpError {
  return new HttpError(status, [
    {
      type,
      code,
      title: titles[type] ?? 'Error',
      message,
      documentation_url: DUFFEL_ERRORS_URL,
      ...(source ? { source } : {}),
    },
  ]);
}

/** `passengers[0].born_on` → the field `born_on` at the pointer `/passengers/0/born_on`. */
function sourceOf(path: string): DuffelErrorBody['source'] {
  const parts = path.split(/[.[\]]+/).filter(Boolean);
  return { field: parts.at(-1) ?? path, pointer: `/${parts.join('/')}` };
}

/** A sandbox failure as Duffel answers it: one error per field for a validation error. */
function fromSandbox(failure: SandboxError): HttpError {
  const { code, type } = failure;
  if (code === 'validation_error' && failure.details.fields) {
    return new HttpError(
      422,
      Object.entries(failure.details.fields).map(([path, message]) => ({
        type,
        code: validationCode(message),
        title: titles[type] ?? 'Invalid data',
        message,
        documentation_url: DUFFEL_ERRORS_URL,
        source: sourceOf(path),
      })),
    );
  }
  const statuses: Partial<Record<SandboxErrorCode, number>> = { request_aborted: 504 };
  return error(statuses[code] ?? failure.status, type, code, failure.message);
}

/** The ids Duffel gives per offer request: offers, passengers, slices, segments and services. */
const PER_REQUEST_ID = /^(off|pas|sli|seg|ase)_/;

interface StoredRequest {
  id: string;
  liveMode: boolean;
  /** The offer request as answered, ids already ours, without offers. */
  request: Omit<OfferRequest, 'offers' | 'live_mode'> & { live_mode: boolean };
  offers: Offer[];
  /**
   * Each offer's JSON, made once when the request is answered: listing a page of 200 offers
   * then costs this server's one thread a concatenation, not serialising 1.5 MB again.
   */
  offerJson: Map<string, string>;
  /** Our id → the sandbox's, and back. */
  toSandbox: Map<string, string>;
  fromSandbox: Map<string, string>;
  bookedOrderId: string | null;
}

/**
 * Replaces every per-request id in a JSON value through `map`. An order's metadata is the
 * client's own text and is never touched.
 */
function translate<T>(value: T, map: (id: string) => string): T {
  if (typeof value === 'string') return (PER_REQUEST_ID.test(value) ? map(value) : value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => translate(item, map)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = key === 'metadata' ? item : translate(item, map);
    }
    return copy as T;
  }
  return value;
}

/** An answer's body already serialised. */
class RawJson {
  constructor(readonly text: string) {}
}

function encodeCursor(index: number): string {
  return Buffer.from(`i:${index}`).toString('base64url');
}

function decodeCursor(cursor: string): number | null {
  const match = /^i:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : null;
}

function paginate<T>(items: readonly T[], query: URLSearchParams) {
  const limitText = query.get('limit');
  const limit = limitText === null ? 50 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    throw error(422, 'validation_error', 'invalid_value', 'limit must be between 1 and 200.', {
      field: 'limit',
      pointer: '/limit',
    });
  }
  const after = query.get('after');
  const start = after === null ? 0 : decodeCursor(after);
  if (start === null) {
    throw error(400, 'invalid_request_error', 'invalid_cursor', 'The after cursor is invalid.');
  }
  const page = items.slice(start, start + limit);
  const end = start + page.length;
  return {
    data: page,
    meta: {
      limit,
      after: end < items.length ? encodeCursor(end) : null,
      before: start > 0 ? encodeCursor(Math.max(0, start - limit)) : null,
    },
  };
}

function durationMinutes(duration: string): number {
  const match = /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?/.exec(duration);
  return Number(match?.[1] ?? 0) * 1440 + Number(match?.[2] ?? 0) * 60 + Number(match?.[3] ?? 0);
}

/** A search refused for the rate limit, to be tried again in a second. */
function rateLimitedError(limit: number, now: number): HttpError {
  return new HttpError(
    429,
    [
      {
        type: 'rate_limit_error',
        code: 'rate_limit_exceeded',
        title: titles.rate_limit_error ?? 'Rate limit exceeded',
        message: 'Too many requests; wait until ratelimit-reset.',
        documentation_url: DUFFEL_ERRORS_URL,
      },
    ],
    {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': '0',
      'ratelimit-reset': new Date(now + 1000).toUTCString(),
    },
  );
}

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

/** A busy Duffel's options checked: the offer requests' latency, how it is waited, their size. */
function busyDuffelOf(options: DuffelServerOptions) {
  const latencyMs = options.offerRequestLatencyMs ?? 0;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const offersPerRequest = options.offersPerRequest;
  if (!Number.isInteger(latencyMs) || latencyMs < 0) {
    throw new TypeError('offerRequestLatencyMs must be a whole number of milliseconds, 0 or more');
  }
  if (
    offersPerRequest !== undefined &&
    (!Number.isInteger(offersPerRequest) || offersPerRequest < 0)
  ) {
    throw new TypeError('offersPerRequest must be a whole number, 0 or more');
  }
  return { latencyMs, sleep, offersPerRequest };
}

export function createDuffelServer(options: DuffelServerOptions = {}): DuffelServer {
  const clock = options.clock ?? (() => new Date());
  const currency = options.currency ?? 'USD';
  if (!isSupportedCurrency(currency))
    throw new TypeError(`Unsupported currency ${String(currency)}`);
  const rateLimit = options.rateLimit ?? { limit: 600, windowMs: 60_000 };
  const maxOfferRequests = options.maxOfferRequests ?? 2000;
  const { latencyMs, sleep, offersPerRequest } = busyDuffelOf(options);
  const sandbox: Sandbox = createSandbox({
    store: createMemoryStore(),
    clock,
    secret: randomBytes(24).toString('base64url'),
    ...(options.slowSearchMs === undefined ? {} : { slowSearchMs: options.slowSearchMs }),
  });

  const offerRequests = new Map<string, StoredRequest>();
  /** Our offer id → its offer request. */
  const offerIndex = new Map<string, StoredRequest>();
  /** Orders made, each listed by GET /air/orders from `listedFrom` (epoch ms) on. */
  const orders: { id: string; requestId: string; listedFrom: number }[] = [];
  const lateOrderMs = options.lateOrderMs ?? 5 * 60 * 1000;
  /** The account's balance in minor units of `currency`; null never runs out. */
  let balanceMinor: number | null = null;
  const orderRequest = new Map<string, StoredRequest>();
  /** Each order's offer id, as the client booked it. */
  const bookedOffers = new Map<string, string>();
  const windows = new Map<string, { end: number; count: number }>();
  /** The rate-limited route answers every other search 429, so a retry gets through. */
  let rateLimitedTurn = 0;

  function authenticate(request: IncomingMessage): { token: string; liveMode: boolean } {
    const header = request.headers.authorization;
    if (header === undefined) {
      throw error(
        401,
        'authentication_error',
        'missing_authorization_header',
        'The Authorization header is missing; send Authorization: Bearer <access token>.',
      );
    }
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    const known = options.tokens
      ? token !== undefined && options.tokens.includes(token)
      : token !== undefined && /^duffel_(test|live)_\w+$/.test(token);
    if (!known || token === undefined) {
      throw error(
        401,
        'authentication_error',
        'invalid_authorization_header',
        'The access token is not valid.',
      );
    }
    const version = request.headers['duffel-version'];
    if (version === undefined) {
      throw error(
        400,
        'invalid_request_error',
        'missing_version_header',
        'The Duffel-Version header is required.',
      );
    }
    if (version !== DUFFEL_API_VERSION) {
      throw error(
        400,
        'invalid_request_error',
        'unsupported_version',
        `Duffel-Version ${String(version)} is not supported.`,
      );
    }
    return { token, liveMode: token.startsWith('duffel_live_') };
  }

  function rateLimitHeaders(token: string): Record<string, string> {
    const now = clock().getTime();
    let window = windows.get(token);
    if (window === undefined || now >= window.end) {
      // A window ends on a whole second, as `ratelimit-reset` (an HTTP date) says it.
      window = { end: Math.ceil((now + rateLimit.windowMs) / 1000) * 1000, count: 0 };
      windows.set(token, window);
    }
    window.count += 1;
    const headers = {
      'ratelimit-limit': String(rateLimit.limit),
      'ratelimit-remaining': String(Math.max(0, rateLimit.limit - window.count)),
      'ratelimit-reset': new Date(window.end).toUTCString(),
    };
    if (window.count > rateLimit.limit) {
      throw new HttpError(
        429,
        [
          {
            type: 'rate_limit_error',
            code: 'rate_limit_exceeded',
            title: titles.rate_limit_error ?? 'Rate limit exceeded',
            message: 'Too many requests; wait until ratelimit-reset.',
            documentation_url: DUFFEL_ERRORS_URL,
          },
        ],
        headers,
      );
    }
    return headers;
  }

  async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (text === '') return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw error(
        400,
        'invalid_request_error',
        'malformed_json',
        'The request body is not valid JSON.',
      );
    }
    const data =
      typeof parsed === 'object' && parsed !== null ? (parsed as { data?: unknown }).data : null;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw error(
        422,
        'validation_error',
        'validation_required',
        'Send the body as {"data": {…}}.',
        {
          field: 'data',
          pointer: '/data',
        },
      );
    }
    return data as Record<string, unknown>;
  }

  /** Gives the request's offers, passengers and services ids of its own, and remembers them. */
  function store(answer: OfferRequest, liveMode: boolean): StoredRequest {
    const stored: StoredRequest = {
      id: randomId('orq_'),
      liveMode,
      request: undefined as never,
      offers: [],
      offerJson: new Map(),
      toSandbox: new Map(),
      fromSandbox: new Map(),
      bookedOrderId: null,
    };
    const { offers, ...request } = outward(stored, { ...answer, live_mode: liveMode });
    stored.request = { ...request, id: stored.id };
    stored.offers = sized(
      stored,
      offers.map((offer) => ({ ...offer, live_mode: liveMode }) as unknown as Offer),
    );
    offerRequests.set(stored.id, stored);
    for (const offer of stored.offers) offerIndex.set(offer.id, stored);
    while (offerRequests.size > maxOfferRequests) {
      const [oldest] = offerRequests.values();
      if (oldest === undefined) break;
      offerRequests.delete(oldest.id);
      for (const offer of oldest.offers) offerIndex.delete(offer.id);
    }
    return stored;
  }

  /** The offers capped or repeated to `offersPerRequest`; a repeat differs by its id only. */
  function sized(stored: StoredRequest, offers: Offer[]): Offer[] {
    if (offersPerRequest === undefined || offers.length === 0) return offers;
    if (offers.length >= offersPerRequest) return offers.slice(0, offersPerRequest);
    const all = [...offers];
    for (let i = offers.length; i < offersPerRequest; i += 1) {
      const original = offers[i % offers.length];
      if (original === undefined) break;
      const id = randomId('off_');
      stored.toSandbox.set(id, stored.toSandbox.get(original.id) ?? original.id);
      all.push({ ...original, id });
      // The same JSON under its own id (an offer's id appears in it once, as its own).
      const json = jsonOf(stored, original);
      stored.offerJson.set(id, json.split(JSON.stringify(original.id)).join(JSON.stringify(id)));
    }
    return all;
  }

  /** An offer's JSON as listed, made once. */
  function jsonOf(stored: StoredRequest, offer: Offer): string {
    let json = stored.offerJson.get(offer.id);
    if (json === undefined) {
      json = JSON.stringify(offer);
      stored.offerJson.set(offer.id, json);
    }
    return json;
  }

  function requestOfOffer(offerId: string): StoredRequest {
    const stored = offerIndex.get(offerId);
    if (stored === undefined) {
      throw error(
        404,
        'invalid_request_error',
        'not_found',
        'The resource you are trying to access does not exist.',
      );
    }
    return stored;
  }

  /**
   * Ids from the sandbox in an answer about `stored`'s request, as this request's own: each
   * sandbox id gets one new id per offer request (seat services included), as at Duffel.
   */
  function outward<T>(stored: StoredRequest, value: T): T {
    return translate(value, (sandboxId) => {
      let id = stored.fromSandbox.get(sandboxId);
      if (id === undefined) {
        id = randomId(sandboxId.slice(0, 4));
        stored.fromSandbox.set(sandboxId, id);
        stored.toSandbox.set(id, sandboxId);
      }
      return id;
    });
  }

  /** Ids in a request about `stored`'s offer request, as the sandbox knows them. */
  function inward<T>(stored: StoredRequest, value: T): T {
    return translate(value, (id) => stored.toSandbox.get(id) ?? id);
  }

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

  function listOffers(query: URLSearchParams) {
    const requestId = query.get('offer_request_id');
    if (requestId === null) {
      throw error(422, 'validation_error', 'validation_required', 'offer_request_id is required.', {
        field: 'offer_request_id',
        pointer: '/offer_request_id',
      });
    }
    const stored = offerRequests.get(requestId);
    if (stored === undefined) {
      throw error(
        404,
        'invalid_request_error',
        'not_found',
        'The resource you are trying to access does not exist.',
      );
    }
    let offers = [...stored.offers];
    const maxConnections = query.get('max_connections');
    if (maxConnections !== null) {
      offers = offers.filter((offer) =>
        offer.slices.every((slice) => slice.segments.length - 1 <= Number(maxConnections)),
      );
    }
    const sort = query.get('sort');
    const total = (offer: Offer) => Number(offer.total_amount);
    const duration = (offer: Offer) =>
      offer.slices.reduce((sum, slice) => sum + durationMinutes(slice.duration), 0);
    if (sort === 'total_amount') offers.sort((a, b) => total(a) - total(b));
    if (sort === '-total_amount') offers.sort((a, b) => total(b) - total(a));
    if (sort === 'total_duration') offers.sort((a, b) => duration(a) - duration(b));
    if (sort === '-total_duration') offers.sort((a, b) => duration(b) - duration(a));
    const { data, meta } = paginate(offers, query);
    // The JSON of `{ data, meta }`, each offer's made once.
    const items = data.map((offer) => jsonOf(stored, offer)).join(',');
    return { status: 200, body: new RawJson(`{"data":[${items}],"meta":${JSON.stringify(meta)}}`) };
  }

  async function getOffer(offerId: string, query: URLSearchParams) {
    const stored = requestOfOffer(offerId);
    const sandboxId = stored.toSandbox.get(offerId) ?? offerId;
    const offer = outward(stored, await sandbox.getOffer(sandboxId));
    const withServices = query.get('return_available_services') === 'true';
    return {
      status: 200,
      body: {
        data: {
          ...offer,
          // A repeated offer (`offersPerRequest`) is answered under its own id.
          id: offerId,
          live_mode: stored.liveMode,
          available_services: withServices ? offer.available_services : [],
        },
      },
    };
  }

  async function seatMaps(query: URLSearchParams) {
    const offerId = query.get('offer_id');
    if (offerId === null) {
      throw error(422, 'validation_error', 'validation_required', 'offer_id is required.', {
        field: 'offer_id',
        pointer: '/offer_id',
      });
    }
    const stored = requestOfOffer(offerId);
    const maps = await sandbox.getSeatMaps(stored.toSandbox.get(offerId) ?? offerId);
    return { status: 200, body: { data: outward(stored, maps) } };
  }

  function orderAnswer(order: Order) {
    const stored = orderRequest.get(order.id);
    const data = stored ? outward(stored, order) : order;
    // A repeated offer (`offersPerRequest`) books under the id it was booked by.
    return {
      ...data,
      offer_id: bookedOffers.get(order.id) ?? data.offer_id,
      live_mode: stored?.liveMode ?? false,
    };
  }

  /** The order failures of the special routes that come before anything is booked. */
  function refuseOrder(behaviour: string | undefined, amountMinor: number | null): void {
    switch (behaviour) {
      case 'order_not_created':
        throw error(
          502,
          'api_error',
          'order_not_created',
          'The order could not be created. No order was made; you can try again.',
        );
      case 'order_timeout':
        throw error(
          504,
          'api_error',
          'gateway_timeout_error',
          'The airline took too long to respond; contact support with the request_id.',
        );
      case 'airline_unknown':
        throw error(
          502,
          'airline_error',
          'airline_unknown',
          'The airline responded with an unexpected error; contact support with the request_id.',
        );
      case 'amount_mismatch':
        throw error(
          422,
          'validation_error',
          'payment_amount_does_not_match_order_amount',
          'The payment amount does not match the order amount; retrieve the offer for its total.',
          { field: 'amount', pointer: '/payments/0/amount' },
        );
      case 'price_changed_stale':
        throw error(
          422,
          'airline_error',
          'price_changed',
          'The price of the offer has changed; retrieve the offer for its latest price.',
        );
      default:
    }
    const short =
      balanceMinor === null
        ? behaviour === 'insufficient_balance'
        : amountMinor !== null && amountMinor > balanceMinor;
    if (short) {
      throw error(
        422,
        'invalid_state_error',
        'insufficient_balance',
        'Your Duffel balance is too low to pay for this order; top it up and try again.',
      );
    }
  }

  /** The order's balance payment in minor units of the account's currency, where readable. */
  function paymentMinor(body: Record<string, unknown>): number | null {
    const payments = Array.isArray(body.payments) ? body.payments : [];
    const first = payments[0] as { amount?: unknown } | undefined;
    return typeof first?.amount === 'string' ? parseAmount(first.amount, currency) : null;
  }

  /** A cancellation with the passenger ids its order's answers carry (its airline credits). */
  function cancellationAnswer(cancellation: OrderCancellation, liveMode?: boolean) {
    const stored = orderRequest.get(cancellation.order_id);
    const data = stored ? outward(stored, cancellation) : cancellation;
    return { ...data, live_mode: liveMode ?? stored?.liveMode ?? false };
  }

  async function createOrder(body: Record<string, unknown>) {
    const selected = Array.isArray(body.selected_offers) ? body.selected_offers : [];
    const offerId = typeof selected[0] === 'string' ? selected[0] : '';
    if (offerId === '') {
      throw error(422, 'validation_error', 'validation_required', 'selected_offers is required.', {
        field: 'selected_offers',
        pointer: '/selected_offers',
      });
    }
    const stored = requestOfOffer(offerId);
    if (stored.bookedOrderId !== null) {
      throw error(
        422,
        'invalid_state_error',
        'offer_request_already_booked',
        'An offer from this offer request has already been booked. Create a new offer request to book again.',
      );
    }
    const first = stored.request.slices[0];
    const behaviour =
      first === undefined
        ? undefined
        : findSpecialRoute(first.origin.iata_code, first.destination.iata_code)?.behaviour;
    const amountMinor = paymentMinor(body);
    refuseOrder(behaviour, amountMinor);
    const order = await sandbox.createOrder(inward(stored, body) as unknown as CreateOrderInput);
    if (balanceMinor !== null && amountMinor !== null) balanceMinor -= amountMinor;
    stored.bookedOrderId = order.id;
    bookedOffers.set(order.id, offerId);
    const now = clock().getTime();
    orders.push({
      id: order.id,
      requestId: stored.id,
      listedFrom: behaviour === 'order_late' ? now + lateOrderMs : now,
    });
    orderRequest.set(order.id, stored);
    if (behaviour === 'order_lost' || behaviour === 'order_late') {
      throw error(
        500,
        'api_error',
        'internal_server_error',
        'Something went wrong; contact support with the request_id.',
      );
    }
    return { status: 201, body: { data: orderAnswer(order) } };
  }

  async function listOrders(query: URLSearchParams) {
    // Duffel's filters: booking_reference, passenger_name[], awaiting_payment (and user_id, for
    // customer users, which the sandbox has none of). Anything else is not a filter at Duffel.
    const reference = query.get('booking_reference');
    const names = query.getAll('passenger_name[]').map((name) => name.toLowerCase());
    const awaiting = query.get('awaiting_payment');
    const userId = query.get('user_id');
    const found: unknown[] = [];
    const now = clock().getTime();
    for (const entry of orders) {
      if (entry.listedFrom > now) continue;
      const order = await sandbox.getOrder(entry.id);
      if (reference !== null && order.booking_reference !== reference) continue;
      // Every sandbox order is instant, paid when made; none belongs to a customer user.
      if (awaiting === 'true' || userId !== null) continue;
      if (
        names.length > 0 &&
        !order.passengers.some((p) =>
          names.some(
            (name) =>
              p.given_name.toLowerCase().includes(name) ||
              p.family_name.toLowerCase().includes(name),
          ),
        )
      ) {
        continue;
      }
      found.push(orderAnswer(order));
    }
    return { status: 200, body: paginate(found, query) };
  }

  /** Quotes, the order's list (Duffel's paging), one read back, and the confirmation. */
  async function orderCancellations(
    key: string,
    id: string,
    query: URLSearchParams,
    request: IncomingMessage,
    liveMode: boolean,
  ): Promise<{ status: number; body: unknown }> {
    if (key === 'POST order_cancellations') {
      const body = await readBody(request);
      const cancellation = await sandbox.quoteOrderCancellation({
        order_id: typeof body.order_id === 'string' ? body.order_id : '',
      });
      return { status: 201, body: { data: cancellationAnswer(cancellation, liveMode) } };
    }
    if (key === 'GET order_cancellations') {
      // Duffel lists every cancellation without a filter; the stand-in keeps them per order only.
      const orderId = query.get('order_id');
      if (orderId === null) {
        throw error(422, 'validation_error', 'validation_required', 'order_id is required.', {
          field: 'order_id',
          pointer: '/order_id',
        });
      }
      const found = await sandbox.listOrderCancellations(orderId);
      return {
        status: 200,
        body: paginate(
          found.map((c) => cancellationAnswer(c)),
          query,
        ),
      };
    }
    const cancellation =
      key === 'GET order_cancellations/:id'
        ? await sandbox.getOrderCancellation(id)
        : await sandbox.confirmOrderCancellation(id);
    return { status: 200, body: { data: cancellationAnswer(cancellation) } };
  }

  async function route(
    method: string,
    path: string,
    query: URLSearchParams,
    request: IncomingMessage,
    liveMode: boolean,
  ): Promise<{ status: number; body: unknown }> {
    const parts = path.replace(/\/+$/, '').split('/').filter(Boolean);
    const [air, resource, id, action, verb] = parts;
    if (air !== 'air' || resource === undefined) throw notFound();
    const key = `${method} ${resource}${id === undefined ? '' : '/:id'}${action === undefined ? '' : `/${action}/${verb ?? ''}`}`;
    switch (key) {
      case 'POST offer_requests':
        return createOfferRequest(await readBody(request), query, liveMode);
      case 'GET offer_requests/:id': {
        const stored = offerRequests.get(id ?? '');
        if (stored === undefined) throw notFound();
        return { status: 200, body: { data: { ...stored.request, offers: stored.offers } } };
      }
      case 'GET offers':
        return listOffers(query);
      case 'GET offers/:id':
        return getOffer(id ?? '', query);
      case 'GET seat_maps':
        return seatMaps(query);
      case 'POST orders':
        return createOrder(await readBody(request));
      case 'GET orders':
        return listOrders(query);
      case 'GET orders/:id':
        return { status: 200, body: { data: orderAnswer(await sandbox.getOrder(id ?? '')) } };
      case 'POST order_cancellations':
      case 'GET order_cancellations':
      case 'GET order_cancellations/:id':
      case 'POST order_cancellations/:id/actions/confirm':
        return orderCancellations(key, id ?? '', query, request, liveMode);
      default:
        throw notFound();
    }
  }

  function notFound(): HttpError {
    return error(
      404,
      'invalid_request_error',
      'not_found',
      'The resource you are trying to access does not exist.',
    );
  }

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string>,
  ): void {
    const payload = Buffer.from(body instanceof RawJson ? body.text : JSON.stringify(body));
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') && payload.length > 1024;
    const write = (bytes: Buffer) => {
      response.writeHead(status, {
        ...headers,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(bytes.length),
        ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
      });
      response.end(bytes);
    };
    if (!gzip) {
      write(payload);
      return;
    }
    // Compressed in libuv's thread pool: 200 offers (1.4 MB) took 8 ms of this server's thread.
    gzipAsync(payload, { level: zlib.Z_BEST_SPEED }, (failure, zipped) => {
      if (failure) response.destroy(failure);
      else write(zipped);
    });
  }

  /** One HTTP request: answered by its route, or with Duffel's error envelope. */
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const requestId = randomId('', 20);
    const url = new URL(request.url ?? '/', 'http://duffel.local');
    const method = request.method ?? 'GET';
    let headers: Record<string, string> = { 'x-request-id': requestId };
    const answer = async () => {
      try {
        const { token, liveMode } = authenticate(request);
        headers = { ...headers, ...rateLimitHeaders(token) };
        const { status, body } = await route(
          method,
          url.pathname,
          url.searchParams,
          request,
          liveMode,
        );
        return { status, body };
      } catch (failure) {
        const http =
          failure instanceof HttpError
            ? failure
            : isSandboxError(failure)
              ? fromSandbox(failure)
              : error(500, 'api_error', 'internal_server_error', 'Something went wrong.');
        headers = { ...headers, ...http.headers };
        return {
          status: http.status,
          body: { errors: http.errors, meta: { status: http.status, request_id: requestId } },
        };
      }
    };
    void answer().then(({ status, body }) => {
      send(request, response, status, body, headers);
      options.onRequest?.({ method, path: url.pathname, query: url.search, status });
    });
  };
  const server = createServer(onRequest);

  return {
    server,
    listen: (port = 0, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address() as AddressInfo;
          resolve(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
        });
      }),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((failure) => (failure ? reject(failure) : resolve()));
      }),
    setBalance(amount) {
      balanceMinor = amount === null ? null : (paymentMinor({ payments: [{ amount }] }) ?? 0);
    },
  };
}
