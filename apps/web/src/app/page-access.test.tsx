import { PAGES } from '@contrail/contracts/pages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '../features/auth/testing/current-user-factory';
import { buildSettings } from '../features/admin/test/admin-factories';
import {
  jsonResponse,
  signedOut,
  siteHandler,
  stubFetch,
  type RecordedRequest,
} from '../test/fetch-stub';
import { renderApp } from '../test/render-app';

// The whole app renders, its pages load lazily and the sign-in form is typed into key by key.
vi.setConfig({ testTimeout: 15_000 });

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** Signed out until the sign-in call succeeds, as `user`. */
function stubSignIn(user: ReturnType<typeof buildCurrentUser>, handlers: Record<string, Handler>) {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'POST /api/auth/login': () => jsonResponse(user),
    ...handlers,
  });
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username', {}, { timeout: 5000 }), 'ada');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the page table and the router', () => {
  it('list the same paths: the server answers 404 exactly where the app shows its 404', () => {
    const { router } = renderApp({ path: '/' });
    const routes = Object.keys(router.routesByPath).sort();
    expect(routes).toEqual(PAGES.map((page) => page.path).sort());
  });
});

describe('a signed-out visitor following an account or admin link', () => {
  it.each([
    ['/my-trips?tab=past'],
    ['/verify-email?token=abc'],
    ['/account-settings?tab=security'],
    ['/admin-settings'],
    ['/admin/brands?edit=new'],
    ['/admin/bookings?q=ABC123'],
    ['/admin/staff'],
  ])('is sent from %s to sign in, carrying the way back', async (path) => {
    stubFetch({ 'GET /api/auth/user': signedOut, 'GET /api/site': siteHandler });
    const { router } = renderApp({ path });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign In' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: path });
  });

  it('covers every page of the table that needs a user', () => {
    expect(PAGES.filter((page) => page.access !== 'anyone').map((page) => page.path)).toEqual([
      '/my-trips',
      '/verify-email',
      '/account-settings',
      '/admin-settings',
      '/admin/brands',
      '/admin',
      '/admin/bookings',
      '/admin/bookings/$id',
      '/admin/inbox',
      '/admin/newsletter',
      '/admin/outbox',
      '/admin/audit',
      '/admin/staff',
    ]);
  });

  it('is brought back to the trips tab asked for after signing in', async () => {
    stubSignIn(buildCurrentUser(), { 'GET /api/bookings': () => jsonResponse({ bookings: [] }) });
    const { router } = renderApp({ path: '/my-trips?tab=past' });

    await signIn();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Trips' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-trips');
    expect(router.state.location.search).toEqual({ tab: 'past' });
    expect(await screen.findByRole('tab', { name: /^Past/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('is brought back to the admin page after signing in as an admin', async () => {
    stubSignIn(buildCurrentUser({ isAdmin: true }), {
      'GET /api/admin/settings': () => jsonResponse(buildSettings()),
    });
    const { router } = renderApp({ path: '/admin-settings' });

    await signIn();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Settings' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-settings');
  });
});

describe('a sign-in link opened when already signed in', () => {
  it.each([
    ['/login?redirect=%2Fmy-trips%3Ftab%3Dcancelled', '/my-trips', { tab: 'cancelled' }],
    ['/login?redirect=%2F%2Fevil.example', '/', {}],
    ['/login?redirect=https%3A%2F%2Fevil.example%2F', '/', {}],
    ['/login?redirect=%2F%5Cevil.example', '/', {}],
  ])('%s goes on to %s', async (path, pathname, search) => {
    stubFetch({
      'GET /api/auth/user': () => jsonResponse(buildCurrentUser()),
      'GET /api/site': siteHandler,
      'GET /api/bookings': () => jsonResponse({ bookings: [] }),
    });
    const { router } = renderApp({ path });

    await waitFor(() => {
      expect(router.state.location.pathname).toBe(pathname);
    });
    expect(router.state.location.search).toEqual(search);
    expect(router.state.location.href).not.toContain('evil');
  });
});
