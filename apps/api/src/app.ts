import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { SiteInfo } from '@contrail/contracts/site';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { repoRoot } from './lib/package-root';
import { followConnections } from './lib/http-connections';
import { responseSerializerCompiler } from './lib/response-serializer';
import { fastifyTrustProxy, trustsPeer } from './lib/trust-proxy';
import {
  createEmailVerificationsRepository,
  createPasswordResetsRepository,
  createSessionsRepository,
  createThrottleRepository,
  createUsersRepository,
} from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAccountLinksService } from './modules/auth/account-links.service';
import {
  createAuthService,
  createPasswordConfirmation,
  hashSessionToken,
} from './modules/auth/auth.service';
import { createAuditRepository } from './modules/admin/admin.repository';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService, flightCurrencySetting } from './modules/admin/admin.service';
import { createBackOfficeRepository } from './modules/admin/back-office.repository';
import { createBackOfficeService } from './modules/admin/back-office.service';
import { installationSecret } from './lib/installation-secret';
import { createEmailRepository } from './modules/email/email.repository';
import {
  createEmailService,
  createFileMailer,
  createSmtpMailer,
  type Mailer,
} from './modules/email/email.service';
import { createBookingsRepository } from './modules/bookings/bookings.repository';
import { createHoldSweep } from './modules/checkout';
import { createTripsService } from './modules/bookings/trips.service';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import {
  createBookingsService,
  type BookingsServiceDeps,
} from './modules/bookings/bookings.service';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { createPaymentIntentsService } from './modules/payments/payment-intents.service';
import { createStripeEventsRepository } from './modules/payments/stripe-events.repository';
import { stripeWebhooksRoutes } from './modules/payments/stripe-webhooks.routes';
import { createStripeWebhooksService } from './modules/payments/stripe-webhooks.service';
import type { PaymentProvider } from './providers/payments/payment-provider';
import { createSandboxPayments } from './providers/payments/sandbox/sandbox-payments';
import {
  stripeKeysFor,
  stripeProvidersFromConfig,
} from './providers/payments/stripe/stripe-config';
import { paymentSources } from './providers/payments/payment-sources';
import { flightsRoutes } from './modules/flights/flights.routes';
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
import { startJobQueue, type JobQueue } from './jobs/job-queue';
import { workedJobs } from './jobs/registry';
import { createAlertsRepository } from './modules/alerts/alerts.repository';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { createAlertsService, type AlertCheckRun } from './modules/alerts/alerts.service';
import { createContentRepository } from './modules/content/content.repository';
import { contentRoutes } from './modules/content/content.routes';
import { createContentService } from './modules/content/content.service';
import { createRateLimiter } from './lib/rate-limit';
import { toPublicBrand } from './modules/brands/brands.mapper';
import { createBrandsRepository } from './modules/brands/brands.repository';
import { brandsRoutes } from './modules/brands/brands.routes';
import {
  BRANDS_CHANGED_CHANNEL,
  createBrandsService,
  createCachedBrandsService,
  toBrandContext,
  notifyingBrandsRepository,
} from './modules/brands/brands.service';
import { createSettingsRepository } from './modules/system/system.repository';
import { systemRoutes } from './modules/system/system.routes';
import { createSystemService, LIVE_MODE_SETTING } from './modules/system/system.service';
import { brandContextPlugin } from './plugins/brand-context';
import { answerClientError } from './plugins/client-errors';
import { admissionPlugin } from './plugins/admission';
import { compressionPlugin } from './plugins/compression';
import { siteUrlPlugin } from './plugins/site-url';
import { registerErrorHandling } from './plugins/errors';
import { answerFrameworkError, inputGuardPlugin } from './plugins/input-guard';
import { loggerOptions, RequestLogController, requestLogPlugin } from './plugins/logging';
import { sameOriginPlugin } from './plugins/same-origin';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { registerWeb } from './web/serve-web';

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

/**
 * Requests worked on at once (more wait their turn, in order): enough to keep the database pool
 * and the CPU busy, few enough that a health check or a new visitor is answered in milliseconds
 * under any number of connections.
 */
