/**
 * The constants the policy pages state. Each is written once here so the pages and their tests
 * cannot drift apart.
 */

/** 'Last updated January 29, 2025': the date of the policy set. */
export const POLICIES_LAST_UPDATED = { iso: '2025-01-29', label: 'January 29, 2025' } as const;

export const accountPolicy = {
  /** Accounts are for adults only. */
  minimumAccountAge: 18,
  /** The service is not aimed at, nor marketed to, children under this age. */
  childrenNotTargetedUnder: 16,
  /** Notice before a material change of the terms or policies takes effect. */
  materialChangeNoticeDays: 30,
} as const;

/** The refund policy, in the words the trips screens and the cancellation e-mail use. */
export const refundPolicy = {
  started: 'We start the refund with the airline within 24-48 hours of your request.',
  processing: 'The airline takes 7 to 30 business days to process it.',
  originalPayment: 'The refund goes to the original payment method',
  serviceFees: 'Service fees are non-refundable.',
  feesMayApply: 'Changes allowed, fees may apply',
} as const;

/** How long each kind of cookie lasts. */
export const cookieDurations = {
  session: 'Session',
  authentication: '30 days',
  preference: '1 year',
  analytics: '2 years',
  marketing: '90 days',
} as const;

/**
 * The sign-in cookie the API sets (apps/api/src/plugins/session.ts): `__Host-` bound to the exact
 * host where the site runs over HTTPS, the plain name otherwise. The session lasts 30 days and is
 * renewed when used (apps/api/src/modules/auth/auth.service.ts).
 */
export const sessionCookie = {
  secureName: '__Host-contrail_session',
  plainName: 'contrail_session',
} as const;

/** What the search keeps in the browser's local storage (features/flight-search saved-search). */
export const preferenceStorageKeys = {
  tripType: 'contrail.lastTripType',
  lastSearch: 'contrail.lastSearch',
} as const;

/** Responses are promised within 24 hours. */
export const RESPONSE_TIME = 'within 24 hours';
