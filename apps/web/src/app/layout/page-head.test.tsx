import { findPage } from '@contrail/contracts/pages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { buildBrand } from '../../test/brands';
import { jsonResponse, signedOut, siteHandler, siteInfo, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { bootApp } from '../boot';
import { canonicalUrl } from './page-head';
import { headCounts, writeServerHead } from '../../test/server-head';

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

const ONE_OF_EACH_INDEXED = { title: 1, description: 1, canonical: 1, robots: 0, icon: 1 };
const ONE_OF_EACH_NOINDEX = { title: 1, description: 1, canonical: 0, robots: 1, icon: 1 };

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
    await waitFor(() => {
      expect(head('meta[name="description"]', 'content')).toMatch(/^Who Skyline Air is/);
    });
    expect(head('meta[name="robots"]', 'content')).toBeNull();
    expect(head('link[rel="icon"]', 'href')).toBe('/brand/skyline.svg');
    expect(headCounts()).toEqual(ONE_OF_EACH_INDEXED);

    const [support] = screen.getAllByRole('link', { name: 'Support' });
    if (!support) throw new Error('no Support link');
    await userEvent.setup().click(support);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/support');
    });
    expect(document.title).toBe('Support - Skyline Air');
    expect(head('link[rel="canonical"]', 'href')).toBe(
      'http://localhost:3000/support?brand=skyline',
    );
    expect(head('meta[name="description"]', 'content')).toMatch(/^Help from Skyline Air/);
    expect(headCounts()).toEqual(ONE_OF_EACH_INDEXED);

    // A page search engines are not to index loses the canonical link and says noindex.
    await router.navigate({ to: '/login' });
    expect(head('meta[name="robots"]', 'content')).toBe('noindex');
    expect(document.title).toBe('Sign In - Skyline Air');
    expect(head('meta[name="description"]', 'content')).toMatch(/^Sign in to your Skyline Air/);
    expect(headCounts()).toEqual(ONE_OF_EACH_NOINDEX);
  });

  it('gives the title to a page view as soon as the navigation starts', async () => {
    const { router } = renderFor('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Skyline Air' });
    const titles: string[] = [];
    const unsubscribe = router.subscribe('onResolved', () => titles.push(document.title));
    await router.navigate({ to: '/faq' });
    unsubscribe();
    expect(titles).toEqual(['Frequently Asked Questions - Skyline Air']);
  });

  it("takes over the server's head: one title, description, canonical link and icon", async () => {
    const brand = buildBrand();
    window.history.replaceState(null, '', '/faq?brand=skyline');
    // As a server behind a proxy writes it: its own site address, not the one the app sees.
    writeServerHead({
      title: 'Frequently Asked Questions - Skyline Air',
      description: 'What the server wrote',
      canonical: 'https://skyline.example/faq',
      icon: '/brand/skyline.svg',
      boot: { brandKey: 'skyline', brand, site: siteInfo, user: null },
    });
    stubFetch({});
    const queryClient = createQueryClient();
    const { brandKey } = bootApp({
      location: { host: 'localhost:3000', search: '?brand=skyline' },
      doc: document,
      queryClient,
    });
    // Never without a title: the server's stays until React takes it over.
    expect(document.title).toBe('Frequently Asked Questions - Skyline Air');

    renderApp({ path: '/faq?brand=skyline', brandKey, queryClient });
    await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
    await waitFor(() => {
      expect(head('meta[name="description"]', 'content')).toMatch(/^Answers to common questions/);
    });
    expect(head('link[rel="canonical"]', 'href')).toBe('http://localhost:3000/faq?brand=skyline');
    expect(headCounts()).toEqual(ONE_OF_EACH_INDEXED);
    window.history.replaceState(null, '', '/');
  });

  it("takes over a noindex page's robots element", async () => {
    window.history.replaceState(null, '', '/login');
    writeServerHead({
      title: 'Sign In - Contrail',
      description: 'Sign in to your Contrail account to see and manage your trips.',
      robots: 'noindex',
      icon: '/favicon.svg',
      boot: { brandKey: 'contrail.example', brand: null, site: siteInfo, user: null },
    });
    stubFetch({});
    const queryClient = createQueryClient();
    const { brandKey } = bootApp({
      location: { host: 'contrail.example', search: '' },
      doc: document,
      queryClient,
    });

    renderApp({ path: '/login', brandKey, queryClient });
    await screen.findByRole('heading', { level: 1 });
    expect(document.title).toBe('Sign In - Contrail');
    expect(head('meta[name="robots"]', 'content')).toBe('noindex');
    expect(head('link[rel="icon"]', 'href')).toBe('/favicon.svg');
    expect(headCounts()).toEqual(ONE_OF_EACH_NOINDEX);
    window.history.replaceState(null, '', '/');
  });
});

describe('canonicalUrl', () => {
  const localhost = { origin: 'http://localhost:3000', host: 'localhost:3000' };
  const named = { origin: 'https://skyline.example', host: 'skyline.example' };

  it('names the brand where the host cannot', () => {
    expect(canonicalUrl(findPage('/faq'), localhost, 'skyline')).toBe(
      'http://localhost:3000/faq?brand=skyline',
    );
    expect(canonicalUrl(findPage('/faq'), localhost, 'default')).toBe('http://localhost:3000/faq');
    expect(canonicalUrl(findPage('/faq'), named, 'skyline.example')).toBe(
      'https://skyline.example/faq',
    );
  });

  it('points a page that repeats another at that one, and gives none to a noindex page', () => {
    expect(canonicalUrl(findPage('/privacy-policy'), named, 'skyline.example')).toBe(
      'https://skyline.example/privacy',
    );
    expect(canonicalUrl(findPage('/login'), named, 'skyline.example')).toBeNull();
    expect(canonicalUrl(undefined, named, 'skyline.example')).toBeNull();
  });
});
