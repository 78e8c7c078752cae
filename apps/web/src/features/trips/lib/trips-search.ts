import { oneOf, searchParams, text } from '../../../lib/search-param-readers';

// Imported by the router (entry chunk): no zod, never the booking contracts.

export const TRIP_TABS = ['upcoming', 'past', 'cancelled'] as const;
export type TripTab = (typeof TRIP_TABS)[number];

/** `/my-trips?tab=past` picks the tab; an unknown tab shows Upcoming. */
export const readMyTripsSearch = searchParams({ tab: oneOf(TRIP_TABS) });

/**
 * `/manage-booking?reference=…&email=…`, the link of the confirmation e-mail: the retrieve form
 * opens filled in and looks the booking up.
 */
export const readManageBookingSearch = searchParams({
  reference: text({ max: 20 }),
  email: text({ max: 254 }),
});
