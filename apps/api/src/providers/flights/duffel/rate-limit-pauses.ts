import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { duffelRateLimitPauses } from './duffel.table';

interface RateLimitPause {
  /** When Duffel takes the mode's requests again (its `ratelimit-reset`). */
  until: Date;
  requestId: string | null;
}

/**
 * Where every process learns that Duffel's rate limit for a mode is spent, and until when
 * (`duffelRateLimitPauses`): a process that never got a 429 waits or refuses all the same.
 */
export interface RateLimitPauses {
  find(mode: 'test' | 'live'): Promise<RateLimitPause | null>;
  /** Records a pause; one already recorded until later stands. */
  pause(mode: 'test' | 'live', pause: RateLimitPause): Promise<void>;
}

export function createPostgresRateLimitPauses(db: Database): RateLimitPauses {
  return {
    async find(mode) {
      const [row] = await db
        .select()
        .from(duffelRateLimitPauses)
        .where(eq(duffelRateLimitPauses.mode, mode));
      return row ? { until: row.pausedUntil, requestId: row.requestId } : null;
    },
    async pause(mode, { until, requestId }) {
      await db
        .insert(duffelRateLimitPauses)
        .values({ mode, pausedUntil: until, requestId })
        .onConflictDoUpdate({
          target: duffelRateLimitPauses.mode,
          set: { pausedUntil: until, requestId },
          // A window already known to end later is not shortened by an older answer.
          setWhere: sql`${duffelRateLimitPauses.pausedUntil} < ${until.toISOString()}::timestamptz`,
        });
    },
  };
}

/** The same in memory: one process's own (the adapter's tests, or no database). */
export function createMemoryRateLimitPauses(): RateLimitPauses {
  const rows = new Map<string, RateLimitPause>();
  return {
    find: (mode) => Promise.resolve(rows.get(mode) ?? null),
    pause: (mode, pause) => {
      const known = rows.get(mode);
      if (!known || known.until < pause.until) rows.set(mode, pause);
      return Promise.resolve();
    },
  };
}
