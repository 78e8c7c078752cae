// The search threads themselves: started on demand up to their number (not again after a crash
// loop), each search sent to the least busy, a search told to stop when its request no longer
// waits, a thread that read a provider's answers replaced once idle (its heap given back), and
// the calls a thread's copy of a supplier makes answered by the original.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { UnsupportedCurrencyError } from '@contrail/contracts/money';
import { SupplierError, type SupplierThreading } from '../../providers/flights/flight-supplier';
import type {
  ThreadAnswer,
  ThreadCall,
  ThreadJob,
  ThreadNote,
  ThreadReply,
  ThreadSetup,
} from './search-thread-messages';

/** A thread that stops this many times within a minute is not started again: searches run inline. */
const CRASHES_AT_MOST = 5;
/** How long a closing thread may take to finish its searches before it is stopped. */
const CLOSE_WAIT_MS = 1_000;

/** How long a thread may take to answer a search once it is told to stop it. */
const STOP_WAIT_MS = 2_000;

/**
 * A thread that has read a provider's answers and then has nothing to do for this long is
 * replaced by a new one: the heap a wave of answers grew (V8 keeps most of it after collecting)
 * is given back whole. Starting a thread costs some 100 ms of one core, while nothing waits.
 */
const RECYCLE_IDLE_MS = 5_000;

interface Thread {
  worker: Worker;
  /** Settles once the thread has said it is ready, or has stopped. */
  loaded: Promise<void>;
  pending: Map<number, { resolve: (answer: ThreadAnswer) => void; reject: (error: Error) => void }>;
  /** Whether it has searched a supplier (read a provider's answers) since it started. */
  read: boolean;
  /** Set while it has nothing to do after reading: it is then replaced (RECYCLE_IDLE_MS). */
  idle?: NodeJS.Timeout;
  /** Replaced and asked to end: its ending is no crash. */
  retired: boolean;
}

/**
 * The thread's script: the built file beside the built server, or, where the server itself runs
 * from its TypeScript sources (development, tests), a small module that registers tsx's loader in
 * the thread and then imports the source.
 */
function threadScript(): URL {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new URL('./search-thread.js', here);
  const require = createRequire(here);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  const api = pathToFileURL(
    join(dirname(manifestPath), manifest.exports['./esm/api'].import.default),
  );
  const source = new URL('./search-thread.ts', here);
  const bootstrap = `const { register } = await import(${JSON.stringify(api.href)});
register();
await import(${JSON.stringify(source.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`);
}

function failureOf(reply: Extract<ThreadReply, { failure: unknown }>): Error {
  const { failure } = reply;
  if ('supplier' in failure) {
    const { code, message, details } = failure.supplier;
    return new SupplierError(code, message, details);
  }
  if ('unsupportedCurrency' in failure)
    return new UnsupportedCurrencyError(failure.unsupportedCurrency);
  return new Error(`search thread: ${failure.message}`);
}

export interface SearchThreadOptions {
  /** How many threads (at least 1). */
  threads: number;
  /** Each thread's niceness: above 0, the thread yields the processor to the others. */
  niceness?: number;
  /** How long a thread that read a provider's answers may idle before it is replaced. */
  recycleIdleMs?: number;
  /** Told when a thread stops unexpectedly (logged by the app). */
  onCrash?: (error: Error) => void;
}

