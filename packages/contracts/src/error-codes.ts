import { ADMIN_ERROR_CODES } from './admin-errors';
import { ALERT_ERROR_CODES } from './alert-errors';
import { AUTH_ERROR_CODES } from './auth-errors';
import { BOOKING_ERROR_CODES } from './booking-errors';
import { BRAND_ERROR_CODES } from './brand-errors';
import { OFFER_ERROR_CODES } from './offer-errors';
import { PAYMENT_ERROR_CODES } from './payment-errors';

// The API's error codes, without the envelope's schema of errors.ts: the web app's entry chunk
// reads them, and zod stays out of it.

/**
 * Codes any route may answer with, shared by API and web app. Each area's own codes are listed in
 * its `<area>-errors.ts`; `API_ERROR_CODES` is every code the API sends.
 */
export const errorCodes = {
  badRequest: 'bad_request',
  validation: 'validation_failed',
  unauthorized: 'not_authenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  unsupportedMediaType: 'unsupported_media_type',
  payloadTooLarge: 'payload_too_large',
  /** The request's headers are larger than the server reads (431). */
  headersTooLarge: 'headers_too_large',
  /** The request did not arrive in full in time (408). */
  requestTimeout: 'request_timeout',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
  /** The database cannot be reached or cannot serve right now: try again later (503). */
  databaseUnavailable: 'database_unavailable',
  /** Every worker is taken and the queue is full: try again in a moment (503). */
  serverBusy: 'server_busy',
  /** Control characters or malformed Unicode in the URL or body (400). */
  invalidCharacters: 'invalid_characters',
  /**
   * The client went away before it was answered (499, as nginx records it): nothing is sent,
   * the code only names the request in the log.
   */
  clientClosedRequest: 'client_closed_request',
} as const;
export type GenericErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** Every code in the `error.code` of an API answer. */
export const API_ERROR_CODES = [
  ...Object.values(errorCodes),
  ...AUTH_ERROR_CODES,
  ...BRAND_ERROR_CODES,
  ...ADMIN_ERROR_CODES,
  ...OFFER_ERROR_CODES,
  ...BOOKING_ERROR_CODES,
  ...PAYMENT_ERROR_CODES,
  ...ALERT_ERROR_CODES,
];
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

const KNOWN_CODES: ReadonlySet<string> = new Set(API_ERROR_CODES);

/** Whether `code` is one the API sends (a newer server may send codes this build does not know). */
export function isApiErrorCode(code: string): code is ApiErrorCode {
  return KNOWN_CODES.has(code);
}
