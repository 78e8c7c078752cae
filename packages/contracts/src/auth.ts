import { z } from 'zod';

// The signed-in user and signing out are in session.ts (they ship with the web app's entry chunk).
export { currentUserSchema, logoutResponseSchema, type CurrentUser } from './session';

export const authMessages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username cannot exceed 50 characters',
  usernameCharacters: 'Username can only contain letters, numbers, dots, hyphens and underscores',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  registerPasswordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password cannot exceed 128 characters',
  passwordCommon: 'This password is too common. Please choose a less common password',
  passwordsDontMatch: "Passwords don't match",
  currentPasswordRequired: 'Current password is required',
  changePasswordMin: 'Password must be at least 12 characters',
  changePasswordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
  confirmPasswordRequired: 'Please confirm your new password',
  newPasswordSameAsCurrent: 'New password must be different from the current password',
  invalidCredentials: 'Invalid username or password',
  currentPasswordIncorrect: 'Current password is incorrect',
  usernameTaken: 'Username is already taken',
  notAuthenticated: 'Not authenticated',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
  passwordUpdated: 'Password updated successfully',
  passwordChangeRequired: 'Please set a new password to continue',
} as const;

/** "in 1 minute", "in 12 minutes": a wait rounded up to whole minutes. */
export function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `in ${String(minutes)} minute${minutes === 1 ? '' : 's'}`;
}

/** The 429 of sign-in, saying how long to wait ("Please try again in 12 minutes."). */
export const signInWaitMessage = (seconds: number): string =>
  `Too many sign-in attempts. Please try again ${inMinutes(seconds)}.`;

/**
 * The 429 of an account many sign-ins failed for, from anywhere: the next attempt is a few
 * seconds away (a slow-down, never a lock-out).
 */
export const signInSlowDownMessage = (seconds: number): string =>
  `Too many sign-in attempts for this account. Please try again in ${String(seconds)} second${seconds === 1 ? '' : 's'}.`;

/** The 429 of registration, after many refusals (names or addresses taken) from one address. */
export const registerWaitMessage = (seconds: number): string =>
  `Too many registration attempts. Please try again ${inMinutes(seconds)}.`;

/** The 429 of a password change or an admin's confirmation after repeated wrong passwords. */
export const passwordWaitMessage = (seconds: number): string =>
  `Too many wrong passwords. Please try again ${inMinutes(seconds)}.`;

// Over-long passwords would only make hashing slow; 128 is far beyond any passphrase.
export const PASSWORD_MAX = 128;

export const loginRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, authMessages.usernameRequired)
    .max(254, authMessages.usernameRequired),
  password: z
    .string()
    .min(1, authMessages.passwordRequired)
    .max(PASSWORD_MAX, authMessages.invalidCredentials),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
