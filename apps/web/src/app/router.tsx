import { BRAND_QUERY_PARAM } from '@contrail/contracts/site';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  retainSearchParams,
  type RouterHistory,
} from '@tanstack/react-router';
import { z } from 'zod';
import { requireAdmin } from '../features/admin/guards/require-admin';
import { requireBackOffice } from '../features/admin/guards/require-back-office';
import {
  auditSearchSchema,
  bookingsSearchSchema,
  enquiriesSearchSchema,
  newsletterSearchSchema,
  outboxSearchSchema,
} from '../features/admin/lib/back-office-search';
import { brandManagerSearchSchema } from '../features/admin/lib/brand-manager-search';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { bookingSearchSchema } from '../features/checkout/lib/booking-search';
import { priceAlertPageSearchSchema } from '../features/price-alerts/lib/price-alert-search';
import {
  accountSettingsSearchSchema,
  loginSearchSchema,
  redirectIfSignedIn,
  redirectPendingPasswordChange,
  requireSignedIn,
  resetPasswordSearchSchema,
} from '../features/auth/lib/auth-routing';
import { manageBookingSearchSchema, myTripsSearchSchema } from '../features/trips/lib/trips-search';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { nextTask } from '../lib/next-task';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * The root search params. `brand` picks the brand on hosts that cannot name one (localhost, IP
 * addresses); it is retained on every in-app navigation so a tester stays on the chosen brand.
 */
const rootSearchSchema = z.object({
  [BRAND_QUERY_PARAM]: z.coerce.string().optional().catch(undefined),
});

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearchSchema,
  search: { middlewares: [retainSearchParams([BRAND_QUERY_PARAM])] },
  beforeLoad: ({ context, location }) => {
    redirectPendingPasswordChange(context.queryClient, location.pathname);
  },
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});

/** The results page's code, and what its navigation runs before the page (the search's start). */
const searchPage = lazyRouteComponent(() => import('./routes/search'), 'SearchRoute');
const loadSearchNavigation = () =>
  Promise.all([
    import('../features/flight-search/lib/search-link'),
    import('../features/flight-search/api/prefetch-search'),
  ]);
/** Kept once loaded, so that a navigation can use it at once: an import() resolves in a later task. */
let searchNavigationLoaded: Awaited<ReturnType<typeof loadSearchNavigation>> | undefined;
const searchNavigation = () =>
  loadSearchNavigation().then((modules) => (searchNavigationLoaded = modules));

/** Runs `task` once the browser is idle (soon after the page has loaded). */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(task, { timeout: 3_000 });
  else setTimeout(task, 1_000);
}

// Every page is its own chunk: the entry holds only the shell.
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./routes/home'), 'HomeRoute'),
  // The home page's search goes to the results: their code loads while the form is filled in,
  // not after Search Flights (a phone at 4× slow-down waited about a quarter of a second).
  onEnter: () =>
    whenIdle(() => {
      Promise.all([searchNavigation(), searchPage.preload?.()]).catch(() => undefined);
    }),
});

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  // The URL holds criteria, sort and filters. Their schema loads with the page, not in the entry
  // chunk (150 KB budget): the route keeps the raw parameters and the page checks them, saying
  // what is wrong with a link it cannot search and keeping the rest in its form. Only a /search
  // that asks for no search at all goes to the home page's form; /search is the results page.
  validateSearch: (search: Record<string, unknown>) => search,
  beforeLoad: async ({ search, context, preload }) => {
    // Loaded while the home page's form was filled in: then the search starts in the very task
    // of the Search Flights click (awaiting the import again started it a task later, about
    // 100 ms on a phone at 4× slow-down).
    const [{ isSearchLink }, { prefetchSearchResults }] =
      searchNavigationLoaded ?? (await searchNavigation());
    if (!isSearchLink(search)) throw redirect({ to: '/', replace: true });
    // The search starts now, while the page's code loads, rather than after the page's first
    // render; a preload (a pointer resting on a link) searches nothing.
    if (preload) return;
    prefetchSearchResults(context.queryClient, search);
    // The results page is drawn in a task of its own: the click's task ends once the search is
    // asked for, so a phone paints the pressed button and reads the answer sooner.
    await nextTask();
  },
  component: searchPage,
});

