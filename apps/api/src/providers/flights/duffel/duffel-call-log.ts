/** How a Duffel call is written in the log. */

/**
 * A Duffel call as the log shows it: the operation, what Duffel said of it, how long it took,
 * and our booking's id for an order.
 */
export function callEntry(
  operation: string,
  said: Record<string, unknown>,
  started: number,
  bookingId: string | undefined,
) {
  return {
    duffel: { operation, ...said, ms: Math.round(performance.now() - started) },
    ...(bookingId ? { bookingId } : {}),
  };
}
