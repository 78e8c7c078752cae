import { BRAND_QUERY_PARAM } from '@contrail/contracts/site-keys';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, retainSearchParams } from '@tanstack/react-router';
import { redirectPendingPasswordChange } from '../features/auth/lib/auth-routing';
import { anyText, searchParams } from '../lib/search-param-readers';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * The root search params. `brand` picks the brand on hosts that cannot name one (localhost, IP
 * addresses); it is retained on every in-app navigation so a tester stays on the chosen brand.
 */
const readRootSearch = searchParams({ [BRAND_QUERY_PARAM]: anyText });

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  validateSearch: readRootSearch,
  search: { middlewares: [retainSearchParams([BRAND_QUERY_PARAM])] },
  beforeLoad: ({ context, location }) => {
    redirectPendingPasswordChange(context.queryClient, location.pathname);
  },
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});
