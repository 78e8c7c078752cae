import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { duffelBalanceAlerts } from './duffel.table';

interface BalanceAlert {
  requestId: string | null;
  raisedAt: Date;
  recheckAt: Date;
}

/** Where every process learns that the Duffel balance of a mode ran dry (`duffelBalanceAlerts`). */
export interface BalanceAlerts {
  find(mode: 'test' | 'live'): Promise<BalanceAlert | null>;
  raise(mode: 'test' | 'live', alert: BalanceAlert): Promise<void>;
  clear(mode: 'test' | 'live'): Promise<void>;
}

export function createPostgresBalanceAlerts(db: Database): BalanceAlerts {
  return {
    async find(mode) {
      const [row] = await db
        .select()
        .from(duffelBalanceAlerts)
        .where(eq(duffelBalanceAlerts.mode, mode));
      return row
        ? { requestId: row.requestId, raisedAt: row.raisedAt, recheckAt: row.recheckAt }
        : null;
    },
    async raise(mode, alert) {
      await db
        .insert(duffelBalanceAlerts)
        .values({ mode, ...alert })
        .onConflictDoUpdate({
          target: duffelBalanceAlerts.mode,
          set: { requestId: alert.requestId, recheckAt: alert.recheckAt },
        });
    },
    async clear(mode) {
      await db.delete(duffelBalanceAlerts).where(eq(duffelBalanceAlerts.mode, mode));
    },
  };
}

/** The same in memory, for tests of the adapter alone. */
export function createMemoryBalanceAlerts(): BalanceAlerts {
  const rows = new Map<string, BalanceAlert>();
  return {
    find: (mode) => Promise.resolve(rows.get(mode) ?? null),
    raise: (mode, alert) => {
      const raisedAt = rows.get(mode)?.raisedAt ?? alert.raisedAt;
      rows.set(mode, { ...alert, raisedAt });
      return Promise.resolve();
    },
    clear: (mode) => {
      rows.delete(mode);
      return Promise.resolve();
    },
  };
}
