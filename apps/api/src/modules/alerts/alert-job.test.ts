import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app';
import { testDatabase } from '../../../test/database';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { ALERT_CRON, ALERT_QUEUE, retryingRaces, startAlertJob } from './alert-job';

const quiet = { info: () => undefined, error: () => undefined };
const idle = { checked: 0, emailed: 0, expired: 0, budgetSpent: false };

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the price-alert job queue (pg-boss on the app database)', () => {
  // The worker's shared database: the worker closes it, not a test file (later files use it).
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabase();
  });

  // Several processes share a PostgreSQL server; the embedded database is one process's only.
  it('starts in several processes at once on a database that has no queue yet', async (context) => {
    if (database.kind !== 'postgres') context.skip();
    const db = {
      executeSql: (text: string, values: unknown[]) => database.executeSql(text, values),
    };
    for (let round = 0; round < 3; round += 1) {
      await database.executeSql('drop schema if exists pgboss cascade', []);
      const jobs = await Promise.all(
        [1, 2, 3].map(() => startAlertJob({ db, log: quiet, run: () => Promise.resolve(idle) })),
      );
      await Promise.all(jobs.map((job) => job.stop()));
    }
    const { rows } = await database.executeSql('select name from pgboss.queue where name = $1', [
      ALERT_QUEUE,
    ]);
    expect(rows).toEqual([{ name: ALERT_QUEUE }]);
  });

  it('tries a set-up again only when it lost a race with another process', async () => {
    const pauses: number[] = [];
    const pause = (ms: number) => {
      pauses.push(ms);
      return Promise.resolve();
    };
    let calls = 0;
    const deadlockOnce = () => {
      calls += 1;
      if (calls === 1)
        return Promise.reject(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
      return Promise.resolve('made');
    };
    await expect(retryingRaces(deadlockOnce, { pause })).resolves.toBe('made');
    expect(calls).toBe(2);
    expect(pauses).toHaveLength(1);

    const broken = Object.assign(new Error('permission denied'), { code: '42501' });
    await expect(retryingRaces(() => Promise.reject(broken), { pause })).rejects.toBe(broken);
    const lost = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let tries = 0;
    await expect(
      retryingRaces(
        () => {
          tries += 1;
          return Promise.reject(lost);
        },
        { pause, attempts: 3 },
      ),
    ).rejects.toBe(lost);
    expect(tries).toBe(3);
  });

  it('schedules the job and hands each queued run to one of several processes', async () => {
    const runs: string[] = [];
    const db = {
      executeSql: (text: string, values: unknown[]) => database.executeSql(text, values),
    };
    const start = (name: string) =>
      startAlertJob({
        db,
        log: quiet,
        pollingIntervalSeconds: 0.5,
        run: async () => {
          runs.push(name);
          await new Promise((resolve) => setTimeout(resolve, 300));
          return idle;
        },
      });
    const first = await start('first');
    const second = await start('second');
    try {
      const { rows } = await database.executeSql(
        'select name, cron from pgboss.schedule where name = $1',
        [ALERT_QUEUE],
      );
      expect(rows).toEqual([{ name: ALERT_QUEUE, cron: ALERT_CRON }]);

      await first.trigger();
      await until(() => runs.length === 1);
      // Given time, nobody else runs the same job.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(runs).toHaveLength(1);

      await second.trigger();
      await until(() => runs.length === 2);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('is started with the app (ALERT_JOBS) and stopped with it', async () => {
    const { rows: queue } = await database.executeSql(
      "select to_regclass('pgboss.schedule') is not null as present",
    );
    if ((queue[0] as { present: boolean }).present) {
      await database.executeSql('delete from pgboss.schedule where name = $1', [ALERT_QUEUE]);
    }
    const app = await buildApp({
      config: testConfig({ ALERT_JOBS: 'true' }),
      database,
      logger: false,
      reconcileIntervalMs: 0,
    });
    try {
      await app.ready();
      const { rows } = await database.executeSql(
        'select cron from pgboss.schedule where name = $1',
        [ALERT_QUEUE],
      );
      expect(rows).toEqual([{ cron: ALERT_CRON }]);
    } finally {
      await app.close();
    }
  });
});
