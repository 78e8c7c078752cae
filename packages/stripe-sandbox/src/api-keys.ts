/**
 * The account's API keys: a request's key read from its bearer (or basic) header and checked
 * against the account's secret keys and their publishable twins, refused with Stripe's 401 as
 * Stripe refuses a key it never issued, or a publishable key where a secret one is needed.
 */
import type { Auth, Route } from './endpoint';
import { StripeApiError } from './errors';

const authError = (message: string) =>
  new StripeApiError(401, 'invalid_request_error', message, {}, false);

function maskKey(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`;
}

/** A publishable key may call only the routes that take one (with the intent's client secret). */
export function checkKeyKind(auth: Auth, matched: Route): void {
  if (auth.kind === 'publishable' && !matched.publishable) {
    throw authError(
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    );
  }
}

/** The account's secret keys: at least one, each `sk_test_…` or `sk_live_…`. */
function accountKeys(apiKeys: readonly string[]): ReadonlySet<string> {
  const keys = new Set(apiKeys);
  if (keys.size === 0 || [...keys].some((key) => !/^sk_(test|live)_[A-Za-z0-9_]{8,}$/.test(key))) {
    throw new Error('apiKeys: give the account one secret key (sk_test_… or sk_live_…) or more');
  }
  return keys;
}

/** Checks a request's key against the account's: Stripe's 401 for none or any other. */
export function keyCheck(apiKeys: readonly string[]): (header: string | undefined) => Auth {
  const keys = accountKeys(apiKeys);
  return function authenticate(header: string | undefined): Auth {
    if (!header) {
      throw authError(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    }
    let key = '';
    const [scheme = '', value = ''] = header.split(/\s+/, 2);
    if (scheme.toLowerCase() === 'bearer') key = value;
    else if (scheme.toLowerCase() === 'basic') {
      key = Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? '';
    }
    const match = /^(sk|pk)_(test|live)_[A-Za-z0-9_]{8,}$/.exec(key);
    const secretTwin = key.replace(/^pk_/, 'sk_');
    if (!match || !keys.has(secretTwin)) {
      throw authError(`Invalid API Key provided: ${maskKey(key)}`);
    }
    return {
      mode: match[2] === 'live' ? 'live' : 'test',
      kind: match[1] === 'pk' ? 'publishable' : 'secret',
    };
  };
}
