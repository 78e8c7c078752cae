import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brands } from '../brands/brands.table';
import type { EnquiryFields } from './content.columns';

/**
 * Contact and support form submissions, and the public retrieve-booking look-ups (`lookup`: the
 * reference and e-mail address typed, and whether a booking was found), kept for the support team.
 */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    /** Shown to the sender so they can quote it. */
    reference: text('reference').notNull(),
    kind: text('kind', { enum: ['contact', 'support', 'lookup'] }).notNull(),
    email: text('email').notNull(),
    /** Read through `readEnquiryFields` (`content.columns.ts`). */
    fields: jsonb('fields').$type<EnquiryFields>().notNull(),
    /** When staff last answered it (the back office's inbox); null while open. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('enquiries_reference_key').on(table.reference),
    index('enquiries_brand_idx').on(table.brandId, table.createdAt),
  ],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    /** When the subscriber left the list (kept, so the export shows it); null while subscribed. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('newsletter_brand_created_idx').on(table.brandId, table.createdAt),
    uniqueIndex('newsletter_brand_email_key').on(table.brandId, sql`lower(${table.email})`),
  ],
);
