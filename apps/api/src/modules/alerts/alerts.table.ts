import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { brands } from '../brands/brands.table';
import type { AlertCriteria, AlertSiteUrl } from './alerts.columns';

/**
 * Price alerts: a search a traveller tracks (`criteria`, as the search form sends it), re-priced by
 * the alert job, which e-mails `email` when the cheapest price falls below `notified_minor`.
 * A signed-in traveller's alert is theirs (`user_id`) and active at once; a guest's is `pending`
 * until the e-mailed link (`confirm_token_hash`, a SHA-256 of a random token) is followed.
 * Its JSON columns are read through `alerts.columns.ts`.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    criteria: jsonb('criteria').$type<AlertCriteria>().notNull(),
    /** The criteria's departure date (YYYY-MM-DD): the alert expires after it. */
    departureDate: text('departure_date').notNull(),
    /** pending (a guest's, unconfirmed), active, expired (departed), stopped (unsubscribed). */
    status: text('status', { enum: ['pending', 'active', 'expired', 'stopped'] }).notNull(),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /** Where the brand's site is reached, for the links in its e-mails. */
    siteUrl: jsonb('site_url').$type<AlertSiteUrl>().notNull(),
    /** The cheapest price at the last check, in minor units of `currency`. */
    lastPriceMinor: integer('last_price_minor'),
    /** The price last e-mailed (the first check's, the baseline, before any e-mail). */
    notifiedMinor: integer('notified_minor'),
    currency: text('currency'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (table) => [
    index('price_alerts_due_idx').on(table.status, table.lastCheckedAt),
    index('price_alerts_user_idx').on(table.userId),
    index('price_alerts_email_idx').on(table.brandId, sql`lower(${table.email})`),
  ],
);
