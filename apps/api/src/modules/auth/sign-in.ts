import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  signInSlowDownMessage,
  signInWaitMessage,
  type LoginRequest,
} from '@contrail/contracts/auth';
import { AppError } from '../../lib/app-error';
import { addressBucket } from '../../lib/rate-limit';
import type { SessionsRepository, ThrottleRepository, UsersRepository } from './auth.repository';
import { authErrorCodes, authErrors } from './auth.errors';
import type { UserRow } from './auth.table';
import { burnVerification, verifyPassword } from './password';

/**
 * Signing in: the password checked within the limits on failed attempts (per account and
 * address, per address, and a slow-down per account that spares a browser the account knows),
 * and the session token a sign-in hands out, kept only as its hash.
 */

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Failed sign-ins are counted per account and client address together, and per address: a
 * guesser elsewhere uses up only their own allowance, never the owner's (decision 009).
 */
export const SIGN_IN_LIMIT_PER_ACCOUNT_AND_ADDRESS = 5;
export const SIGN_IN_LIMIT_PER_ADDRESS = 20;
/**
 * Failed sign-ins to one account from anywhere (a guesser spread over many addresses) past which
 * each further attempt waits its turn: 1 s after the last, doubling up to a minute. A browser the
 * account signed in from before (its device cookie) is never slowed: the owner is not locked out.
 */
export const SIGN_IN_SLOW_DOWN_AFTER = 10;
export const SIGN_IN_SLOW_DOWN_MAX_MS = 60_000;

export interface SignedIn {
  token: string;
  expiresAt: Date;
  user: UserRow;
  requiresPasswordChange: boolean;
  /** A new device cookie: this browser has signed in to the account (not for a guest session). */
  device?: string;
}

/** The wait before the next sign-in to an account that failed `failures` times from anywhere. */
export function slowDownGapMs(failures: number): number {
  const over = failures - SIGN_IN_SLOW_DOWN_AFTER;
  return over <= 0 ? 0 : Math.min(1000 * 2 ** (over - 1), SIGN_IN_SLOW_DOWN_MAX_MS);
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A browser's proof that it signed in to an account before: a random nonce and its HMAC with the
 * account's id, so a cookie of one account says nothing of another and cannot be forged.
 */
function createDeviceCookies(secret: string) {
  const mac = (userId: string, nonce: string) =>
    createHmac('sha256', secret).update(`sign-in-device:${userId}:${nonce}`).digest('base64url');
  return {
    issue(userId: string): string {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${mac(userId, nonce)}`;
    },
    knows(cookie: string | undefined, userId: string): boolean {
      const [nonce, given, extra] = (cookie ?? '').split('.');
      if (!nonce || !given || extra !== undefined) return false;
      const expected = Buffer.from(mac(userId, nonce));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

export const signInKey = (brandId: string, username: string, ip: string) =>
  `sign-in:account-address:${brandId}:${username.toLowerCase()}:${addressBucket(ip)}`;
export const accountKey = (brandId: string, username: string) =>
  `sign-in:account:${brandId}:${username.toLowerCase()}`;

export interface SignIn {
  /**
   * Signs in, ending `previous.token`'s session so the session id always changes at sign-in;
   * `previous.device` is this browser's device cookie, which spares it the account's slow-down.
   */
  login(
    brandId: string,
    input: LoginRequest,
    ip: string,
    previous?: { token?: string | undefined; device?: string | undefined },
  ): Promise<SignedIn>;
}

export function createSignIn(
  {
    users,
    sessions,
    throttle,
    deviceSecret,
    clock,
  }: {
    users: UsersRepository;
    sessions: SessionsRepository;
    throttle: ThrottleRepository;
    /** Signs device cookies (an installation secret). */
    deviceSecret: string;
    clock: () => Date;
  },
  /** Opens a session for the user who signed in. */
  open: (user: UserRow, brandId: string, requiresPasswordChange: boolean) => Promise<SignedIn>,
): SignIn {
  const devices = createDeviceCookies(deviceSecret);

  /**
   * Failed sign-ins to the account from anywhere: past the allowance, this attempt needs its turn
   * (a few seconds after the last), else 429 saying how long to wait. Not counted for a browser
   * the account signed in from before.
   */
  const awaitAccountTurn = async (key: string, now: Date): Promise<void> => {
    const failures = await throttle.hit(key, now, SIGN_IN_WINDOW_MS);
    const gapMs = slowDownGapMs(failures.attempts);
    if (gapMs === 0) return;
    const last = await throttle.takeTurn(`${key}:turn`, now, gapMs);
    if (last === null) return;
    // A refused attempt tried no password: it does not lengthen the wait.
    await throttle.release(key);
    const seconds = Math.max(1, Math.ceil((last.getTime() + gapMs - now.getTime()) / 1000));
    throw new AppError(
      429,
      authErrorCodes.tooManyAttempts,
      signInSlowDownMessage(seconds),
      undefined,
      { 'retry-after': String(seconds) },
    );
  };
  const tooMany = (windowStart: Date, now: Date): AppError =>
    authErrors.tooManyAttempts(
      { windowStart, windowMs: SIGN_IN_WINDOW_MS, now },
      signInWaitMessage,
    );

  return {
    async login(brandId, input, ip, previous = {}) {
      const now = clock();
      const pairKey = signInKey(brandId, input.username, ip);
      const ipKey = `sign-in:address:${addressBucket(ip)}`;
      // Count the attempt before checking the password, so racing attempts cannot slip past.
      const pair = await throttle.hit(pairKey, now, SIGN_IN_WINDOW_MS);
      const address = await throttle.hit(ipKey, now, SIGN_IN_WINDOW_MS);
      if (pair.attempts > SIGN_IN_LIMIT_PER_ACCOUNT_AND_ADDRESS)
        throw tooMany(pair.windowStart, now);
      if (address.attempts > SIGN_IN_LIMIT_PER_ADDRESS) throw tooMany(address.windowStart, now);

      const user = await users.findForSignIn(brandId, input.username);
      const wideKey = accountKey(brandId, input.username);
      if (!(user && devices.knows(previous.device, user.id))) await awaitAccountTurn(wideKey, now);
      if (!user) await burnVerification(input.password);
      const valid = user ? await verifyPassword(user.passwordHash, input.password) : false;
      if (!user || !valid) throw authErrors.invalidCredentials();

      await throttle.reset(pairKey);
      await throttle.reset(wideKey);
      await throttle.release(ipKey);
      if (previous.token) await sessions.delete(hashSessionToken(previous.token));
      await sessions.deleteExpired(now);
      return {
        ...(await open(user, brandId, user.passwordTemporary)),
        device: devices.issue(user.id),
      };
    },
  };
}
