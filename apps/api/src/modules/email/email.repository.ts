import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { emailAttachmentsSchema, emailHeadersSchema, type EmailAttachments } from './email.columns';
import { emailOutbox } from './email.table';

type EmailKind =
  | 'booking_confirmation'
  | 'booking_cancellation'
  | 'password_reset'
  | 'email_verification'
  | 'account_notice'
  | 'guest_booking_account'
  | 'enquiry_reply'
  | 'alert_confirmation'
  | 'price_alert';

/**
 * Kinds whose body holds a secret (a password-reset or confirmation link): their body is blanked
 * once delivered or given up, so the outbox does not keep a working link after it has done its job.
 */
const SECRET_KINDS: readonly EmailKind[] = [
  'password_reset',
  'email_verification',
  'guest_booking_account',
  'alert_confirmation',
];

export interface QueuedEmail {
  brandId: string | null;
  recipient: string;
  /** The sender's display name (the brand's name); the address is EMAIL_FROM's. */
  senderName: string | null;
  replyTo: string | null;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string> | null;
  subject: string;
  html: string;
  text: string;
  /** Files sent with it (a trip's `.ics`). */
  attachments?: EmailAttachments | null;
  kind: EmailKind;
  relatedId?: string | null;
}

/**
 * The channel each queued e-mail NOTIFYs, in the transaction that queues it: PostgreSQL delivers
 * the notification once that transaction commits, and the e-mail job wakes to send it.
 */
export const EMAIL_QUEUED_CHANNEL = 'contrail_email_queued';

/** How other modules send e-mail: they queue it with their change; a worker delivers it. */
export interface EmailOutbox {
  queue(email: QueuedEmail, now: Date): Promise<void>;
  /**
   * Takes back the e-mails of `kind` about `relatedId` not sent yet (an alert stopped before its
   * e-mail went out); answers how many.
   */
  withdraw(kind: EmailKind, relatedId: string): Promise<number>;
}

interface OutboxEmail {
  id: string;
  recipient: string;
  senderName: string | null;
  replyTo: string | null;
  headers: Record<string, string> | null;
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachments | null;
  kind: string;
  attempts: number;
}

const claimedSchema = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      recipient: z.string(),
      sender_name: z.string().nullable(),
      reply_to: z.string().nullable(),
      headers: emailHeadersSchema.nullable(),
      attachments: emailAttachmentsSchema.nullable(),
      subject: z.string(),
      html: z.string(),
      text: z.string(),
      kind: z.string(),
      attempts: z.number(),
    }),
  ),
});

export interface EmailRepository extends EmailOutbox {
  /**
   * Takes up to `limit` due e-mails for this worker until `leaseUntil` (others skip them), so that
   * several processes never send the same one.
   */
  claimDue(now: Date, leaseUntil: Date, maxAttempts: number, limit: number): Promise<OutboxEmail[]>;
  markSent(id: string, at: Date): Promise<void>;
  /** Records a failed attempt; `final` means no further attempt will be made. */
  markFailed(
    id: string,
    attempts: number,
    error: string,
    nextAttemptAt: Date,
    final: boolean,
  ): Promise<void>;
}

const secretKinds = sql.raw(SECRET_KINDS.map((kind) => `'${kind}'`).join(', '));
const blankIfSecret = (column: typeof emailOutbox.html | typeof emailOutbox.text) =>
  sql`case when ${emailOutbox.kind} in (${secretKinds}) then '' else ${column} end`;

export function createEmailRepository(db: Database): EmailRepository {
  return {
    async queue(email, now) {
      await db.insert(emailOutbox).values({ ...email, nextAttemptAt: now, createdAt: now });
      await db.execute(sql`select pg_notify(${EMAIL_QUEUED_CHANNEL}, '')`);
    },
    async withdraw(kind, relatedId) {
      const rows = await db
        .delete(emailOutbox)
        .where(
          and(
            eq(emailOutbox.kind, kind),
            eq(emailOutbox.relatedId, relatedId),
            isNull(emailOutbox.sentAt),
          ),
        )
        .returning({ id: emailOutbox.id });
      return rows.length;
    },
    async claimDue(now, leaseUntil, maxAttempts, limit) {
      const result = await db.execute(sql`
        update email_outbox set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
        where id in (
          select id from email_outbox
          where sent_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz and attempts < ${maxAttempts}
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        returning id, recipient, sender_name, reply_to, headers, attachments, subject, html, text, kind, attempts`);
      return claimedSchema.parse(result).rows.map((row) => ({
        id: row.id,
        recipient: row.recipient,
        senderName: row.sender_name,
        replyTo: row.reply_to,
        headers: row.headers,
        attachments: row.attachments,
        subject: row.subject,
        html: row.html,
        text: row.text,
        kind: row.kind,
        attempts: row.attempts,
      }));
    },
    async markSent(id, at) {
      await db
        .update(emailOutbox)
        .set({
          sentAt: at,
          lastError: null,
          html: blankIfSecret(emailOutbox.html),
          text: blankIfSecret(emailOutbox.text),
        })
        .where(eq(emailOutbox.id, id));
    },
    async markFailed(id, attempts, error, nextAttemptAt, final) {
      await db
        .update(emailOutbox)
        .set({
          attempts,
          lastError: error.slice(0, 500),
          nextAttemptAt,
          ...(final
            ? { html: blankIfSecret(emailOutbox.html), text: blankIfSecret(emailOutbox.text) }
            : {}),
        })
        .where(eq(emailOutbox.id, id));
    },
  };
}
