import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * How long a running search may go unwatched before its request is aborted: longer than a
 * remount takes (StrictMode's, a lazily loaded parent's), which must not cancel and ask again.
 */
export const UNWATCHED_SEARCH_MS = 1_000;

/**
 * A signal for the request of the query under `queryKey` that aborts once nobody has watched the
 * query for `graceMs` while it runs (the traveller left the results, or changed the search):
 * the query is then cancelled back to where it was (searched afresh when it is shown again), and
 * the request aborted, so the server stops waiting for it. TanStack Query's own signal would
 * abort the moment the last observer left, remounts included, and a search costs the provider.
 * A query nobody has watched yet (a search started as the navigation starts) is left to run.
 * `done` stops watching, once the request is over.
 */
export function abortWhenUnwatched(
  client: QueryClient,
  queryKey: QueryKey,
  graceMs = UNWATCHED_SEARCH_MS,
): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const cache = client.getQueryCache();
  // The query whose request this is: it exists while it runs (nothing collects a running query).
  const watched = cache.find({ queryKey, exact: true });
  let timer: ReturnType<typeof setTimeout> | undefined;

  const leave = () => {
    timer = undefined;
    if ((watched?.getObserversCount() ?? 0) > 0) return;
    void client.cancelQueries({ queryKey, exact: true });
    controller.abort();
  };
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== watched) return;
    if (event.type !== 'observerAdded' && event.type !== 'observerRemoved') return;
    clearTimeout(timer);
    timer = event.query.getObserversCount() === 0 ? setTimeout(leave, graceMs) : undefined;
  });
  return {
    signal: controller.signal,
    done: () => {
      unsubscribe();
      clearTimeout(timer);
    },
  };
}
