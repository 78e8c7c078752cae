// A search thread, started by search-thread-pool.ts. It answers, off the thread that serves HTTP:
// - searches of a supplier it builds a copy of (`FlightSupplier.threading`), each as the JSON
//   bytes of the brand's SearchResults and their brotli form: one the copy writes itself
//   (`answerSearch`: the built-in sandbox's, the processor's work only) one after another; one
//   read from a provider (Duffel's offer request and its pages, made and read here) side by side,
//   answered packed too;
// - a provider's packed answer made another brand's answer.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { compressNow } from '../../lib/json-answer';
import { SupplierError } from '../../providers/flights/flight-supplier';
import { threadedSupplier } from '../../providers/flights/threaded-suppliers';
import { UnsupportedCurrencyError } from '@contrail/contracts/money';
import type { AnswerTerms } from '../../providers/flights/flight-supplier';
import { packNow, pricedJson, unpack } from './provider-answer';
import { searchResultsJson } from './search-answer';
import type {
  ThreadAnswer,
  ThreadJob,
  ThreadNote,
  ThreadReply,
  ThreadSetup,
} from './search-thread-messages';
import type { SupplierAnswer } from './flights.table';

const { niceness } = workerData as ThreadSetup;
const port = parentPort;
if (!port) throw new Error('search-thread.ts runs as a worker thread');
if (niceness > 0) {
  try {
    // This thread only (Linux gives each thread its own priority).
    setPriority(niceness);
  } catch {
    // Not allowed here: the default priority is as good, only less polite.
  }
}
const threadPort = port;

const encoder = new TextEncoder();

/** A brand's answer as bytes, with its brotli form. */
function answered(json: Uint8Array, extra: Omit<ThreadAnswer, 'json' | 'br'> = {}): ThreadAnswer {
  return { json, br: compressNow('br', json, json.byteLength), ...extra };
}

function priced(answer: SupplierAnswer, terms: AnswerTerms, packed?: Uint8Array): ThreadAnswer {
  const { json, prices } = pricedJson(answer, terms);
  return answered(encoder.encode(json), { prices, ...(packed ? { packed } : {}) });
}

/** Calls of a supplier copy to its original, waiting for their replies. */
const calls = new Map<
  number,
  { resolve: (value: unknown) => void; reject: (error: Error) => void }
>();
let nextCall = 0;
const callerOf =
  (key: string) =>
  (name: string, args: unknown[]): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const call = (nextCall += 1);
      calls.set(call, { resolve, reject });
      threadPort.postMessage({ call, key, name, args } satisfies ThreadReply);
    });

/** The supplier searches under way, to stop when they are no longer waited for. */
const running = new Map<number, AbortController>();

function failureOf(error: unknown): Extract<ThreadReply, { failure: unknown }>['failure'] {
  if (error instanceof SupplierError) {
    return { supplier: { code: error.code, message: error.message, details: error.details } };
  }
  if (error instanceof UnsupportedCurrencyError) return { unsupportedCurrency: error.currency };
  return { message: error instanceof Error ? error.message : String(error) };
}

async function answer(job: ThreadJob): Promise<ThreadAnswer> {
  if (job.kind === 'price') {
    const offers = await unpack(Buffer.from(job.packed), false);
    if (!offers) throw new Error('a stored search answer could not be read');
    return priced(offers, job.terms);
  }
  // The search's instant is the asking thread's clock (tests set it), and runs on from there.
  const started = performance.now();
  const clock = () => new Date(job.terms.at + (performance.now() - started));
  const stop = new AbortController();
  running.set(job.id, stop);
  try {
    const supplier = threadedSupplier(job.setup, callerOf(job.setup.key), clock);
    const written = supplier.answerSearch?.({ ...job.request, signal: stop.signal }, job.terms);
    if (written) return answered(encoder.encode(searchResultsJson(await written)));
    const result = await supplier.search({ ...job.request, signal: stop.signal });
    return priced(result, { ...job.terms, at: clock().getTime() }, packNow(result));
  } finally {
    running.delete(job.id);
  }
}

function reply(job: ThreadJob): Promise<void> {
  return answer(job).then(
    (made) => threadPort.postMessage({ id: job.id, answer: made } satisfies ThreadReply),
    (error: unknown) =>
      threadPort.postMessage({ id: job.id, failure: failureOf(error) } satisfies ThreadReply),
  );
}

// Searches that are the processor's work only (`setup.computed`) and pricing run one after
// another; a supplier's searches that mostly wait on the provider, side by side.
let queue: Promise<void> = Promise.resolve();
const searching = new Set<Promise<void>>();
port.on('message', (note: ThreadNote) => {
  if (note === 'close') {
    // The searches queued still answer; then nothing keeps the thread alive and it ends.
    void Promise.all([queue, ...searching]).then(() => port.close());
    return;
  }
  if ('reply' in note) {
    const waiting = calls.get(note.reply);
    calls.delete(note.reply);
    if (note.error === undefined) waiting?.resolve(note.value);
    else waiting?.reject(new Error(note.error));
    return;
  }
  if ('abort' in note) {
    running
      .get(note.abort)
      ?.abort(
        note.timeout
          ? new DOMException('The search took too long.', 'TimeoutError')
          : new DOMException('The search is no longer waited for.', 'AbortError'),
      );
    return;
  }
  if (note.kind === 'supplier' && note.setup.computed !== true) {
    const search = reply(note).finally(() => searching.delete(search));
    searching.add(search);
  } else queue = queue.then(() => reply(note));
});
port.postMessage('ready' satisfies ThreadReply);
