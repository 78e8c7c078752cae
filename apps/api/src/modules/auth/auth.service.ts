import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  ChangePasswordRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '@contrail/contracts/account-forms';
import {
  passwordWaitMessage,
  registerWaitMessage,
  signInSlowDownMessage,
  signInWaitMessage,
  type CurrentUser,
  type LoginRequest,
} from '@contrail/contracts/auth';
import {
  RESET_LINK_VALID_MINUTES,
  resetMessages,
  resetWaitMessage,
} from '@contrail/contracts/password-reset';
import { errorCodes } from '@contrail/contracts/errors';
import { AppError } from '../../lib/app-error';
import { addressBucket, createRateLimiter, tooManyRequests } from '../../lib/rate-limit';
import { pageUrl, type SiteUrl } from '../../lib/site-url';
import type { BrandContext } from '../brands/brands.service';
import { brandSender, type EmailOutbox } from '../email';
import type { AccountLinksService } from './account-links.service';
import type {
  PasswordResetsRepository,
  SessionsRepository,
  ThrottleRepository,
  UsersRepository,
} from './auth.repository';
import { authErrorCodes, authErrors } from './auth.errors';
import type { SessionRow, UserRow } from './auth.table';
import { burnVerification, hashPassword, prepareTimingEqualiser, verifyPassword } from './password';
import { renderPasswordResetEmail } from './password-reset-email';

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry moves forward at most once a day, so reads rarely write. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
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
const RESET_LINK_TTL_MS = RESET_LINK_VALID_MINUTES * 60 * 1000;
/** Reset requests from one address (answered 429 past it). */
export const RESET_LIMIT_PER_ADDRESS = { max: 10, windowMs: 60 * 60 * 1000 };
/** Reset e-mails to one address: past it, requests are still answered alike but send nothing. */
export const RESET_LIMIT_PER_EMAIL = { max: 3, windowMs: 60 * 60 * 1000 };
/** Attempts to use reset links from one address. */
const RESET_ATTEMPTS_PER_ADDRESS = { max: 20, windowMs: 15 * 60 * 1000 };
/**
 * Registrations refused from one address (a username or e-mail address taken): each refusal
 * tells whether an account exists, so they are what is limited. A registration that succeeds
 * takes its own attempt back.
 */
export const REGISTER_REFUSALS_PER_ADDRESS = { max: 10, windowMs: 60 * 60 * 1000 };
/**
 * Wrong passwords given in one session to confirm a change (a password change, an admin's
 * step-up). Counted per session: whoever holds a stolen session cannot sign in anew for fresh
 * tries without the password, and the owner's own sessions keep their allowance.
 */
export const PASSWORD_CONFIRMATIONS_PER_SESSION = { max: 5, windowMs: 15 * 60 * 1000 };

export interface Authenticated {
  user: UserRow;
  session: SessionRow;
  /** Where the lifetime was extended, the new expiry (the cookie must follow). */
  renewedUntil?: Date;
}

interface SignedIn {
  token: string;
  expiresAt: Date;
  user: UserRow;
  requiresPasswordChange: boolean;
  /** A new device cookie: this browser has signed in to the account (not for a guest session). */
  device?: string;
}

