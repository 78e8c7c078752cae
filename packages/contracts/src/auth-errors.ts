/** The error codes of accounts and sessions: sign-in, registration, passwords. */
export const AUTH_ERROR_CODES = [
  /** 409 on registration: the username belongs to another account. */
  'username_taken',
  /** 401: no account with that username and password. */
  'invalid_credentials',
  /** 400 on a password change: the current password is wrong. */
  'invalid_current_password',
  /** 400: the reset link is unknown, used or expired; the form offers a new one. */
  'invalid_reset_token',
  /** 429: too many password attempts in the window. */
  'too_many_attempts',
  /** 403: the session must set a new password before anything else. */
  'password_change_required',
  /** 400: the confirmation link is unknown, used, expired or of another address. */
  'invalid_verification_token',
  /** 403: the confirmation link was sent to another account than the one signed in. */
  'verification_other_account',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
