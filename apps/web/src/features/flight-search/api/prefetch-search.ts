import type { QueryClient } from '@tanstack/react-query';
import { localToday } from '../lib/search-form';
import { checkSearchLink } from '../lib/search-link';
import { criteriaFromSearch } from '../lib/search-params';
import { flightSearchQueryOptions } from './search-flights';

/**
 * Starts the search of a /search link as the navigation starts, while the results page's code
 * loads, rather than once the page has rendered. The page reads the same query (same criteria,
 * same key), so nothing is searched twice; a link that cannot be searched starts nothing.
 */
export function prefetchSearchResults(
  queryClient: QueryClient,
  raw: Record<string, unknown>,
): void {
  const check = checkSearchLink(raw, { today: localToday() });
  if (!check.ok) return;
  const options = flightSearchQueryOptions(criteriaFromSearch(check.search));
  // Only a search not made yet: an answer already in (or a failure) is the page's, which searches
  // again only when it shows a stale answer anew, as it always has.
  if (queryClient.getQueryState(options.queryKey)) return;
  // A failure is the page's to show (the query keeps it), not this call's.
  queryClient.query(options).catch(() => undefined);
}
