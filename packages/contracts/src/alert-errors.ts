/** The error codes of price alerts. */
export const ALERT_ERROR_CODES = [
  /** 404: no alert the caller may see with that id (someone else's answers the same). */
  'alert_not_found',
  /** 409: the traveller already tracks as many routes as one may at once. */
  'alert_limit_reached',
  /** 400: a guest's alert needs the e-mail address the alerts go to. */
  'alert_email_required',
  /** 410: a confirmation or unsubscribe link that is unknown, used or expired. */
  'alert_link_invalid',
] as const;
export type AlertErrorCode = (typeof ALERT_ERROR_CODES)[number];
