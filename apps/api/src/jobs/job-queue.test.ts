import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/database';
import type { DatabaseHandle } from '../db/client';
import {
  retryingRaces,
  startJobQueue,
  type JobPolicy,
  type JobQueue,
  type WorkedJob,
} from './job-queue';
import { JOBS, workedJobs, type JobName } from './registry';

const quiet = { info: () => undefined, error: () => undefined };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await wait(25);
  }
}

/** A queue of a test's own, whose cron slot (once a year) never comes during the test. */
function testPolicy(overrides: Partial<JobPolicy> = {}): JobPolicy {
  return {
    queue: `test-${randomUUID().slice(0, 8)}`,
    does: 'A test job.',
    cron: '0 0 1 1 *',
    atStart: false,
    policy: 'stately',
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    pollingIntervalSeconds: 0.5,
    ...overrides,
  };
}

describe('the job queue (pg-boss on the app database)', () => {
  // The worker's shared database: the worker closes it, not a test file (later files use it).
  let database: DatabaseHandle;
  const db = {
    executeSql: (text: string, values: unknown[]) => database.executeSql(text, values),
  };
  const listen: DatabaseHandle['listen'] = (channel, handlers) =>
    database.listen(channel, handlers);
  const start = (jobs: WorkedJob[]) => startJobQueue({ db, listen, jobs, log: quiet });
  const stateOf = async (queue: string) =>
    (
      await database.executeSql(
        'select state, retry_count from pgboss.job where name = $1 order by created_on',
        [queue],
      )
    ).rows;

  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    // The test queues' schedules would otherwise be read by every later start.
    await database.executeSql("delete from pgboss.schedule where name like 'test-%'", []);
  });

  // Several processes share a PostgreSQL server; the embedded database is one process's only.
  it('starts in several processes at once on a database that has no queue yet', async (context) => {
    if (database.kind !== 'postgres') context.skip();
    const idle = Object.fromEntries(
      Object.keys(JOBS).map((name) => [name, () => Promise.resolve(0)]),
    ) as Record<JobName, () => Promise<number>>;
    const every = workedJobs(idle, { emailIntervalMs: 60_000, settling: true, alerts: true });
    for (let round = 0; round < 3; round += 1) {
      // A statement the last round's pg-boss left finishing may still hold a lock the drop needs.
      await retryingRaces(() => database.executeSql('drop schema if exists pgboss cascade', []));
      const queues = await Promise.all([1, 2, 3].map(() => start(every)));
      await Promise.all(queues.map((queue) => queue.stop()));
    }
    const { rows } = await database.executeSql(
      "select name from pgboss.queue where name not like '\\_\\_pgboss%' order by name",
      [],
    );
    expect(rows).toEqual(
      Object.values(JOBS)
        .map(({ queue }) => ({ name: queue }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
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

  it('records every job of the registry with its schedule and policy, and runs each', async () => {
    const ran: string[] = [];
    const runs = Object.fromEntries(
      Object.keys(JOBS).map((name) => [
        name,
        () => {
          ran.push(name);
          return Promise.resolve(0);
        },
      ]),
    ) as Record<JobName, () => Promise<number>>;
    const every = workedJobs(runs, { emailIntervalMs: 500, settling: true, alerts: true });
    expect(every.map(({ policy }) => policy.queue).sort()).toEqual(
      Object.values(JOBS)
        .map(({ queue }) => queue)
        .sort(),
    );
    // What each switch leaves out.
    expect(workedJobs(runs, { emailIntervalMs: 0, settling: false, alerts: false })).toEqual([]);
    expect(
      workedJobs(runs, { emailIntervalMs: 0, settling: true, alerts: false }).map(
        ({ policy }) => policy.queue,
      ),
    ).toEqual([
      'bookings-reconcile',
      'cancellations-settle',
      'card-holds-sweep',
      'airline-change-checks',
    ]);

    const queue = await start(every.map((job) => ({ ...job, pollingIntervalSeconds: 0.5 })));
    try {
      for (const policy of Object.values(JOBS)) {
        const { rows: stored } = await database.executeSql(
          `select q.policy, q.retry_limit, q.retry_delay, q.retry_backoff, q.expire_seconds, s.cron
             from pgboss.queue q join pgboss.schedule s on s.name = q.name where q.name = $1`,
          [policy.queue],
        );
        expect(stored).toEqual([
          {
            policy: policy.policy,
            retry_limit: policy.retryLimit,
            retry_delay: policy.retryDelaySeconds,
            retry_backoff: policy.retryBackoff,
            expire_seconds: policy.expireInSeconds,
            cron: policy.cron,
          },
        ]);
      }
      // The jobs queued at start ran; those that wait for their slot did not.
      const atStart = Object.entries(JOBS).filter(([, policy]) => policy.atStart);
      await until(() => atStart.every(([name]) => ran.includes(name)));
      expect(ran).not.toContain('checkPriceAlerts');
      await queue.trigger(JOBS.checkPriceAlerts.queue);
      await until(() => ran.includes('checkPriceAlerts'));
      // A job takes its queue's retry policy.
      const { rows: jobs } = await database.executeSql(
        `select retry_limit, retry_delay, retry_backoff from pgboss.job
          where name = $1 order by created_on desc limit 1`,
        [JOBS.settleBookings.queue],
      );
      expect(jobs).toEqual([
        {
          retry_limit: JOBS.settleBookings.retryLimit,
          retry_delay: JOBS.settleBookings.retryDelaySeconds,
          retry_backoff: JOBS.settleBookings.retryBackoff,
        },
      ]);
    } finally {
      await queue.stop();
    }
  });

  it('retries a failing run as its policy says, then gives it up', async () => {
    const policy = testPolicy({ retryLimit: 2, retryDelaySeconds: 1 });
    const attempts: number[] = [];
    const errors: string[] = [];
    const queue = await startJobQueue({
      db,
      listen,
      log: { info: () => undefined, error: (_details, message) => errors.push(message) },
      jobs: [
        {
          policy,
          run: () => {
            attempts.push(Date.now());
            return Promise.reject(new Error('provider away'));
          },
        },
      ],
    });
    try {
      await queue.trigger(policy.queue);
      await until(() => attempts.length === 3);
      await until(() => errors.length === 3);
      // Two retries, each after its delay, and no more.
      const [first = 0, second = 0, third = 0] = attempts;
      expect(second - first).toBeGreaterThanOrEqual(900);
      expect(third - second).toBeGreaterThanOrEqual(900);
      await wait(1_500);
      expect(attempts).toHaveLength(3);
      expect(errors).toEqual(['job failed', 'job failed', 'job failed']);
      expect(await stateOf(policy.queue)).toEqual([{ state: 'failed', retry_count: 2 }]);
    } finally {
      await queue.stop();
    }

    // A run that fails once is run again and completes.
    const flaky = testPolicy({ retryLimit: 1, retryDelaySeconds: 1 });
    let calls = 0;
    const second = await start([
      {
        policy: flaky,
        run: () => {
          calls += 1;
          return calls === 1 ? Promise.reject(new Error('once')) : Promise.resolve(1);
        },
      },
    ]);
    try {
      await second.trigger(flaky.queue);
      await until(() => calls === 2);
      await wait(200);
      expect(await stateOf(flaky.queue)).toEqual([{ state: 'completed', retry_count: 1 }]);
    } finally {
      await second.stop();
    }
  });

  it('runs a job once, never two runs at once, across two processes on one database', async () => {
    const policy = testPolicy();
    const runs: string[] = [];
    let active = 0;
    let overlapped = false;
    const worker = (name: string): WorkedJob => ({
      policy,
      run: async () => {
        runs.push(name);
        active += 1;
        overlapped ||= active > 1;
        await wait(400);
        active -= 1;
      },
    });
    const first = await start([worker('first')]);
    const second = await start([worker('second')]);
    try {
      await first.trigger(policy.queue);
      await until(() => runs.length === 1);
      // Asked again, from both, while it runs: one more run waits, and runs after.
      await Promise.all([first.trigger(policy.queue), second.trigger(policy.queue)]);
      await second.trigger(policy.queue);
      await until(() => runs.length === 2);
      // Given time, nobody runs either job again.
      await wait(1_500);
      expect(runs).toHaveLength(2);
      expect(overlapped).toBe(false);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('waits for a run under way as it stops, and runs nothing after', async () => {
    const policy = testPolicy();
    let started = 0;
    let finished = 0;
    const queue: JobQueue = await start([
      {
        policy,
        run: async () => {
          started += 1;
          await wait(300);
          finished += 1;
        },
      },
    ]);
    await queue.trigger(policy.queue);
    await until(() => started === 1);
    await queue.stop();
    expect(finished).toBe(1);
    // A job queued by a process still running is not taken by the stopped one.
    const other = await start([]);
    try {
      await other.trigger(policy.queue);
      await wait(1_200);
      expect(started).toBe(1);
      expect(await stateOf(policy.queue)).toContainEqual({ state: 'created', retry_count: 0 });
    } finally {
      await other.stop();
    }
  });

  it('leaves none of its statements under way once stopped, the last job fetched included', async () => {
    // Each statement takes a while, so the worker's fetch is still out as the queue stops, and
    // the job it brings back is failed (to be retried) once it returns.
    let underWay = 0;
    let startedAfterStop = 0;
    let stopped = false;
    let triggered = false;
    let fetches = 0;
    const slow = {
      executeSql: async (text: string, values: unknown[]) => {
        if (stopped) startedAfterStop += 1;
        // pg-boss's fetch of the next job.
        if (triggered && /^\s*WITH next/.test(text)) fetches += 1;
        underWay += 1;
        try {
          await wait(40);
          return await database.executeSql(text, values);
        } finally {
          underWay -= 1;
        }
      },
    };
    const policy = testPolicy({ pollingIntervalSeconds: 0.5 });
    let ran = 0;
    const queue = await startJobQueue({
      db: slow,
      listen,
      jobs: [{ policy, run: () => Promise.resolve((ran += 1)) }],
      log: quiet,
    });
    await queue.trigger(policy.queue);
    triggered = true;
    await until(() => fetches > 0);
    await queue.stop();
    stopped = true;
    expect(underWay).toBe(0);
    await wait(600);
    expect(startedAfterStop).toBe(0);
    expect(underWay).toBe(0);
    // The job fetched as the queue stopped is not run, and is failed, not left taken.
    expect(ran).toBe(0);
    expect(await stateOf(policy.queue)).toEqual([{ state: 'failed', retry_count: 0 }]);
  });

  it('runs a job woken by a notification as the transaction sending it commits', async () => {
    const channel = `test_wake_${randomUUID().slice(0, 8)}`;
    // Polled once a minute: only the notification explains a prompt run.
    const policy = testPolicy({ wakeOn: channel, pollingIntervalSeconds: 60 });
    const runs: number[] = [];
    const queue = await start([
      {
        policy,
        run: () => {
          runs.push(Date.now());
          return Promise.resolve();
        },
      },
    ]);
    try {
      // Listening starting queues one run (a notification may have been missed before).
      await until(() => runs.length === 1);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify(${channel}, '')`);
        await wait(700);
        // Not before the commit.
        expect(runs).toHaveLength(1);
      });
      const committed = Date.now();
      await until(() => runs.length === 2, 10_000);
      // Far sooner than its polling (a minute) or its cron slot (a year): woken.
      expect((runs[1] ?? Infinity) - committed).toBeLessThan(5_000);
    } finally {
      await queue.stop();
    }
  });
});
