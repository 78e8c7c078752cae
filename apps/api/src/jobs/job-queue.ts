import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/**
 * How one background job is queued and retried (decision 026). Every job of the app is listed,
 * with its policy, in `./registry.ts`; this file runs any such list on pg-boss.
 */
export interface JobPolicy {
  /** The pg-boss queue's name (its jobs, schedule and policy are stored under it). */
  queue: string;
  /** What a run does, in a line (the docs' table of jobs says the same). */
  does: string;
  /** When pg-boss queues a run: a cron expression in UTC, one job per slot across processes. */
  cron: string;
  /** Queues a run as this process starts (work left by a crash is not kept waiting a slot). */
  atStart: boolean;
  /**
   * A notification on this channel queues a run at once and wakes this process's worker. The
   * NOTIFY is sent with the change that needs the job, so it arrives once that change commits.
   */
  wakeOn?: string;
  /**
   * `stately`: at most one run waiting and one running, across every process sharing the
   * database, so runs never overlap and a burst of requests makes one run.
   */
  policy: 'stately';
  /** Runs after the first that a failing run is given (0: the next slot runs it again). */
  retryLimit: number;
  /** Seconds before a failed run is tried again; doubled, with jitter, when `retryBackoff`. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A run still going after this long is failed (and retried): its process is taken as dead. */
  expireInSeconds: number;
  /** How often a process working this queue asks it for a job, when nothing wakes it sooner. */
  pollingIntervalSeconds: number;
}

/** A job this process works: its policy and its run. */
export interface WorkedJob {
  policy: JobPolicy;
  run: () => Promise<unknown>;
  /** Overrides the policy's polling interval (at least 0.5 s, pg-boss's floor). */
  pollingIntervalSeconds?: number;
}

export interface JobLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface JobQueue {
  /** Queues a run of `queue` now and wakes this process's worker (one waiting at most). */
  trigger(queue: string): Promise<void>;
  /** Stops the workers, waits for the runs under way, and stops listening. */
  stop(): Promise<void>;
}

/** How long stopping waits for the runs under way. */
const STOP_TIMEOUT_MS = 10_000;

/** pg-boss does not poll more often than every half second. */
const MIN_POLLING_SECONDS = 0.5;

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

