import { verificationMessages } from '@contrail/contracts/email-verification';
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

const TOKEN = 'dGhpcy1pcy1hLXRlc3QtdG9rZW4tb2YtNDMtY2hhcnM';

function stubVerify({
  user = buildCurrentUser({ emailVerified: false }),
  verify = () => jsonResponse({ success: true, message: verificationMessages.confirmed }),
  resend = () => jsonResponse({ success: true, message: verificationMessages.sent }),
}: { user?: object | null; verify?: Handler; resend?: Handler } = {}) {
  return stubFetch({
    'GET /api/auth/user': user ? () => jsonResponse(user) : signedOut,
    'GET /api/site': siteHandler,
    'POST /api/auth/verify-email': verify,
    'POST /api/auth/verify-email/resend': resend,
  });
}

const main = () => within(screen.getByRole('main'));
const posted = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.path === path);

describe('confirm email page', () => {
  it('confirms the address once on arrival and says so', async () => {
    const requests = stubVerify();
    renderApp({ path: `/verify-email?token=${TOKEN}` });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm Your Email' }),
    ).toBeVisible();
    expect(await main().findByText(verificationMessages.confirmed)).toBeVisible();
    expect(main().getByRole('link', { name: 'View My Trips' })).toHaveAttribute(
      'href',
      '/my-trips',
    );
    const sent = posted(requests, '/api/auth/verify-email');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ token: TOKEN });
  });

  it('sends a signed-out visitor to sign in first, coming back to the link', async () => {
    const requests = stubVerify({ user: null });
    const { router } = renderApp({ path: `/verify-email?token=${TOKEN}` });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatchObject({
      redirect: `/verify-email?token=${TOKEN}`,
    });
    expect(posted(requests, '/api/auth/verify-email')).toHaveLength(0);
  });

  it('says why a link cannot be used and offers a new one', async () => {
    const requests = stubVerify({
      verify: () =>
        apiErrorResponse(400, 'invalid_verification_token', verificationMessages.linkInvalid),
    });
    renderApp({ path: `/verify-email?token=${TOKEN}` });
    await screen.findByRole('heading', { level: 1, name: 'Confirm Your Email' });
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent(verificationMessages.linkInvalid);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(verificationMessages.sent)).toBeVisible();
    expect(posted(requests, '/api/auth/verify-email/resend')).toHaveLength(1);
  });

  it("tells a user signed in to another account, without a new link to that account's address", async () => {
    stubVerify({
      verify: () =>
        apiErrorResponse(403, 'verification_other_account', verificationMessages.otherAccount),
    });
    renderApp({ path: `/verify-email?token=${TOKEN}` });
    await screen.findByRole('heading', { level: 1, name: 'Confirm Your Email' });
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent(verificationMessages.otherAccount);
    expect(within(alert).queryByRole('button')).toBeNull();
  });
});
