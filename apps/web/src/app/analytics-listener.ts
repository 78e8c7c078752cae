import type { QueryClient } from '@tanstack/react-query';
import { siteInfoQueryOptions } from '../features/site/api/get-site-info';
import { startAnalytics, trackPageView } from '../lib/analytics';
import type { AppRouter } from './router';

/**
 * Starts the analytics tag from the site info (boot data has it at start; the vite dev server
 * asks the API) and reports a page view each time the router settles on a new path. A change of
 * query string or hash alone (a filter, a tab) is not a new page.
 */
export function listenForPageViews({
  router,
  queryClient,
}: {
  router: AppRouter;
  queryClient: QueryClient;
}): () => void {
  const options = siteInfoQueryOptions();
  const known = queryClient.getQueryData(options.queryKey);
  if (known) startAnalytics(known.analytics);
  else {
    queryClient.query({ ...options, staleTime: 'static' }).then(
      (site) => startAnalytics(site.analytics),
      // No site info, no tag: page views are still recorded in the data layer.
      () => startAnalytics(undefined),
    );
  }
  return router.subscribe('onResolved', (event) => {
    if (event.pathChanged) trackPageView(event.toLocation.pathname);
  });
}
