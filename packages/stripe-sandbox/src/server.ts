/**
 * A Stripe-compatible HTTP server for tests, so that the official `stripe` SDK (pointed here by
 * its `host`, `port` and `protocol`) can create, confirm, capture, cancel and refund
 * PaymentIntents with no network access. It speaks Stripe's v1 wire format: form-encoded
 * parameters with bracketed keys, bearer (or basic) API keys, `Stripe-Version`, idempotency keys
 * that replay the first answer, Stripe's error envelope and statuses, list and search pagination,
 * and webhooks signed as Stripe signs them.
 *
 * Its own test helpers live under `/_sandbox/` (Stripe has no such paths), see the README.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeAccount } from './account';
import { renderEvent } from './account-ledger';
import { keyCheck } from './api-keys';
import { requestHandler } from './http-layer';
import { idempotencyKeys } from './idempotency';
import type { EventRecord } from './records';
import { stripeRoutes } from './routes';
import { WebhookSender, type WebhookDelivery, type WebhookEndpoint } from './webhooks';

/** The API version the SDK this repository uses pins; the account's default for other callers. */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface StripeServerOptions {
  /** The sandbox's time: `created`, hold lifetimes, idempotency expiry, webhook timestamps. */
  readonly clock?: () => Date;
  /**
   * The account's secret keys (`sk_test_…`, `sk_live_…`); their `pk_` twins are accepted where
   * Stripe takes publishable keys. Any other key is refused with Stripe's 401, as Stripe refuses a
   * key it never issued or one rolled in the dashboard.
   */
  readonly apiKeys: readonly string[];
  /** Where events are posted, signed with the endpoint's secret. None: events are only kept. */
  readonly webhook?: WebhookEndpoint;
  /** The account's API version: for requests without `Stripe-Version`, and for webhook events. */
  readonly apiVersion?: string;
  /** How long an uncaptured card authorisation lasts (Stripe: 7 days). */
  readonly authorizationLifetimeMs?: number;
  /**
   * How long after creation a PaymentIntent becomes searchable. Stripe says "under a minute"; the
   * default 0 makes it at once, a test of the lag sets it.
   */
  readonly searchDelayMs?: number;
  /** The address the 3-D Secure page is reached at; by default the listening address. */
  readonly publicUrl?: string;
  /** Sees each request once answered (method, path without the query, status). */
  readonly onRequest?: (entry: { method: string; path: string; status: number }) => void;
}

export interface StripeServer {
  readonly server: Server;
  /** Starts listening; answers the base URL (what `STRIPE_API_URL` is set to). */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** Every webhook delivery so far, with its attempts. */
  deliveries(): readonly WebhookDelivery[];
  /** Resolves once every event so far has been delivered or has run out of attempts. */
  webhooksIdle(): Promise<void>;
}

export function createStripeServer(options: StripeServerOptions): StripeServer {
  const clock = options.clock ?? (() => new Date());
  const accountVersion = options.apiVersion ?? DEFAULT_API_VERSION;
  let publicUrl = options.publicUrl ?? '';
  const sender = options.webhook ? new WebhookSender(options.webhook, clock) : null;

  const deliver = (event: EventRecord) => {
    if (!sender?.wants(event.type)) return;
    sender.send(event.id, event.type, JSON.stringify(renderEvent(event, 1), null, 2));
  };

  const account = new StripeAccount({
    clock,
    authorizationLifetimeMs: options.authorizationLifetimeMs ?? 7 * DAY_MS,
    eventApiVersion: accountVersion,
    publicUrl: () => publicUrl,
    onEvent: deliver,
  });
  const routes = stripeRoutes({
    account,
    sender,
    clock,
    searchDelayMs: options.searchDelayMs ?? 0,
  });
  const handle = requestHandler({
    account,
    routes,
    authenticate: keyCheck(options.apiKeys),
    accountVersion,
    idempotency: idempotencyKeys(clock),
    onRequest: options.onRequest,
  });

  const server = createServer((request, response) => {
    void handle(request, response);
  });

  return {
    server,
    async listen(port = 0, host = '127.0.0.1') {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      const base = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
      if (!options.publicUrl) publicUrl = base;
      return base;
    },
    async close() {
      sender?.close();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
    deliveries: () => sender?.deliveries() ?? [],
    webhooksIdle: () => sender?.idle() ?? Promise.resolve(),
  };
}
