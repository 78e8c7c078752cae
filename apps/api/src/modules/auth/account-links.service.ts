import { randomBytes, randomInt } from 'node:crypto';
import {
  EMAIL_LINK_VALID_DAYS,
  verificationMessages,
  verificationWaitMessage,
} from '@contrail/contracts/email-verification';
import { createElement, type ReactElement } from 'react';
import { addressBucket, createRateLimiter } from '../../lib/rate-limit';
import { pageUrl, type SiteUrl } from '../../lib/site-url';
import type { BrandContext } from '../brands/brands.service';
import {
  brandSender,
  ExistingAccountEmail,
  GuestBookingAccountEmail,
  renderEmail,
  VerificationEmail,
  type EmailOutbox,
  type GuestBookingAccountEmailProps,
  type QueuedEmail,
} from '../email';
import type {
  EmailVerificationsRepository,
  PasswordResetsRepository,
  ThrottleRepository,
  UsersRepository,
} from './auth.repository';
import { authErrors } from './auth.errors';
import type { UserRow } from './auth.table';
import { generatePassword, hashPassword } from './password';

const LINK_TTL_MS = EMAIL_LINK_VALID_DAYS * 24 * 60 * 60 * 1000;
/** Confirmation links asked for again, per account. */
export const RESEND_LIMIT_PER_ACCOUNT = { max: 3, windowMs: 60 * 60 * 1000 };
/** Attempts to use confirmation links from one address. */
const CONFIRM_ATTEMPTS_PER_ADDRESS = { max: 20, windowMs: 15 * 60 * 1000 };
/** "You already have an account" notices to one address: past it, registrations send nothing. */
const EXISTING_ACCOUNT_NOTICES_PER_EMAIL = { max: 3, windowMs: 60 * 60 * 1000 };

/** What a guest booking's address is told, and what it names. */
interface GuestBookingNote {
  brand: BrandContext;
  email: string;
  firstName: string;
  lastName: string;
  bookingId: string;
  bookingReference: string;
  siteUrl: SiteUrl;
}

export interface AccountLinksService {
  /** E-mails a link that confirms the account's address (at registration, or asked again). */
  sendConfirmation(user: UserRow, brand: BrandContext, siteUrl: SiteUrl): Promise<void>;
  /** A registration named an address that has an account: its owner is told, at most so often. */
  noteRegistrationAttempt(existing: UserRow, brand: BrandContext, siteUrl: SiteUrl): Promise<void>;
  /**
   * Confirms the signed-in account's address with a link sent to it; answers the message to show.
   * A link of another account answers 403, an unknown, used or expired one 400.
   */
  confirm(user: UserRow, token: string, ip: string): Promise<string>;
  /** Sends a new confirmation link (limited per account); answers the message to show. */
  resend(user: UserRow, brand: BrandContext, siteUrl: SiteUrl): Promise<string>;
  /**
   * Tells a guest booking's address how to see the trip in an account, in one e-mail whatever
   * the address has: no account (one is made, its password chosen from the link), an account
   * that has not confirmed the address (links to confirm it or to choose a new password), or a
   * confirmed one (the trip is in it). The checkout's own answer is the same in every case.
   */
  noteGuestBooking(note: GuestBookingNote): Promise<void>;
}

export interface AccountLinksDeps {
  users: UsersRepository;
  verifications: EmailVerificationsRepository;
  resets: PasswordResetsRepository;
  throttle: ThrottleRepository;
  outbox: EmailOutbox;
  clock: () => Date;
  hashToken: (token: string) => string;
}

