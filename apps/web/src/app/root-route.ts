import { BRAND_QUERY_PARAM } from '@contrail/contracts/site';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, retainSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { redirectPendingPasswordChange } from '../features/auth/lib/auth-routing';
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
  beforeLoad: ({ context, location }) => {
    redirectPendingPasswordChange(context.queryClient, location.pathname);
  },
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});
