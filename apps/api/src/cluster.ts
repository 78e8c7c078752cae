import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Config } from './config';

/**
 * One server process per core (docs/decisions/017-one-worker-per-core.md). Every process is
 * stateless: sessions, rate limits, the booking mode, shared searches and orders live in
 * PostgreSQL, and the in-process caches hold only answers that are a pure function of their key.
 * The embedded database belongs to the one process that opened its directory, so without
 * DATABASE_URL there is one process whatever WEB_CONCURRENCY says.
 */
export function workerCount(config: Pick<Config, 'WEB_CONCURRENCY' | 'DATABASE_URL'>): {
  workers: number;
  /** Why fewer processes run than were asked for, for the log. */
  note?: string;
} {
  const wanted = config.WEB_CONCURRENCY ?? availableParallelism();
  if (config.DATABASE_URL === undefined) {
    return wanted > 1 && config.WEB_CONCURRENCY !== undefined
      ? {
          workers: 1,
          note: `WEB_CONCURRENCY=${String(wanted)} needs DATABASE_URL: the embedded database belongs to one process, so one process serves`,
        }
      : { workers: 1 };
  }
  return { workers: wanted };
}

/**
 * Search threads per process (docs/decisions/020-search-threads.md): one per core where one
 * process serves, so that it uses every core; none where a process runs on each core already.
 */
export function searchThreadCount(
  config: Pick<Config, 'SEARCH_THREADS'>,
  processes: number,
  cores = availableParallelism(),
): number {
  if (config.SEARCH_THREADS !== undefined) return config.SEARCH_THREADS;
  return processes === 1 && cores > 1 ? cores : 0;
}

/**
 * The primary's word to a worker to drain and stop: finish every request it received, close
 * each connection, then exit (docs/decisions/023-draining-connections.md).
 */
const DRAIN = 'contrail:drain';

/** What a worker sends the primary every HEARTBEAT_MS while its event loop turns. */
const HEARTBEAT = 'contrail:heartbeat';
const HEARTBEAT_MS = 1_000;

/**
 * A serving worker not heard from for this long is stuck (an event loop blocked for seconds, a
 * process stopped): the primary kills it, and it is replaced as a crashed one is. A busy worker's
 * heartbeat is late by a fraction of a second at most: its event loop turns every few
 * milliseconds under load (the admission queue bounds the work done at once).
 */
const STUCK_AFTER_MS = 10_000;

/** More replacements than this within REPLACEMENT_WINDOW_MS is a crash loop, not a crash. */
const MAX_REPLACEMENTS = 10;
const REPLACEMENT_WINDOW_MS = 60_000;

type Log = (level: 'info' | 'error', message: string, details?: Record<string, unknown>) => void;

const typeOf = (message: unknown): unknown => (message as { type?: unknown } | null)?.type;

/**
 * The primary: forks the workers, which share the port through `node:cluster` (the primary
 * accepts each connection and hands it to the next worker free to take one, round robin), replaces
 * one that crashes or stops answering, and on a shutdown signal tells every worker to drain and
 * waits for them. Resolves with the exit code the primary should end with: 0 when every worker
 * stopped cleanly.
 */
