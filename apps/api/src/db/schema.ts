// Every table, for Drizzle's typed client and drizzle-kit's migration generator.
export { brands } from '../modules/brands/brands.table';
export { settings } from '../modules/system/system.table';
export {
  authThrottle,
  emailVerifications,
  passwordResetTokens,
  sessions,
  users,
} from '../modules/auth/auth.table';
export { enquiries, newsletterSubscriptions } from '../modules/content/content.table';
export {
  auditLog,
  bookingEvents,
  bookingNotes,
  brandStaff,
  enquiryReplies,
} from '../modules/admin/admin.table';
export {
  sandboxCancellations,
  sandboxOrders,
  sandboxSeats,
} from '../providers/flights/sandbox/sandbox.table';
export {
  sandboxPaymentIntents,
  sandboxRefunds,
} from '../providers/payments/sandbox/sandbox-payments.table';
export {
  duffelBalanceAlerts,
  duffelRateLimitPauses,
  duffelOfferReplacements,
} from '../providers/flights/duffel/duffel.table';
export { supplierSearches } from '../modules/flights/flights.table';
export { paymentAuthorizations } from '../modules/payments/payments.table';
export { stripeEvents } from '../modules/payments/stripe-events.table';
export { bookings } from '../modules/bookings/bookings.table';
export { bookingCounts, bookingPassengerNames } from '../modules/bookings/booking-search.table';
export { duffelWebhookEvents } from '../modules/bookings/duffel-webhook-events.table';
export { airlineInitiatedChanges } from '../modules/bookings/airline-initiated-changes.table';
export { emailOutbox } from '../modules/email/email.table';
export { priceAlerts } from '../modules/alerts/alerts.table';
