import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Installation-wide settings as key/value pairs (live mode, seed markers, generated secrets). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
