/**
 * The back office's own records: who is brand staff, the notes staff keep on a booking and the
 * states it went through, staff's replies to messages, and the audit log of every action.
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scoped, type BrandScope } from '../../db/brand-scope';
import { readAuditDetails, readAuditSnapshot } from './admin.columns';
import { auditLog, bookingEvents, bookingNotes, brandStaff, enquiryReplies } from './admin.table';

export interface AuditRecord {
  id: string;
  actorUsername: string;
  action: string;
  brandId: string | null;
  targetType: string | null;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

interface NewAuditRecord {
  actorUserId: string;
  actorUsername: string;
  action: string;
  brandId: string | null;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  idempotencyKey: string | null;
  createdAt: Date;
}

/** A brand-staff grant: the user, their brand, and who granted it when. */
export interface StaffGrant {
  userId: string;
  brandId: string;
  grantedBy: string;
  grantedAt: Date;
}

/** A staff reply to a message. */
export interface EnquiryReply {
  author: string;
  body: string;
  createdAt: Date;
}

export interface BackOfficeRepository {
  staffBrandOf(userId: string): Promise<string | undefined>;
  /** Every grant, oldest first. */
  listStaff(): Promise<StaffGrant[]>;
  grantStaff(userId: string, brandId: string, grantedBy: string, now: Date): Promise<void>;
  findStaff(userId: string): Promise<StaffGrant | undefined>;
  revokeStaff(userId: string): Promise<boolean>;

  timeline(bookingId: string): Promise<{ status: string; at: Date }[]>;
  notes(
    bookingId: string,
  ): Promise<{ id: string; author: string; body: string; createdAt: Date }[]>;
  addNote(bookingId: string, author: string, body: string, now: Date): Promise<string>;

  /** The replies to each of these messages, oldest first. */
  repliesOf(enquiryIds: string[]): Promise<Map<string, EnquiryReply[]>>;
  addReply(enquiryId: string, author: string, body: string, now: Date): Promise<void>;

  /**
   * Writes the entry; false (nothing written) when an entry of the same actor, action and
   * Idempotency-Key exists already: a request that raced its twin to the same key.
   */
  recordAudit(entry: NewAuditRecord): Promise<boolean>;
  findAudit(actorUserId: string, action: string, key: string): Promise<AuditRecord | undefined>;
  /** Writes what an action claimed by its audit record (recordAudit) ended with. */
  completeAudit(
    actorUserId: string,
    action: string,
    key: string,
    after: Record<string, unknown>,
  ): Promise<void>;
  /** Gives back a claim whose action failed, so that the same key may try it again. */
  releaseAudit(actorUserId: string, action: string, key: string): Promise<void>;
  listAudit(
    scope: BrandScope,
    page: number,
    pageSize: number,
  ): Promise<{ rows: AuditRecord[]; total: number }>;
}

/** The audit record an actor's action wrote under an Idempotency-Key (one at most). */
const auditKey = (actorUserId: string, action: string, key: string) =>
  and(
    eq(auditLog.actorUserId, actorUserId),
    eq(auditLog.action, action),
    eq(auditLog.idempotencyKey, key),
  );

const toAudit = (row: typeof auditLog.$inferSelect): AuditRecord => ({
  id: row.id,
  actorUsername: row.actorUsername,
  action: row.action,
  brandId: row.brandId,
  targetType: row.targetType,
  targetId: row.targetId,
  before: readAuditSnapshot('before', row.before),
  after: readAuditSnapshot('after', row.after),
  details: readAuditDetails(row.details),
  createdAt: row.createdAt,
});

const staffColumns = {
  userId: brandStaff.userId,
  brandId: brandStaff.brandId,
  grantedBy: brandStaff.grantedBy,
  grantedAt: brandStaff.grantedAt,
};

type Part<K extends keyof BackOfficeRepository> = Pick<BackOfficeRepository, K>;

