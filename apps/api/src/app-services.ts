// Every service of the app, built on one database, clock and set of providers.
import type { Database, DatabaseHandle } from './db/client';
import {
  createEmailVerificationsRepository,
  createPasswordResetsRepository,
  createSessionsRepository,
  createThrottleRepository,
  createUsersRepository,
} from './modules/auth/auth.repository';
import { createAccountLinksService } from './modules/auth/account-links.service';
import { createAuthService, createPasswordConfirmation } from './modules/auth/auth.service';
import { hashSessionToken } from './modules/auth/sign-in';
import { createAuditRepository } from './modules/admin/admin.repository';
import { createAdminService } from './modules/admin/admin.service';
import { createBackOfficeRepository } from './modules/admin/back-office.repository';
import type { BackOfficeAreas } from './modules/admin/back-office-records';
import { createStaffAccountsRepository } from './modules/auth/staff-accounts.repository';
import { createBookingDeskRepository } from './modules/bookings/booking-desk.repository';
import { createBookingFiguresRepository } from './modules/bookings/booking-figures.repository';
import { createBrandRefsRepository } from './modules/brands/brand-refs.repository';
import { createInboxRepository } from './modules/content/inbox.repository';
import { createNewsletterRepository } from './modules/content/newsletter.repository';
import { createOutboxRecordsRepository } from './modules/email/outbox-records.repository';
import { createBackOfficeService } from './modules/admin/back-office.service';
import { installationSecret } from './lib/installation-secret';
import { createEmailRepository } from './modules/email/email.repository';
import { createBookingsRepository } from './modules/bookings/bookings.repository';
import { createHoldSweep } from './modules/checkout';
import { createTripsService } from './modules/bookings/trips.service';
import { createBookingsService } from './modules/bookings/bookings.service';
import { createDuffelWebhookEventsRepository } from './modules/bookings/duffel-webhook-events.repository';
import { createDuffelWebhooksService } from './modules/bookings/duffel-webhooks.service';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { createPaymentsService } from './modules/payments/payments.service';
import { createPaymentIntentsService } from './modules/payments/payment-intents.service';
import { createStripeEventsRepository } from './modules/payments/stripe-events.repository';
import { createStripeWebhooksService } from './modules/payments/stripe-webhooks.service';
import { createAlertsRepository } from './modules/alerts/alerts.repository';
import { createAlertsService } from './modules/alerts/alerts.service';
import { createContentRepository } from './modules/content/content.repository';
import { createContentService } from './modules/content/content.service';
import { createRateLimiter } from './lib/rate-limit';
import { toPublicBrand } from './modules/brands/brands.mapper';
import { createBrandsRepository } from './modules/brands/brands.repository';
import {
  BRANDS_CHANGED_CHANNEL,
  createBrandsService,
  createCachedBrandsService,
  toBrandContext,
  notifyingBrandsRepository,
} from './modules/brands/brands.service';
import { createSettingsRepository } from './modules/system/system.repository';
import { createSystemService } from './modules/system/system.service';
import type { AppDeps, Clock, Settings } from './app-deps';
import type { App } from './app-framework';
import { createProviders, type Providers } from './app-providers';

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

/** Duffel's word of booked orders (an airline's change), from each mode's webhook endpoint. */
function createDuffelWebhooks(app: App, deps: AppDeps, providers: Providers, clock: Clock) {
  return createDuffelWebhooksService({
    secrets: {
      test: deps.config.DUFFEL_WEBHOOK_SECRET,
      live: deps.config.DUFFEL_LIVE_WEBHOOK_SECRET,
    },
    events: createDuffelWebhookEventsRepository(deps.database.db),
    // An order's changes, from the supplier its id names, whatever the mode now.
    supplier: providers.supplier,
    clock,
    log: app.log,
  });
}

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
    ...backOfficeAreas(db),
    inTransaction: (work) =>
      db.transaction((tx) => work({ ...backOfficeAreas(tx), outbox: createEmailRepository(tx) })),
    bookings: money.bookings,
    trips,
    payments: money.paymentsRepository,
    processors,
    brandById: accounts.brandById,
    clock,
  });
  return { content, alerts, trips, backOffice };
}

/** What the back office reads and writes, each area by the module that keeps it. */
function backOfficeAreas(db: Database): BackOfficeAreas {
  return {
    repository: createBackOfficeRepository(db),
    brands: createBrandRefsRepository(db),
    accounts: createStaffAccountsRepository(db),
    bookingDesk: createBookingDeskRepository(db),
    figures: createBookingFiguresRepository(db),
    emails: createOutboxRecordsRepository(db),
    inbox: createInboxRepository(db),
    newsletter: createNewsletterRepository(db),
  };
}

/** Every service of the app, built on one database, clock and set of providers. */
export async function createServices(app: App, deps: AppDeps) {
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
  const duffelWebhooks = createDuffelWebhooks(app, deps, providers, clock);
  return { system, providers, accounts, money, admin, duffelWebhooks, ...operations };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
