import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The brand key: 'default', or the host name the brand is served on. Stored lower-case. */
    domain: text('domain').notNull(),
    name: text('name').notNull(),
    logo: text('logo'),
    primaryColor: text('primary_color').notNull(),
    secondaryColor: text('secondary_color').notNull(),
    accentColor: text('accent_color').notNull(),
    backgroundColor: text('background_color').notNull(),
    textColor: text('text_color').notNull(),
    font: text('font').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactAddress: text('contact_address').notNull(),
    contactPhone: text('contact_phone').notNull(),
    socialFacebook: text('social_facebook'),
    socialTwitter: text('social_twitter'),
    socialInstagram: text('social_instagram'),
    markupPercent: numeric('markup_percent', { precision: 6, scale: 2 }).notNull().default('23'),
    currency: text('currency').notNull().default('USD'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('brands_domain_key').on(table.domain),
    check('brands_domain_lower', sql`${table.domain} = lower(${table.domain})`),
    check('brands_currency_iso', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check(
      'brands_markup_range',
      sql`${table.markupPercent} >= 0 and ${table.markupPercent} <= 500`,
    ),
  ],
);

export type BrandRow = typeof brands.$inferSelect;
export type NewBrandRow = typeof brands.$inferInsert;
