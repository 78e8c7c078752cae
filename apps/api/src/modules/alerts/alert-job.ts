import PgBoss from 'pg-boss';
import type { AlertCheckRun } from './alerts.service';

/** The pg-boss queue of the price-alert job. */
export const ALERT_QUEUE = 'price-alert-checks';
/** Every 10 minutes: each run re-prices what is due, within the hourly budget. */
export const ALERT_CRON = '*/10 * * * *';

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
  const boss = new PgBoss({
    db,
    // pg-boss's own tables live in a schema of their own, apart from the app's migrations.
    schema: 'pgboss',
    // Completed and failed jobs are kept a day, then deleted by pg-boss's maintenance.
    deleteAfterDays: 1,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(ALERT_QUEUE, {
    name: ALERT_QUEUE,
    policy: 'stately',
    // A failed run is not retried: the next slot runs again in 10 minutes.
    retryLimit: 0,
    expireInMinutes: 15,
  });
  await boss.schedule(ALERT_QUEUE, ALERT_CRON, {}, { tz: 'UTC' });
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
