import { randomBytes } from 'node:crypto';
import type { ResetPasswordRequest } from '@contrail/contracts/account-forms';
import {
  RESET_LINK_VALID_MINUTES,
  resetMessages,
  resetWaitMessage,
} from '@contrail/contracts/password-reset';
import { addressBucket, createRateLimiter } from '../../lib/rate-limit';
import { pageUrl, type SiteUrl } from '../../lib/site-url';
import type { BrandContext } from '../brands/brands.service';
import { brandSender, type EmailOutbox } from '../email';
import type {
  PasswordResetsRepository,
  ThrottleRepository,
  UsersRepository,
} from './auth.repository';
import { authErrors } from './auth.errors';
import { hashPassword } from './password';
import { renderPasswordResetEmail } from './password-reset-email';
import { accountKey, hashSessionToken, signInKey } from './sign-in';

/**
 * Password resets: a link e-mailed to the account's address, answered alike whether or not the
 * brand has one, and the new password it sets once, within limits per address and per e-mail.
 */

const RESET_LINK_TTL_MS = RESET_LINK_VALID_MINUTES * 60 * 1000;
/** Reset requests from one address (answered 429 past it). */
export const RESET_LIMIT_PER_ADDRESS = { max: 10, windowMs: 60 * 60 * 1000 };
/** Reset e-mails to one address: past it, requests are still answered alike but send nothing. */
export const RESET_LIMIT_PER_EMAIL = { max: 3, windowMs: 60 * 60 * 1000 };
/** Attempts to use reset links from one address. */
const RESET_ATTEMPTS_PER_ADDRESS = { max: 20, windowMs: 15 * 60 * 1000 };

export interface PasswordResets {
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

export function createPasswordResets({
  users,
  throttle,
  resets,
  outbox,
  clock,
}: {
  users: UsersRepository;
  throttle: ThrottleRepository;
  resets: PasswordResetsRepository;
  outbox: EmailOutbox;
  clock: () => Date;
}): PasswordResets {
  const limiter = createRateLimiter({ throttle, clock });

  return {
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
