import { z } from 'zod';

// Loaded with the router (entry chunk): zod only, nothing else.

export const CHECKOUT_STEPS = ['passengers', 'seats', 'payment', 'confirmation'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

const count = (min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).optional().catch(undefined);

/**
 * `/booking?offer=&adults=&children=&infants=`, plus the checkout step so the browser's Back moves
 * between steps. Anything unreadable is dropped rather than refused; the passengers themselves
 * always come from the offer.
 */
export const bookingSearchSchema = z.object({
  offer: z.string().trim().min(1).max(2000).optional().catch(undefined),
  adults: count(1, 9),
  children: count(0, 9),
  infants: count(0, 9),
  step: z.enum(CHECKOUT_STEPS).optional().catch(undefined),
});
export type BookingSearch = z.output<typeof bookingSearchSchema>;
