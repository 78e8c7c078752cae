import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
import { buildCurrentUser } from '../testing/current-user-factory';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

const INVALID = 'This password reset link is invalid or has expired. Please ask for a new one.';
const TOKEN = 'dGhpcy1pcy1hLXRlc3QtdG9rZW4tb2YtNDMtY2hhcnM';

function stubReset({
  valid = true,
  reset = () => jsonResponse({ success: true, message: 'Your password has been reset.' }),
  user = null,
}: { valid?: boolean; reset?: Handler; user?: object | null } = {}) {
  return stubFetch({
    'GET /api/auth/user': user ? () => jsonResponse(user) : signedOut,
    'GET /api/site': siteHandler,
    'POST /api/auth/reset-password/check': () => jsonResponse({ valid }),
    'POST /api/auth/reset-password': reset,
  });
}

const main = () => within(screen.getByRole('main'));
const page = async () => {
  await screen.findByRole('heading', { level: 1, name: 'Set a New Password' });
  return main();
};

async function setPassword(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(main().getByRole('button', { name: 'Set New Password' }));
  return user;
}

describe('reset password page', () => {
  it('sets the new password and sends the traveller to sign in, saying so', async () => {
    const requests = stubReset({ user: buildCurrentUser() });
    const { router } = renderApp({ path: `/reset-password?token=${TOKEN}` });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set a New Password' }),
    ).toBeVisible();
    await setPassword('Quiet-Harbour-Lights');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(router.state.location.search).toMatchObject({ reset: 'done' });
    expect(
      await screen.findByText('Your password has been reset. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/auth/reset-password/check')?.body).toEqual({
      token: TOKEN,
    });
    expect(requests.find((r) => r.path === '/api/auth/reset-password')?.body).toEqual({
      token: TOKEN,
      password: 'Quiet-Harbour-Lights',
    });
    // Signed out everywhere, this browser too: the header offers Sign In again.
    expect(
      within(screen.getByRole('banner')).getAllByRole('link', { name: 'Sign In' }).length,
    ).toBeGreaterThan(0);
  });

  it('holds the password to the registration rule and the confirmation', async () => {
    const requests = stubReset();
    renderApp({ path: `/reset-password?token=${TOKEN}` });

    await setPassword('short');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      /Password must be at least 8 characters/,
    );

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'password123');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'password123');
    await user.click(main().getByRole('button', { name: 'Set New Password' }));
    expect(
      await screen.findByText('This password is too common. Please choose a less common password'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Quiet-Harbour-Lights');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'Quiet-Harbour-Light');
    await user.click(main().getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/auth/reset-password')).toBe(false);
  });

  it('says at once when the link was used or has expired, with a way to ask again', async () => {
    stubReset({ valid: false });
    renderApp({ path: `/reset-password?token=${TOKEN}` });

    const alert = await (await page()).findByRole('alert');
    expect(alert).toHaveTextContent('This link cannot be used');
    expect(alert).toHaveTextContent(INVALID);
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('says the same when the link stops working while the form is open', async () => {
    stubReset({ reset: () => apiErrorResponse(400, 'invalid_reset_token', INVALID) });
    const { router } = renderApp({ path: `/reset-password?token=${TOKEN}` });

    await setPassword('Quiet-Harbour-Lights');

    expect(await main().findByRole('alert')).toHaveTextContent(INVALID);
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('treats a link without a token as unusable', async () => {
    const requests = stubReset();
    renderApp({ path: '/reset-password' });

    expect(await (await page()).findByRole('alert')).toHaveTextContent(INVALID);
    expect(requests.some((r) => r.path.startsWith('/api/auth/reset-password'))).toBe(false);
  });
});