const ADMITTED_AT_ONCE = 16;
/** Routes whose provider answers are heavy to work on: admitted back a few at a time. */
const HEAVY_ROUTES = [
  { method: 'POST', url: '/api/flights/search' },
  { method: 'POST', url: '/api/flights/date-prices' },
  { method: 'GET', url: '/api/flights/calendar' },
] as const;
const HEAVY_ANSWERS = new Set<string>(HEAVY_ROUTES.map((route) => route.url));
/** Health and readiness, for load balancers: answered however many requests wait their turn. */
const PROBE_ROUTES = new Set<string>(['/api/health', '/api/ready']);
/** New provider searches the ±3-day strip may make, per provider and mode, across processes. */
const DATE_STRIP_SEARCHES = { max: 12, windowMs: 60_000 };

/** Requests that may wait for a turn before the server answers 503 server_busy. */
const WAITING_AT_MOST = 2_000;

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

/** Builds the whole application: every Fastify option and plugin lives here, for server and tests. */
/** Fastify with the request log, validation, error answers and the headers every answer has. */
async function createFramework({ config, logger, onRoute }: AppDeps) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.LOG_LEVEL),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new RequestLogController(),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  // From the first connection: stopping must know every answer each one still owes.
  followConnections(app.server);
  if (onRoute) app.addHook('onRoute', onRoute);

  await app.register(requestLogPlugin);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Writes accept JSON only: without a text parser, any other body type answers 415.
  app.removeContentTypeParser(['text/plain']);
  registerErrorHandling(app);
  await app.register(inputGuardPlugin, { trustsPeer: trustsPeer(config.TRUST_PROXY) });

  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  return app;
}

/** The embedded database's shared searches, gzipped (about 150 kB for 200 offers). */
const SHARED_SEARCHES_IN_MEMORY_BYTES = 64 * 1024 * 1024;

type App = Awaited<ReturnType<typeof createFramework>>;
type Clock = () => Date;
type Settings = ReturnType<typeof createSettingsRepository>;

