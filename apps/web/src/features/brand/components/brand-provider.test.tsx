import { defaultBrand } from '@contrail/contracts/brands';
import { themeVariables } from '@contrail/contracts/theme';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bootApp } from '../../../app/boot';
import { createQueryClient } from '../../../lib/query-client';
import { buildBrand } from '../../../test/brands';
import {
  apiErrorResponse,
  jsonResponse,
  signedOut,
  siteHandler,
  siteInfo,
  stubFetch,
  type RecordedRequest,
} from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

function addFavicon() {
  const link = document.createElement('link');
  link.rel = 'icon';
  link.href = '/favicon.svg';
  document.head.append(link);
}

function favicon(): string | null {
  return document.head.querySelector('link[rel="icon"]')?.getAttribute('href') ?? null;
}

function cssVariable(name: string): string {
  return document.documentElement.style.getPropertyValue(name);
}

/** Boots like main.tsx does, on a localhost URL with `?brand=`, then renders the app. */
function bootAndRender(search: string) {
  const queryClient = createQueryClient();
  const { brandKey } = bootApp({
    location: { host: 'localhost:5173', search },
    doc: document,
    queryClient,
  });
  return renderApp({ path: `/${search}`, brandKey, queryClient });
}

const brandRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path.startsWith('/api/brands'));

describe('brand loading', () => {
  beforeEach(() => {
    addFavicon();
  });

  it('makes no brand call for the default key and shows the default brand', async () => {
    const requests = stubFetch({ 'GET /api/auth/user': signedOut, 'GET /api/site': siteHandler });

    bootAndRender('');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Contrail')).toBeInTheDocument();
    expect(document.title).toBe('Contrail - Flight Booking');
    expect(cssVariable('--primary')).toBe(defaultBrand.theme.primary);
    expect(brandRequests(requests)).toEqual([]);
  });

  it('applies a loaded brand: title, theme variables and page icon', async () => {
    const brand = buildBrand();
    const requests = stubFetch({
      'GET /api/brands/skyline': () => jsonResponse(brand),
      'GET /api/auth/user': signedOut,
      'GET /api/site': siteHandler,
    });

    bootAndRender('?brand=skyline');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Skyline Air')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Skyline Air - Flight Booking');
    });
    const expected = themeVariables(brand.theme);
    for (const name of [
      '--primary',
      '--primary-foreground',
      '--background',
      '--font-sans',
    ] as const) {
      expect(cssVariable(name)).toBe(expected[name]);
    }
    expect(favicon()).toBe('/brand/skyline.svg');
    expect(brandRequests(requests)).toHaveLength(1);
    expect(brandRequests(requests)[0]?.headers.get('x-brand')).toBe('skyline');
  });

  it.each([
    [404, 'Not Found', apiErrorResponse(404, 'not_found', 'Brand not found', 'Not Found')],
    [
      500,
      'Internal Server Error',
      apiErrorResponse(500, 'internal_error', 'Internal Server Error', 'Internal Server Error'),
    ],
  ])('falls back to the default brand on a %s and logs it', async (_status, statusText, answer) => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const requests = stubFetch({
      'GET /api/brands/skyline': () => answer.clone(),
      'GET /api/auth/user': signedOut,
      'GET /api/site': siteHandler,
    });

    bootAndRender('?brand=skyline');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Contrail')).toBeInTheDocument();
    expect(document.title).toBe('Contrail - Flight Booking');
    expect(cssVariable('--primary')).toBe(defaultBrand.theme.primary);
    expect(favicon()).toBe('/favicon.svg');
    expect(errorLog).toHaveBeenCalledWith(`Failed to load brand: ${statusText}`);
    // The failure is kept, not retried: pages mounting later must not refetch it.
    // The home page, mounted after the failure, has its heading and asks for nothing more.
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(brandRequests(requests)).toHaveLength(1);
  });

  it('uses boot data for the resolved key without fetching the brand or the site', async () => {
    const brand = buildBrand({ name: 'Boot Air' });
    const script = document.createElement('script');
    script.id = 'boot-data';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ brandKey: 'skyline', brand, site: siteInfo });
    document.head.append(script);
    const requests = stubFetch({ 'GET /api/auth/user': signedOut });

    bootAndRender('?brand=skyline');

    // Applied on the first render, before any request could answer: no default-brand flash.
    expect(cssVariable('--primary')).toBe(themeVariables(brand.theme)['--primary']);
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Boot Air')).toBeInTheDocument();
    expect(document.title).toBe('Boot Air - Flight Booking');
    expect(await screen.findByText(/Registered office: 1 Test Street, London/)).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toEqual(['/api/auth/user']);
  });

  it("treats boot data's null brand as the default brand, with no call", async () => {
    const script = document.createElement('script');
    script.id = 'boot-data';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ brandKey: 'nobody', brand: null, site: siteInfo });
    document.head.append(script);
    const requests = stubFetch({ 'GET /api/auth/user': signedOut });

    bootAndRender('?brand=nobody');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Contrail')).toBeInTheDocument();
    expect(document.title).toBe('Contrail - Flight Booking');
    expect(brandRequests(requests)).toEqual([]);
  });
});
