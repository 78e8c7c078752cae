import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every Duffel webhook event received, by Duffel's event id (`wev_…`): Duffel delivers each at
 * least once and in no particular order, and a repeat finds its id here and changes nothing.
 * What an event concerns (the order, and our booking of it) is kept with it, its body is not.
 */
export const duffelWebhookEvents = pgTable(
  'duffel_webhook_events',
  {
    /** Duffel's `wev_…` id. */
    id: text('id').primaryKey(),
    /** `order.airline_initiated_change_detected`, `ping.triggered` … */
    type: text('type').notNull(),
    liveMode: boolean('live_mode').notNull(),
    /** The id of what the event is about (`ord_…`, `aic_…`, `pay_…`), when it says. */
    idempotencyKey: text('idempotency_key'),
    /** The Duffel order it concerns, when it concerns one. */
    orderId: text('order_id'),
    /** Our booking of that order, when we have one. */
    bookingId: uuid('booking_id'),
    /** When Duffel made the event, when it says. */
    createdAt: timestamp('created_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('duffel_webhook_events_booking_idx').on(table.bookingId, table.receivedAt)],
);
export type DuffelWebhookEventRow = typeof duffelWebhookEvents.$inferSelect;
