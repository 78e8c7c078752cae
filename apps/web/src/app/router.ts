import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { backOfficeRoutes } from './back-office-routes';
import { contentRoutes } from './content-routes';
import { publicRoutes } from './public-routes';
import { NotFoundPage } from './not-found-page';
import { rootRoute } from './root-route';

const routeTree = rootRoute.addChildren([...publicRoutes, ...backOfficeRoutes, ...contentRoutes]);

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
