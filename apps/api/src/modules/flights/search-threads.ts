// Search threads: the built-in sandbox's searches answered on worker threads, so that one server
// process (the embedded database's) uses every core for what costs the CPU most, building a
// search's offers, its JSON and its compression (docs/decisions/020-search-threads.md). Where a
// process runs on each core, the same answers are made inline (createInlineSearches).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { JsonAnswer } from '../../lib/json-answer';
import { SupplierError, type SupplierSearch } from '../../providers/flights/flight-supplier';
import { UnsupportedCurrencyError } from '@contrail/contracts/money';
import { leftToSupplier, sandboxAnswerer, type PlainSearch } from './sandbox-answerer';
import type { AnswerTerms } from './search-answer';

/** What a thread is started with. */
export interface ThreadSetup {
  /** The sandbox's signing secret (offer ids made on a thread verify on the main one). */
  secret: string;
}

export interface ThreadJob {
  id: number;
  request: PlainSearch;
  terms: AnswerTerms;
}

/** A search's answer: its JSON's UTF-8 bytes and their brotli form. */
export interface ThreadAnswer {
  json: Uint8Array;
  br: Uint8Array;
}

type ThreadReply =
  | { id: number; answer: ThreadAnswer }
  | {
      id: number;
      failure:
        | {
            supplier: {
              code: SupplierError['code'];
              message: string;
              details: SupplierError['details'];
            };
          }
        | { unsupportedCurrency: string }
        | { message: string };
    };

export interface SearchThreads {
  /**
   * The search's answer made on a thread, or null for a search the threads leave to the caller
   * (the sandbox's special routes answer slowly or fail on purpose, on the request's own clock).
   */
  answer(request: SupplierSearch, terms: AnswerTerms): Promise<JsonAnswer> | null;
  /** Stops every thread; searches still running fail. */
  close(): Promise<void>;
}

/** A thread that stops this many times within a minute is not started again: searches run inline. */
const CRASHES_AT_MOST = 5;
/** How long a closing thread may take to finish its searches before it is stopped. */
const CLOSE_WAIT_MS = 1_000;

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (answer: JsonAnswer) => void; reject: (error: Error) => void }>;
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

export function createSearchThreads({
  secret,
  threads,
  onCrash,
}: {
  secret: string;
  /** How many threads (at least 1). */
  threads: number;
  /** Told when a thread stops unexpectedly (logged by the app). */
  onCrash?: (error: Error) => void;
}): SearchThreads {
  const script = threadScript();
  const pool: Thread[] = [];
  const crashes: number[] = [];
  let nextId = 0;
  let closing = false;

  function start(): Thread {
    const worker = new Worker(script, {
      workerData: { secret } satisfies ThreadSetup,
    });
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (reply: ThreadReply) => {
      const waiting = thread.pending.get(reply.id);
      if (!waiting) return;
      thread.pending.delete(reply.id);
      if ('answer' in reply) {
        const { json, br } = reply.answer;
        const bytes = (view: Uint8Array) =>
          Buffer.from(view.buffer, view.byteOffset, view.byteLength);
        waiting.resolve(new JsonAnswer(bytes(json), { br: bytes(br) }));
      } else waiting.reject(failureOf(reply));
    });
    const stopped = (error: Error) => {
      const index = pool.indexOf(thread);
      if (index >= 0) pool.splice(index, 1);
      for (const { reject } of thread.pending.values()) reject(error);
      thread.pending.clear();
      if (closing) return;
      crashes.push(Date.now());
      onCrash?.(error);
    };
    worker.once('error', stopped);
    worker.once('exit', (code) => stopped(new Error(`search thread exited (${String(code)})`)));
    return thread;
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

  for (let i = 0; i < threads; i += 1) pool.push(start());

  return {
    answer(request, terms) {
      if (leftToSupplier(request)) return null;
      const thread = leastBusy();
      if (!thread) return null;
      const { signal: _signal, ...plain } = request;
      const id = (nextId += 1);
      return new Promise<JsonAnswer>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.postMessage({ id, request: plain, terms } satisfies ThreadJob);
      });
    },
    async close() {
      closing = true;
      await Promise.all(
        pool.splice(0).map(async ({ worker }) => {
          // Asked to finish what it has; stopped if it has not within a second.
          const ended = new Promise((resolve) => worker.once('exit', resolve));
          worker.postMessage('close');
          const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
          await ended;
          clearTimeout(timer);
        }),
      );
    },
  };
}

/**
 * The same answers on the thread that asks, for a process that is one of several (one per core):
 * threads there would only compete for the cores the other processes use.
 */
export function createInlineSearches({ secret }: { secret: string }): SearchThreads {
  const answerJson = sandboxAnswerer(secret);
  return {
    answer(request, terms) {
      if (leftToSupplier(request)) return null;
      return answerJson(request, terms).then(
        (json) => new JsonAnswer(Buffer.from(json.buffer, json.byteOffset, json.byteLength)),
      );
    },
    close: () => Promise.resolve(),
  };
}
