import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { bookings } from '../bookings/bookings.table';
import { brands } from '../brands/brands.table';
import { enquiries } from '../content/content.table';
import type { AuditObject } from './admin.columns';

/**
 * Who changed what, and when: mode switches, brand changes and every back-office action, with
 * the brand it concerns (null: the whole installation), the record it acted on and that record
 * before and after. An action repeated with the same Idempotency-Key finds its first record.
 * Its JSON columns are read through `admin.columns.ts`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').$type<AuditObject>().notNull(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before').$type<AuditObject>(),
    after: jsonb('after').$type<AuditObject>(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_brand_created_idx').on(table.brandId, table.createdAt),
    uniqueIndex('audit_log_idempotency_key')
      .on(table.actorUserId, table.action, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
  ],
);

/**
 * The brand-staff role: a user of one brand whom a platform admin allowed into that brand's back
 * office. The brand is the user's own; a row never widens what the user sees beyond it.
 */
export const brandStaff = pgTable('brand_staff', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  brandId: uuid('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
  grantedBy: text('granted_by').notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
});

/** Notes staff keep on a booking (a call with the traveller, a promise made). */
export const bookingNotes = pgTable(
  'booking_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    authorUsername: text('author_username').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('booking_notes_booking_idx').on(table.bookingId, table.createdAt)],
);

/**
 * Each state a booking entered and when (its `updated_at`, which the service's clock writes),
 * recorded by a database trigger on `bookings`: every path through the state machine (requests,
 * the reconciler, cancellations) is in the timeline without any of them knowing of it.
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order the states were entered in, where several share one time (a frozen clock). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('booking_events_booking_idx').on(table.bookingId, table.at)],
);

/** Staff answers to contact and support messages; each is sent by e-mail through the outbox. */
export const enquiryReplies = pgTable(
  'enquiry_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    authorUsername: text('author_username').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('enquiry_replies_enquiry_idx').on(table.enquiryId, table.createdAt)],
);