/** `/flight` without an id goes to the search page. */
const flightIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/flight',
  beforeLoad: () => {
    throw redirect({ to: '/search', replace: true });
  },
});

const flightRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/flight/$id',
  // `tab` and the search carried back to the results (from_…), read by the page itself.
  validateSearch: (search: Record<string, unknown>) => search,
  component: lazyRouteComponent(() => import('./routes/flight'), 'FlightRoute'),
});

const bookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/booking',
  validateSearch: bookingSearchSchema,
  // No offer to book: back to the search.
  beforeLoad: ({ search }) => {
    if (!search.offer) throw redirect({ to: '/search', replace: true });
  },
  component: lazyRouteComponent(() => import('./routes/booking'), 'BookingRoute'),
});

const myTripsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/my-trips',
  validateSearch: myTripsSearchSchema,
  beforeLoad: ({ context, location }) => requireSignedIn(context.queryClient, location),
  component: lazyRouteComponent(() => import('./routes/my-trips'), 'MyTripsRoute'),
});

/** A guest's booking, found by reference and e-mail, read-only. */
const manageBookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/manage-booking',
  validateSearch: manageBookingSearchSchema,
  component: lazyRouteComponent(() => import('./routes/manage-booking'), 'ManageBookingRoute'),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: loginSearchSchema,
  beforeLoad: ({ context, search }) => redirectIfSignedIn(context.queryClient, search.redirect),
  component: lazyRouteComponent(() => import('./routes/login'), 'LoginRoute'),
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  beforeLoad: ({ context }) => redirectIfSignedIn(context.queryClient),
  component: lazyRouteComponent(() => import('./routes/register'), 'RegisterRoute'),
});

/** Open signed in or out: asking for a link, or using one, needs no session. */
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('./routes/forgot-password'), 'ForgotPasswordRoute'),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: resetPasswordSearchSchema,
  component: lazyRouteComponent(() => import('./routes/reset-password'), 'ResetPasswordRoute'),
});

/** The links of price-alert e-mails: open signed in or out. */
const priceAlertRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/price-alert',
  validateSearch: priceAlertPageSearchSchema,
  component: lazyRouteComponent(() => import('./routes/price-alert'), 'PriceAlertRoute'),
});

const accountSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account-settings',
  validateSearch: accountSettingsSearchSchema,
  beforeLoad: ({ context, location }) => requireSignedIn(context.queryClient, location),
  component: lazyRouteComponent(() => import('./routes/account-settings'), 'AccountSettingsRoute'),
});

/** Admin pages: signed-out visitors go to sign in, then back; others to / with 'Access Denied'. */
function adminOnly({
  context,
  location,
  preload,
}: {
  context: RouterContext;
  location: { href: string };
  preload: boolean;
}) {
  return requireAdmin({
    // `ensureQueryData`'s successor: known data (boot data, an earlier answer) is used as is.
    loadUser: () =>
      context.queryClient.query({ ...currentUserQueryOptions(), staleTime: 'static' }),
    returnTo: location.href,
    preload,
  });
}

const adminSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin-settings',
  beforeLoad: adminOnly,
  component: lazyRouteComponent(() => import('./routes/admin-settings'), 'AdminSettingsRoute'),
});

export const BRAND_MANAGER_LOADING_TEXT = 'Loading brand manager...';

function BrandManagerLoading() {
  return (
    <p role="status" className="mx-auto w-full max-w-5xl px-4 py-12 text-muted-foreground">
      {BRAND_MANAGER_LOADING_TEXT}
    </p>
  );
}

const adminBrandsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/brands',
  validateSearch: brandManagerSearchSchema,
  beforeLoad: adminOnly,
  component: lazyRouteComponent(() => import('./routes/admin-brands'), 'AdminBrandsRoute'),
  pendingComponent: BrandManagerLoading,
  pendingMs: 0,
});

