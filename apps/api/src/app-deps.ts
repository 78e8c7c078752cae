// What the app is built from (AppDeps), and what it adds to Fastify's instance.
import { type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { type Mailer } from './modules/email/email.service';
import { type BookingsServiceDeps } from './modules/bookings/bookings.service';
import type { PaymentProvider } from './providers/payments/payment-provider';
import type { FlightSupplier } from './providers/flights/flight-supplier';
import { type AlertCheckRun } from './modules/alerts/alert-checks';
import type { createSettingsRepository } from './modules/system/system.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The background jobs' runs, one for each job of the queue (src/jobs/registry.ts), for
     * maintenance commands and tests, which call them directly.
     */
    jobs: {
      /** Settles bookings left between steps; answers how many. */
      settleBookings(): Promise<number>;
      /** Finishes interrupted cancellations and the refunds they owe; answers how many. */
      settleCancellations(): Promise<number>;
      /** Both of the above, as one call (maintenance, tests); answers how many in all. */
      reconcileBookings(): Promise<number>;
      /** Releases card holds no live booking will capture (see HoldSweep). */
      sweepHolds(): Promise<number>;
      deliverEmails(): Promise<number>;
      /** The price-alert job's run. */
      checkPriceAlerts(): Promise<AlertCheckRun>;
      /** Asks Duffel the airlines' changes of the bookings due a check; answers how many kept. */
      checkAirlineChanges(): Promise<number>;
    };
    /**
     * Drops this process's cached brands and booking mode, e.g. after the data was replaced behind
     * its back (tests on a PostgreSQL server, where the change notification arrives a moment later).
     */
    dropCaches(): void;
    /** How many threads make the searches of suppliers that can be copied there (0: the request's own thread). */
    searchThreads: number;
  }
}

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** The time source for every rule that depends on it (sessions, throttling, offers). */
  clock?: () => Date;
  /**
   * Test mode's flight provider; when absent, Duffel with DUFFEL_TEST_TOKEN, else the built-in
   * sandbox on this database.
   */
  flightSupplier?: FlightSupplier;
  /** Live mode's flight provider; when absent, Duffel with DUFFEL_LIVE_TOKEN, else none. */
  liveFlightSupplier?: FlightSupplier;
  /**
   * Threads that answer the built-in sandbox's searches off the HTTP thread (0 or absent: none,
   * each search on the request's thread). Used only when the sandbox is test mode's supplier.
   */
  searchThreads?: number;
  /**
   * How long a search may take before the traveller is told to retry (when absent,
   * DUFFEL_SUPPLIER_TIMEOUT_MS + SEARCH_GRACE_MS).
   */
  searchTimeoutMs?: number;
  /**
   * Where identical searches, and Duffel's rate-limit pauses, are shared: 'database' (the
   * tables, for every process) or 'memory' (this process only). When absent: memory on the
   * embedded database, which only one process opens, and the tables on a PostgreSQL server.
   */
  sharedSearches?: 'database' | 'memory';
  /**
   * How long a search nobody waits for any more goes on before its provider call is stopped
   * (LEFT_SEARCH_GRACE_MS when absent; tests shorten it).
   */
  leftSearchGraceMs?: number;
  /** Test mode's card processor; the built-in sandbox on this database when absent. */
  paymentProvider?: PaymentProvider;
  /** Live mode's card processor; none when absent (live mode cannot be switched on). */
  livePaymentProvider?: PaymentProvider;
  /**
   * Whether this process works the settling jobs: bookings, cancellations and card holds (true
   * when absent; tests: false, and call `app.jobs` when they mean to).
   */
  settlingJobs?: boolean;
  /** Tests make a booking step "crash" here. */
  afterBookingStep?: BookingsServiceDeps['afterStep'];
  /** Sends e-mail; when absent, SMTP to SMTP_URL, or .eml files under DATA_DIR/mail without it. */
  mailer?: Mailer;
  /**
   * How often this process's e-mail worker polls the job queue, an e-mail queued waking it at
   * once (0: it works no e-mail, for tests); EMAIL_DELIVERY_INTERVAL_MS when absent.
   */
  emailIntervalMs?: number;
  /** Whether this process runs the price-alert job's queue; ALERT_JOBS (tests: false). */
  alertJobs?: boolean;
  /** Requests worked on at once (ADMITTED_AT_ONCE when absent; tests of admission pass 1). */
  admittedAtOnce?: number;
  /** Overrides the logger built from config (tests pass `false`). */
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is registered, with its schemas (the fuzz suite walks them all). */
  onRoute?: (route: RouteOptions) => void;
}

export type Clock = () => Date;
export type Settings = ReturnType<typeof createSettingsRepository>;
