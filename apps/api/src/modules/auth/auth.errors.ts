import { authMessages } from '@contrail/contracts/auth';
import type { AuthErrorCode } from '@contrail/contracts/auth-errors';
import { verificationMessages } from '@contrail/contracts/email-verification';
import { resetMessages } from '@contrail/contracts/password-reset';
import { AppError, badRequest, unauthorized } from '../../lib/app-error';
import { tooManyRequests, type LimitMessage } from '../../lib/rate-limit';

/** The codes of accounts and sessions, by name. */
export const authErrorCodes = {
  usernameTaken: 'username_taken',
  invalidCredentials: 'invalid_credentials',
  invalidCurrentPassword: 'invalid_current_password',
  invalidResetToken: 'invalid_reset_token',
  tooManyAttempts: 'too_many_attempts',
  passwordChangeRequired: 'password_change_required',
  invalidVerificationToken: 'invalid_verification_token',
  verificationOtherAccount: 'verification_other_account',
} as const satisfies Record<string, AuthErrorCode>;

/** The errors of accounts and sessions, with the status and message each answers. */
export const authErrors = {
  /** 409, on the username field. */
  usernameTaken: (): AppError =>
    new AppError(409, authErrorCodes.usernameTaken, authMessages.usernameTaken, {
      username: authMessages.usernameTaken,
    }),
  /** 401 for an unknown username and a wrong password alike. */
  invalidCredentials: (): AppError =>
    unauthorized(authMessages.invalidCredentials, authErrorCodes.invalidCredentials),
  /** 400, on the current-password field. */
  invalidCurrentPassword: (): AppError =>
    badRequest(
      authMessages.currentPasswordIncorrect,
      { currentPassword: authMessages.currentPasswordIncorrect },
      authErrorCodes.invalidCurrentPassword,
    ),
  /** 400, on the token: the link is unknown, used or expired. */
  invalidResetToken: (): AppError =>
    badRequest(
      resetMessages.linkInvalid,
      { token: resetMessages.linkInvalid },
      authErrorCodes.invalidResetToken,
    ),
  /** 400, on the token: the confirmation link is unknown, used, expired or of another address. */
  invalidVerificationToken: (): AppError =>
    badRequest(
      verificationMessages.linkInvalid,
      { token: verificationMessages.linkInvalid },
      authErrorCodes.invalidVerificationToken,
    ),
  /** 403: a live link, sent to another account than the session's. */
  verificationOtherAccount: (): AppError =>
    new AppError(403, authErrorCodes.verificationOtherAccount, verificationMessages.otherAccount),
  /** 429 with Retry-After when the window that opened at `windowStart` closes. */
  tooManyAttempts: (
    window: { windowStart: Date; windowMs: number; now: Date },
    message: LimitMessage,
  ): AppError => tooManyRequests(window, authErrorCodes.tooManyAttempts, message),
  /** 403 until the session sets a new password. */
  passwordChangeRequired: (): AppError =>
    new AppError(403, authErrorCodes.passwordChangeRequired, authMessages.passwordChangeRequired),
};
