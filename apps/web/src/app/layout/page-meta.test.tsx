import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildBrand } from '../../test/brands';
import { jsonResponse, signedOut, siteHandler, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

// The whole app renders and pages load lazily.
vi.setConfig({ testTimeout: 15_000 });

function renderFor(path: string) {
  stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/brands/skyline': () => jsonResponse(buildBrand()),
  });
  return renderApp({ path, brandKey: 'skyline' });
}

const head = (selector: string, attribute: string) =>
  document.head.querySelector(selector)?.getAttribute(attribute) ?? null;

describe('page title and head', () => {
  it.each([
    ['/', 'Skyline Air - Flight Booking'],
    ['/faq', 'Frequently Asked Questions - Skyline Air'],
    ['/contact?reason=billing', 'Contact Us - Skyline Air'],
    ['/no/such/page', 'Page Not Found - Skyline Air'],
  ])('titles %s %j', async (path, title) => {
    renderFor(path);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => {
      expect(document.title).toBe(title);
    });
  });

  it('changes the title, description and canonical link on every navigation', async () => {
    const { router } = renderFor('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Skyline Air' });
    await waitFor(() => {
      expect(head('link[rel="canonical"]', 'href')).toBe(
        'http://localhost:3000/about?brand=skyline',
      );
    });
    expect(document.title).toBe('About Us - Skyline Air');
    expect(head('meta[name="description"]', 'content')).toMatch(/^Who Skyline Air is/);
    expect(head('meta[name="robots"]', 'content')).toBeNull();

    const [support] = screen.getAllByRole('link', { name: 'Support' });
    if (!support) throw new Error('no Support link');
    await userEvent.setup().click(support);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/support');
    });
    expect(document.title).toBe('Support - Skyline Air');
    await waitFor(() => {
      expect(head('link[rel="canonical"]', 'href')).toBe(
        'http://localhost:3000/support?brand=skyline',
      );
    });
    expect(head('meta[name="description"]', 'content')).toMatch(/^Help from Skyline Air/);

    // A page search engines are not to index loses the canonical link and says noindex.
    await router.navigate({ to: '/login' });
    await waitFor(() => {
      expect(head('meta[name="robots"]', 'content')).toBe('noindex');
    });
    expect(document.title).toBe('Sign In - Skyline Air');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
