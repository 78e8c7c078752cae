import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Installation-wide settings as key/value pairs (live mode, seed markers, generated secrets). The
 * one JSON column without a schema: each key's value is its reader's to check (live mode is on
 * only when stored as exactly `true`; a secret only when it is text).
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
