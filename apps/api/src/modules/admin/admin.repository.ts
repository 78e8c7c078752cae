import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from './admin.table';
import { readAuditDetails } from './admin.columns';

export interface AuditEntry {
  actorUserId: string;
  actorUsername: string;
  action: string;
  details: Record<string, unknown>;
  /** The record acted on (`brand` and its id), and its changed fields before and after. */
  targetType?: string;
  targetId?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  createdAt: Date;
}

export interface AuditRepository {
  record(entry: AuditEntry): Promise<void>;
  latest(limit: number): Promise<AuditEntry[]>;
}

export function createAuditRepository(db: Database): AuditRepository {
  return {
    async record(entry) {
      await db.insert(auditLog).values(entry);
    },
    async latest(limit) {
      const rows = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
      return rows.map((row) => ({
        actorUserId: row.actorUserId ?? '',
        actorUsername: row.actorUsername,
        action: row.action,
        details: readAuditDetails(row.details),
        createdAt: row.createdAt,
      }));
    },
  };
}
