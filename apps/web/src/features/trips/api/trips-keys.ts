/**
 * Query keys of the trips feature, all under ['trips']: a cancellation invalidates the prefix, and
 * nothing here outlives the page that shows it (see TRIPS_GC_TIME).
 */
export const tripsKeys = {
  all: ['trips'] as const,
  list: () => [...tripsKeys.all, 'list'] as const,
  detail: (id: string) => [...tripsKeys.all, 'detail', id] as const,
  cancellation: (id: string) => [...tripsKeys.all, 'cancellation', id] as const,
};

/**
 * Bookings are one person's data: they are dropped as soon as no screen shows them, so after a
 * sign-out (or a different sign-in in the same tab) nothing of the previous traveller is cached.
 * It also means a 401 remembered from a signed-out visit never hides the trips after sign-in (the
 * app's queries do not refetch a failed query on mount).
 */
export const TRIPS_GC_TIME = 0;

/** Trips change elsewhere (a new booking, a departure): every visit asks the server again. */
export const TRIPS_STALE_TIME = 0;
