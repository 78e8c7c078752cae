import { z } from 'zod';

// Imported by the router (entry chunk): zod only, never the booking contracts.

export const TRIP_TABS = ['upcoming', 'past', 'cancelled'] as const;
export type TripTab = (typeof TRIP_TABS)[number];

/** `/my-trips?tab=past` picks the tab; an unknown tab shows Upcoming. */
export const myTripsSearchSchema = z.object({
  tab: z.enum(TRIP_TABS).optional().catch(undefined),
});