export function superviseWorkers({
  workers,
  exec,
  shutdown,
  log,
  onListening,
  stuckAfterMs = STUCK_AFTER_MS,
}: {
  workers: number;
  /** The server module each worker runs. */
  exec: string;
  shutdown: Promise<NodeJS.Signals>;
  log: Log;
  /** Once every worker is listening (the first time). */
  onListening: () => void;
  stuckAfterMs?: number;
}): Promise<number> {
  // Node's documented default everywhere but on Windows, said here so that it holds there too:
  // the primary accepts each connection and deals it to the workers in turn, "with some built-in
  // smarts to avoid overloading a worker process"; left to the operating system, Node's
  // documentation warns, "distribution tends to be very unbalanced" (cluster: How it works).
  cluster.schedulingPolicy = cluster.SCHED_RR;
  // Stack traces in the TypeScript sources, as `npm start` gives the single process.
  cluster.setupPrimary({ exec, execArgv: [...process.execArgv, '--enable-source-maps'] });
  let stopping = false;
  let failed = false;
  let listening = 0;
  const started = new Map<Worker, number>();
  /** The workers that began to serve, with when each was last heard from. */
  const lastHeard = new Map<Worker, number>();
  /** When each recent replacement was forked. */
  let replacements: number[] = [];

  const fork = (replacing = false) => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    worker.on('message', (message: unknown) => {
      if (typeOf(message) === HEARTBEAT && lastHeard.has(worker)) lastHeard.set(worker, Date.now());
    });
    worker.once('listening', () => {
      lastHeard.set(worker, Date.now());
      if (replacing)
        log('info', 'a replacement server process is serving', { pid: worker.process.pid });
      listening += 1;
      if (listening === workers) onListening();
    });
  };

  // A worker stuck for seconds takes no new connection (the primary hands one only to a worker
  // that took the last), but holds those it has: it is ended and replaced.
  const watchdog = setInterval(
    () => {
      if (stopping) return;
      const since = Date.now() - stuckAfterMs;
      for (const [worker, heard] of lastHeard) {
        if (heard >= since || worker.isDead()) continue;
        log('error', 'a server process stopped answering', {
          pid: worker.process.pid,
          silentForMs: Date.now() - heard,
        });
        // Its exit is then a crash like any other: replaced.
        lastHeard.set(worker, Number.POSITIVE_INFINITY);
        worker.process.kill('SIGKILL');
      }
    },
    Math.min(HEARTBEAT_MS, stuckAfterMs),
  );
  watchdog.unref();

  /** Forks the workers, then watches them until every one has stopped. */
  const run = (resolve: (code: number) => void) => {
    const finish = (code: number) => {
      clearInterval(watchdog);
      resolve(code);
    };
    /** A worker stopped: part of the shutdown, a crash to replace, or a reason to give up. */
    const onExit = (worker: Worker, code: number, signal: string) => {
      const startedAt = started.get(worker) ?? 0;
      started.delete(worker);
      const served = lastHeard.delete(worker);
      if (stopping) {
        // A worker that could not drain cleanly makes the whole stop unclean; one stopped before it
        // served anything (a replacement still starting) had nothing to drain.
        if (code !== 0 && served) failed = true;
        if (started.size === 0) finish(failed ? 1 : 0);
        return;
      }
      const now = Date.now();
      replacements = replacements.filter((at) => now - at < REPLACEMENT_WINDOW_MS);
      // A worker that never served (a bad port, a database refusing it) would only fail again,
      // and so would one that keeps crashing: stop everything and say so rather than fork for ever.
      const hopeless = !served || replacements.length >= MAX_REPLACEMENTS;
      log('error', 'a server process stopped', {
        pid: worker.process.pid,
        code,
        signal,
        ranForMs: now - startedAt,
        replaced: !hopeless,
      });
      if (hopeless) {
        stopping = true;
        failed = true;
        for (const other of started.keys()) other.process.kill('SIGTERM');
        if (started.size === 0) finish(1);
        return;
      }
      replacements.push(now);
      fork(true);
    };
    cluster.on('exit', onExit);
    for (let i = 0; i < workers; i += 1) fork();

    void shutdown.then((signal) => {
      stopping = true;
      // Each worker drains its requests in flight and closes its database pool, then exits; one
      // still starting is passed the signal, which it heeds once it has started.
      for (const worker of started.keys()) {
        if (lastHeard.has(worker)) drainWorker(worker, signal);
        else worker.process.kill(signal);
      }
      if (started.size === 0) finish(failed ? 1 : 0);
    });
  };
  return new Promise(run);
}

/** Tells a worker to drain and stop: over its channel, or by the signal if that is gone. */
function drainWorker(worker: Worker, signal: NodeJS.Signals): void {
  if (!worker.isConnected()) {
    worker.process.kill(signal);
    return;
  }
  worker.send({ type: DRAIN }, (error: Error | null) => {
    if (error) worker.process.kill(signal);
  });
}

/**
 * In a worker: tells the primary every HEARTBEAT_MS that its event loop turns (heeded once the
 * worker listens). Resolves when the primary says to drain, or is gone (no connection will come
 * from it).
 */
export function serveAsWorker(): Promise<void> {
  // Never keeps the process alive by itself.
  setInterval(() => {
    if (process.connected) process.send?.({ type: HEARTBEAT });
  }, HEARTBEAT_MS).unref();
  return new Promise<void>((resolve) => {
    process.on('message', (message: unknown) => {
      if (typeOf(message) === DRAIN) resolve();
    });
    process.once('disconnect', () => resolve());
  });
}
