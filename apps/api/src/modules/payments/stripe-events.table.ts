import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every Stripe webhook event received, by Stripe's event id: a repeat (Stripe retries, and sends
 * some events more than once) finds its id here and changes nothing. Refunds and disputes are
 * kept with the booking they concern, for the operator.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    /** Stripe's `evt_…` id. */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    livemode: boolean('livemode').notNull(),
    /** The PaymentIntent the event concerns (`pi_…`), when it concerns one. */
    paymentIntentId: text('payment_intent_id'),
    /** Our booking paid by that intent, when there is one. */
    bookingId: uuid('booking_id'),
    /** Refunded (in total, of what was captured) or disputed, in minor units. */
    amountMinor: integer('amount_minor'),
    currency: text('currency'),
    /** A dispute's reason (`fraudulent`, `product_not_received` …). */
    reason: text('reason'),
    /** When Stripe made the event. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('stripe_events_booking_idx').on(table.bookingId, table.createdAt)],
);
export type StripeEventRow = typeof stripeEvents.$inferSelect;
