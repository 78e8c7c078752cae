/**
 * The contact and support messages and booking look-ups as the back office's inbox reads them,
 * open or answered, and the mark an answer leaves on one.
 */
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scoped, type BrandScope } from '../../db/brand-scope';
import { enquiries } from './content.table';

export interface EnquiryRow {
  id: string;
  reference: string;
  brandId: string;
  kind: 'contact' | 'support' | 'lookup';
  email: string;
  fields: unknown;
  createdAt: Date;
  answeredAt: Date | null;
}

export interface InboxRepository {
  listEnquiries(
    scope: BrandScope,
    filter: {
      status?: 'open' | 'answered' | undefined;
      kind?: EnquiryRow['kind'] | undefined;
    },
    page: number,
    pageSize: number,
  ): Promise<{ rows: EnquiryRow[]; total: number }>;
  findEnquiry(id: string): Promise<EnquiryRow | undefined>;
  /** Marks the message answered (`now`). */
  markAnswered(id: string, now: Date): Promise<void>;
}

const enquiryColumns = {
  id: enquiries.id,
  reference: enquiries.reference,
  brandId: enquiries.brandId,
  kind: enquiries.kind,
  email: enquiries.email,
  fields: enquiries.fields,
  createdAt: enquiries.createdAt,
  answeredAt: enquiries.answeredAt,
};

export function createInboxRepository(db: Database): InboxRepository {
  return {
    async listEnquiries(scope, { status, kind }, page, pageSize) {
      const where = and(
        scoped(enquiries.brandId, scope),
        status === 'open'
          ? isNull(enquiries.answeredAt)
          : status === 'answered'
            ? isNotNull(enquiries.answeredAt)
            : undefined,
        kind ? eq(enquiries.kind, kind) : undefined,
      );
      const rows = await db
        .select(enquiryColumns)
        .from(enquiries)
        .where(where)
        .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(enquiries)
        .where(where);
      return { rows, total };
    },

    async findEnquiry(id) {
      const [row] = await db.select(enquiryColumns).from(enquiries).where(eq(enquiries.id, id));
      return row;
    },

    async markAnswered(id, now) {
      await db.update(enquiries).set({ answeredAt: now }).where(eq(enquiries.id, id));
    },
  };
}
