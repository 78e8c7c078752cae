import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { brands } from '../brands/brands.table';
import type { EmailAttachments, EmailHeaders } from './email.columns';

/**
 * E-mails to send, kept until sent and retried from here. Queueing in the same database as the
 * change it reports means a message is never lost to a crash between the two.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    /** The display name of the sender (the brand's name); the address is EMAIL_FROM's. */
    senderName: text('sender_name'),
    /** Where answers go (the brand's contact address). */
    replyTo: text('reply_to'),
    /** Extra headers (an alert's List-Unsubscribe and List-Unsubscribe-Post): `email.columns.ts`. */
    headers: jsonb('headers').$type<EmailHeaders>(),
    /** Files sent with the message (a trip's calendar): `email.columns.ts`. */
    attachments: jsonb('attachments').$type<EmailAttachments>(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    relatedId: text('related_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_outbox_pending_idx').on(table.sentAt, table.nextAttemptAt)],
);
