import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
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
  /**
   * Confirmed Duffel bookings whose flights are not over (their last arrival after `now`'s day
   * before, in local time) and whose changes were not asked since `checkedBefore`: the longest
   * unasked first, `limit` at most.
   */
  dueForChangeCheck(
    now: Date,
    checkedBefore: Date,
    limit: number,
  ): Promise<{ id: string; providerOrderId: string }[]>;
  /** Notes that the booking's changes were asked of the provider at `at`. */
  markChangesChecked(bookingId: string, at: Date): Promise<void>;
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
    async dueForChangeCheck(now, checkedBefore, limit) {
      // Local times (no offset) as the order keeps them: a day's margin covers every zone.
      const dayBefore = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 19);
      const lastArrival = sql<string>`${bookings.order} -> 'slices' -> -1 -> 'segments' -> -1 ->> 'arriving_at'`;
      const rows = await db
        .select({ id: bookings.id, providerOrderId: bookings.providerOrderId })
        .from(bookings)
        .where(
          and(
            eq(bookings.status, 'confirmed'),
            isNull(bookings.cancelledAt),
            eq(bookings.flightProvider, 'duffel'),
            isNotNull(bookings.providerOrderId),
            sql`${lastArrival} > ${dayBefore}`,
            or(isNull(bookings.changesCheckedAt), lt(bookings.changesCheckedAt, checkedBefore)),
          ),
        )
        .orderBy(sql`${bookings.changesCheckedAt} asc nulls first`, bookings.createdAt)
        .limit(limit);
      return rows.flatMap((row) =>
        row.providerOrderId ? [{ id: row.id, providerOrderId: row.providerOrderId }] : [],
      );
    },
    async markChangesChecked(bookingId, at) {
      await db.update(bookings).set({ changesCheckedAt: at }).where(eq(bookings.id, bookingId));
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
