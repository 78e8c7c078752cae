import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { priceAlerts } from './alerts.table';

export type AlertRow = typeof priceAlerts.$inferSelect;
type NewAlert = typeof priceAlerts.$inferInsert;
/** An alert taken for a check, and when it was checked before this claim. */
interface ClaimedAlert {
  row: AlertRow;
  checkedBefore: Date | null;
}

export interface AlertsRepository {
  insert(alert: NewAlert): Promise<AlertRow>;
  /** Alerts the account has active (or waiting for confirmation) on the brand. */
  countOpenForUser(brandId: string, userId: string): Promise<number>;
  /** A guest address's alerts, active or waiting for confirmation, on the brand. */
  countOpenForEmail(brandId: string, email: string, now: Date): Promise<number>;
  /** The account's alerts on the brand that are checked or have expired, newest first. */
  listForUser(brandId: string, userId: string): Promise<AlertRow[]>;
  /** Stops the account's alert; false when it has none with that id on the brand. */
  stopForUser(brandId: string, userId: string, id: string, at: Date): Promise<boolean>;
  /** Activates the pending alert of this token while its link is valid; once only. */
  confirm(tokenHash: string, now: Date): Promise<AlertRow | null>;
  /** Gives an e-mail alert to the account of its address (only one no account has yet). */
  attach(id: string, userId: string): Promise<AlertRow | null>;
  /** Stops the alert whatever its state; null when there is none. */
  stop(id: string, at: Date): Promise<AlertRow | null>;
  /** Active alerts whose departure date is before `today` are no longer checked. */
  expireDeparted(today: string): Promise<number>;
  /**
   * Takes up to `limit` active alerts not checked since `checkedBefore`, oldest check first, and
   * marks them checked `now`, so another process's job skips them (SKIP LOCKED).
   */
  claimDue(now: Date, checkedBefore: Date, limit: number): Promise<ClaimedAlert[]>;
  /** Gives a claimed alert back unchecked: due again as it was, unless checked since. */
  releaseClaim(claim: ClaimedAlert): Promise<void>;
  /**
   * Records a check's price while the alert is still active; `notifiedMinor` when it is e-mailed
   * (or is the baseline). False when the alert was stopped meanwhile.
   */
  recordPrice(
    id: string,
    price: { minor: number; currency: string },
    notifiedMinor: number | null,
  ): Promise<boolean>;
  /** An active alert whose trip can no longer be searched is expired. */
  stopChecking(id: string): Promise<void>;
  /** Whether some active alert has not been checked since `checkedBefore`. */
  hasDue(checkedBefore: Date): Promise<boolean>;
}

const dueWhere = (checkedBefore: Date) =>
  and(
    eq(priceAlerts.status, 'active'),
    or(isNull(priceAlerts.lastCheckedAt), lt(priceAlerts.lastCheckedAt, checkedBefore)),
  );

