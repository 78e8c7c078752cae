import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ChangeSlice } from './airline-initiated-changes.columns';
import { bookings } from './bookings.table';

/** What was done about a change: accepted, the order cancelled, or the order changed. */
export const CHANGE_ACTIONS_TAKEN = ['accepted', 'cancelled', 'changed'] as const;

/**
 * Changes an airline made to a booked order (a flight retimed, renumbered or replaced), as the
 * provider told us of them, by the provider's change id (`aic_…`). A later word of the same
 * change replaces what is kept, an older one never does (by the provider's `updated_at`). Its
 * JSON columns' type and reading are in `airline-initiated-changes.columns.ts`.
 */
export const airlineInitiatedChanges = pgTable(
  'airline_initiated_changes',
  {
    /** The provider's `aic_…` id. */
    id: text('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** When the provider detected the change. */
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    /** The slices as they are after the change, and as they were before it. */
    added: jsonb('added').$type<ChangeSlice[]>().notNull(),
    removed: jsonb('removed').$type<ChangeSlice[]>().notNull(),
    /** What may be done about it: `accept`, `cancel`, `change`, `update` (the provider's words). */
    availableActions: text('available_actions').array().notNull(),
    actionTaken: text('action_taken', { enum: CHANGE_ACTIONS_TAKEN }),
    actionTakenAt: timestamp('action_taken_at', { withTimezone: true }),
    /** The provider's last change to it: a word older than this one is not kept. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When we last wrote it. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('airline_initiated_changes_booking_idx').on(table.bookingId, table.detectedAt)],
);
export type AirlineInitiatedChangeRow = typeof airlineInitiatedChanges.$inferSelect;
