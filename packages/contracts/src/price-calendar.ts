import { z } from 'zod';
import { CABIN_CLASSES, searchCriteriaSchema } from './flight-search';

/**
 * `GET /api/flights/calendar`: the cheapest sell price of each departure date of a month, for one
 * adult, from the airline's fare model (no offers are made), so a month costs less than one search.
 * With `tripLength` the trip is a return that many days later; without, one way.
 */

/** The longest return trip the calendar prices, in days. */
export const CALENDAR_MAX_TRIP_LENGTH = 30;

export const priceCalendarMessages = {
  month: 'Choose a month such as 2027-01',
  tripLength: `Choose a trip of 1 to ${String(CALENDAR_MAX_TRIP_LENGTH)} days`,
} as const;

export const priceCalendarQuerySchema = z.object({
  origin: searchCriteriaSchema.shape.origin,
  destination: searchCriteriaSchema.shape.destination,
  month: z
    .string({ error: priceCalendarMessages.month })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, priceCalendarMessages.month),
  tripLength: z.coerce
    .number({ error: priceCalendarMessages.tripLength })
    .int(priceCalendarMessages.tripLength)
    .min(1, priceCalendarMessages.tripLength)
    .max(CALENDAR_MAX_TRIP_LENGTH, priceCalendarMessages.tripLength)
    .optional(),
  cabinClass: z.enum(CABIN_CLASSES).default('economy'),
});
export type PriceCalendarQuery = z.output<typeof priceCalendarQuerySchema>;

/**
 * The month's dates that have a price, in order. A date that cannot be searched (past, beyond the
 * booking horizon, or with Duffel a day nobody has searched lately) is left out.
 */
export const priceCalendarSchema = z.array(
  z.object({
    date: z.iso.date(),
    /** The cheapest total for one adult, at the brand's sell price. */
    amount: z.string().regex(/^\d+(?:\.\d{2,3})?$/),
    currency: z.string().length(3),
  }),
);
export type PriceCalendar = z.infer<typeof priceCalendarSchema>;

/** Every date of a `YYYY-MM` month, in order. */
export function datesOfMonth(month: string): string[] {
  const [year, monthNumber] = month.split('-').map(Number);
  if (year === undefined || monthNumber === undefined)
    throw new RangeError(`Not a month: ${month}`);
  const length = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return Array.from({ length }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}