/** pg-boss on the app's own database, its schema made (or migrated) once whoever starts first. */
async function startBoss(db: PgBoss.Db, log: JobLog): Promise<PgBoss> {
  // Several processes starting on a fresh database race to make pg-boss's schema: the loser
  // starts again on a new instance and finds it made.
  return retryingRaces(async () => {
    const candidate = new PgBoss({
      db,
      // pg-boss's own tables live in a schema of their own, apart from the app's migrations.
      schema: 'pgboss',
      // Finished jobs are kept a day, then deleted by pg-boss's maintenance.
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
}

/** The queue's options as pg-boss stores them (new jobs take them from the queue). */
function queueOptions(policy: JobPolicy): PgBoss.Queue {
  return {
    name: policy.queue,
    policy: policy.policy,
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: policy.retryBackoff,
    expireInSeconds: policy.expireInSeconds,
  };
}

/**
 * The database as pg-boss is given it, keeping count of the statements under way: pg-boss
 * records a run's end without waiting for it, so those are awaited as the queue stops, and none
 * is cut off by the database closing.
 */
function trackingStatements(db: PgBoss.Db): { db: PgBoss.Db; settled(): Promise<void> } {
  const statements = new Set<Promise<unknown>>();
  return {
    db: {
      executeSql: (text, values) => {
        const statement = db.executeSql(text, values);
        statements.add(statement);
        const done = () => statements.delete(statement);
        void statement.then(done, done);
        return statement;
      },
    },
    // A statement that settles may be followed by the next (pg-boss records a fetched job's end
    // once the fetch is back), so this waits until none is left under way.
    settled: async () => {
      while (statements.size > 0) {
        await Promise.allSettled([...statements]);
        // What pg-boss does next upon a settled statement starts within the same turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

/** Waits for `promise`, `ms` at most. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Makes `job`'s queue (or brings it to its policy), records its schedule, starts its worker. */
async function workJob(
  boss: PgBoss,
  { policy, run, pollingIntervalSeconds }: WorkedJob,
  {
    running,
    stopping,
    log,
  }: { running: Set<Promise<unknown>>; stopping: () => boolean; log: JobLog },
): Promise<string> {
  await retryingRaces(() => boss.createQueue(policy.queue, queueOptions(policy)));
  // A queue made by an earlier release takes the policy written here.
  await boss.updateQueue(policy.queue, queueOptions(policy));
  await retryingRaces(() => boss.schedule(policy.queue, policy.cron, {}, { tz: 'UTC' }));
  const polling = Math.max(
    MIN_POLLING_SECONDS,
    pollingIntervalSeconds ?? policy.pollingIntervalSeconds,
  );
  return boss.work(policy.queue, { pollingIntervalSeconds: polling }, async ([job]) => {
    // A job fetched as the app stops fails, and is retried (where its policy retries) later.
    if (stopping()) throw new Error('the app is stopping');
    const done = run();
    running.add(done);
    try {
      const result = await done;
      // What a run settled, sent or released, when it did anything.
      if (typeof result === 'number' && result > 0) {
        log.info({ queue: policy.queue, count: result }, 'job done');
      }
    } catch (error) {
      log.error({ err: error, queue: policy.queue, job: job?.id }, 'job failed');
      throw error;
    } finally {
      running.delete(done);
    }
  });
}

/**
 * Starts the queue of every job in `jobs` on one pg-boss (decision 026): each queue is made, or
 * brought to its policy, its cron schedule recorded, and a worker started. pg-boss's cron clock
 * is in the database, so several processes keeping one schedule make one job per slot, and a job
 * is fetched with SKIP LOCKED, so one process runs it. A run that throws is logged and retried
 * as its policy says.
 */
export async function startJobQueue({
  db,
  listen,
  jobs,
  log,
}: {
  /** SQL on the app's own database: its pool on PostgreSQL, the embedded PGlite otherwise. */
  db: PgBoss.Db;
  /** The database's notifications, for the jobs woken by one (`wakeOn`). */
  listen: DatabaseHandle['listen'];
  jobs: readonly WorkedJob[];
  log: JobLog;
}): Promise<JobQueue> {
  const statements = trackingStatements(db);
  const boss = await startBoss(statements.db, log);
  const workers = new Map<string, string>();
  const running = new Set<Promise<unknown>>();
  const unlisten: (() => Promise<void>)[] = [];
  let stopping = false;
  const stopListening = () => Promise.all(unlisten.map((stop) => stop().catch(() => undefined)));

  const trigger = async (queue: string) => {
    if (stopping) return;
    await boss.send(queue, {});
    const worker = workers.get(queue);
    if (worker) boss.notifyWorker(worker);
  };
  try {
    for (const job of jobs) {
      workers.set(
        job.policy.queue,
        await workJob(boss, job, { running, stopping: () => stopping, log }),
      );
      if (job.policy.wakeOn) {
        unlisten.push(await listen(job.policy.wakeOn, wakeUp(job.policy.queue, trigger, log)));
      }
    }
    for (const { policy } of jobs) if (policy.atStart) await trigger(policy.queue);
  } catch (error) {
    await stopListening();
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    throw error;
  }

  return {
    trigger,
    async stop() {
      stopping = true;
      await stopListening();
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      // Runs pg-boss had fetched but not counted as under way yet, then what it last recorded.
      await within(
        Promise.allSettled([...running]).then(() => statements.settled()),
        STOP_TIMEOUT_MS,
      );
    },
  };
}

/**
 * The listener that queues a run of `queue` on each notification, and once listening starts or
 * resumes (a notification may have been missed). Notifications that come while a run is being
 * queued make one more, not one each: the queue holds one waiting run anyway.
 */
function wakeUp(
  queue: string,
  trigger: (queue: string) => Promise<void>,
  log: JobLog,
): Parameters<DatabaseHandle['listen']>[1] {
  let sending: Promise<void> | undefined;
  let again = false;
  const send = () => {
    if (sending) {
      again = true;
      return;
    }
    sending = trigger(queue)
      .catch((error: unknown) => log.error({ err: error, queue }, 'job not queued'))
      .finally(() => {
        sending = undefined;
        if (again) {
          again = false;
          send();
        }
      });
  };
  return {
    onNotify: send,
    onGap: (listening) => {
      if (listening) send();
    },
  };
}
