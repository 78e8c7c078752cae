import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentMetadata } from './sandbox-payments.columns';

// The sandbox card processor's own records, as a processor would keep them.

export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  status: text('status', { enum: ['requires_capture', 'succeeded', 'canceled'] }).notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  refundedMinor: integer('refunded_minor').notNull().default(0),
  cardBrand: text('card_brand').notNull(),
  cardLast4: text('card_last4').notNull(),
  /** Read through `readPaymentMetadata` (`sandbox-payments.columns.ts`). */
  metadata: jsonb('metadata').$type<PaymentMetadata>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  capturedAt: timestamp('captured_at', { withTimezone: true }),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
});

export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id')
      .notNull()
      .references(() => sandboxPaymentIntents.id),
    amountMinor: integer('amount_minor').notNull(),
    reason: text('reason').notNull(),
    /** The caller's key: the same refund asked twice is made once (as Stripe's Idempotency-Key). */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sandbox_refunds_payment_idx').on(table.paymentIntentId),
    uniqueIndex('sandbox_refunds_idempotency_key').on(table.idempotencyKey),
  ],
);
