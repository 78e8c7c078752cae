/**
 * The outbox's messages as the back office reads them: sent, queued or failed, a booking's mail,
 * and a failed message queued again.
 */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scoped, type BrandScope } from '../../db/brand-scope';
import { emailOutbox } from './email.table';

export interface EmailRecord {
  id: string;
  brandId: string | null;
  kind: string;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  relatedId: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
  /** Blank once a secret (a reset link) was sent or given up. */
  hasBody: boolean;
}

export interface OutboxRecordsRepository {
  /** The mail about a booking (its `relatedId`), oldest first. */
  emailsFor(bookingId: string): Promise<EmailRecord[]>;
  listEmails(
    scope: BrandScope,
    filter: { status?: 'queued' | 'sent' | 'failed' | undefined; maxAttempts: number },
    page: number,
    pageSize: number,
  ): Promise<{ rows: EmailRecord[]; total: number }>;
  findEmail(id: string): Promise<EmailRecord | undefined>;
  /** Queues a failed message again (attempts from zero); false when it was not failed. */
  requeueEmail(id: string, maxAttempts: number, now: Date): Promise<boolean>;
}

const emailColumns = {
  id: emailOutbox.id,
  brandId: emailOutbox.brandId,
  kind: emailOutbox.kind,
  recipient: emailOutbox.recipient,
  subject: emailOutbox.subject,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  relatedId: emailOutbox.relatedId,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  hasBody: sql<boolean>`(${emailOutbox.text} <> '' or ${emailOutbox.html} <> '')`.mapWith(Boolean),
};

export function createOutboxRecordsRepository(db: Database): OutboxRecordsRepository {
  return {
    emailsFor(bookingId) {
      return db
        .select(emailColumns)
        .from(emailOutbox)
        .where(eq(emailOutbox.relatedId, bookingId))
        .orderBy(asc(emailOutbox.createdAt));
    },

    async listEmails(scope, { status, maxAttempts }, page, pageSize) {
      const where = and(
        scoped(emailOutbox.brandId, scope),
        status === 'sent'
          ? isNotNull(emailOutbox.sentAt)
          : status === 'failed'
            ? and(isNull(emailOutbox.sentAt), gte(emailOutbox.attempts, maxAttempts))
            : status === 'queued'
              ? and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, maxAttempts))
              : undefined,
      );
      const rows = await db
        .select(emailColumns)
        .from(emailOutbox)
        .where(where)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(emailOutbox)
        .where(where);
      return { rows, total };
    },

    async findEmail(id) {
      const [row] = await db.select(emailColumns).from(emailOutbox).where(eq(emailOutbox.id, id));
      return row;
    },

    async requeueEmail(id, maxAttempts, now) {
      const rows = await db
        .update(emailOutbox)
        .set({ attempts: 0, nextAttemptAt: now })
        .where(
          and(
            eq(emailOutbox.id, id),
            isNull(emailOutbox.sentAt),
            gte(emailOutbox.attempts, maxAttempts),
          ),
        )
        .returning({ id: emailOutbox.id });
      return rows.length === 1;
    },
  };
}
