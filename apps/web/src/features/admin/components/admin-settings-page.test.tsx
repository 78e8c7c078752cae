import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiErrorCode } from '@contrail/contracts/errors';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiErrorResponse,
  jsonResponse,
  signedOut,
  siteHandler,
  stubFetch,
  type RecordedRequest,
} from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { reloadPage } from '../lib/reload-page';
import { buildSettings, buildUser } from '../test/admin-factories';

vi.mock('../lib/reload-page', () => ({ MODE_CHANGE_RELOAD_DELAY_MS: 1000, reloadPage: vi.fn() }));

beforeEach(() => {
  vi.mocked(reloadPage).mockClear();
});

// The whole app renders, its pages load lazily and forms are typed into key by key.
vi.setConfig({ testTimeout: 15_000 });

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function stubAdmin(handlers: Record<string, Handler>, user: object | null = buildUser()) {
  return stubFetch({
    'GET /api/auth/user': user ? () => jsonResponse(user) : signedOut,
    'GET /api/site': siteHandler,
    ...handlers,
  });
}

/** The toast region; `hidden` because an open dialog hides the rest of the page from queries. */
function toastRegion() {
  // By its label: while a modal dialog is open the region is aria-hidden, and an aria-hidden
  // element has no accessible name to query by.
  const region = document.querySelector<HTMLElement>('section[aria-label^="Notifications"]');
  if (!region) throw new Error('no toast region');
  return within(region);
}

async function expectToast(title: string, description?: string | RegExp) {
  await waitFor(
    () => {
      expect(toastRegion().getByText(title)).toBeInTheDocument();
    },
    // The toast region is loaded after the first paint: the first test also waits for its import.
    { timeout: 10_000 },
  );
  if (description !== undefined) {
    expect(toastRegion().getByText(description)).toBeInTheDocument();
  }
}

const ACCESS_DENIED = "You don't have permission to access admin settings.";

describe('/admin-settings guard', () => {
  it('sends a signed-in traveller to / with the Access Denied toast', async () => {
    const requests = stubAdmin({}, buildUser({ isAdmin: false }));
    const { router } = renderApp({ path: '/admin-settings' });

    await expectToast('Access Denied', ACCESS_DENIED);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(requests.some((r) => r.path.startsWith('/api/admin'))).toBe(false);
  });

  it('sends a signed-out visitor to sign in and back, without a toast', async () => {
    const requests = stubAdmin({}, null);
    const { router } = renderApp({ path: '/admin-settings' });

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(router.state.location.search).toEqual({ redirect: '/admin-settings' });
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/api/admin'))).toBe(false);
  });

  it('keeps the brand parameter when it redirects', async () => {
    stubAdmin({}, buildUser({ isAdmin: false }));
    const { router } = renderApp({ path: '/admin-settings?brand=skyline' });

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(router.state.location.search).toEqual({ brand: 'skyline' });
  });

  it.each<[number, ApiErrorCode, string]>([
    [401, 'not_authenticated', 'Not authenticated'],
    [403, 'forbidden', ACCESS_DENIED],
  ])('redirects to / when the settings call answers %i', async (status, code, message) => {
    stubAdmin({ 'GET /api/admin/settings': () => apiErrorResponse(status, code, message) });
    const { router } = renderApp({ path: '/admin-settings' });

    await expectToast('Access Denied', ACCESS_DENIED);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
  });
});

describe('/admin-settings', () => {
  it('shows the mode, the environment and each provider’s configuration', async () => {
    stubAdmin({
      'GET /api/admin/settings': () =>
        jsonResponse(buildSettings({ environment: 'production', stripeConfigured: true })),
    });
    renderApp({ path: '/admin-settings' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Settings' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Production')).toBeInTheDocument();
    const providers = within(screen.getByRole('list', { name: 'Live providers' }));
    const [flights, payments] = providers.getAllByRole('listitem');
    expect(flights).toHaveTextContent('Flight provider');
    expect(flights).toHaveTextContent('Not configured');
    expect(payments).toHaveTextContent('Card payments');
    expect(payments).toHaveTextContent('Configured');
    expect(payments).not.toHaveTextContent('Not configured');
    expect(screen.getByRole('link', { name: 'Back to Account' })).toHaveAttribute(
      'href',
      '/account-settings',
    );
    expect(screen.getByRole('link', { name: /Open brand manager/ })).toHaveAttribute(
      'href',
      '/admin/brands',
    );
  });

  it('disables the switch while the flight provider is not configured, and says why', async () => {
    stubAdmin({
      'GET /api/admin/settings': () =>
        jsonResponse(buildSettings({ duffelApiConfigured: false, stripeConfigured: true })),
    });
    renderApp({ path: '/admin-settings' });

    const toggle = await screen.findByRole('switch', { name: 'Live mode' });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Live mode needs a configured live flight provider/);
  });

  it('lets an installation in live mode go back to test mode whatever the providers', async () => {
    stubAdmin({
      'GET /api/admin/settings': () => jsonResponse(buildSettings({ enableLiveMode: true })),
    });
    renderApp({ path: '/admin-settings' });

    const toggle = await screen.findByRole('switch', { name: 'Live mode' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeEnabled();
  });

  it('on a load failure shows the Error toast and a retry', async () => {
    let calls = 0;
    stubAdmin({
      'GET /api/admin/settings': () => {
        calls += 1;
        return calls === 1
          ? apiErrorResponse(500, 'internal_error', 'Internal Server Error')
          : jsonResponse(buildSettings());
      },
    });
    const user = userEvent.setup();
    renderApp({ path: '/admin-settings' });

    await expectToast('Error', 'Failed to load admin settings.');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('switch', { name: 'Live mode' })).toBeInTheDocument();
  });
});

