import { z } from 'zod';
import { inMinutes } from './auth';
import { emailSchema } from './fields';

// Password reset by e-mail: apart from ./auth, which the web app's first script holds, and from
// ./account-forms, whose common-password list the sign-in page needs not.

/** How long a password-reset link works. */
export const RESET_LINK_VALID_MINUTES = 30;

export const resetMessages = {
  linkSent: `If an account exists for that email address, we have sent it a link to set a new password. The link works once, within ${String(RESET_LINK_VALID_MINUTES)} minutes.`,
  linkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordReset: 'Your password has been reset. Sign in with your new password.',
} as const;

/** The 429 of password-reset requests from one address. */
export const resetWaitMessage = (seconds: number): string =>
  `Too many password reset requests. Please try again ${inMinutes(seconds)}.`;

/** `POST /api/auth/forgot-password`: always 202 with the same answer, account or not. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export const forgotPasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

/** A reset link's token: 32 random bytes, base64url. */
export const resetTokenSchema = z
  .string()
  .trim()
  .min(1, resetMessages.linkInvalid)
  .max(200, resetMessages.linkInvalid);

/** `POST /api/auth/reset-password/check`: whether a link still works, before the form is filled. */
export const resetTokenCheckRequestSchema = z.object({ token: resetTokenSchema });
export const resetTokenCheckResponseSchema = z.object({ valid: z.boolean() });

export const resetPasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
