import cookie from '@fastify/cookie';
import { authMessages } from '@contrail/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/app-error';
import { authErrors } from '../modules/auth/auth.errors';
import {
  DEVICE_COOKIE_TTL_MS,
  type AuthService,
  type Authenticated,
} from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and session of this request's brand, or null; loaded once. */
    auth(): Promise<Authenticated | null>;
    sessionToken(): string | undefined;
    /** The browser's device cookie: it signed in to an account before (see the auth service). */
    deviceCookie(): string | undefined;
  }
  interface FastifyReply {
    startSession(token: string, expiresAt: Date): void;
    endSession(): void;
    rememberDevice(value: string): void;
  }
}

export interface SessionPluginOptions {
  auth: AuthService;
  secureCookies: boolean;
}

/** `__Host-` binds the cookie to the exact host and requires HTTPS, so only with secure cookies. */
const sessionCookieName = (secure: boolean): string =>
  secure ? '__Host-contrail_session' : 'contrail_session';
const deviceCookieName = (secure: boolean): string =>
  secure ? '__Host-contrail_device' : 'contrail_device';

export const sessionPlugin = fp<SessionPluginOptions>(
  async (app: FastifyInstance, { auth, secureCookies }) => {
    await app.register(cookie);
    const name = sessionCookieName(secureCookies);
    const options = { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies } as const;

    app.decorateReply(
      'startSession',
      function startSession(this: FastifyReply, token: string, expiresAt: Date) {
        void this.setCookie(name, token, { ...options, expires: expiresAt });
      },
    );
    app.decorateReply('endSession', function endSession(this: FastifyReply) {
      void this.clearCookie(name, options);
    });
    const device = deviceCookieName(secureCookies);
    app.decorateReply('rememberDevice', function rememberDevice(this: FastifyReply, value: string) {
      // Outlives sign-out: it only spares this browser the slow-down of a guessed-at account.
      void this.setCookie(device, value, {
        ...options,
        expires: new Date(Date.now() + DEVICE_COOKIE_TTL_MS),
      });
    });
    app.decorateRequest('sessionToken', function sessionToken(this: FastifyRequest) {
      const value = this.cookies[name];
      return value && value.length <= 128 ? value : undefined;
    });
    app.decorateRequest('deviceCookie', function deviceCookie(this: FastifyRequest) {
      const value = this.cookies[device];
      return value && value.length <= 128 ? value : undefined;
    });
    app.decorateRequest('auth', function unset(): Promise<Authenticated | null> {
      throw new Error('auth() used before the session hook ran');
    });

    app.addHook('onRequest', (request, reply, done) => {
      let loaded: Promise<Authenticated | null> | undefined;
      request.auth = () =>
        (loaded ??= (async () => {
          const token = request.sessionToken();
          if (!token) return null;
          const { id: brandId } = await request.brand();
          const found = await auth.authenticate(token, brandId);
          if (found?.renewedUntil) reply.startSession(token, found.renewedUntil);
          return found;
        })());
      done();
    });
  },
  { name: 'session', dependencies: ['brand-context'] },
);

/**
 * An `onRequest` hook for routes only a signed-in user may use: 401 (or 403 while a temporary
 * password must change) before the body is read or validated, so that a stranger learns nothing
 * of what the route takes. The handler's own `requireUser` then answers from the same lookup.
 */
export function signedInOnly(options: { allowPendingPasswordChange?: boolean } = {}) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireUser(request, options);
  };
}

/**
 * The signed-in user, or 401. A session opened with a temporary password may only change it
 * (and read the user, and sign out) until it has.
 */
export async function requireUser(
  request: FastifyRequest,
  { allowPendingPasswordChange = false } = {},
): Promise<Authenticated> {
  const found = await request.auth();
  if (!found) throw unauthorized(authMessages.notAuthenticated);
  if (found.session.requiresPasswordChange && !allowPendingPasswordChange) {
    throw authErrors.passwordChangeRequired();
  }
  return found;
}
