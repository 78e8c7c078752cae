import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReplacementIds } from './duffel.columns';

/**
 * Offers whose offer request was booked by someone else (identical searches share one Duffel
 * offer request) and that the adapter found again in a fresh offer request: the traveller keeps
 * the offer id, passenger and flight ids they hold, and the order goes to the replacement.
 */
export const duffelOfferReplacements = pgTable(
  'duffel_offer_replacements',
  {
    offerId: text('offer_id').primaryKey(),
    replacementOfferId: text('replacement_offer_id').notNull(),
    /** The replacement's passenger, slice and segment ids → the replaced offer's (`duffel.columns.ts`). */
    ids: jsonb('ids').$type<ReplacementIds>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('duffel_offer_replacements_created_idx').on(table.createdAt)],
);

/**
 * A Duffel account (per mode) whose balance could not pay for an order: bookings are refused
 * before any card is touched until `recheckAt`, when one booking may try again; an order that
 * succeeds clears it, one refused the same way raises it again.
 */
export const duffelBalanceAlerts = pgTable('duffel_balance_alerts', {
  mode: text('mode', { enum: ['test', 'live'] }).primaryKey(),
  /** Duffel's id of the refused request, for its support. */
  requestId: text('request_id'),
  raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
  recheckAt: timestamp('recheck_at', { withTimezone: true }).notNull(),
});

/**
 * Duffel's rate limit for a mode's access token, once it answered 429 (or said no request is
 * left in its window): no process asks Duffel before `pausedUntil` (its `ratelimit-reset`), so
 * every process respects it without first getting a 429 of its own.
 */
export const duffelRateLimitPauses = pgTable('duffel_rate_limit_pauses', {
  mode: text('mode', { enum: ['test', 'live'] }).primaryKey(),
  pausedUntil: timestamp('paused_until', { withTimezone: true }).notNull(),
  /** Duffel's id of the request refused (or answered with none left), for its support. */
  requestId: text('request_id'),
});
