import { oneOf, searchParams, text, wholeNumber } from '../../../lib/search-param-readers';

// Loaded with the router (entry chunk): no zod, nothing else.

export const CHECKOUT_STEPS = ['passengers', 'seats', 'payment', 'confirmation'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/**
 * `/booking?offer=&adults=&children=&infants=`, plus the checkout step so the browser's Back moves
 * between steps. Anything unreadable is dropped rather than refused; the passengers themselves
 * always come from the offer.
 */
const bookingShape = {
  offer: text({ trim: true, min: 1, max: 2000 }),
  adults: wholeNumber(1, 9),
  children: wholeNumber(0, 9),
  infants: wholeNumber(0, 9),
  step: oneOf(CHECKOUT_STEPS),
};
export const readBookingSearch = searchParams(bookingShape);
