import { screen, within } from '@testing-library/react';
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

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

const SENT =
  'If an account exists for that email address, we have sent it a link to set a new password. The link works once, within 30 minutes.';

function stubForgot(forgot: Handler) {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'POST /api/auth/forgot-password': forgot,
  });
}

const main = () => within(screen.getByRole('main'));

describe('forgot password page', () => {
  it('checks the address before sending anything', async () => {
    const requests = stubForgot(() =>
      jsonResponse({ success: true, message: SENT }, { status: 202 }),
    );
    const user = userEvent.setup();
    renderApp({ path: '/forgot-password' });

    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(main().getByRole('button', { name: 'Send Reset Link' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(requests.some((r) => r.path === '/api/auth/forgot-password')).toBe(false);
  });

  it('sends the address and answers alike whether or not it has an account', async () => {
    const requests = stubForgot(() =>
      jsonResponse({ success: true, message: SENT }, { status: 202 }),
    );
    const user = userEvent.setup();
    renderApp({ path: '/forgot-password' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.click(main().getByRole('button', { name: 'Send Reset Link' }));

    const notice = await main().findByRole('status');
    expect(notice).toHaveTextContent('Check your email');
    expect(notice).toHaveTextContent(SENT);
    expect(requests.find((r) => r.path === '/api/auth/forgot-password')?.body).toEqual({
      email: 'ada@example.com',
    });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    await user.click(main().getByRole('button', { name: 'ask again' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('says how long to wait when too many links were asked for', async () => {
    stubForgot(() =>
      apiErrorResponse(
        429,
        'rate_limited',
        'Too many password reset requests. Please try again in 42 minutes.',
      ),
    );
    const user = userEvent.setup();
    renderApp({ path: '/forgot-password' });

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(main().getByRole('button', { name: 'Send Reset Link' }));

    expect(await main().findByRole('alert')).toHaveTextContent(
      'Too many password reset requests. Please try again in 42 minutes.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});
