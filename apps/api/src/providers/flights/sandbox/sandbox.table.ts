import {
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SandboxCancellationDocument, SandboxOrderDocument } from './sandbox.columns';

// The sandbox airline's own state (its orders and seat sales), as a provider would keep it; its
// documents are read through `sandbox.columns.ts`.

export const sandboxOrders = pgTable(
  'sandbox_orders',
  {
    id: text('id').primaryKey(),
    bookingReference: text('booking_reference').notNull(),
    document: jsonb('document').$type<SandboxOrderDocument>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sandbox_orders_booking_reference_key').on(table.bookingReference)],
);

export const sandboxSeats = pgTable(
  'sandbox_seats',
  {
    flightKey: text('flight_key').notNull(),
    designator: text('designator').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => sandboxOrders.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.flightKey, table.designator] }),
    index('sandbox_seats_order_idx').on(table.orderId),
  ],
);

export const sandboxCancellations = pgTable(
  'sandbox_cancellations',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => sandboxOrders.id, { onDelete: 'cascade' }),
    document: jsonb('document').$type<SandboxCancellationDocument>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_cancellations_order_idx').on(table.orderId)],
);
