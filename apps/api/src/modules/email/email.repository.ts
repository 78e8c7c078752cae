import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { emailOutbox } from './email.table';

export interface OutboxEmail {
  id: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
}

const claimedSchema = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      recipient: z.string(),
      subject: z.string(),
      html: z.string(),
      text: z.string(),
      attempts: z.number(),
    }),
  ),
});

export interface EmailRepository {
  /**
   * Takes up to `limit` due e-mails for this worker until `leaseUntil` (others skip them), so that
   * several processes never send the same one.
   */
  claimDue(now: Date, leaseUntil: Date, maxAttempts: number, limit: number): Promise<OutboxEmail[]>;
  markSent(id: string, at: Date): Promise<void>;
  markFailed(id: string, attempts: number, error: string, nextAttemptAt: Date): Promise<void>;
}

export function createEmailRepository(db: Database): EmailRepository {
  return {
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
        returning id, recipient, subject, html, text, attempts`);
      return claimedSchema.parse(result).rows;
    },
    async markSent(id, at) {
      await db
        .update(emailOutbox)
        .set({ sentAt: at, lastError: null })
        .where(eq(emailOutbox.id, id));
    },
    async markFailed(id, attempts, error, nextAttemptAt) {
      await db
        .update(emailOutbox)
        .set({ attempts, lastError: error.slice(0, 500), nextAttemptAt })
        .where(eq(emailOutbox.id, id));
    },
  };
}
