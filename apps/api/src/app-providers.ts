// The app's providers: the built-in sandboxes, each mode's supplier and processor, and the
// flights service searching through them.
import { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createThrottleRepository } from './modules/auth/auth.repository';
import { flightCurrencySetting } from './modules/admin/admin.service';
import { installationSecret } from './lib/installation-secret';
import type { PaymentProvider } from './providers/payments/payment-provider';
import { createSandboxPayments } from './providers/payments/sandbox/sandbox-payments';
import { stripeProvidersFromConfig } from './providers/payments/stripe/stripe-config';
import { paymentSources } from './providers/payments/payment-sources';
import { createFlightsService } from './modules/flights/flights.service';
import {
  createMemorySearches,
  createSearchesRepository,
} from './modules/flights/flights.repository';
import { AppError } from './lib/app-error';
import type { FlightSupplier } from './providers/flights/flight-supplier';
import { airlineLogo } from '@contrail/reference-data';
import { airportList } from './providers/flights/reference';
import { createSandboxSupplier } from './providers/flights/sandbox/sandbox-supplier';
import { createSearchThreads } from './modules/flights/search-threads';
import { createDuffelSupplier } from './providers/flights/duffel/duffel-supplier';
import { createPostgresBalanceAlerts } from './providers/flights/duffel/balance-alerts';
import {
  createMemoryRateLimitPauses,
  createPostgresRateLimitPauses,
} from './providers/flights/duffel/rate-limit-pauses';
import { createPostgresOfferReplacements } from './providers/flights/duffel/offer-replacements';
import {
  createProviderRegistry,
  modeFollowingFlights,
  type Mode,
  type ProviderRegistry,
} from './providers/registry';
import { createPostgresSandboxStore } from './providers/flights/sandbox/sandbox-store';
import { createRateLimiter } from './lib/rate-limit';
import type { createSettingsRepository } from './modules/system/system.repository';
import { LIVE_MODE_SETTING } from './modules/system/system.service';
import type { AppDeps, Clock, Settings } from './app-deps';
import type { App } from './app-framework';

/**
 * The built-in sandbox airline and card processor on this database, and the threads that answer
 * the airline's searches when asked for (closed with the app; `app.searchThreads` says how many).
 */
async function builtInProviders(
  app: FastifyInstance,
  {
    db,
    settings,
    clock,
    searchThreads = 0,
    computedSearches,
  }: {
    db: DatabaseHandle['db'];
    settings: ReturnType<typeof createSettingsRepository>;
    clock: () => Date;
    searchThreads?: number | undefined;
    /**
     * Whether test mode's searches are the built-in sandbox's (no supplier given, nor Duffel):
     * the processor's work only, not a provider's answers read.
     */
    computedSearches: boolean;
  },
) {
  const store = createPostgresSandboxStore(db);
  const secret = await installationSecret(settings, 'sandbox-offers');
  const sandboxSupplier = createSandboxSupplier({
    store,
    findOrderIdByBooking: (reference) => store.findOrderIdByBooking(reference),
    clock,
    secret,
  });
  // Without threads, every supplier searches on the thread serving HTTP.
  const threads =
    searchThreads > 0
      ? createSearchThreads({
          threads: searchThreads,
          // Threads that read a provider's answers yield the processor to the thread serving
          // HTTP (and to anything else at the default priority): a wave of answers arriving
          // together is read on what is left. The sandbox's, whose answers are the processor's
          // work only, keep the default.
          niceness: computedSearches ? 0 : SUPPLIER_THREAD_NICENESS,
          onCrash: (error) => app.log.error({ err: error }, 'A search thread stopped'),
        })
      : undefined;
  if (threads) {
    // Ready to serve once the threads can answer: the first searches wait for no module loading.
    app.addHook('onReady', () => threads.ready());
    app.addHook('onClose', () => threads.close());
  }
  app.decorate('searchThreads', searchThreads);
  return { sandboxSupplier, sandboxPayments: createSandboxPayments(db, clock), threads };
}

/**
 * The niceness (Linux: of each thread on its own) of the search threads that read a provider's
 * answers: 10 gives them about a tenth of a core's share against a thread at the default 0.
 */
const SUPPLIER_THREAD_NICENESS = 10;

/** New provider searches the ±3-day strip may make, per provider and mode, across processes. */
const DATE_STRIP_SEARCHES = { max: 12, windowMs: 60_000 };

/**
 * The providers of each mode: test mode's flights come from Duffel when
 * DUFFEL_TEST_TOKEN is set, else from the built-in sandbox; live mode's from Duffel with
 * DUFFEL_LIVE_TOKEN, else none, and live mode cannot be switched on. Tests pass their own.
 */