export function createAlertsRepository(db: Database): AlertsRepository {
  return {
    async insert(alert) {
      const [row] = await db.insert(priceAlerts).values(alert).returning();
      if (!row) throw new Error('alert not inserted');
      return row;
    },
    async countOpenForUser(brandId, userId) {
      const [row] = await db
        .select({ n: count() })
        .from(priceAlerts)
        .where(
          and(
            eq(priceAlerts.brandId, brandId),
            eq(priceAlerts.userId, userId),
            inArray(priceAlerts.status, ['pending', 'active']),
          ),
        );
      return row?.n ?? 0;
    },
    async countOpenForEmail(brandId, email, now) {
      const [row] = await db
        .select({ n: count() })
        .from(priceAlerts)
        .where(
          and(
            eq(priceAlerts.brandId, brandId),
            isNull(priceAlerts.userId),
            sql`lower(${priceAlerts.email}) = ${email.toLowerCase()}`,
            or(
              eq(priceAlerts.status, 'active'),
              and(eq(priceAlerts.status, 'pending'), gt(priceAlerts.confirmExpiresAt, now)),
            ),
          ),
        );
      return row?.n ?? 0;
    },
    async listForUser(brandId, userId) {
      return db
        .select()
        .from(priceAlerts)
        .where(
          and(
            eq(priceAlerts.brandId, brandId),
            eq(priceAlerts.userId, userId),
            inArray(priceAlerts.status, ['active', 'expired']),
          ),
        )
        .orderBy(sql`${priceAlerts.createdAt} desc`, asc(priceAlerts.id));
    },
    async stopForUser(brandId, userId, id, at) {
      const rows = await db
        .update(priceAlerts)
        .set({ status: 'stopped', stoppedAt: at })
        .where(
          and(
            eq(priceAlerts.id, id),
            eq(priceAlerts.brandId, brandId),
            eq(priceAlerts.userId, userId),
            inArray(priceAlerts.status, ['pending', 'active', 'expired']),
          ),
        )
        .returning({ id: priceAlerts.id });
      return rows.length > 0;
    },
    async confirm(tokenHash, now) {
      const [row] = await db
        .update(priceAlerts)
        .set({ status: 'active', confirmTokenHash: null, confirmExpiresAt: null })
        .where(
          and(
            eq(priceAlerts.confirmTokenHash, tokenHash),
            eq(priceAlerts.status, 'pending'),
            gt(priceAlerts.confirmExpiresAt, now),
          ),
        )
        .returning();
      return row ?? null;
    },
    async attach(id, userId) {
      const [row] = await db
        .update(priceAlerts)
        .set({ userId })
        .where(and(eq(priceAlerts.id, id), isNull(priceAlerts.userId)))
        .returning();
      return row ?? null;
    },
    async stop(id, at) {
      const [row] = await db
        .update(priceAlerts)
        .set({
          status: 'stopped',
          stoppedAt: sql`coalesce(${priceAlerts.stoppedAt}, ${at.toISOString()}::timestamptz)`,
          confirmTokenHash: null,
        })
        .where(eq(priceAlerts.id, id))
        .returning();
      return row ?? null;
    },
    async expireDeparted(today) {
      const rows = await db
        .update(priceAlerts)
        .set({ status: 'expired' })
        .where(and(eq(priceAlerts.status, 'active'), lt(priceAlerts.departureDate, today)))
        .returning({ id: priceAlerts.id });
      return rows.length;
    },
    async claimDue(now, checkedBefore, limit) {
      if (limit <= 0) return [];
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: priceAlerts.id, lastCheckedAt: priceAlerts.lastCheckedAt })
          .from(priceAlerts)
          .where(dueWhere(checkedBefore))
          .orderBy(sql`${priceAlerts.lastCheckedAt} asc nulls first`, asc(priceAlerts.createdAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        const before = new Map(due.map((row) => [row.id, row.lastCheckedAt]));
        const rows = await tx
          .update(priceAlerts)
          .set({ lastCheckedAt: now })
          .where(inArray(priceAlerts.id, [...before.keys()]))
          .returning();
        return rows.map((row) => ({ row, checkedBefore: before.get(row.id) ?? null }));
      });
    },
    async releaseClaim({ row, checkedBefore }) {
      const claimedAt = row.lastCheckedAt;
      if (!claimedAt) return;
      await db
        .update(priceAlerts)
        .set({ lastCheckedAt: checkedBefore })
        .where(and(eq(priceAlerts.id, row.id), eq(priceAlerts.lastCheckedAt, claimedAt)));
    },
    async recordPrice(id, price, notifiedMinor) {
      const rows = await db
        .update(priceAlerts)
        .set({
          lastPriceMinor: price.minor,
          currency: price.currency,
          ...(notifiedMinor === null ? {} : { notifiedMinor }),
        })
        .where(and(eq(priceAlerts.id, id), eq(priceAlerts.status, 'active')))
        .returning({ id: priceAlerts.id });
      return rows.length > 0;
    },
    async stopChecking(id) {
      await db
        .update(priceAlerts)
        .set({ status: 'expired' })
        .where(and(eq(priceAlerts.id, id), eq(priceAlerts.status, 'active')));
    },
    async hasDue(checkedBefore) {
      const [row] = await db
        .select({ id: priceAlerts.id })
        .from(priceAlerts)
        .where(dueWhere(checkedBefore))
        .limit(1);
      return row !== undefined;
    },
  };
}
