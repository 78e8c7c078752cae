/**
 * The checkout core, used alike by a card authorisation (payments) and a booking (bookings): the
 * server's price of an offer with its seats and bags, the passenger and seat rules, the errors
 * they answer, the card holds' metadata, and the sweep that releases holds no booking will
 * capture.
 */
export { PAYMENT_METADATA_KEY } from './card-holds';
export { checkoutErrorCodes, checkoutErrors, pricingMessages } from './checkout.errors';
export { createHoldSweep } from './hold-sweep';
export { assertPassengers, assertSeatRules, supplierPassengers } from './passenger-check';
export { assertAmount, quote, sameExtras, seatConflict, type Quote } from './pricing';