function staffGrants(
  db: Database,
): Part<'staffBrandOf' | 'listStaff' | 'grantStaff' | 'findStaff' | 'revokeStaff'> {
  return {
    async staffBrandOf(userId) {
      const [row] = await db
        .select({ brandId: brandStaff.brandId })
        .from(brandStaff)
        .where(eq(brandStaff.userId, userId));
      return row?.brandId;
    },

    listStaff() {
      return db.select(staffColumns).from(brandStaff).orderBy(asc(brandStaff.grantedAt));
    },

    async grantStaff(userId, brandId, grantedBy, now) {
      await db
        .insert(brandStaff)
        .values({ userId, brandId, grantedBy, grantedAt: now })
        .onConflictDoNothing({ target: brandStaff.userId });
    },

    async findStaff(userId) {
      const [row] = await db
        .select(staffColumns)
        .from(brandStaff)
        .where(eq(brandStaff.userId, userId));
      return row;
    },

    async revokeStaff(userId) {
      const rows = await db
        .delete(brandStaff)
        .where(eq(brandStaff.userId, userId))
        .returning({ userId: brandStaff.userId });
      return rows.length === 1;
    },
  };
}

function bookingPages(db: Database): Part<'timeline' | 'notes' | 'addNote'> {
  return {
    timeline(bookingId) {
      return db
        .select({ status: bookingEvents.status, at: bookingEvents.at })
        .from(bookingEvents)
        .where(eq(bookingEvents.bookingId, bookingId))
        .orderBy(asc(bookingEvents.at), asc(bookingEvents.seq));
    },

    notes(bookingId) {
      return db
        .select({
          id: bookingNotes.id,
          author: bookingNotes.authorUsername,
          body: bookingNotes.body,
          createdAt: bookingNotes.createdAt,
        })
        .from(bookingNotes)
        .where(eq(bookingNotes.bookingId, bookingId))
        .orderBy(asc(bookingNotes.createdAt));
    },

    async addNote(bookingId, author, body, now) {
      const [row] = await db
        .insert(bookingNotes)
        .values({ bookingId, authorUsername: author, body, createdAt: now })
        .returning({ id: bookingNotes.id });
      if (!row) throw new Error('note not written');
      return row.id;
    },
  };
}

function enquiryReplyRecords(db: Database): Part<'repliesOf' | 'addReply'> {
  return {
    async repliesOf(ids) {
      if (ids.length === 0) return new Map<string, EnquiryReply[]>();
      const rows = await db
        .select()
        .from(enquiryReplies)
        .where(inArray(enquiryReplies.enquiryId, ids))
        .orderBy(asc(enquiryReplies.createdAt));
      const byEnquiry = new Map<string, EnquiryReply[]>();
      for (const row of rows) {
        const list = byEnquiry.get(row.enquiryId) ?? [];
        list.push({ author: row.authorUsername, body: row.body, createdAt: row.createdAt });
        byEnquiry.set(row.enquiryId, list);
      }
      return byEnquiry;
    },

    async addReply(enquiryId, author, body, now) {
      await db
        .insert(enquiryReplies)
        .values({ enquiryId, authorUsername: author, body, createdAt: now });
    },
  };
}

function auditRecords(
  db: Database,
): Part<'recordAudit' | 'completeAudit' | 'releaseAudit' | 'findAudit' | 'listAudit'> {
  return {
    async recordAudit(entry) {
      const rows = await db
        .insert(auditLog)
        .values({ ...entry, details: {} })
        .onConflictDoNothing()
        .returning({ id: auditLog.id });
      return rows.length === 1;
    },

    async completeAudit(actorUserId, action, key, after) {
      await db
        .update(auditLog)
        .set({ after })
        .where(auditKey(actorUserId, action, key));
    },

    async releaseAudit(actorUserId, action, key) {
      await db.delete(auditLog).where(auditKey(actorUserId, action, key));
    },

    async findAudit(actorUserId, action, key) {
      const [row] = await db
        .select()
        .from(auditLog)
        .where(auditKey(actorUserId, action, key));
      return row ? toAudit(row) : undefined;
    },

    async listAudit(scope, page, pageSize) {
      const where = scope === null ? undefined : scoped(auditLog.brandId, scope);
      const rows = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(auditLog)
        .where(where);
      return { rows: rows.map(toAudit), total };
    },
  };
}

export function createBackOfficeRepository(db: Database): BackOfficeRepository {
  return {
    ...staffGrants(db),
    ...bookingPages(db),
    ...enquiryReplyRecords(db),
    ...auditRecords(db),
  };
}
