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

/** The attribute of the one element of <head> `selector` finds (never two); null if none. */
function head(selector: string, attribute: string): string | null {
  const found = document.head.querySelectorAll(selector);
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.getAttribute(attribute) ?? null;
}

/** The document's title, from the one <title> in <head>. */
function title(): string {
  expect(document.head.querySelectorAll('title')).toHaveLength(1);
  return document.title;
}

describe('page title and head', () => {
  it.each([
    ['/', 'Skyline Air - Flight Booking'],
    ['/faq', 'Frequently Asked Questions - Skyline Air'],
    ['/contact?reason=billing', 'Contact Us - Skyline Air'],
    ['/no/such/page', 'Page Not Found - Skyline Air'],
  ])('titles %s %j', async (path, expected) => {
    renderFor(path);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => {
      expect(title()).toBe(expected);
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
    expect(title()).toBe('About Us - Skyline Air');
    expect(head('meta[name="description"]', 'content')).toMatch(/^Who Skyline Air is/);
    expect(head('meta[name="robots"]', 'content')).toBeNull();

    const [support] = screen.getAllByRole('link', { name: 'Support' });
    if (!support) throw new Error('no Support link');
    await userEvent.setup().click(support);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/support');
    });
    expect(title()).toBe('Support - Skyline Air');
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
    expect(title()).toBe('Sign In - Skyline Air');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('replaces the head the server wrote, keeping one element of each kind', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<title>Contrail - Flight Booking</title>' +
        '<link rel="icon" href="/favicon.svg" />' +
        '<meta name="description" content="Written by the server" />' +
        '<link rel="canonical" href="https://server.example/about" />',
    );
    const [serverTitle, serverIcon, serverDescription, serverCanonical] = [
      'title',
      'link[rel="icon"]',
      'meta[name="description"]',
      'link[rel="canonical"]',
    ].map((selector) => document.head.querySelector(selector));
    renderFor('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Skyline Air' });
    // The title is React's from the start; the server's description stays until React's comes.
    expect(title()).toBe('About Us - Skyline Air');
    expect(serverTitle?.isConnected).toBe(false);
    expect(head('link[rel="icon"]', 'href')).toBe('/brand/skyline.svg');
    expect(serverIcon?.isConnected).toBe(false);
    expect(head('meta[name="description"]', 'content')).not.toBeNull();

    await waitFor(() => {
      expect(head('link[rel="canonical"]', 'href')).toBe(
        'http://localhost:3000/about?brand=skyline',
      );
    });
    expect(head('meta[name="description"]', 'content')).toMatch(/^Who Skyline Air is/);
    expect(serverDescription?.isConnected).toBe(false);
    expect(serverCanonical?.isConnected).toBe(false);
    expect(head('meta[name="robots"]', 'content')).toBeNull();
  });
});
