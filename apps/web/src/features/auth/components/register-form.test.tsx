import { verificationMessages } from '@contrail/contracts/email-verification';
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

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function stubRegister(register: Handler) {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'POST /api/auth/register': register,
  });
}

const valid = {
  'First Name': 'Grace',
  'Last Name': 'Hopper',
  Email: 'grace@example.com',
  Username: 'grace',
  Password: 'cobol-1959-navy',
  'Confirm Password': 'cobol-1959-navy',
};

async function fill(user: UserEvent, values: Partial<Record<keyof typeof valid, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    if (value !== '') await user.type(input, value);
  }
}

function submit(user: UserEvent) {
  return user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('register page', () => {
  it('shows the schema messages inline and sends nothing', async () => {
    const requests = stubRegister(() =>
      jsonResponse({ success: true, message: verificationMessages.registered }, { status: 201 }),
    );
    const user = userEvent.setup();
    renderApp({ path: '/register' });

    await fill(user, { ...valid, Email: 'not-an-email', Username: 'ab', 'First Name': '' });
    await submit(user);

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      'Username must be at least 3 characters',
    );
    expect(requests.some((request) => request.path === '/api/auth/register')).toBe(false);
  });

  it('says "Passwords don\'t match" under the confirmation', async () => {
    stubRegister(() =>
      jsonResponse({ success: true, message: verificationMessages.registered }, { status: 201 }),
    );
    const user = userEvent.setup();
    renderApp({ path: '/register' });

    await fill(user, { ...valid, 'Confirm Password': 'cobol-1959-army' });
    await submit(user);

    await waitFor(() => {
      expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
        "Passwords don't match",
      );
    });
  });

  it('refuses a short or a common password, with the rule shown as a hint', async () => {
    stubRegister(() =>
      jsonResponse({ success: true, message: verificationMessages.registered }, { status: 201 }),
    );
    const user = userEvent.setup();
    renderApp({ path: '/register' });

    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAccessibleDescription('At least 8 characters. Avoid common passwords.');

    await fill(user, { ...valid, Password: 'short', 'Confirm Password': 'short' });
    await submit(user);
    await waitFor(() => {
      expect(password).toHaveAccessibleDescription(
        'At least 8 characters. Avoid common passwords. Password must be at least 8 characters',
      );
    });

    await fill(user, { Password: 'sunshine', 'Confirm Password': 'sunshine' });
    await submit(user);
    await waitFor(() => {
      expect(password).toHaveAccessibleDescription(
        'At least 8 characters. Avoid common passwords. This password is too common. Please choose a less common password',
      );
    });
  });

  it('creates the account without the confirmation, says to check the inbox and goes to /login', async () => {
    const requests = stubRegister(() =>
      jsonResponse({ success: true, message: verificationMessages.registered }, { status: 201 }),
    );
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/register' });

    await fill(user, valid);
    await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
    await submit(user);

    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(await screen.findByText(verificationMessages.registered)).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    const sent = requests.find((request) => request.path === '/api/auth/register');
    expect(sent?.body).toEqual({
      username: 'grace',
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      password: 'cobol-1959-navy',
    });
  });

  it('does not require the terms box (the spec leaves it unenforced)', async () => {
    stubRegister(() =>
      jsonResponse({ success: true, message: verificationMessages.registered }, { status: 201 }),
    );
    const user = userEvent.setup();
    renderApp({ path: '/register' });

    const terms = await screen.findByRole('checkbox', { name: /I agree to the Terms of Service/ });
    expect(terms).not.toBeChecked();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

    await fill(user, valid);
    await submit(user);

    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
  });

  it('puts a taken username on the username field and shows the failure toast', async () => {
    stubRegister(() =>
      apiErrorResponse(409, 'username_taken', 'Username is already taken', 'Conflict'),
    );
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/register' });

    await fill(user, valid);
    await submit(user);

    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    const username = screen.getByLabelText('Username');
    await waitFor(() => {
      expect(username).toHaveAccessibleDescription('Username is already taken');
    });
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveFocus();
    expect(router.state.location.pathname).toBe('/register');
  });

  it("maps the server's field messages onto the fields", async () => {
    stubRegister(() =>
      jsonResponse(
        {
          error: {
            code: 'validation_failed',
            message: 'Please enter a valid email address',
            fields: { email: 'Please enter a valid email address' },
          },
        },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    renderApp({ path: '/register' });

    await fill(user, valid);
    await submit(user);

    await waitFor(() => {
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'Please enter a valid email address',
      );
    });
    expect(screen.getByText('Registration failed')).toBeInTheDocument();
  });

  it("falls back to 'Failed to create account' without a server message", async () => {
    stubRegister(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderApp({ path: '/register' });

    await fill(user, valid);
    await submit(user);

    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to create account')).toBeInTheDocument();
  });
});
