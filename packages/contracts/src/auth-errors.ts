/** The error codes of accounts and sessions: sign-in, registration, passwords. */
export const AUTH_ERROR_CODES = [
  /** 409 on registration: the username belongs to another account. */
  'username_taken',
  /** 409 on registration: the e-mail address belongs to another account. */
  'email_taken',
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
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
