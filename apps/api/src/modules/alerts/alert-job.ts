import PgBoss from 'pg-boss';
import type { AlertCheckRun } from './alerts.service';

/** The pg-boss queue of the price-alert job. */
export const ALERT_QUEUE = 'price-alert-checks';
/** Every 10 minutes: each run re-prices what is due, within the hourly budget. */
export const ALERT_CRON = '*/10 * * * *';

/**
 * PostgreSQL's answers when two processes set up the same queue at the same moment (a fresh
 * database, several processes starting): deadlock, unique violation, serialisation failure.
 */
const RACE_CODES = new Set(['40P01', '23505', '40001']);

/**
 * Runs `setUp` again, a moment later, while it loses a race with another process setting up the
 * same thing: pg-boss's `createQueue` deadlocks when two processes create one queue at once. The
 * second try finds the queue made. Any other error, or a race lost `attempts` times, is thrown.
 */
export async function retryingRaces<T>(
  setUp: () => Promise<T>,
  { attempts = 5, pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)) } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await setUp();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= attempts || typeof code !== 'string' || !RACE_CODES.has(code)) throw error;
      await pause(50 * attempt + Math.floor(Math.random() * 100));
    }
  }
}

export interface JobLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * Runs the price-alert job from a queue in the database (pg-boss, decision 019): every process
 * that starts it keeps the cron schedule, and pg-boss makes one job of each slot (its cron clock is
 * kept in the database) and hands it to one process (SKIP LOCKED). The queue's `stately` policy
 * holds at most one job waiting and one running, so runs never overlap.
 */
export async function startAlertJob({
  db,
  run,
  log,
  pollingIntervalSeconds = 30,
}: {
  /** SQL on the app's own database: its pool on PostgreSQL, the embedded PGlite otherwise. */
  db: PgBoss.Db;
  run: () => Promise<AlertCheckRun>;
  log: JobLog;
  /** How often this process asks the queue for a job (tests: less). */
  pollingIntervalSeconds?: number;
}): Promise<{ trigger(): Promise<void>; stop(): Promise<void> }> {
  // Several processes starting on a fresh database race to make pg-boss's schema: the loser
  // starts again on a new instance and finds it made.
  const boss = await retryingRaces(async () => {
    const candidate = new PgBoss({
      db,
      // pg-boss's own tables live in a schema of their own, apart from the app's migrations.
      schema: 'pgboss',
      // Completed and failed jobs are kept a day, then deleted by pg-boss's maintenance.
      deleteAfterDays: 1,
    });
    candidate.on('error', (error) => log.error({ err: error }, 'job queue error'));
    try {
      await candidate.start();
    } catch (error) {
      await candidate.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw error;
    }
    return candidate;
  });
  await retryingRaces(() =>
    boss.createQueue(ALERT_QUEUE, {
      name: ALERT_QUEUE,
      policy: 'stately',
      // A failed run is not retried: the next slot runs again in 10 minutes.
      retryLimit: 0,
      expireInMinutes: 15,
    }),
  );
  await retryingRaces(() => boss.schedule(ALERT_QUEUE, ALERT_CRON, {}, { tz: 'UTC' }));
  await boss.work(ALERT_QUEUE, { pollingIntervalSeconds }, async () => {
    await run();
  });
  return {
    /** Queues a run now (one waiting at most, whoever asks). */
    async trigger() {
      await boss.send(ALERT_QUEUE, {});
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
