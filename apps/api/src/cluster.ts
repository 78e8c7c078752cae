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

/** Set in a worker's environment: it serves connections handed over by the primary. */
export const FRONT_DOOR_WORKER = 'CONTRAIL_FRONT_DOOR_WORKER';

/** What a worker tells the primary once it takes connections. */
export const WORKER_SERVING = 'contrail:serving';

/** More replacements than this within REPLACEMENT_WINDOW_MS is a crash loop, not a crash. */
const MAX_REPLACEMENTS = 10;
const REPLACEMENT_WINDOW_MS = 60_000;

type Log = (level: 'info' | 'error', message: string, details?: Record<string, unknown>) => void;

/**
 * The primary: forks the workers, replaces one that crashes, and on a shutdown signal passes it
 * on and waits for every worker to drain. Resolves with the exit code the primary should end
 * with: 0 when every worker stopped cleanly.
 */
export function superviseWorkers({
  workers,
  exec,
  shutdown,
  log,
  onListening,
  serving = new Set<Worker>(),
  stopWorker = (worker, signal) => worker.process.kill(signal),
}: {
  workers: number;
  /** The server module each worker runs. */
  exec: string;
  shutdown: Promise<NodeJS.Signals>;
  log: Log;
  /** Once every worker is listening (the first time). */
  onListening: () => void;
  /** Kept up to date with the workers that are listening (the front door hands them connections). */
  serving?: { add(worker: Worker): void; delete(worker: Worker): boolean };
  /** Tells a worker to drain and stop, on shutdown (by default: passes the signal on). */
  stopWorker?: (worker: Worker, signal: NodeJS.Signals) => void;
}): Promise<number> {
  // Stack traces in the TypeScript sources, as `npm start` gives the single process.
  cluster.setupPrimary({ exec, execArgv: [...process.execArgv, '--enable-source-maps'] });
  let stopping = false;
  let failed = false;
  let listening = 0;
  const started = new Map<Worker, number>();
  /** The workers that began to serve. */
  const everServed = new Set<Worker>();
  /** When each recent replacement was forked. */
  let replacements: number[] = [];

  const fork = () => {
    // Each listens privately and serves the connections the primary's front door hands it.
    const worker = cluster.fork({ [FRONT_DOOR_WORKER]: '1' });
    started.set(worker, Date.now());
    const onMessage = (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type !== WORKER_SERVING) return;
      worker.off('message', onMessage);
      everServed.add(worker);
      serving.add(worker);
      listening += 1;
      if (listening === workers) onListening();
    };
    worker.on('message', onMessage);
  };

  /** Forks the workers, then watches them until every one has stopped. */
  const run = (resolve: (code: number) => void) => {
    /** A worker stopped: part of the shutdown, a crash to replace, or a reason to give up. */
    const onExit = (worker: Worker, code: number, signal: string) => {
      const startedAt = started.get(worker) ?? 0;
      started.delete(worker);
      // Whether it served, whatever `serving` has made of it since (it drops a worker that drains).
      const served = everServed.delete(worker);
      serving.delete(worker);
      if (stopping) {
        // A worker that could not drain cleanly makes the whole stop unclean; one stopped before it
        // served anything (a replacement still starting) had nothing to drain.
        if (code !== 0 && served) failed = true;
        if (started.size === 0) resolve(failed ? 1 : 0);
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
        if (started.size === 0) resolve(1);
        return;
      }
      replacements.push(now);
      fork();
    };
    cluster.on('exit', onExit);
    for (let i = 0; i < workers; i += 1) fork();

    void shutdown.then((signal) => {
      stopping = true;
      // Each worker drains its requests in flight and closes its database pool, then exits.
      for (const worker of started.keys()) stopWorker(worker, signal);
      if (started.size === 0) resolve(failed ? 1 : 0);
    });
  };
  return new Promise(run);
}
