/**
 * What other modules use of the payments module besides its services: the guest checkout's
 * ownership token, its error answers, and the card authorisations a booking claims in its own transaction
 * (with the one reading of their seats and bags), and the authorisation a booking claimed as SQL
 * for the queries that list bookings.
 */
export { ownsCheckout, readCheckoutToken } from './checkout-owner';
export { paymentErrors } from './payments.errors';
export { authorizationExtras } from './payments.columns';
export type { PaymentsRepository } from './payments.repository';
export type { PaymentAuthorizationRow } from './payments.table';
export { claimedPaymentIs, claimedPaymentStatus } from './claimed-payments';