/** The mode's flight and card providers, and the flights service searching through them. */
async function createProviders(app: App, deps: AppDeps, settings: Settings, clock: Clock) {
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

/** Brands (cached, dropped on every change any process makes), travellers and their sign-in. */
async function createAccounts(
  app: App,
  database: DatabaseHandle,
  settings: Settings,
  clock: Clock,
) {
  const { db } = database;
  const throttle = createThrottleRepository(db);
  const sessions = createSessionsRepository(db);
  const brandsRepository = createBrandsRepository(db);
  const brands = createCachedBrandsService(createBrandsService({ brands: brandsRepository }), {
    clock: () => clock().getTime(),
  });
  const stopListening = await database.listen(BRANDS_CHANGED_CHANNEL, {
    onNotify: () => brands.invalidate(),
    onGap: (listening) => brands.setTrusted(listening),
  });
  app.addHook('onClose', () => stopListening().catch(() => undefined));
  const users = createUsersRepository(db);
  const emails = createEmailRepository(db);
  const confirmPassword = createPasswordConfirmation({ throttle, clock });
  const resets = createPasswordResetsRepository(db);
  const links = createAccountLinksService({
    users,
    verifications: createEmailVerificationsRepository(db),
    resets,
    throttle,
    outbox: emails,
    clock,
    hashToken: hashSessionToken,
  });
  const auth = createAuthService({
    users,
    sessions,
    throttle,
    resets,
    outbox: emails,
    links,
    confirmPassword,
    deviceSecret: await installationSecret(settings, 'sign-in-device'),
    clock,
  });
  const brandById = async (id: string) => {
    const row = await brandsRepository.findById(id);
    return row ? toBrandContext(row) : undefined;
  };
  return {
    throttle,
    sessions,
    brandsRepository,
    brands,
    brandById,
    users,
    emails,
    confirmPassword,
    auth,
    links,
  };
}

type Providers = Awaited<ReturnType<typeof createProviders>>;
type Accounts = Awaited<ReturnType<typeof createAccounts>>;

/** Card payments, bookings, Stripe's events and the sweep of card holds no booking took. */
function createMoney(app: App, deps: AppDeps, providers: Providers, accounts: Accounts) {
  const { config, database, afterBookingStep } = deps;
  const { db } = database;
  const { supplier, processors } = providers;
  const clock = deps.clock ?? (() => new Date());
  const paymentsRepository = createPaymentsRepository(db);
  const payments = createPaymentsService({
    supplier,
    processors,
    payments: paymentsRepository,
    clock,
  });
  // The card processor of the mode now: our card form (sandbox) or Stripe's Payment Element.
  const intents = createPaymentIntentsService({
    supplier,
    processors,
    payments: paymentsRepository,
    clock,
  });
  const bookingsRepository = createBookingsRepository(db);
  const bookings = createBookingsService({
    bookings: bookingsRepository,
    outbox: accounts.emails,
    payments: paymentsRepository,
    links: accounts.links,
    supplier,
    processors,
    clock,
    brandById: accounts.brandById,
    log: app.log.child({ module: 'bookings' }),
    ...(afterBookingStep ? { afterStep: afterBookingStep } : {}),
  });
  const stripeWebhooks = createStripeWebhooksService({
    secrets: config.STRIPE_WEBHOOK_SECRET ?? [],
    events: createStripeEventsRepository(db),
    payments: paymentsRepository,
    bookings,
    clock,
    log: app.log,
  });
  const holds = createHoldSweep({
    payments: paymentsRepository,
    bookings: bookingsRepository,
    processors,
    clock,
  });
  return { paymentsRepository, payments, intents, bookings, stripeWebhooks, holds };
}

type Money = ReturnType<typeof createMoney>;

/** The platform admin's settings and brands, audited in one transaction with each change. */
function createAdmin(
  deps: AppDeps,
  settings: Settings,
  providers: Providers,
  accounts: Accounts,
  clock: Clock,
) {
  const { db } = deps.database;
  const { brands, brandsRepository } = accounts;
  return createAdminService({
    settings,
    sessions: accounts.sessions,
    users: accounts.users,
    confirmPassword: accounts.confirmPassword,
    // This process sees its own changes at once; others hear of them through the database.
    brands: notifyingBrandsRepository(brandsRepository, () => brands.invalidate()),
    audit: createAuditRepository(db),
    inTransaction: (work) =>
      db.transaction((tx) =>
        work({
          settings: createSettingsRepository(tx),
          brands: notifyingBrandsRepository(createBrandsRepository(tx), () => brands.invalidate()),
          audit: createAuditRepository(tx),
        }),
      ),
    providers: providers.registry,
    environment: deps.config.NODE_ENV,
    clock,
  });
}

/** Enquiries, price alerts, a traveller's trips and the operators' back office. */
async function createOperations(
  app: App,
  deps: AppDeps,
  settings: Settings,
  { providers, accounts, money }: { providers: Providers; accounts: Accounts; money: Money },
  clock: Clock,
) {
  const { db } = deps.database;
  const { supplier, processors } = providers;
  const limiter = createRateLimiter({ throttle: accounts.throttle, clock });
  const content = createContentService({ content: createContentRepository(db), limiter, clock });
  const alerts = createAlertsService({
    alerts: createAlertsRepository(db),
    outbox: accounts.emails,
    inTransaction: (work) =>
      db.transaction((tx) =>
        work({ alerts: createAlertsRepository(tx), outbox: createEmailRepository(tx) }),
      ),
    flights: providers.flights,
    limiter,
    brandById: accounts.brandById,
    // Only an account that proved the address: an alert confirmed by its link joins no other.
    accountOf: async (brandId, email) => {
      const user = await accounts.users.findByEmail(brandId, email);
      return user?.emailVerifiedAt ? user : undefined;
    },
    unsubscribeSecret: await installationSecret(settings, 'alert-unsubscribe'),
    searchesPerHour: deps.config.ALERT_SEARCHES_PER_HOUR,
    log: app.log,
    clock,
  });
  const trips = createTripsService({
    bookings: createBookingsRepository(db),
    outbox: accounts.emails,
    brandById: async (id) => {
      const row = await accounts.brandsRepository.findById(id);
      return row ? toPublicBrand(row) : undefined;
    },
    supplier,
    processors,
    limiter,
    lookups: content,
    log: app.log,
    payments: createPaymentsRepository(db),
    clock,
  });
  const backOffice = createBackOfficeService({
    repository: createBackOfficeRepository(db),
    inTransaction: (work) =>
      db.transaction((tx) =>
        work({ repository: createBackOfficeRepository(tx), outbox: createEmailRepository(tx) }),
      ),
    bookings: money.bookings,
    trips,
    payments: money.paymentsRepository,
    processors,
    brandById: accounts.brandById,
    clock,
  });
  return { content, alerts, trips, backOffice };
}

/** Every service of the app, built on one database, clock and set of providers. */
async function createServices(app: App, deps: AppDeps) {
  const clock = deps.clock ?? (() => new Date());
  const settings = createSettingsRepository(deps.database.db);
  const providers = await createProviders(app, deps, settings, clock);
  const accounts = await createAccounts(app, deps.database, settings, clock);
  const money = createMoney(app, deps, providers, accounts);
  const admin = createAdmin(deps, settings, providers, accounts, clock);
  const operations = await createOperations(
    app,
    deps,
    settings,
    { providers, accounts, money },
    clock,
  );
  const system = createSystemService({ settings });
  return { system, providers, accounts, money, admin, ...operations };
}

type Services = Awaited<ReturnType<typeof createServices>>;

/** What the operator's configuration says about the company and analytics, for pages and the API. */
function siteInfo(config: Config): SiteInfo {
  return {
    companyName: config.COMPANY_NAME,
    companyNumber: config.COMPANY_NUMBER,
    registeredOffice: config.COMPANY_ADDRESS,
    ...(config.ANALYTICS_TAG_ID
      ? {
          analytics: {
            tagId: config.ANALYTICS_TAG_ID,
            conversionLabel: config.ANALYTICS_CONVERSION_LABEL ?? null,
          },
        }
      : {}),
  };
}

/** Security headers, compression, admission, the brand, the site address, origin and session. */
async function registerRequestPlugins(
  app: App,
  config: Config,
  services: Services,
  admittedAtOnce?: number,
) {
  await app.register(securityPlugin, {
    secureCookies: config.COOKIE_SECURE,
    googleTag: siteInfo(config).analytics !== undefined,
    // Stripe.js and its frames, only where Stripe takes card payments in some mode.
    stripe: stripeKeysFor(config, 'test') !== null || stripeKeysFor(config, 'live') !== null,
  });
  await app.register(compressionPlugin);
  await app.register(admissionPlugin, {
    concurrency: admittedAtOnce ?? ADMITTED_AT_ONCE,
    maxWaiting: WAITING_AT_MOST,
    // By route, so that a probe's query string (`/api/health?probe=lb`) never queues either.
    bypass: (request) => PROBE_ROUTES.has(request.routeOptions.url ?? ''),
    // What a search does with its provider's answer: hundreds of offers mapped, priced, answered.
    heavy: (request) => HEAVY_ANSWERS.has(request.routeOptions.url ?? ''),
  });
  // A route renamed without this list would quietly lose its lane: the app does not start.
  app.addHook('onReady', async () => {
    const lost = HEAVY_ROUTES.filter((route) => !app.hasRoute(route));
    if (lost.length > 0) throw new Error(`heavy routes not found: ${JSON.stringify(lost)}`);
  });
  await app.register(brandContextPlugin, { brands: services.accounts.brands });
  await app.register(siteUrlPlugin, {
    sites: {
      publicUrl: config.PUBLIC_URL,
      host: config.HOST,
      port: config.PORT,
      trustLoopback: config.NODE_ENV !== 'production',
    },
  });
  await app.register(sameOriginPlugin);
  await app.register(sessionPlugin, {
    auth: services.accounts.auth,
    secureCookies: config.COOKIE_SECURE,
  });
}

/** The API's routes under /api, then the web app's pages. */
async function registerRoutes(app: App, deps: AppDeps, services: Services) {
  const { config, database } = deps;
  const { accounts, money, backOffice } = services;
  const site = siteInfo(config);
  await app.register(
    async (api) => {
      await api.register(systemRoutes, {
        system: services.system,
        site,
        ping: () => database.ping(),
      });
      await api.register(brandsRoutes, { brands: accounts.brands });
      await api.register(authRoutes, {
        auth: accounts.auth,
        links: accounts.links,
        opensBackOffice: (user) => backOffice.opens(user),
      });
      await api.register(contentRoutes, { content: services.content });
      await api.register(alertsRoutes, { alerts: services.alerts });
      await api.register(adminRoutes, { admin: services.admin, backOffice });
      await api.register(flightsRoutes, { flights: services.providers.flights });
      await api.register(paymentsRoutes, {
        payments: money.payments,
        intents: money.intents,
        secureCookies: config.COOKIE_SECURE,
      });
      await api.register(stripeWebhooksRoutes, { webhooks: money.stripeWebhooks });
      await api.register(bookingsRoutes, {
        bookings: money.bookings,
        trips: services.trips,
        secureCookies: config.COOKIE_SECURE,
      });
    },
    { prefix: '/api' },
  );
  await registerWeb(app, {
    distDir: config.WEB_DIST_DIR ?? join(repoRoot(), 'apps', 'web', 'dist'),
    site,
    opensBackOffice: (user) => backOffice.opens(user),
  });
}

/** The app's jobs as `app.jobs`, and its caches' reset as `app.dropCaches`. */
function decorateJobs(app: App, deps: AppDeps, services: Services) {
  const { config, mailer } = deps;
  const { money, trips, alerts } = services;
  const mailFolder = resolve(config.DATA_DIR, 'mail');
  const email = createEmailService({
    emails: services.accounts.emails,
    mailer:
      mailer ??
      (config.SMTP_URL ? createSmtpMailer(config.SMTP_URL) : createFileMailer(mailFolder)),
    from: config.EMAIL_FROM,
    log: app.log,
    clock: deps.clock ?? (() => new Date()),
  });
  app.decorate('dropCaches', () => {
    services.accounts.brands.invalidate();
    services.providers.registry.forgetMode();
    services.providers.forgetSharedSearches();
  });
  const settleBookings = () => money.bookings.reconcile();
  const settleCancellations = () => trips.reconcileCancellations();
  app.decorate('jobs', {
    settleBookings,
    settleCancellations,
    reconcileBookings: async () => (await settleBookings()) + (await settleCancellations()),
    sweepHolds: () => money.holds.sweep(),
    deliverEmails: () => email.deliverDue(),
    checkPriceAlerts: () => alerts.runChecks(),
  });
  return { mailFolder };
}

/**
 * The background jobs this process works, on the app's one job queue (pg-boss on the app's own
 * database, decision 026): started once the app is ready, stopped before it closes.
 */
function scheduleJobs(
  app: App,
  {
    config,
    database,
    mailer,
    settlingJobs = true,
    emailIntervalMs = config.EMAIL_DELIVERY_INTERVAL_MS,
    alertJobs = config.ALERT_JOBS,
  }: AppDeps,
  mailFolder: string,
) {
  const jobs = workedJobs(app.jobs, {
    emailIntervalMs,
    settling: settlingJobs,
    alerts: alertJobs,
  });
  if (jobs.length === 0) return;
  let queue: JobQueue | undefined;
  app.addHook('onReady', async () => {
    if (emailIntervalMs > 0 && !mailer && !config.SMTP_URL) {
      app.log.info({ folder: mailFolder }, 'No SMTP_URL: e-mail is written as .eml files');
    }
    queue = await startJobQueue({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      listen: (channel, handlers) => database.listen(channel, handlers),
      jobs,
      log: app.log,
    });
  });
  // Before onClose, where the database may already be closing.
  app.addHook('preClose', async () => {
    await queue?.stop();
  });
}

/**
 * The whole app on one database: its framework and request plugins, every service, the API's
 * routes and the web app's pages, and its jobs.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = await createFramework(deps);
  const services = await createServices(app, deps);
  await registerRequestPlugins(app, deps.config, services, deps.admittedAtOnce);
  await registerRoutes(app, deps, services);
  const { mailFolder } = decorateJobs(app, deps, services);
  scheduleJobs(app, deps, mailFolder);
  return app;
}
