// The traveller's pages: search, offer, booking, trips and account. Every page is its own chunk:
// the entry holds only the shell.
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { readBookingSearch } from '../features/checkout/lib/booking-search';
import { readPriceAlertPageSearch } from '../features/price-alerts/lib/price-alert-search';
import {
  readAccountSettingsSearch,
  readLoginSearch,
  redirectIfSignedIn,
  requireSignedIn,
  readTokenSearch,
} from '../features/auth/lib/auth-routing';
import { readManageBookingSearch, readMyTripsSearch } from '../features/trips/lib/trips-search';
import { nextTask } from '../lib/next-task';
import { rootRoute } from './root-route';

/** The results page's code, and what its navigation runs before the page (the search's start). */
const searchPage = lazyRouteComponent(() => import('./routes/search'), 'SearchRoute');
const loadSearchNavigation = () => import('../features/flight-search/api/search-navigation');
/** Kept once loaded, so that a navigation can use it at once: an import() resolves in a later task. */
let searchNavigationLoaded: Awaited<ReturnType<typeof loadSearchNavigation>> | undefined;
const searchNavigation = () =>
  loadSearchNavigation().then((module) => (searchNavigationLoaded = module));

/** Runs `task` once the browser is idle (soon after the page has loaded). */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(task, { timeout: 3_000 });
  else setTimeout(task, 1_000);
}

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./routes/home'), 'HomeRoute'),
  // The home page's search goes to the results: their code (and the answer's schemas) loads
  // while the form is filled in, not after Search Flights (a phone at 4× slow-down waited about a
  // quarter of a second).
  onEnter: () =>
    whenIdle(() => {
      Promise.all([
        searchNavigation().then((module) => module.loadSearchAnswerContracts()),
        searchPage.preload?.(),
      ]).catch(() => undefined);
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
    const { isSearchLink, prefetchSearchResults } =
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
  validateSearch: readBookingSearch,
  // No offer to book: back to the search.
  beforeLoad: ({ search }) => {
    if (!search.offer) throw redirect({ to: '/search', replace: true });
  },
  component: lazyRouteComponent(() => import('./routes/booking'), 'BookingRoute'),
});

const myTripsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/my-trips',
  validateSearch: readMyTripsSearch,
  beforeLoad: ({ context, location }) => requireSignedIn(context.queryClient, location),
  component: lazyRouteComponent(() => import('./routes/my-trips'), 'MyTripsRoute'),
});

/** A guest's booking, found by reference and e-mail, read-only. */
const manageBookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/manage-booking',
  validateSearch: readManageBookingSearch,
  component: lazyRouteComponent(() => import('./routes/manage-booking'), 'ManageBookingRoute'),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: readLoginSearch,
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
  validateSearch: readTokenSearch,
  component: lazyRouteComponent(() => import('./routes/reset-password'), 'ResetPasswordRoute'),
});

/** The link that confirms an account's address: used signed in to that account. */
const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email',
  validateSearch: readTokenSearch,
  beforeLoad: ({ context, location }) => requireSignedIn(context.queryClient, location),
  component: lazyRouteComponent(() => import('./routes/verify-email'), 'VerifyEmailRoute'),
});

/** The links of price-alert e-mails: open signed in or out. */
const priceAlertRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/price-alert',
  validateSearch: readPriceAlertPageSearch,
  component: lazyRouteComponent(() => import('./routes/price-alert'), 'PriceAlertRoute'),
});

const accountSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account-settings',
  validateSearch: readAccountSettingsSearch,
  beforeLoad: ({ context, location }) => requireSignedIn(context.queryClient, location),
  component: lazyRouteComponent(() => import('./routes/account-settings'), 'AccountSettingsRoute'),
});

export const publicRoutes = [
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
  verifyEmailRoute,
  priceAlertRoute,
  accountSettingsRoute,
] as const;
