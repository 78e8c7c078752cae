/** The error codes of the admin and the back office. */
export const ADMIN_ERROR_CODES = [
  /** 401 on the password step before a sensitive change: the password is wrong. */
  'invalid_password',
  /** 403: the change needs a recent password confirmation. */
  'step_up_required',
  /** 409: live mode cannot be enabled without live providers configured. */
  'live_provider_missing',
  /** 409: the default brand cannot be deleted. */
  'default_brand_protected',
  /** 409: users, bookings or enquiries still belong to the brand. */
  'brand_in_use',
  /** 409: another brand has that domain. */
  'domain_taken',
  'enquiry_not_found',
  'subscriber_not_found',
  'email_not_found',
  /** 409: the booking has no confirmation e-mail to resend. */
  'no_confirmation',
  /** 409: the booking's payment has no hold to release. */
  'no_open_hold',
  /** 409: the hold was captured; only a refund gives the money back. */
  'hold_captured',
  /** 409: the booking may still be worked on; reconciling waits until it is stale. */
  'reconcile_too_soon',
  /** 409: nothing is left to reconcile on the booking. */
  'not_reconcilable',
  /** 409: the enquiry has no address to reply to. */
  'no_reply_address',
  /** 409: only a failed e-mail can be sent again. */
  'email_not_failed',
  /** 409: the e-mail's body was purged; it cannot be sent again. */
  'email_body_gone',
  /** 404: no user with that username. */
  'user_not_found',
  /** 409: the user is an admin already. */
  'already_admin',
] as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];
