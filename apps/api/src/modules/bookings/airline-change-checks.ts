/**
 * The airlines' changes to booked Duffel orders, asked of Duffel on a schedule as well as heard
 * from its webhooks, whose deliveries can be missed: each confirmed Duffel booking whose flights
 * are not over is asked at most every six hours, the longest unasked first, a batch per run.
 */
import { SupplierError } from '../../providers/flights/flight-supplier';
import type { DuffelEventDeps } from './duffel-event-handlers';
import { readChanges } from './duffel-webhook-payloads';

/** How often one booking's changes are asked of the provider. */
const CHANGE_CHECK_EVERY_MS = 6 * 60 * 60 * 1000;
/** Bookings asked about per run (the next run takes the rest). */
const BATCH = 50;

export function airlineChangeChecks({ events, supplier, clock, log }: DuffelEventDeps) {
  /** The changes Duffel lists for the order; none when it no longer knows the order. */
  async function listed(providerOrderId: string) {
    try {
      return readChanges((await supplier.listAirlineChanges?.(providerOrderId)) ?? []);
    } catch (error) {
      if (error instanceof SupplierError && error.code === 'not_found') return [];
      throw error;
    }
  }

  return {
    /**
     * Asks the due bookings' changes and keeps each (a newer word over an older, never the
     * reverse). A refusal for one booking leaves it due for the next run; a spent rate limit ends
     * this run. Answers how many changes were written.
     */
    async checkDue(): Promise<number> {
      const now = clock();
      const due = await events.dueForChangeCheck(
        now,
        new Date(now.getTime() - CHANGE_CHECK_EVERY_MS),
        BATCH,
      );
      let written = 0;
      for (const booking of due) {
        let changes;
        try {
          changes = await listed(booking.providerOrderId);
        } catch (error) {
          log.warn({ err: error, bookingId: booking.id }, 'Could not ask the airline’s changes');
          if (error instanceof SupplierError && error.code === 'rate_limited') break;
          continue;
        }
        for (const { orderId: _order, ...change } of changes) {
          if (await events.keepChange({ ...change, bookingId: booking.id, receivedAt: clock() }))
            written += 1;
        }
        await events.markChangesChecked(booking.id, clock());
      }
      return written;
    },
  };
}
