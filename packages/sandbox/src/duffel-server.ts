/**
 * A Duffel-compatible HTTP server over the sandbox, so that a Duffel client (the official
 * `@duffel/api` SDK, pointed here by its `basePath`) can search, book and cancel with no network
 * access. It answers the air endpoints Contrail uses, with Duffel's envelopes (`{data, meta}`),
 * its errors (`{errors: [{type, code, title, message, documentation_url, source?}], meta:
 * {request_id, status}}`), bearer tokens, the `Duffel-Version` header, `after`/`limit` cursors,
 * rate-limit headers and gzip.
 *
 * The sandbox core stays free of HTTP: this server is a layer over `createSandbox` with a store
 * of its own (memory). What Duffel keeps per offer request and the sandbox does not (its ids are
 * pure functions of the search) is kept beside it, in its request store: every offer request
 * gets offer, passenger and service ids of its own, and an offer request can be booked once, as
 * at Duffel.
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { accessChecks } from './duffel-server-access';
import { afterBooking, type AfterBookingOptions } from './duffel-server-after-booking';
import type { ChangedOrder } from './duffel-server-airline-changes';
import { cancellationEndpoints } from './duffel-server-cancellations';
import { changeRecords, type AirlineInitiatedChange } from './duffel-server-change-records';
import { requestListener } from './duffel-server-http';
import { offerRequestEndpoints } from './duffel-server-offer-requests';
import { offerEndpoints } from './duffel-server-offers';
import { orderEndpoints } from './duffel-server-orders';
import { offerRequestStore } from './duffel-server-request-store';
import { duffelRoutes } from './duffel-server-routes';
import type { ScheduleChange } from './duffel-server-schedule-changes';
import type { DeliveryAttempt } from './duffel-server-webhook-delivery';
import { createMemoryStore } from './memory-store';
import { isSupportedCurrency, type CurrencyCode } from './money';
import { createSandbox, type Sandbox } from './sandbox';

export const DUFFEL_API_VERSION = 'v2';

export interface DuffelServerOptions extends AfterBookingOptions {
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
  /**
   * The airline changes an order's schedule now: the change is recorded (Duffel's
   * airline-initiated change), shown on the order and sent to the subscribed webhooks.
   */
  changeSchedule(orderId: string, change: ScheduleChange): Promise<AirlineInitiatedChange>;
  /** Resolves once every webhook event so far is delivered or out of attempts. */
  settleWebhooks(): Promise<void>;
  /** Every webhook delivery attempt so far, oldest first. */
  webhookAttempts(): DeliveryAttempt[];
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

/** Starting and stopping a server (its webhook retries stopped with it). */
function lifecycle(server: Server, beforeClose: () => void) {
  return {
    server,
    listen: (port = 0, host = '127.0.0.1') =>
      new Promise<string>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address() as AddressInfo;
          resolve(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
        });
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        beforeClose();
        server.closeAllConnections();
        server.close((failure) => (failure ? reject(failure) : resolve()));
      }),
  };
}

/** A server's settings checked, and the sandbox it serves (its own, in memory). */
function settingsOf(options: DuffelServerOptions) {
  const clock = options.clock ?? (() => new Date());
  const currency = options.currency ?? 'USD';
  if (!isSupportedCurrency(currency))
    throw new TypeError(`Unsupported currency ${String(currency)}`);
  const sandbox: Sandbox = createSandbox({
    store: createMemoryStore(),
    clock,
    secret: randomBytes(24).toString('base64url'),
    ...(options.slowSearchMs === undefined ? {} : { slowSearchMs: options.slowSearchMs }),
  });
  return {
    clock,
    currency,
    sandbox,
    rateLimit: options.rateLimit ?? { limit: 600, windowMs: 60_000 },
    maxOfferRequests: options.maxOfferRequests ?? 2000,
    ...busyDuffelOf(options),
  };
}

export function createDuffelServer(options: DuffelServerOptions = {}): DuffelServer {
  const { clock, currency, sandbox, rateLimit, maxOfferRequests, ...busy } = settingsOf(options);
  const { latencyMs, sleep, offersPerRequest } = busy;
  const requests = offerRequestStore({ maxOfferRequests, offersPerRequest });
  const offerRequests = offerRequestEndpoints({
    sandbox,
    clock,
    currency,
    rateLimit,
    latencyMs,
    sleep,
    requests,
  });
  const records = changeRecords();
  const orders = orderEndpoints({
    sandbox,
    clock,
    currency,
    lateOrderMs: options.lateOrderMs ?? 5 * 60 * 1000,
    requests,
    changes: records,
    afterOrder: (order) => after.afterOrder(order),
  });
  const after = afterBooking(options, {
    clock,
    records,
    readOrder: (id): Promise<ChangedOrder> => orders.readOrder(id),
  });
  const cancellations = cancellationEndpoints({
    sandbox,
    requestOfOrder: orders.requestOfOrder,
    outward: requests.outward,
  });
  const route = duffelRoutes({
    offerRequests,
    offers: offerEndpoints({ sandbox, requests }),
    orders,
    cancellations,
    airlineChanges: after.airlineChanges,
    webhooks: after.webhooks,
    own: after.own,
  });
  const onRequest = requestListener({
    ...accessChecks({ tokens: options.tokens, apiVersion: DUFFEL_API_VERSION, clock, rateLimit }),
    route,
    onRequest: options.onRequest,
  });
  const server = createServer(onRequest);

  return {
    ...lifecycle(server, after.close),
    setBalance: (amount) => orders.setBalance(amount),
    changeSchedule: after.changeSchedule,
    settleWebhooks: after.settleWebhooks,
    webhookAttempts: after.webhookAttempts,
  };
}
