/**
 * What other modules use of the bookings module besides its services: the booking e-mails the
 * back office resends, and its error answers.
 */
export { bookingEmail, renderConfirmationEmail } from './booking-email';
export { bookingErrors } from './bookings.errors';
