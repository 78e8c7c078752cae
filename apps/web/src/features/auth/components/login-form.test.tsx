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

function stubLogin(login: Handler, user: object | null = null) {
  return stubFetch({
    'GET /api/auth/user': user ? () => jsonResponse(user) : signedOut,
    'GET /api/site': siteHandler,
    'POST /api/auth/login': login,
  });
}

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

function mainRegion() {
  return within(screen.getByRole('main'));
}

describe('login page', () => {
  it('shows the spec messages inline and sends nothing when fields are empty', async () => {
    const requests = stubLogin(() => jsonResponse(buildCurrentUser()));
    const user = userEvent.setup();
    renderApp({ path: '/login' });

    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    await user.click(mainRegion().getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((request) => request.path === '/api/auth/login')).toBe(false);
  });

  it('has the autocomplete hints, a show-password toggle and links to help and sign-up', async () => {
    stubLogin(() => jsonResponse(buildCurrentUser()));
    const user = userEvent.setup();
    renderApp({ path: '/login' });

    const username = await screen.findByLabelText('Username');
    const password = screen.getByLabelText('Password');
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');

    expect(mainRegion().getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(mainRegion().getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('signs in, says so, shows the account menu and goes to /', async () => {
    const requests = stubLogin(() => jsonResponse(buildCurrentUser()));
    const { router } = renderApp({ path: '/login' });

    await fillAndSubmit('  ada ', 'correct horse');

    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    const login = requests.find((request) => request.path === '/api/auth/login');
    expect(login?.body).toEqual({ username: 'ada', password: 'correct horse' });
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: 'Ada' }),
    ).toBeInTheDocument();
  });

  it('goes to the redirect parameter when it is a path on this site', async () => {
    stubLogin(() => jsonResponse(buildCurrentUser()));
    const { router } = renderApp({ path: '/login?redirect=%2Fabout%3Fsection%3Dteam' });

    await fillAndSubmit('ada', 'correct horse');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/about');
    });
    expect(router.state.location.search).toMatchObject({ section: 'team' });
  });

  it('refuses a redirect to another site and goes to / instead', async () => {
    stubLogin(() => jsonResponse(buildCurrentUser()));
    const { router } = renderApp({ path: '/login?redirect=%2F%2Fevil.example' });

    await fillAndSubmit('ada', 'correct horse');

    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(router.state.location.href).not.toContain('evil');
  });

  it('sends a temporary-password session to the Security tab instead of the redirect', async () => {
    stubLogin(() => jsonResponse(buildCurrentUser({ mustChangePassword: true })));
    const { router } = renderApp({ path: '/login?redirect=%2Fabout' });

    await fillAndSubmit('ada', 'Temp-Pass-123!');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/account-settings');
    });
    expect(router.state.location.search).toMatchObject({ tab: 'security' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please set a new password to continue',
    );
  });

  it("shows 'Login failed' with the server's message, stays and clears the password", async () => {
    stubLogin(() =>
      apiErrorResponse(401, 'invalid_credentials', 'Invalid username or password', 'Unauthorized'),
    );
    const { router } = renderApp({ path: '/login' });

    await fillAndSubmit('ada', 'wrong password');

    const region = within(await screen.findByRole('region', { name: /Notifications/ }));
    expect(await region.findByText('Login failed')).toBeInTheDocument();
    expect(region.getByText('Invalid username or password')).toBeInTheDocument();
    expect(region.getByRole('listitem')).toHaveAttribute('data-type', 'error');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
  });

  it('keeps the wait of a throttled sign-in on the form, until the next try', async () => {
    let throttled = true;
    stubLogin(() =>
      throttled
        ? jsonResponse(
            {
              error: {
                code: 'too_many_attempts',
                message: 'Too many sign-in attempts. Please try again in 12 minutes.',
              },
            },
            { status: 429, headers: { 'Retry-After': '700' } },
          )
        : jsonResponse(buildCurrentUser()),
    );
    renderApp({ path: '/login' });

    const user = await fillAndSubmit('ada', 'guess');

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(mainRegion().getByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Please try again in 12 minutes.',
    );
    throttled = false;
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(mainRegion().getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(mainRegion().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so after a password reset', async () => {
    stubLogin(() => jsonResponse(buildCurrentUser()));
    renderApp({ path: '/login?reset=done' });

    expect(
      await screen.findByText('Your password has been reset. Sign in with your new password.'),
    ).toBeInTheDocument();
  });

  it("goes to 'Forgot password?'", async () => {
    stubLogin(() => jsonResponse(buildCurrentUser()));
    const { router } = renderApp({ path: '/login' });
    const user = userEvent.setup();

    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    await user.click(mainRegion().getByRole('link', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it("falls back to 'Invalid username or password' when the request never got an answer", async () => {
    stubLogin(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp({ path: '/login' });

    await fillAndSubmit('ada', 'secret');

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
  });

  it('shows a busy button while signing in', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubLogin(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderApp({ path: '/login' });

    await fillAndSubmit('ada', 'correct horse');

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    answer(jsonResponse(buildCurrentUser()));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
  });

  it('sends a signed-in user to /', async () => {
    stubLogin(() => jsonResponse(buildCurrentUser()), buildCurrentUser());
    const { router } = renderApp({ path: '/login' });

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
