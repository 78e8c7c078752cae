import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiErrorResponse,
  jsonResponse,
  signedOut,
  siteHandler,
  stubFetch,
  type RecordedRequest,
} from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { authKeys } from '../api/get-current-user';
import { buildCurrentUser } from '../testing/current-user-factory';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

const updated = () => jsonResponse({ success: true, message: 'Password updated successfully' });

function stubAccount(user: object | null, changePassword: Handler = updated) {
  return stubFetch({
    'GET /api/auth/user': user ? () => jsonResponse(user) : signedOut,
    'GET /api/site': siteHandler,
    'POST /api/auth/change-password': changePassword,
  });
}

async function fillPasswords(
  user: UserEvent,
  values: { current?: string; next?: string; confirm?: string },
) {
  const submit = await screen.findByRole('button', { name: 'Update Password' });
  if (values.current) await user.type(screen.getByLabelText('Current Password'), values.current);
  if (values.next) await user.type(screen.getByLabelText('New Password'), values.next);
  if (values.confirm)
    await user.type(screen.getByLabelText('Confirm New Password'), values.confirm);
  await user.click(submit);
}

describe('account settings', () => {
  it('sends signed-out visitors to /login?redirect=/account-settings', async () => {
    stubAccount(null);
    const { router } = renderApp({ path: '/account-settings' });

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(router.state.location.search).toMatchObject({ redirect: '/account-settings' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows the profile: username, email and the account creation date', async () => {
    stubAccount(buildCurrentUser({ createdAt: '2026-11-22T08:30:00.000Z' }));
    renderApp({ path: '/account-settings' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account Settings' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    const profile = within(screen.getByRole('tabpanel', { name: 'Profile' }));
    expect(profile.getByText('ada')).toBeInTheDocument();
    expect(profile.getByText('ada@example.com')).toBeInTheDocument();
    expect(profile.getByText('November 22, 2026')).toHaveAttribute(
      'datetime',
      '2026-11-22T08:30:00.000Z',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the tab the URL names, and keeps the tab in the URL', async () => {
    stubAccount(buildCurrentUser());
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/account-settings?tab=security' });

    expect(await screen.findByRole('tab', { name: 'Security' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const security = within(screen.getByRole('tabpanel', { name: 'Security' }));
    expect(
      security.getByRole('heading', { name: 'Two-factor authentication' }),
    ).toBeInTheDocument();
    expect(security.getByText('Not enabled')).toBeInTheDocument();
    expect(security.getByText('Coming soon')).toBeInTheDocument();
    expect(security.getByRole('button', { name: 'Enable' })).toBeDisabled();

    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ tab: 'profile' });
    });
  });

  it('shows Profile for an unknown tab', async () => {
    stubAccount(buildCurrentUser());
    renderApp({ path: '/account-settings?tab=billing' });

    expect(await screen.findByRole('tab', { name: 'Profile' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('validates the change-password form with the spec messages', async () => {
    const requests = stubAccount(buildCurrentUser());
    const user = userEvent.setup();
    renderApp({ path: '/account-settings?tab=security' });

    await fillPasswords(user, {});
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription(
      'Please confirm your new password',
    );

    await fillPasswords(user, { next: 'short' });
    await waitFor(() => {
      expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
        expect.stringContaining('Password must be at least 12 characters'),
      );
    });

    await user.clear(screen.getByLabelText('New Password'));
    await fillPasswords(user, { next: 'alllowercaseletters' });
    await waitFor(() => {
      expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
        expect.stringContaining(
          'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
        ),
      );
    });

    await user.clear(screen.getByLabelText('New Password'));
    await fillPasswords(user, {
      current: 'Old-Password-1!',
      next: 'New-Password-2!',
      confirm: 'New-Password-3!',
    });
    await waitFor(() => {
      expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription(
        "Passwords don't match",
      );
    });
    expect(requests.some((request) => request.path === '/api/auth/change-password')).toBe(false);
  });

  it("changes the password, shows 'Settings Updated' and clears the form", async () => {
    const requests = stubAccount(buildCurrentUser());
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/account-settings?tab=security' });

    await fillPasswords(user, {
      current: 'Old-Password-1!',
      next: 'New-Password-2!',
      confirm: 'New-Password-2!',
    });

    const region = within(await screen.findByRole('region', { name: /Notifications/ }));
    expect(await region.findByText('Settings Updated')).toBeInTheDocument();
    expect(region.getByText('Password updated successfully')).toBeInTheDocument();
    const sent = requests.find((request) => request.path === '/api/auth/change-password');
    expect(sent?.body).toEqual({
      currentPassword: 'Old-Password-1!',
      newPassword: 'New-Password-2!',
    });
    await waitFor(() => {
      expect(screen.getByLabelText('Current Password')).toHaveValue('');
    });
    expect(screen.getByLabelText('New Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm New Password')).toHaveValue('');
    expect(router.state.location.pathname).toBe('/account-settings');
  });

  it("puts a wrong current password on its field and shows the 'Error' toast", async () => {
    stubAccount(buildCurrentUser(), () =>
      jsonResponse(
        {
          error: {
            code: 'invalid_current_password',
            message: 'Current password is incorrect',
            fields: { currentPassword: 'Current password is incorrect' },
          },
        },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    renderApp({ path: '/account-settings?tab=security' });

    await fillPasswords(user, {
      current: 'Not-My-Password-1!',
      next: 'New-Password-2!',
      confirm: 'New-Password-2!',
    });

    const region = within(await screen.findByRole('region', { name: /Notifications/ }));
    expect(await region.findByText('Error')).toBeInTheDocument();
    expect(region.getByText('Current password is incorrect')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(
        'Current password is incorrect',
      );
    });
    expect(screen.getByLabelText('New Password')).toHaveValue('New-Password-2!');
  });

  it("falls back to 'Failed to update password'", async () => {
    stubAccount(buildCurrentUser(), () => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderApp({ path: '/account-settings?tab=security' });

    await fillPasswords(user, {
      current: 'Old-Password-1!',
      next: 'New-Password-2!',
      confirm: 'New-Password-2!',
    });

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to update password')).toBeInTheDocument();
  });

  it('sends an expired session to sign in again', async () => {
    stubAccount(buildCurrentUser(), () =>
      apiErrorResponse(401, 'not_authenticated', 'Not authenticated', 'Unauthorized'),
    );
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/account-settings?tab=security' });

    await fillPasswords(user, {
      current: 'Old-Password-1!',
      next: 'New-Password-2!',
      confirm: 'New-Password-2!',
    });

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(router.state.location.search).toMatchObject({ redirect: '/account-settings' });
  });
});

describe('temporary password', () => {
  const pending = buildCurrentUser({ mustChangePassword: true });

  it('sends a temporary-password session from any page to the Security tab', async () => {
    stubAccount(pending);
    const { router } = renderApp({ path: '/my-trips' });

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/account-settings');
    });
    expect(router.state.location.search).toMatchObject({ tab: 'security' });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Please set a new password to continue');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  });

  it('redirects before the page renders when the user is known from the boot data', async () => {
    stubAccount(pending);
    const queryClient = createQueryClient();
    queryClient.setQueryData(authKeys.currentUser(), pending);
    const { router } = renderApp({ path: '/booking', queryClient });

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/account-settings');
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'Booking' })).not.toBeInTheDocument();
    // Navigating again is held back too.
    await router.navigate({ to: '/my-trips' });
    expect(router.state.location.pathname).toBe('/account-settings');
  });

  it('leaves the static pages open', async () => {
    stubAccount(pending);
    const { router } = renderApp({ path: '/support' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Ada' }, { timeout: 3000 });
    expect(router.state.location.pathname).toBe('/support');
  });

  it('after the change, the user is a normal user and goes to /', async () => {
    stubAccount(pending);
    const user = userEvent.setup();
    const { router, queryClient } = renderApp({ path: '/account-settings?tab=security' });

    await fillPasswords(user, {
      current: 'Temp-Pass-Word-1!',
      next: 'My-Own-Password-2!',
      confirm: 'My-Own-Password-2!',
    });

    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(queryClient.getQueryData(authKeys.currentUser())).toMatchObject({
      mustChangePassword: false,
    });
    await router.navigate({ to: '/my-trips' });
    expect(router.state.location.pathname).toBe('/my-trips');
  });
});