describe('changing the mode', () => {
  const ready = buildSettings({ duffelApiConfigured: true, stripeConfigured: true });

  async function openDialog() {
    const user = userEvent.setup();
    renderApp({ path: '/admin-settings' });
    await user.click(await screen.findByRole('switch', { name: 'Live mode' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to live mode?' });
    return { user, dialog: within(dialog) };
  }

  it('confirms the password, saves, toasts Settings Updated and reloads 1 s later', async () => {
    const requests = stubAdmin({
      'GET /api/admin/settings': () => jsonResponse(ready),
      'POST /api/admin/login': () => jsonResponse({ success: true, message: 'Authenticated' }),
      'POST /api/admin/settings': () => jsonResponse({ ...ready, enableLiveMode: true }),
    });
    const { user, dialog } = await openDialog();

    await user.click(dialog.getByRole('button', { name: 'Switch to live mode' }));
    expect(await dialog.findByText('Password is required')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Admin password'), 'Correct-Horse-1!');
    await user.click(dialog.getByRole('button', { name: 'Switch to live mode' }));

    await expectToast('Settings Updated', /Live mode is on/);
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, r.body])).toEqual([
      ['/api/admin/login', { password: 'Correct-Horse-1!' }],
      ['/api/admin/settings', { enableLiveMode: true }],
    ]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Live mode' })).toBeChecked();
    expect(reloadPage).not.toHaveBeenCalled();
    await waitFor(
      () => {
        expect(reloadPage).toHaveBeenCalledOnce();
      },
      { timeout: 2000 },
    );
  });

  it("a wrong password shows 'Authentication Failed' and keeps the dialog open", async () => {
    const requests = stubAdmin({
      'GET /api/admin/settings': () => jsonResponse(ready),
      'POST /api/admin/login': () =>
        jsonResponse(
          {
            error: {
              code: 'invalid_password',
              message: 'Incorrect password',
              fields: { password: 'Incorrect password' },
            },
          },
          { status: 401 },
        ),
    });
    const { user, dialog } = await openDialog();

    await user.type(dialog.getByLabelText('Admin password'), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Switch to live mode' }));

    await expectToast('Authentication Failed', 'Incorrect password');
    expect(dialog.getByLabelText('Admin password')).toHaveAccessibleDescription(
      /Incorrect password/,
    );
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/admin/settings')).toBe(
      false,
    );
    expect(screen.getByRole('switch', { name: 'Live mode', hidden: true })).not.toBeChecked();
  });

  it("any other failure of the password step shows 'Authentication Error'", async () => {
    stubAdmin({
      'GET /api/admin/settings': () => jsonResponse(ready),
      'POST /api/admin/login': () =>
        apiErrorResponse(429, 'rate_limited', 'Too many attempts. Please try again later.'),
    });
    const { user, dialog } = await openDialog();

    await user.type(dialog.getByLabelText('Admin password'), 'Correct-Horse-1!');
    await user.click(dialog.getByRole('button', { name: 'Switch to live mode' }));

    await expectToast('Authentication Error', 'Too many attempts. Please try again later.');
    // The toast sits outside the modal, so the dialog repeats the failure.
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'Authentication Error: Too many attempts. Please try again later.',
    );
  });

  it("a refused change shows 'Mode Change Failed' with the server's message", async () => {
    stubAdmin({
      'GET /api/admin/settings': () => jsonResponse(ready),
      'POST /api/admin/login': () => jsonResponse({ success: true, message: 'Authenticated' }),
      'POST /api/admin/settings': () =>
        apiErrorResponse(
          409,
          'live_provider_missing',
          'Live mode needs a configured live flight provider',
        ),
    });
    const { user, dialog } = await openDialog();

    await user.type(dialog.getByLabelText('Admin password'), 'Correct-Horse-1!');
    await user.click(dialog.getByRole('button', { name: 'Switch to live mode' }));

    await expectToast('Mode Change Failed', 'Live mode needs a configured live flight provider');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("another save failure shows 'Failed to Update'", async () => {
    stubAdmin({
      'GET /api/admin/settings': () => jsonResponse(ready),
      'POST /api/admin/login': () => jsonResponse({ success: true, message: 'Authenticated' }),
      'POST /api/admin/settings': () =>
        apiErrorResponse(500, 'internal_error', 'Internal Server Error'),
    });
    const { user, dialog } = await openDialog();

    await user.type(dialog.getByLabelText('Admin password'), 'Correct-Horse-1!');
    await user.click(dialog.getByRole('button', { name: 'Switch to live mode' }));

    await expectToast('Failed to Update', 'Internal Server Error');
    expect(screen.getByRole('switch', { name: 'Live mode', hidden: true })).not.toBeChecked();
  });

  it('cancelling changes nothing', async () => {
    const requests = stubAdmin({ 'GET /api/admin/settings': () => jsonResponse(ready) });
    const { user, dialog } = await openDialog();

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('switch', { name: 'Live mode' })).not.toBeChecked();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
