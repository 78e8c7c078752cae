// A search thread: answers the built-in sandbox's searches (a pure function of the request, the
// instant and the brand's price terms) as the JSON bytes of their SearchResults and its brotli
// form, off the thread that serves HTTP. Started by search-threads.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { compressNow } from '../../lib/json-answer';
import { SupplierError } from '../../providers/flights/flight-supplier';
import { UnsupportedCurrencyError } from '@contrail/contracts/money';
import { sandboxAnswerer, type PlainSearch } from './sandbox-answerer';
import type { AnswerTerms } from './search-answer';
import type { ThreadAnswer, ThreadJob, ThreadSetup } from './search-threads';

const { secret } = workerData as ThreadSetup;
const port = parentPort;
if (!port) throw new Error('search-thread.ts runs as a worker thread');

const answerJson = sandboxAnswerer(secret);

async function answer(request: PlainSearch, terms: AnswerTerms): Promise<ThreadAnswer> {
  const json = await answerJson(request, terms);
  return { json, br: compressNow('br', json, json.byteLength) };
}

// Jobs run one after another.
let queue: Promise<void> = Promise.resolve();
port.on('message', (job: ThreadJob | 'close') => {
  if (job === 'close') {
    // The searches queued still answer; then nothing keeps the thread alive and it ends.
    void queue.then(() => port.close());
    return;
  }
  queue = queue.then(async () => {
    try {
      port.postMessage({ id: job.id, answer: await answer(job.request, job.terms) });
    } catch (error) {
      const failure =
        error instanceof SupplierError
          ? { supplier: { code: error.code, message: error.message, details: error.details } }
          : error instanceof UnsupportedCurrencyError
            ? { unsupportedCurrency: error.currency }
            : { message: error instanceof Error ? error.message : String(error) };
      port.postMessage({ id: job.id, failure });
    }
  });
});
