import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readChangeSlices, type ChangeSlice } from './airline-initiated-changes.columns';
import {
  airlineInitiatedChanges,
  type AirlineInitiatedChangeRow,
} from './airline-initiated-changes.table';
import { bookings } from './bookings.table';
import { duffelWebhookEvents, type DuffelWebhookEventRow } from './duffel-webhook-events.table';

/** An airline-initiated change as kept, its slices read through their schema. */
type AirlineInitiatedChange = Omit<AirlineInitiatedChangeRow, 'added' | 'removed'> & {
  added: ChangeSlice[];
  removed: ChangeSlice[];
};

export interface DuffelWebhookEventsRepository {
  /** Keeps the event; false when its id was already kept (a repeat). */
  record(row: DuffelWebhookEventRow): Promise<boolean>;
  /** Forgets an event whose handling failed, so that Duffel's retry is handled again. */
  forget(id: string): Promise<void>;
  /** Our booking of the order (by the id we keep for it, `duffel-test~ord_…`) in this mode. */
  bookingOfOrder(orderId: string, mode: 'test' | 'live'): Promise<string | undefined>;
  /**
   * Keeps the change, or replaces the one kept with its id when this word of it is as new or
   * newer (its `updatedAt`); an older word changes nothing. True when it was written.
   */
  keepChange(row: AirlineInitiatedChange): Promise<boolean>;
  /** The booking's airline-initiated changes, the first detected first. */
  changesOfBooking(bookingId: string): Promise<AirlineInitiatedChange[]>;
}

const readChange = (row: AirlineInitiatedChangeRow): AirlineInitiatedChange => ({
  ...row,
  added: readChangeSlices('added', row.added),
  removed: readChangeSlices('removed', row.removed),
});

export function createDuffelWebhookEventsRepository(db: Database): DuffelWebhookEventsRepository {
  const changes = airlineInitiatedChanges;
  return {
    async record(row) {
      const inserted = await db
        .insert(duffelWebhookEvents)
        .values(row)
        .onConflictDoNothing({ target: duffelWebhookEvents.id })
        .returning({ id: duffelWebhookEvents.id });
      return inserted.length === 1;
    },
    async forget(id) {
      await db.delete(duffelWebhookEvents).where(eq(duffelWebhookEvents.id, id));
    },
    async bookingOfOrder(orderId, mode) {
      const [row] = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.providerOrderId, orderId), eq(bookings.mode, mode)))
        .limit(1);
      return row?.id;
    },
    async keepChange(row) {
      const written = await db
        .insert(changes)
        .values(row)
        .onConflictDoUpdate({
          target: changes.id,
          set: {
            detectedAt: sql`excluded.detected_at`,
            added: sql`excluded.added`,
            removed: sql`excluded.removed`,
            availableActions: sql`excluded.available_actions`,
            actionTaken: sql`excluded.action_taken`,
            actionTakenAt: sql`excluded.action_taken_at`,
            updatedAt: sql`excluded.updated_at`,
            receivedAt: sql`excluded.received_at`,
          },
          // The same booking only, and never an older word over a newer one.
          setWhere: sql`${changes.bookingId} = excluded.booking_id and ${changes.updatedAt} <= excluded.updated_at`,
        })
        .returning({ id: changes.id });
      return written.length === 1;
    },
    async changesOfBooking(bookingId) {
      const rows = await db
        .select()
        .from(changes)
        .where(eq(changes.bookingId, bookingId))
        .orderBy(changes.detectedAt, changes.id);
      return rows.map(readChange);
    },
  };
}
