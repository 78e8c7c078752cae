/**
 * What the back office's bookings list searches and counts by, kept from the bookings by database
 * triggers: each passenger's names, and the number of bookings per brand and state.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.table';

/**
 * Each passenger's names in lower case, kept by a trigger on `bookings`, so that a name is found
 * by prefix through a btree index (no pg_trgm: PGlite would need it loaded as an extension).
 */
export const bookingPassengerNames = pgTable(
  'booking_passenger_names',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    fullName: text('full_name').notNull(),
  },
  (table) => [
    index('booking_passenger_names_booking_idx').on(table.bookingId),
    index('booking_passenger_names_first_idx').on(sql`${table.firstName} text_pattern_ops`),
    index('booking_passenger_names_last_idx').on(sql`${table.lastName} text_pattern_ops`),
    index('booking_passenger_names_full_idx').on(sql`${table.fullName} text_pattern_ops`),
  ],
);

/**
 * How many bookings each brand has in each state, kept by a trigger on `bookings`: the back
 * office's unfiltered (or brand and state filtered) totals without counting 100,000 rows.
 */
export const bookingCounts = pgTable(
  'booking_counts',
  {
    brandId: uuid('brand_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.brandId, table.status] })],
);
