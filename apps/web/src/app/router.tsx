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
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';

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
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});

// Every page is its own chunk: the entry holds only the shell.
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./routes/home'), 'HomeRoute'),
});

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  component: lazyRouteComponent(() => import('./routes/search'), 'SearchRoute'),
});

/** `/flight` without an id goes to the search page (spec 000 §2). */
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
  component: lazyRouteComponent(() => import('./routes/flight'), 'FlightRoute'),
});

const bookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/booking',
  component: lazyRouteComponent(() => import('./routes/booking'), 'BookingRoute'),
});

const myTripsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/my-trips',
  component: lazyRouteComponent(() => import('./routes/my-trips'), 'MyTripsRoute'),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: lazyRouteComponent(() => import('./routes/login'), 'LoginRoute'),
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  component: lazyRouteComponent(() => import('./routes/register'), 'RegisterRoute'),
});

const accountSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account-settings',
  component: lazyRouteComponent(() => import('./routes/account-settings'), 'AccountSettingsRoute'),
});

const adminSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin-settings',
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
  component: lazyRouteComponent(() => import('./routes/admin-brands'), 'AdminBrandsRoute'),
  pendingComponent: BrandManagerLoading,
  pendingMs: 0,
});

const privacyComponent = lazyRouteComponent(() => import('./routes/privacy'), 'PrivacyRoute');

const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
  component: privacyComponent,
});

/** Other pages link to /privacy-policy; it is the same page as /privacy (spec 001 §2). */
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
  loginRoute,
  registerRoute,
  accountSettingsRoute,
  adminSettingsRoute,
  adminBrandsRoute,
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
