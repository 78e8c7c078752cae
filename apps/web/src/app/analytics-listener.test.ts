import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteInfoQueryOptions } from '../features/site/api/get-site-info';
import { createQueryClient } from '../lib/query-client';
import { signedOut, siteHandler, siteInfo, stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';
import { listenForPageViews } from './analytics-listener';

function pageViews(): string[] {
  return (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter(([command, name]) => command === 'event' && name === 'page_view')
    .map(([, , params]) => String((params as { page_path: unknown }).page_path));
}

// The whole app renders and pages load lazily.
vi.setConfig({ testTimeout: 15_000 });

let stop: () => void = () => undefined;

beforeEach(() => {
  delete window.dataLayer;
  stubFetch({ 'GET /api/auth/user': signedOut, 'GET /api/site': siteHandler });
});

afterEach(() => {
  stop();
});

describe('page views', () => {
  it('reports one page view per path, without the query string', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(siteInfoQueryOptions().queryKey, siteInfo);
    const { router } = renderApp({ path: '/about?brand=skyline&email=a@b.example', queryClient });
    stop = listenForPageViews({ router, queryClient });

    await waitFor(() => {
      expect(pageViews()).toEqual(['/about']);
    });

    await router.navigate({ to: '/faq', search: { brand: 'skyline' } });
    await waitFor(() => {
      expect(pageViews()).toEqual(['/about', '/faq']);
    });

    // The same page with another query string or hash is not a new page view.
    await router.navigate({ to: '/faq', search: { brand: 'other' }, hash: 'payment' });
    await router.navigate({ to: '/support' });
    await waitFor(() => {
      expect(pageViews()).toEqual(['/about', '/faq', '/support']);
    });
    expect(JSON.stringify(window.dataLayer)).not.toContain('email');
    // No tag in the site info: nothing loaded.
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });

  it('asks the API for the site info when no boot data gave it', async () => {
    const queryClient = createQueryClient();
    const { router } = renderApp({ path: '/', queryClient });
    stop = listenForPageViews({ router, queryClient });

    await waitFor(() => {
      expect(pageViews()).toEqual(['/']);
    });
    expect(await screen.findByRole('region', { name: 'Search Flights' })).toBeInTheDocument();
    expect(queryClient.getQueryData(siteInfoQueryOptions().queryKey)).toEqual(siteInfo);
  });
});
