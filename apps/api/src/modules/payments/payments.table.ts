import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { brands } from '../brands/brands.table';

/**
 * A card authorisation for one offer and seat choice, at the price the server computed. A booking
 * claims it once ('authorized' → 'used'); one never claimed is voided by the reconciler.
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
    seats: jsonb('seats').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    status: text('status', { enum: ['authorized', 'used', 'voided'] }).notNull(),
    bookingId: uuid('booking_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('payment_authorizations_status_idx').on(table.status, table.createdAt)],
);
export type PaymentAuthorizationRow = typeof paymentAuthorizations.$inferSelect;
