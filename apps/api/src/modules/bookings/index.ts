/**
 * What other modules use of the bookings module besides its services: the booking e-mails the
 * back office resends, its error answers, and the one reading of each JSON column of its table.
 */
export { bookingEmail, renderConfirmationEmail } from './booking-email';
export { bookingErrors } from './bookings.errors';
export {
  readOrderUncertainty,
  readStoredBags,
  readStoredOrder,
  readStoredPassengers,
  readStoredSeats,
  readStoredSiteUrl,
  type StoredOrder,
  type StoredPassenger,
} from './bookings.columns';
