/**
 * What other modules use of the bookings module besides its services: the price and passenger
 * checks a card authorisation runs before a booking does, and the booking e-mails the back
 * office resends, and its error answers.
 */
export { assertPassengers, assertSeatRules } from './passenger-check';
export { assertAmount, quote, sameExtras, type Extras, type Quote } from './pricing';
export { bookingEmail, renderConfirmationEmail } from './booking-email';
export { bookingErrors } from './bookings.errors';
