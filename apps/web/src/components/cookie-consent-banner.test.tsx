import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const tagScripts = () =>
  document.querySelectorAll('script[src^="https://www.googletagmanager.com/gtag/js"]');

// The analytics module keeps its tag for the page's life: each test loads both afresh.
async function setup(tagConfigured: boolean) {
  vi.resetModules();
  const analytics = {
    ...(await import('../lib/analytics')),
    ...(await import('../lib/analytics-actions')),
  };
  const { CookieConsentBanner } = await import('./cookie-consent-banner');
  if (tagConfigured) analytics.startAnalytics({ tagId: 'G-ABC123DEF4', conversionLabel: null });
  const router = createRouter({
    routeTree: createRootRoute({ component: CookieConsentBanner }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return analytics;
}

beforeEach(() => {
  window.localStorage.clear();
  delete window.dataLayer;
});

afterEach(() => {
  document.head.querySelectorAll('script').forEach((element) => {
    element.remove();
  });
});

describe('CookieConsentBanner', () => {
  it('asks nothing when no tag is configured', async () => {
    await setup(false);
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
  });

  it('asks when a tag is configured, and loads it only once accepted', async () => {
    const user = userEvent.setup();
    await setup(true);
    const banner = await screen.findByRole('region', { name: 'Cookies' });
    expect(tagScripts()).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookies');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(banner).not.toBeInTheDocument();
    expect(tagScripts()).toHaveLength(1);
  });

  it('goes away on Reject without loading anything, and asks again once cleared', async () => {
    const user = userEvent.setup();
    const analytics = await setup(true);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
    expect(tagScripts()).toHaveLength(0);
    act(() => {
      analytics.clearAnalyticsConsent();
    });
    expect(await screen.findByRole('region', { name: 'Cookies' })).toBeInTheDocument();
  });
});