/** Back-office pages: platform admins and brand staff (the server says who is staff). */
function backOfficeOnly({
  context,
  location,
  preload,
}: {
  context: RouterContext;
  location: { href: string };
  preload: boolean;
}) {
  return requireBackOffice({
    loadUser: () =>
      context.queryClient.query({ ...currentUserQueryOptions(), staleTime: 'static' }),
    // Imported when asked, so that the shell does not carry the admin contracts.
    loadAccess: async () => {
      const { backOfficeAccessQueryOptions } = await import('../features/admin/api/back-office');
      return context.queryClient.query(backOfficeAccessQueryOptions());
    },
    returnTo: location.href,
    preload,
  });
}

const adminDashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-dashboard'), 'AdminDashboardRoute'),
});

const adminBookingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/bookings',
  validateSearch: bookingsSearchSchema,
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-bookings'), 'AdminBookingsRoute'),
});

const adminBookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/bookings/$id',
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-booking'), 'AdminBookingRoute'),
});

const adminInboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/inbox',
  validateSearch: enquiriesSearchSchema,
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-inbox'), 'AdminInboxRoute'),
});

const adminNewsletterRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/newsletter',
  validateSearch: newsletterSearchSchema,
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-newsletter'), 'AdminNewsletterRoute'),
});

const adminOutboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/outbox',
  validateSearch: outboxSearchSchema,
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-outbox'), 'AdminOutboxRoute'),
});

const adminAuditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/audit',
  validateSearch: auditSearchSchema,
  beforeLoad: backOfficeOnly,
  component: lazyRouteComponent(() => import('./routes/admin-audit'), 'AdminAuditRoute'),
});

const adminStaffRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/staff',
  beforeLoad: adminOnly,
  component: lazyRouteComponent(() => import('./routes/admin-staff'), 'AdminStaffRoute'),
});

const privacyComponent = lazyRouteComponent(() => import('./routes/privacy'), 'PrivacyRoute');

const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
  component: privacyComponent,
});

/** Other pages link to /privacy-policy; it is the same page as /privacy. */
const privacyPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy-policy',
  component: privacyComponent,
});

const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
  component: lazyRouteComponent(() => import('./routes/terms'), 'TermsRoute'),
});

const cookiesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cookies',
  component: lazyRouteComponent(() => import('./routes/cookies'), 'CookiesRoute'),
});

const cancellationPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cancellation-policy',
  component: lazyRouteComponent(
    () => import('./routes/cancellation-policy'),
    'CancellationPolicyRoute',
  ),
});

const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about',
  component: lazyRouteComponent(() => import('./routes/about'), 'AboutRoute'),
});

const expediaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/expedia',
  component: lazyRouteComponent(() => import('./routes/expedia'), 'ExpediaRoute'),
});

const supportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/support',
  component: lazyRouteComponent(() => import('./routes/support'), 'SupportRoute'),
});

const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/faq',
  component: lazyRouteComponent(() => import('./routes/faq'), 'FaqRoute'),
});

const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contact',
  component: lazyRouteComponent(() => import('./routes/contact'), 'ContactRoute'),
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
  searchRoute,
  flightIndexRoute,
  flightRoute,
  bookingRoute,
  myTripsRoute,
  manageBookingRoute,
  loginRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  priceAlertRoute,
  accountSettingsRoute,
  adminSettingsRoute,
  adminBrandsRoute,
  adminDashboardRoute,
  adminBookingsRoute,
  adminBookingRoute,
  adminInboxRoute,
  adminNewsletterRoute,
  adminOutboxRoute,
  adminAuditRoute,
  adminStaffRoute,
  privacyRoute,
  privacyPolicyRoute,
  termsRoute,
  cookiesRoute,
  cancellationPolicyRoute,
  aboutRoute,
  expediaRoute,
  supportRoute,
  faqRoute,
  contactRoute,
]);

export function createAppRouter({
  queryClient,
  history,
}: {
  queryClient: QueryClient;
  /** Tests pass a memory history; the app uses the browser's. */
  history?: RouterHistory;
}) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
