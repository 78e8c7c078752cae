import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { brands } from '../brands/brands.table';
import type { AuthorizationSeat, AuthorizationService } from './payments.columns';

/**
 * A card authorisation for one offer and its seats and bags, at the price the server computed. The row
 * is written before the processor is asked ('authorizing'), so no hold can exist that we have no
 * row for; then 'authorized' (or 'declined'). A booking claims it once ('authorized' → 'used');
 * one never claimed is voided by the hold sweep. Its JSON columns' types come from their schemas
 * in `payments.columns.ts`, read through that file's helpers.
 */
export const paymentAuthorizations = pgTable(
  'payment_authorizations',
  {
    /** `pay_…`: the paymentId the client sends with the booking. */
    id: text('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    offerId: text('offer_id').notNull(),
    seats: jsonb('seats').$type<AuthorizationSeat[]>().notNull(),
    /** The extra bags the held amount includes. */
    services: jsonb('services').$type<AuthorizationService[]>().notNull().default([]),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    /** The booking mode the payment was made in: with `provider`, the processor that holds it. */
    mode: text('mode', { enum: ['test', 'live'] })
      .notNull()
      .default('test'),
    /** The processor's id; null until the processor has answered. */
    providerPaymentId: text('provider_payment_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    status: text('status', {
      enum: ['authorizing', 'authorized', 'declined', 'used', 'voided'],
    }).notNull(),
    /**
     * SHA-256 of the guest checkout's cookie token, for a payment made without an account: only
     * that browser may book with it. Null for a signed-in traveller's payment (`userId` binds it).
     */
    ownerTokenHash: text('owner_token_hash'),
    bookingId: uuid('booking_id'),
    /**
     * Captured money the processor reports refunded, by anyone (our cancellations, or an operator
     * in Stripe's dashboard): the largest cumulative amount any event told, so that events arriving
     * late or twice never lower or double it.
     */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /** The cardholder's dispute of the payment (Stripe's `du_…`/`dp_…`), as its latest event tells. */
    disputeId: text('dispute_id'),
    /** Stripe's dispute status: `needs_response`, `under_review`, `won`, `lost`, `warning_…`. */
    disputeStatus: text('dispute_status'),
    disputeAmountMinor: integer('dispute_amount_minor'),
    disputeReason: text('dispute_reason'),
    /** The deadline for evidence, in Stripe's dashboard. */
    disputeEvidenceDueBy: timestamp('dispute_evidence_due_by', { withTimezone: true }),
    /** When Stripe made the dispute event applied last: an older one never overwrites it. */
    disputeEventAt: timestamp('dispute_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('payment_authorizations_status_idx').on(table.status, table.createdAt),
    // A booking names a Stripe payment by its intent's id; so does every webhook.
    index('payment_authorizations_provider_payment_idx').on(table.providerPaymentId),
  ],
);
export type PaymentAuthorizationRow = typeof paymentAuthorizations.$inferSelect;
