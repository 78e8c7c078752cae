import { z } from 'zod';
import { inMinutes } from './auth';

// An account proves its e-mail address: registration sends a confirmation link; a guest
// booking names an address but proves nothing, so it reaches an account only once that
// account's address is confirmed (decision 022).

/** How long a confirmation link, and the link a guest booking sends to choose a password, work. */
export const EMAIL_LINK_VALID_DAYS = 7;

export const verificationMessages = {
  /** The one answer of a registration, whether or not the address already had an account. */
  registered:
    'Check your email: we have sent you a message about your new account. Follow its link to confirm your address, then sign in.',
  confirmed: 'Your email address is confirmed.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  linkInvalid:
    'This confirmation link is invalid or has expired. Sign in and ask for a new one in your account settings.',
  otherAccount:
    'This link confirms the address of another account. Sign out, then sign in to the account it was sent to.',
  sent: 'We have sent a new confirmation link to your email address.',
  notConfirmed: 'Your email address is not confirmed yet.',
  guestBookingsHidden:
    'Bookings made as a guest with your email address appear here once you confirm it.',
} as const;

/** The 429 of asking for confirmation links again. */
export const verificationWaitMessage = (seconds: number): string =>
  `Too many confirmation emails. Please try again ${inMinutes(seconds)}.`;

/** `POST /api/auth/register`: 201 with this answer, whether or not the address had an account. */
export const registerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** A confirmation link's token: 32 random bytes, base64url. */
const verificationTokenSchema = z
  .string()
  .trim()
  .min(1, verificationMessages.linkInvalid)
  .max(200, verificationMessages.linkInvalid);

/** `POST /api/auth/verify-email`, signed in to the account the link was sent to. */
export const verifyEmailRequestSchema = z.object({ token: verificationTokenSchema });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** The answer of confirming, and of asking for a new link (`POST /api/auth/verify-email/resend`). */
export const verifyEmailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;
