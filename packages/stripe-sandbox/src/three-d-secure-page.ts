/**
 * The 3-D Secure page a `next_action` points at, standing in for the card issuer's: it asks to
 * complete or fail the authentication, then goes back to the return URL or says it is done.
 */
import type { StripeAccount } from './account';
import type { Answer } from './endpoint';
import { StripeApiError } from './errors';
import { formatAmount } from './money';

/** The page's answer to a GET (the page) or a POST (the outcome chosen). */
export function threeDSecurePage(
  account: StripeAccount,
  accountVersion: string,
  url: URL,
  method: string,
  body: string,
): Answer & { location?: string; html?: string } {
  const source = method === 'POST' ? new URLSearchParams(body) : url.searchParams;
  const id = source.get('payment_intent') ?? '';
  const secret = source.get('payment_intent_client_secret') ?? '';
  const intent = account.intents.get(id);
  if (intent?.clientSecret !== secret) {
    return { status: 404, body: null, html: page('Unknown payment', '<p>No such payment.</p>') };
  }
  if (method === 'GET') {
    const hidden = `<input type="hidden" name="payment_intent" value="${escapeHtml(id)}"><input type="hidden" name="payment_intent_client_secret" value="${escapeHtml(secret)}">`;
    return {
      status: 200,
      body: null,
      html: page(
        '3D Secure 2 Test Page',
        `<p>Stripe sandbox: authenticate the payment of ${escapeHtml(formatAmount(intent.amount, intent.currency))}?</p>` +
          `<form method="post">${hidden}<button name="outcome" value="succeed">Complete</button> <button name="outcome" value="fail">Fail</button></form>`,
      ),
    };
  }
  const action = intent.nextAction;
  const outcome = source.get('outcome') === 'fail' ? 'fail' : 'succeed';
  try {
    account.authenticate(intent, outcome, {
      mode: intent.livemode ? 'live' : 'test',
      requestId: null,
      idempotencyKey: null,
      version: accountVersion,
    });
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    return {
      status: 400,
      body: null,
      html: page('Payment', `<p>${escapeHtml(error.message)}</p>`),
    };
  }
  if (action?.type === 'redirect_to_url') {
    const target = new URL(action.returnUrl);
    target.searchParams.set('payment_intent', intent.id);
    target.searchParams.set('payment_intent_client_secret', intent.clientSecret);
    target.searchParams.set('redirect_status', outcome === 'succeed' ? 'succeeded' : 'failed');
    return { status: 303, body: null, location: target.toString() };
  }
  return {
    status: 200,
    body: null,
    html: page('Payment', '<p>Authentication complete. You can close this window.</p>'),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${content}</body></html>`;
}
