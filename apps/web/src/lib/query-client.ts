import { QueryClient } from '@tanstack/react-query';

/**
 * The query defaults: no automatic retry for queries or mutations, no refetch on window focus, no
 * polling, and data never goes stale (screens refetch by invalidating a key). `retryOnMount: false`
 * belongs to "no automatic retry": otherwise every component that mounts later refetches a failed
 * query (and a failed brand would flip the app back to loading).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        retryOnMount: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
