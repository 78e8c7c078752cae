import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A guest checkout's own cookie: the card authorisation a guest makes can be used only by the
 * browser that made it (a signed-in traveller's is bound to the account instead). It holds a
 * random token; the payment keeps only its SHA-256.
 */
const COOKIE = 'contrail_checkout';
/** Long enough for a checkout (an offer holds 30 minutes), short enough to be forgotten. */
const LIFETIME_MS = 2 * 60 * 60 * 1000;

const checkoutCookieName = (secure: boolean): string => (secure ? `__Host-${COOKIE}` : COOKIE);

export function hashCheckoutToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The guest checkout token the request carries, if any (a well-formed one only). */
export function readCheckoutToken(request: FastifyRequest, secure: boolean): string | null {
  const value = request.cookies[checkoutCookieName(secure)];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** The request's guest checkout token, made and set as a cookie when it has none. */
export function ensureCheckoutToken(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): string {
  const token = readCheckoutToken(request, secure) ?? randomBytes(32).toString('base64url');
  void reply.setCookie(checkoutCookieName(secure), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: new Date(Date.now() + LIFETIME_MS),
  });
  return token;
}

/** Whether `token` is the one whose hash a payment keeps. */
export function ownsCheckout(token: string | null, hash: string | null): boolean {
  if (token === null || hash === null) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(hashCheckoutToken(token), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