function providerRegistry({
  config,
  db,
  sharedIn,
  clock,
  searchDeadlineMs,
  log,
  readMode,
  noteCurrency,
  sandbox,
  overrides,
}: {
  config: Config;
  db: DatabaseHandle['db'];
  /** Where what every process must know lives (`AppDeps.sharedSearches`). */
  sharedIn: 'database' | 'memory';
  clock: () => Date;
  /** How long a traveller's search may take in all (supplier_timeout and a grace). */
  searchDeadlineMs: number;
  log: FastifyBaseLogger;
  readMode: () => Promise<Mode>;
  noteCurrency: (mode: Mode, currency: string) => Promise<void>;
  sandbox: { flights: FlightSupplier; payments: PaymentProvider };
  overrides: {
    flights: Partial<Record<Mode, FlightSupplier | undefined>>;
    payments: Partial<Record<Mode, PaymentProvider | undefined>>;
  };
}): ProviderRegistry {
  const replacements = createPostgresOfferReplacements(db);
  const balanceAlerts = createPostgresBalanceAlerts(db);
  // Read before every Duffel call: on the embedded database, which one process opens, in memory.
  const rateLimitPauses =
    sharedIn === 'memory' ? createMemoryRateLimitPauses() : createPostgresRateLimitPauses(db);
  const duffel = (mode: Mode, token: string | undefined) =>
    token === undefined
      ? undefined
      : createDuffelSupplier({
          token,
          apiUrl: config.DUFFEL_API_URL,
          live: mode === 'live',
          replacements,
          balanceAlerts,
          rateLimitPauses,
          supplierTimeoutMs: config.DUFFEL_SUPPLIER_TIMEOUT_MS,
          searchDeadlineMs,
          clock,
          log: log.child({ provider: 'duffel', mode }),
          onCurrency: (currency) => {
            noteCurrency(mode, currency).catch((error: unknown) =>
              log.warn({ err: error }, 'could not note the flight currency'),
            );
          },
        });
  const flights = {
    test: overrides.flights.test ?? duffel('test', config.DUFFEL_TEST_TOKEN) ?? sandbox.flights,
    live: overrides.flights.live ?? duffel('live', config.DUFFEL_LIVE_TOKEN),
  };
  // Stripe in each mode whose key pair is set (STRIPE_TEST_… or STRIPE_LIVE_…).
  const stripe = stripeProvidersFromConfig(config);
  const payments = {
    test: overrides.payments.test ?? stripe.test ?? sandbox.payments,
    live: overrides.payments.live ?? stripe.live,
  };
  return createProviderRegistry({
    flights: { test: flights.test, ...(flights.live ? { live: flights.live } : {}) },
    payments: { test: payments.test, ...(payments.live ? { live: payments.live } : {}) },
    builtIn: sandbox,
    readMode,
    // How long a process trusts the stored mode is wall-clock time, whatever the business clock.
    clock: () => Date.now(),
  });
}

/** The embedded database's shared searches, gzipped (about 150 kB for 200 offers). */
const SHARED_SEARCHES_IN_MEMORY_BYTES = 64 * 1024 * 1024;

/** The mode's flight and card providers, and the flights service searching through them. */
export async function createProviders(app: App, deps: AppDeps, settings: Settings, clock: Clock) {
  const { config, database, flightSupplier, searchThreads } = deps;
  // The traveller's deadline: the provider's supplier_timeout and a small grace.
  const searchTimeoutMs =
    deps.searchTimeoutMs ?? config.DUFFEL_SUPPLIER_TIMEOUT_MS + config.SEARCH_GRACE_MS;
  const { db } = database;
  const { sandboxSupplier, sandboxPayments, threads } = await builtInProviders(app, {
    db,
    settings,
    clock,
    searchThreads,
    computedSearches: !flightSupplier && !config.DUFFEL_TEST_TOKEN,
  });
  // Identical searches are shared by every process through PostgreSQL; the embedded database has
  // one process, which keeps them in memory (the answers of some 400 busy searches), and Duffel's
  // rate-limit pauses too. Tests of several processes on one embedded database share them through
  // it.
  const sharedIn = deps.sharedSearches ?? (database.kind === 'pglite' ? 'memory' : 'database');
  const registry = providerRegistry({
    config,
    db,
    sharedIn,
    clock,
    searchDeadlineMs: searchTimeoutMs,
    log: app.log,
    readMode: async () => ((await settings.get(LIVE_MODE_SETTING)) === true ? 'live' : 'test'),
    noteCurrency: (mode, currency) => settings.set(flightCurrencySetting(mode), currency),
    sandbox: { flights: sandboxSupplier, payments: sandboxPayments },
    overrides: {
      flights: { test: flightSupplier, live: deps.liveFlightSupplier },
      payments: { test: deps.paymentProvider, live: deps.livePaymentProvider },
    },
  });
  const searchBudget = createRateLimiter({ throttle: createThrottleRepository(db), clock });
  const memorySearches =
    sharedIn === 'memory'
      ? createMemorySearches({ maxBytes: SHARED_SEARCHES_IN_MEMORY_BYTES })
      : undefined;
  const sharedSearches = memorySearches ?? createSearchesRepository(db);
  const flights = createFlightsService({
    providers: registry,
    reference: { listAirports: airportList, airlineLogo },
    clock,
    searchTimeoutMs,
    leftSearchGraceMs: deps.leftSearchGraceMs,
    shared: sharedSearches,
    searchThreads: threads,
    // The date strip asks a rate-limited provider for days nobody searched only this often,
    // counted across every process.
    dateStripBudget: async ({ source }) => {
      try {
        await searchBudget.consume(
          `date-strip:${source.provider}-${source.mode}`,
          DATE_STRIP_SEARCHES,
          '',
        );
        return true;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 429) return false;
        throw error;
      }
    },
  });
  return {
    registry,
    // Booking, paying and cancelling follow each offer's and order's own provider and mode.
    supplier: modeFollowingFlights(registry, sandboxSupplier),
    // New payments go to the mode's processor now; recorded ones to the processor that holds them.
    processors: paymentSources(registry),
    flights,
    forgetSharedSearches: () => memorySearches?.clear(),
  };
}

export type Providers = Awaited<ReturnType<typeof createProviders>>;