export function searchThreadPool({
  threads,
  niceness = 0,
  recycleIdleMs = RECYCLE_IDLE_MS,
  onCrash,
}: SearchThreadOptions) {
  const script = threadScript();
  const pool: Thread[] = [];
  const crashes: number[] = [];
  /** The originals of the suppliers threads copy, by `setup.key`: they answer the copies' calls. */
  const originals = new Map<string, SupplierThreading>();
  let nextId = 0;
  let closing = false;

  function serve(worker: Worker, { call, key, name, args }: ThreadCall) {
    const original = originals.get(key);
    const served = original
      ? original.serve(name, args)
      : Promise.reject(new Error(`no supplier ${key} here`));
    served.then(
      (value) => worker.postMessage({ reply: call, value } satisfies ThreadNote),
      (error: unknown) =>
        worker.postMessage({
          reply: call,
          error: error instanceof Error ? error.message : String(error),
        } satisfies ThreadNote),
    );
  }

  function start(): Thread {
    const worker = new Worker(script, {
      workerData: { niceness } satisfies ThreadSetup,
    });
    let loaded: (value: undefined) => void = () => undefined;
    const thread: Thread = {
      worker,
      pending: new Map(),
      read: false,
      retired: false,
      loaded: new Promise<undefined>((resolve) => {
        loaded = resolve;
      }),
    };
    worker.on('message', (reply: ThreadReply) => {
      if (reply === 'ready') {
        loaded(undefined);
        return;
      }
      if ('call' in reply) {
        serve(worker, reply);
        return;
      }
      const waiting = thread.pending.get(reply.id);
      if (!waiting) return;
      thread.pending.delete(reply.id);
      if ('answer' in reply) waiting.resolve(reply.answer);
      else waiting.reject(failureOf(reply));
    });
    const stopped = (error: Error) => {
      loaded(undefined);
      const index = pool.indexOf(thread);
      if (index >= 0) pool.splice(index, 1);
      for (const { reject } of thread.pending.values()) reject(error);
      thread.pending.clear();
      clearTimeout(thread.idle);
      if (closing || thread.retired) return;
      crashes.push(Date.now());
      onCrash?.(error);
    };
    worker.once('error', stopped);
    worker.once('exit', (code) => stopped(new Error(`search thread exited (${String(code)})`)));
    return thread;
  }

  /** Replaces `thread`, idle since it read a provider's answers, by a new one (RECYCLE_IDLE_MS). */
  function recycleWhenIdle(thread: Thread) {
    if (!thread.read || thread.pending.size > 0) return;
    clearTimeout(thread.idle);
    thread.idle = setTimeout(() => {
      const index = pool.indexOf(thread);
      if (closing || thread.pending.size > 0 || index < 0) return;
      thread.retired = true;
      pool.splice(index, 1, start());
      thread.worker.postMessage('close' satisfies ThreadNote);
      setTimeout(() => void thread.worker.terminate(), CLOSE_WAIT_MS).unref();
    }, recycleIdleMs);
    thread.idle.unref();
  }

  /** The thread with the fewest searches waiting; a stopped one is replaced unless in a crash loop. */
  function leastBusy(): Thread | null {
    const recent = crashes.filter((at) => at > Date.now() - 60_000);
    crashes.splice(0, crashes.length, ...recent);
    while (!closing && pool.length < threads && recent.length < CRASHES_AT_MOST) pool.push(start());
    let best: Thread | null = null;
    for (const thread of pool) {
      if (!best || thread.pending.size < best.pending.size) best = thread;
    }
    return best;
  }

  /**
   * Sends `job` (less its id) to `thread`. Where `signal` aborts, the thread is told to stop the
   * search, and its answer (most often the supplier's own failure) is waited for a little while:
   * after that, the signal's reason.
   */
  function run(
    thread: Thread,
    job: DistributiveOmit<ThreadJob, 'id'>,
    signal?: AbortSignal,
  ): Promise<ThreadAnswer> {
    const id = (nextId += 1);
    clearTimeout(thread.idle);
    if (job.kind === 'supplier' && job.setup.computed !== true) thread.read = true;
    return new Promise<ThreadAnswer>((resolve, reject) => {
      let giveUp: NodeJS.Timeout | undefined;
      const onAbort = () => {
        const timeout =
          signal?.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
        thread.worker.postMessage({ abort: id, timeout } satisfies ThreadNote);
        giveUp = setTimeout(() => {
          if (!thread.pending.delete(id)) return;
          reject(signal?.reason instanceof Error ? signal.reason : new Error('search stopped'));
        }, STOP_WAIT_MS);
        giveUp.unref();
      };
      const settle = () => {
        clearTimeout(giveUp);
        signal?.removeEventListener('abort', onAbort);
        recycleWhenIdle(thread);
      };
      thread.pending.set(id, {
        resolve: (answer) => {
          settle();
          resolve(answer);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      thread.worker.postMessage({ id, ...job } satisfies ThreadNote);
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  for (let i = 0; i < threads; i += 1) pool.push(start());

  /** Keeps the original of a supplier a thread copies: it answers the copy's calls. */
  function keepOriginal(threading: SupplierThreading) {
    originals.set(threading.setup.key, threading);
  }

  /** Settles once every thread has loaded its modules and can answer at once (or has failed to). */
  async function ready() {
    await Promise.all(pool.map((thread) => thread.loaded));
  }

  /** Stops every thread; searches still running fail. */
  async function close() {
    closing = true;
    await Promise.all(
      pool.splice(0).map(async ({ worker, idle }) => {
        clearTimeout(idle);
        // Asked to finish what it has; stopped if it has not within a second.
        const ended = new Promise((resolve) => worker.once('exit', resolve));
        worker.postMessage('close' satisfies ThreadNote);
        const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
        await ended;
        clearTimeout(timer);
      }),
    );
  }

  return { leastBusy, run, keepOriginal, ready, close };
}

/** `Omit` over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
