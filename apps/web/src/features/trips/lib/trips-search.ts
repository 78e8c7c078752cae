import { z } from 'zod';

// Imported by the router (entry chunk): zod only, never the booking contracts.

export const TRIP_TABS = ['upcoming', 'past', 'cancelled'] as const;
export type TripTab = (typeof TRIP_TABS)[number];

/** `/my-trips?tab=past` picks the tab; an unknown tab shows Upcoming. */
export const myTripsSearchSchema = z.object({
  tab: z.enum(TRIP_TABS).optional().catch(undefined),
});

/**
 * `/manage-booking?reference=…&email=…`, the link of the confirmation e-mail: the retrieve form
 * opens filled in and looks the booking up.
 */
export const manageBookingSearchSchema = z.object({
  reference: z.string().max(20).optional().catch(undefined),
  email: z.string().max(254).optional().catch(undefined),
});
