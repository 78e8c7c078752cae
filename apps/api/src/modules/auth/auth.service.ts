import { createHash, randomBytes } from 'node:crypto';
import type { ChangePasswordRequest, RegisterRequest } from '@contrail/contracts/account-forms';
import { authMessages, type CurrentUser, type LoginRequest } from '@contrail/contracts/auth';
import { AppError, badRequest, unauthorized } from '../../lib/app-error';
import { tooManyRequests } from '../../lib/rate-limit';
import type { SessionsRepository, ThrottleRepository, UsersRepository } from './auth.repository';
import type { SessionRow, UserRow } from './auth.table';
import { burnVerification, hashPassword, prepareTimingEqualiser, verifyPassword } from './password';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry moves forward at most once a day, so reads rarely write. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_LIMIT_PER_ACCOUNT = 5;
export const SIGN_IN_LIMIT_PER_IP = 20;

export interface Authenticated {
  user: UserRow;
  session: SessionRow;
  /** Where the lifetime was extended, the new expiry (the cookie must follow). */
  renewedUntil?: Date;
}

export interface SignedIn {
  token: string;
  expiresAt: Date;
  user: UserRow;
  requiresPasswordChange: boolean;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toCurrentUser(user: UserRow, requiresPasswordChange: boolean): CurrentUser {
  return {
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
    mustChangePassword: requiresPasswordChange,
  };
}

export interface AuthService {
  register(brandId: string, input: RegisterRequest): Promise<UserRow>;
  /** Signs in, ending `previousToken`'s session so the session id always changes at sign-in. */
  login(
    brandId: string,
    input: LoginRequest,
    ip: string,
    previousToken?: string,
  ): Promise<SignedIn>;
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
  clock: () => Date;
}

export function createAuthService({
  users,
  sessions,
  throttle,
  clock,
}: AuthServiceDeps): AuthService {
  prepareTimingEqualiser();
  const tooMany = (windowStart: Date, now: Date): AppError =>
    tooManyRequests(
      { windowStart, windowMs: SIGN_IN_WINDOW_MS, now },
      'too_many_attempts',
      authMessages.tooManyAttempts,
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
    async register(brandId, input) {
      if (await users.usernameTaken(brandId, input.username)) {
        throw new AppError(409, 'username_taken', authMessages.usernameTaken, {
          username: authMessages.usernameTaken,
        });
      }
      if (await users.findByEmail(brandId, input.email)) {
        throw new AppError(409, 'email_taken', authMessages.emailTaken, {
          email: authMessages.emailTaken,
        });
      }
      const user = await users.insert({
        brandId,
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: await hashPassword(input.password),
      });
      // Lost a race with a concurrent registration of the same name or e-mail.
      if (!user)
        throw new AppError(409, 'username_taken', authMessages.usernameTaken, {
          username: authMessages.usernameTaken,
        });
      return user;
    },

    async login(brandId, input, ip, previousToken) {
      const now = clock();
      const accountKey = `sign-in:account:${brandId}:${input.username.toLowerCase()}`;
      const ipKey = `sign-in:ip:${ip}`;
      // Count the attempt before checking the password, so racing attempts cannot slip past.
      const account = await throttle.hit(accountKey, now, SIGN_IN_WINDOW_MS);
      const address = await throttle.hit(ipKey, now, SIGN_IN_WINDOW_MS);
      if (account.attempts > SIGN_IN_LIMIT_PER_ACCOUNT) throw tooMany(account.windowStart, now);
      if (address.attempts > SIGN_IN_LIMIT_PER_IP) throw tooMany(address.windowStart, now);

      const user = await users.findForSignIn(brandId, input.username);
      if (!user) await burnVerification(input.password);
      const valid = user ? await verifyPassword(user.passwordHash, input.password) : false;
      if (!user || !valid)
        throw unauthorized(authMessages.invalidCredentials, 'invalid_credentials');

      await throttle.reset(accountKey);
      await throttle.release(ipKey);
      if (previousToken) await sessions.delete(hashSessionToken(previousToken));
      await sessions.deleteExpired(now);
      return open(user, brandId, user.passwordTemporary);
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

    async changePassword({ user, session }, input) {
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw badRequest(
          authMessages.currentPasswordIncorrect,
          { currentPassword: authMessages.currentPasswordIncorrect },
          'invalid_current_password',
        );
      }
      await users.updatePassword(user.id, await hashPassword(input.newPassword), false);
      await sessions.deleteOthers(user.id, session.idHash);
      await sessions.clearPasswordChange(session.idHash);
    },
  };
}
