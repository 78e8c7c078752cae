// The request plugins (security, compression, admission, brand, session) and every route.
import { join } from 'node:path';
import type { SiteInfo } from '@contrail/contracts/site';
import type { Config } from './config';
import { repoRoot } from './lib/package-root';
import { authRoutes } from './modules/auth/auth.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { duffelWebhooksRoutes } from './modules/bookings/duffel-webhooks.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { stripeWebhooksRoutes } from './modules/payments/stripe-webhooks.routes';
import { stripeKeysFor } from './providers/payments/stripe/stripe-config';
import { flightsRoutes } from './modules/flights/flights.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { contentRoutes } from './modules/content/content.routes';
import { brandsRoutes } from './modules/brands/brands.routes';
import { systemRoutes } from './modules/system/system.routes';
import { brandContextPlugin } from './plugins/brand-context';
import { admissionPlugin } from './plugins/admission';
import { compressionPlugin } from './plugins/compression';
import { siteUrlPlugin } from './plugins/site-url';
import { sameOriginPlugin } from './plugins/same-origin';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { registerWeb } from './web/serve-web';
import type { AppDeps } from './app-deps';
import type { App } from './app-framework';
import type { Services } from './app-services';

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

/** Requests that may wait for a turn before the server answers 503 server_busy. */
const WAITING_AT_MOST = 2_000;

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
export async function registerRequestPlugins(
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
export async function registerRoutes(app: App, deps: AppDeps, services: Services) {
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
      await api.register(duffelWebhooksRoutes, { webhooks: services.duffelWebhooks });
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
