import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { stripeEvents, type StripeEventRow } from './stripe-events.table';

export interface StripeEventsRepository {
  /** Keeps the event; false when its id was already kept (a repeat). */
  record(row: StripeEventRow): Promise<boolean>;
  /** Forgets an event whose handling failed, so that Stripe's retry is handled again. */
  forget(id: string): Promise<void>;
  /** The refunds and disputes Stripe told us of for a booking, oldest first. */
  listForBooking(bookingId: string): Promise<StripeEventRow[]>;
}

export function createStripeEventsRepository(db: Database): StripeEventsRepository {
  return {
    async record(row) {
      const inserted = await db
        .insert(stripeEvents)
        .values(row)
        .onConflictDoNothing({ target: stripeEvents.id })
        .returning({ id: stripeEvents.id });
      return inserted.length === 1;
    },
    async forget(id) {
      await db.delete(stripeEvents).where(eq(stripeEvents.id, id));
    },
    listForBooking(bookingId) {
      return db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.bookingId, bookingId))
        .orderBy(asc(stripeEvents.createdAt), asc(stripeEvents.receivedAt));
    },
  };
}
