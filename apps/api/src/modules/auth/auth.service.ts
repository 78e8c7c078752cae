import { randomBytes } from 'node:crypto';
import type { ChangePasswordRequest } from '@contrail/contracts/account-forms';
import { passwordWaitMessage, type CurrentUser } from '@contrail/contracts/auth';
import type { EmailOutbox } from '../email';
import type { AccountLinksService } from './account-links.service';
import type {
  PasswordResetsRepository,
  SessionsRepository,
  ThrottleRepository,
  UsersRepository,
} from './auth.repository';
import { authErrors } from './auth.errors';
import type { SessionRow, UserRow } from './auth.table';
import { hashPassword, prepareTimingEqualiser, verifyPassword } from './password';
import { createPasswordResets, type PasswordResets } from './password-resets';
import { createRegistration, type Registration } from './registration';
import { createSignIn, hashSessionToken, type SignedIn, type SignIn } from './sign-in';

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry moves forward at most once a day, so reads rarely write. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
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

/** How long a browser stays known to an account it signed in to. */
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

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

export interface AuthService extends Registration, SignIn, PasswordResets {
  /** Opens a session for a user without a password check (a guest account just created). */
  openSession(user: UserRow, brandId: string): Promise<SignedIn>;
  logout(token: string): Promise<void>;
  authenticate(token: string, brandId: string): Promise<Authenticated | null>;
  changePassword(auth: Authenticated, input: ChangePasswordRequest): Promise<void>;
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
    ...createRegistration({ users, throttle, links, clock }),

    ...createSignIn({ users, sessions, throttle, deviceSecret, clock }, open),

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

    ...createPasswordResets({ users, throttle, resets, outbox, clock }),
  };
}
