import { DEFAULT_BRAND_KEY } from '@contrail/contracts/brands';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../app/providers';
import { createAppRouter } from '../app/router';
import { createQueryClient } from '../lib/query-client';

interface RenderAppOptions {
  path?: string;
  brandKey?: string;
  queryClient?: QueryClient;
}

/** Renders the whole app (providers, brand, router, shell) at `path` with a memory history. */
export function renderApp({
  path = '/',
  brandKey = DEFAULT_BRAND_KEY,
  queryClient = createQueryClient(),
}: RenderAppOptions = {}) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, history });
  const view = render(<App queryClient={queryClient} router={router} brandKey={brandKey} />);
  return { ...view, router, history, queryClient };
}
