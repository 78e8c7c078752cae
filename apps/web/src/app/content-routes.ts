// The site's content pages: policies, company and help.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root-route';

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

export const contentRoutes = [
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
] as const;
