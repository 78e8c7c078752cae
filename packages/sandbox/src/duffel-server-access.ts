/**
 * Who may call the Duffel-compatible server, and how often: a bearer access token (test or live)
 * with the `Duffel-Version` header, and a rate limit per token per window, told in the
 * `ratelimit-*` headers of every answer.
 */
import type { IncomingMessage } from 'node:http';
import { DUFFEL_ERRORS_URL, error, HttpError, titles } from './duffel-server-errors';

/** The access checks of one server: its tokens (else any well-formed one) and its rate limit. */
export function accessChecks(options: {
  tokens: readonly string[] | undefined;
  /** The one `Duffel-Version` answered. */
  apiVersion: string;
  clock: () => Date;
  rateLimit: { readonly limit: number; readonly windowMs: number };
}) {
  const { clock, rateLimit, apiVersion } = options;
  const windows = new Map<string, { end: number; count: number }>();

  function authenticate(request: IncomingMessage): { token: string; liveMode: boolean } {
    const header = request.headers.authorization;
    if (header === undefined) {
      throw error(
        401,
        'authentication_error',
        'missing_authorization_header',
        'The Authorization header is missing; send Authorization: Bearer <access token>.',
      );
    }
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    const known = options.tokens
      ? token !== undefined && options.tokens.includes(token)
      : token !== undefined && /^duffel_(test|live)_\w+$/.test(token);
    if (!known || token === undefined) {
      throw error(
        401,
        'authentication_error',
        'invalid_authorization_header',
        'The access token is not valid.',
      );
    }
    const version = request.headers['duffel-version'];
    if (version === undefined) {
      throw error(
        400,
        'invalid_request_error',
        'missing_version_header',
        'The Duffel-Version header is required.',
      );
    }
    if (version !== apiVersion) {
      throw error(
        400,
        'invalid_request_error',
        'unsupported_version',
        `Duffel-Version ${String(version)} is not supported.`,
      );
    }
    return { token, liveMode: token.startsWith('duffel_live_') };
  }

  function rateLimitHeaders(token: string): Record<string, string> {
    const now = clock().getTime();
    let window = windows.get(token);
    if (window === undefined || now >= window.end) {
      // A window ends on a whole second, as `ratelimit-reset` (an HTTP date) says it.
      window = { end: Math.ceil((now + rateLimit.windowMs) / 1000) * 1000, count: 0 };
      windows.set(token, window);
    }
    window.count += 1;
    const headers = {
      'ratelimit-limit': String(rateLimit.limit),
      'ratelimit-remaining': String(Math.max(0, rateLimit.limit - window.count)),
      'ratelimit-reset': new Date(window.end).toUTCString(),
    };
    if (window.count > rateLimit.limit) {
      throw new HttpError(
        429,
        [
          {
            type: 'rate_limit_error',
            code: 'rate_limit_exceeded',
            title: titles.rate_limit_error ?? 'Rate limit exceeded',
            message: 'Too many requests; wait until ratelimit-reset.',
            documentation_url: DUFFEL_ERRORS_URL,
          },
        ],
        headers,
      );
    }
    return headers;
  }

  return { authenticate, rateLimitHeaders };
}
