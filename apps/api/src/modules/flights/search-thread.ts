// A search thread, started by search-threads.ts. It answers, off the thread that serves HTTP:
// - the built-in sandbox's searches (a pure function of the request, the instant and the brand's
//   price terms), one after another, as the JSON bytes of their SearchResults and its brotli form;
// - searches of a supplier it builds a copy of (Duffel's: the offer request and its pages made and
//   read here), side by side, each answered packed and as the brand's answer;
// - a provider's packed answer made another brand's answer.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { compressNow } from '../../lib/json-answer';
import { SupplierError } from '../../providers/flights/flight-supplier';
import { threadedSupplier } from '../../providers/flights/threaded-suppliers';
import { UnsupportedCurrencyError } from '@contrail/contracts/money';
import { packNow, pricedJson, unpack } from './provider-answer';
import { sandboxAnswerer } from './sandbox-answerer';
import type { AnswerTerms } from './search-answer';
import type {
  ThreadAnswer,
  ThreadJob,
  ThreadNote,
  ThreadReply,
  ThreadSetup,
} from './search-threads';
import type { SupplierAnswer } from './flights.table';

const { secret, niceness } = workerData as ThreadSetup;
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

const answerJson = sandboxAnswerer(secret);
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
  if (job.kind === 'sandbox') return answered(await answerJson(job.request, job.terms));
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

// The sandbox's searches and pricing (processor time only) run one after another; a supplier's
// searches, which mostly wait on the provider, side by side.
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
  if (note.kind === 'supplier') {
    const search = reply(note).finally(() => searching.delete(search));
    searching.add(search);
  } else queue = queue.then(() => reply(note));
});
port.postMessage('ready' satisfies ThreadReply);