/** How long a browser stays known to an account it signed in to. */
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/** The wait before the next sign-in to an account that failed `failures` times from anywhere. */
export function slowDownGapMs(failures: number): number {
  const over = failures - SIGN_IN_SLOW_DOWN_AFTER;
  return over <= 0 ? 0 : Math.min(1000 * 2 ** (over - 1), SIGN_IN_SLOW_DOWN_MAX_MS);
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Whether a user may open the back office (platform admins and staff of their brand); the web app
 * shows its link from this, and the back office's routes check again on every call.
 */
export type BackOfficeCheck = (user: UserRow) => Promise<boolean>;

export function toCurrentUser(
  user: UserRow,
  requiresPasswordChange: boolean,
  backOffice: boolean,
): CurrentUser {
  return {
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    backOffice,
    createdAt: user.createdAt.toISOString(),
    emailVerified: user.emailVerifiedAt !== null,
    mustChangePassword: requiresPasswordChange,
  };
}

/**
 * Checks the password of a signed-in user who confirms a change, counting a wrong one against the
 * session; past the limit it answers 429 (even for the right password, so a guesser learns
 * nothing). A right one clears the count.
 */
export type PasswordConfirmation = (auth: Authenticated, password: string) => Promise<boolean>;

export function createPasswordConfirmation({
  throttle,
  clock,
}: {
  throttle: ThrottleRepository;
  clock: () => Date;
}): PasswordConfirmation {
  const { max, windowMs } = PASSWORD_CONFIRMATIONS_PER_SESSION;
  return async ({ user, session }, password) => {
    const key = `password-confirm:session:${session.idHash}`;
    const now = clock();
    const { attempts, windowStart } = await throttle.hit(key, now, windowMs);
    if (attempts > max) {
      throw authErrors.tooManyAttempts({ windowStart, windowMs, now }, passwordWaitMessage);
    }
    const valid = await verifyPassword(user.passwordHash, password);
    if (valid) await throttle.reset(key);
    return valid;
  };
}

export interface AuthService {
  /**
   * Creates an account and e-mails its confirmation link. An address that has an account already
   * resolves alike (its owner is e-mailed instead), so the answer tells nobody whether it has one.
   * A taken username is refused; refusals from one address are limited (429 past the limit).
   */
  register(request: {
    brand: BrandContext;
    input: RegisterRequest;
    ip: string;
    siteUrl: SiteUrl;
  }): Promise<void>;
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
  /** Opens a session for a user without a password check (a guest account just created). */
  openSession(user: UserRow, brandId: string): Promise<SignedIn>;
  logout(token: string): Promise<void>;
  authenticate(token: string, brandId: string): Promise<Authenticated | null>;
  changePassword(auth: Authenticated, input: ChangePasswordRequest): Promise<void>;
  /**
   * E-mails a reset link if the brand has an account with this address. Resolves alike (and in
   * about the same time) whether or not it has one.
   */
  requestPasswordReset(request: {
    brand: BrandContext;
    email: string;
    ip: string;
    siteUrl: SiteUrl;
  }): Promise<void>;
  /** Whether a reset link still works in this brand (unused, unexpired). */
  checkResetToken(brandId: string, token: string): Promise<boolean>;
  /** Sets the password from a reset link, once; ends every session of the account. */
  resetPassword(brandId: string, input: ResetPasswordRequest, ip: string): Promise<void>;
}

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  throttle: ThrottleRepository;
  resets: PasswordResetsRepository;
  outbox: EmailOutbox;
  links: AccountLinksService;
  confirmPassword: PasswordConfirmation;
  /** Signs device cookies (an installation secret). */
  deviceSecret: string;
  clock: () => Date;
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

const signInKey = (brandId: string, username: string, ip: string) =>
  `sign-in:account-address:${brandId}:${username.toLowerCase()}:${addressBucket(ip)}`;
const accountKey = (brandId: string, username: string) =>
  `sign-in:account:${brandId}:${username.toLowerCase()}`;

export function createAuthService({
  users,
  sessions,
  throttle,
  resets,
  outbox,
  links,
  confirmPassword,
  deviceSecret,
  clock,
}: AuthServiceDeps): AuthService {
  prepareTimingEqualiser();
  const limiter = createRateLimiter({ throttle, clock });
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

  const open = async (
    user: UserRow,
    brandId: string,
    requiresPasswordChange: boolean,
  ): Promise<SignedIn> => {
    const now = clock();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await sessions.insert({
      idHash: hashSessionToken(token),
      userId: user.id,
      brandId,
      requiresPasswordChange,
      createdAt: now,
      expiresAt,
    });
    return { token, expiresAt, user, requiresPasswordChange };
  };

  return {
    async register({ brand, input, ip, siteUrl }) {
      // Counted before the checks, so racing requests cannot slip past; a success takes it back.
      const refusalsKey = `register:refused:address:${addressBucket(ip)}`;
      const now = clock();
      const refusals = await throttle.hit(refusalsKey, now, REGISTER_REFUSALS_PER_ADDRESS.windowMs);
      if (refusals.attempts > REGISTER_REFUSALS_PER_ADDRESS.max) {
        throw tooManyRequests(
          {
            windowStart: refusals.windowStart,
            windowMs: REGISTER_REFUSALS_PER_ADDRESS.windowMs,
            now,
          },
          errorCodes.rateLimited,
          registerWaitMessage,
        );
      }
      if (await users.usernameTaken(brand.id, input.username)) {
        throw authErrors.usernameTaken();
      }
      // Hashed whether or not the address has an account, so both answers take as long.
      const passwordHash = await hashPassword(input.password);
      const existing = await users.findByEmail(brand.id, input.email);
      const user = existing
        ? undefined
        : await users.insert({
            brandId: brand.id,
            username: input.username,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
          });
      // Lost a race with a concurrent registration of the same name (or of the same address).
      if (!existing && !user && (await users.usernameTaken(brand.id, input.username))) {
        throw authErrors.usernameTaken();
      }
      await throttle.release(refusalsKey);
      if (user) {
        await links.sendConfirmation(user, brand, siteUrl);
        return;
      }
      const owner = existing ?? (await users.findByEmail(brand.id, input.email));
      if (owner) await links.noteRegistrationAttempt(owner, brand, siteUrl);
    },

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

    openSession: (user, brandId) => open(user, brandId, false),

    async logout(token) {
      await sessions.delete(hashSessionToken(token));
    },

    async authenticate(token, brandId) {
      const now = clock();
      const idHash = hashSessionToken(token);
      const found = await sessions.findLive(idHash, now);
      if (found?.session.brandId !== brandId) return null;
      const renewAt = found.session.expiresAt.getTime() - SESSION_TTL_MS + RENEW_AFTER_MS;
      if (now.getTime() < renewAt) return found;
      const renewedUntil = new Date(now.getTime() + SESSION_TTL_MS);
      await sessions.extend(idHash, renewedUntil);
      return { ...found, session: { ...found.session, expiresAt: renewedUntil }, renewedUntil };
    },

    async changePassword(current, input) {
      const { user, session } = current;
      if (!(await confirmPassword(current, input.currentPassword))) {
        throw authErrors.invalidCurrentPassword();
      }
      await users.changePassword(user.id, await hashPassword(input.newPassword), session.idHash);
    },

    async requestPasswordReset({ brand, email, ip, siteUrl }) {
      await limiter.consume(
        `reset:address:${addressBucket(ip)}`,
        RESET_LIMIT_PER_ADDRESS,
        resetWaitMessage,
      );
      const now = clock();
      const sent = await throttle.hit(
        `reset:email:${brand.id}:${email.toLowerCase()}`,
        now,
        RESET_LIMIT_PER_EMAIL.windowMs,
      );
      const user = await users.findByEmail(brand.id, email);
      const token = randomBytes(32).toString('base64url');
      // The message is made even without an account, so that the answer takes as long.
      const message = await renderPasswordResetEmail({
        brand: brand.brand,
        firstName: user?.firstName ?? '',
        username: user?.username ?? '',
        resetUrl: pageUrl(siteUrl, '/reset-password', { token }),
      });
      if (!user || sent.attempts > RESET_LIMIT_PER_EMAIL.max) return;
      await resets.deleteExpired(now);
      await resets.insert({
        tokenHash: hashSessionToken(token),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
      });
      await outbox.queue(
        {
          brandId: brand.id,
          recipient: user.email,
          ...brandSender(brand.brand),
          subject: message.subject,
          html: message.html,
          text: message.text,
          kind: 'password_reset',
          relatedId: user.id,
        },
        now,
      );
    },

    async checkResetToken(brandId, token) {
      const user = await resets.findLive(hashSessionToken(token), clock());
      return user?.brandId === brandId;
    },

    async resetPassword(brandId, { token, password }, ip) {
      await limiter.consume(
        `reset-password:address:${addressBucket(ip)}`,
        RESET_ATTEMPTS_PER_ADDRESS,
        resetMessages.linkInvalid,
      );
      const tokenHash = hashSessionToken(token);
      const user = await resets.findLive(tokenHash, clock());
      if (user?.brandId !== brandId) throw authErrors.invalidResetToken();
      const passwordHash = await hashPassword(password);
      if (!(await resets.redeem(tokenHash, clock(), passwordHash)))
        throw authErrors.invalidResetToken();
      // The owner proved who they are: their own failed sign-ins no longer count.
      await throttle.reset(signInKey(brandId, user.username, ip));
      await throttle.reset(accountKey(brandId, user.username));
    },
  };
}