export function createAccountLinksService(deps: AccountLinksDeps): AccountLinksService {
  const { users, verifications, resets, throttle, outbox, clock, hashToken } = deps;
  const limiter = createRateLimiter({ throttle, clock });

  const queue = async (
    brand: BrandContext,
    user: Pick<UserRow, 'id' | 'email'>,
    kind: QueuedEmail['kind'],
    subject: string,
    element: ReactElement,
  ) => {
    const rendered = await renderEmail(element);
    await outbox.queue(
      {
        brandId: brand.id,
        recipient: user.email,
        ...brandSender(brand.brand),
        subject,
        ...rendered,
        kind,
        relatedId: user.id,
      },
      clock(),
    );
  };

  const verificationLink = async (user: UserRow, siteUrl: SiteUrl): Promise<string> => {
    const now = clock();
    const token = randomBytes(32).toString('base64url');
    await verifications.deleteExpired(now);
    await verifications.insert({
      tokenHash: hashToken(token),
      userId: user.id,
      email: user.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_TTL_MS),
    });
    return pageUrl(siteUrl, '/verify-email', { token });
  };

  /** A password link that lasts as long as a confirmation link: a guest reads it days later. */
  const setPasswordLink = async (user: UserRow, siteUrl: SiteUrl): Promise<string> => {
    const now = clock();
    const token = randomBytes(32).toString('base64url');
    await resets.insert({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_TTL_MS),
    });
    return pageUrl(siteUrl, '/reset-password', { token });
  };

  const sendConfirmation: AccountLinksService['sendConfirmation'] = async (
    user,
    brand,
    siteUrl,
  ) => {
    const verifyUrl = await verificationLink(user, siteUrl);
    await queue(
      brand,
      user,
      'email_verification',
      `Confirm your ${brand.brand.name} email address`,
      createElement(VerificationEmail, {
        brand: brand.brand,
        firstName: user.firstName,
        username: user.username,
        verifyUrl,
        validDays: EMAIL_LINK_VALID_DAYS,
      }),
    );
  };

  return {
    sendConfirmation,

    async noteRegistrationAttempt(existing, brand, siteUrl) {
      const { max, windowMs } = EXISTING_ACCOUNT_NOTICES_PER_EMAIL;
      const sent = await throttle.hit(
        `register:existing:${brand.id}:${existing.email.toLowerCase()}`,
        clock(),
        windowMs,
      );
      if (sent.attempts > max) return;
      await queue(
        brand,
        existing,
        'account_notice',
        `Your ${brand.brand.name} account`,
        createElement(ExistingAccountEmail, {
          brand: brand.brand,
          firstName: existing.firstName,
          username: existing.username,
          signInUrl: pageUrl(siteUrl, '/login'),
          forgotPasswordUrl: pageUrl(siteUrl, '/forgot-password'),
        }),
      );
    },

    async confirm(user, token, ip) {
      await limiter.consume(
        `verify-email:address:${addressBucket(ip)}`,
        CONFIRM_ATTEMPTS_PER_ADDRESS,
        verificationMessages.linkInvalid,
      );
      const tokenHash = hashToken(token);
      const link = await verifications.findLive(tokenHash, clock());
      if (!link) {
        // A link used a moment ago, opened again: nothing left to do.
        if (user.emailVerifiedAt) return verificationMessages.alreadyConfirmed;
        throw authErrors.invalidVerificationToken();
      }
      if (link.userId !== user.id) throw authErrors.verificationOtherAccount();
      if (!(await verifications.redeem(tokenHash, user.id, clock()))) {
        throw authErrors.invalidVerificationToken();
      }
      return verificationMessages.confirmed;
    },

    async resend(user, brand, siteUrl) {
      if (user.emailVerifiedAt) return verificationMessages.alreadyConfirmed;
      await limiter.consume(
        `verify-email:resend:${user.id}`,
        RESEND_LIMIT_PER_ACCOUNT,
        verificationWaitMessage,
      );
      await sendConfirmation(user, brand, siteUrl);
      return verificationMessages.sent;
    },

    async noteGuestBooking(note) {
      const existing = await users.findByEmail(note.brand.id, note.email);
      const user = existing ?? (await guestAccount(users, note));
      if (!user) return;
      const account: GuestBookingAccountEmailProps['account'] = !existing
        ? 'new'
        : existing.emailVerifiedAt
          ? 'confirmed'
          : 'unconfirmed';
      const props: GuestBookingAccountEmailProps = {
        brand: note.brand.brand,
        firstName: note.firstName,
        username: user.username,
        bookingReference: note.bookingReference,
        account,
        setPasswordUrl: account === 'confirmed' ? null : await setPasswordLink(user, note.siteUrl),
        verifyUrl: account === 'unconfirmed' ? await verificationLink(user, note.siteUrl) : null,
        myTripsUrl: pageUrl(note.siteUrl, '/my-trips'),
        validDays: EMAIL_LINK_VALID_DAYS,
      };
      await queue(
        note.brand,
        { id: user.id, email: note.email },
        'guest_booking_account',
        `Booking ${note.bookingReference} and your ${note.brand.brand.name} account`,
        createElement(GuestBookingAccountEmail, props),
      );
    },
  };
}

/**
 * The account made for a guest booking's address: its username from the address, a password
 * nobody knows (the owner chooses one from the e-mailed link, which also confirms the address).
 * Another request may make it at the same moment: then that one.
 */
async function guestAccount(
  users: UsersRepository,
  note: GuestBookingNote,
): Promise<UserRow | undefined> {
  const cleaned = (note.email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 30);
  const base = cleaned === '' ? 'traveller' : cleaned;
  const passwordHash = await hashPassword(generatePassword());
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const username = `${base}${attempt === 0 ? '' : String(randomInt(1000, 9999))}`.padEnd(3, '0');
    const user = await users.insert({
      brandId: note.brand.id,
      username,
      email: note.email,
      firstName: note.firstName,
      lastName: note.lastName,
      passwordHash,
    });
    if (user) return user;
    const raced = await users.findByEmail(note.brand.id, note.email);
    if (raced) return raced;
  }
  return undefined;
}
