import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands } from '../brands/brands.table';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The brand the user belongs to; null for platform admins, who may sign in on any brand. */
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** A generated password (guest checkout): the first sign-in with it must replace it. */
    passwordTemporary: boolean('password_temporary').notNull().default(false),
    /**
     * When the owner proved the address theirs (a confirmation link used while signed in, or a
     * password set from a link sent to it). Until then the account sees only the bookings it made
     * itself, never a guest booking that merely names the address.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Unique per brand, case-insensitively; platform admins share one namespace.
    uniqueIndex('users_brand_username_key').on(
      sql`coalesce(${table.brandId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${table.username})`,
    ),
    uniqueIndex('users_brand_email_key').on(table.brandId, sql`lower(${table.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a stolen table does not yield usable cookies. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The brand the session was opened on: a session never crosses brands. */
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** Opened by signing in with a temporary password: only changing it is allowed. */
    requiresPasswordChange: boolean('requires_password_change').notNull().default(false),
    /** When the user last confirmed their password again for a sensitive admin action. */
    steppedUpAt: timestamp('stepped_up_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_expires_idx').on(table.expiresAt),
  ],
);

/** Failed-attempt counters for sign-in throttling, shared by every process. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull(),
});

/**
 * Password-reset links. Only the SHA-256 of the link's token is kept, so the table alone cannot
 * reset anyone's password; a token works once (`usedAt`) and until `expiresAt`.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('password_reset_tokens_user_idx').on(table.userId),
    index('password_reset_tokens_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Links that confirm an account's e-mail address. Only the SHA-256 of the token is kept; a link
 * works once, until `expiresAt`, for the address it was sent to, and only in a session of its own
 * account (a stranger's click cannot confirm an address for whoever registered it).
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('email_verifications_user_idx').on(table.userId),
    index('email_verifications_expires_idx').on(table.expiresAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
