// A search thread: answers the built-in sandbox's searches (a pure function of the request, the
// instant and the brand's price terms) as the JSON bytes of their SearchResults and its brotli
// form, off the thread that serves HTTP. Started by search-threads.ts.
import { createMemoryStore } from '@contrail/sandbox/memory-store';
import { createSandbox } from '@contrail/sandbox/sandbox';
import { parentPort, workerData } from 'node:worker_threads';
import { compressNow } from '../../lib/json-answer';
import { SupplierError, type SupplierSearch } from '../../providers/flights/flight-supplier';
import { searchInput, translated } from '../../providers/flights/sandbox/sandbox-mapping';
import { sandboxSearchResults } from './sandbox-answer';
import type { AnswerTerms } from './search-answer';
import type { ThreadAnswer, ThreadJob, ThreadSetup } from './search-threads';

const { secret } = workerData as ThreadSetup;
const port = parentPort;
if (!port) throw new Error('search-thread.ts runs as a worker thread');

// Each job's instant is the clock: jobs run one after another, so no search reads another's.
let instant = 0;
const sandbox = createSandbox({
  // Searches never touch the store (offers are rebuilt from their signed ids).
  store: createMemoryStore(),
  clock: () => new Date(instant),
  secret,
});
const encoder = new TextEncoder();

async function answer(request: SupplierSearch, terms: AnswerTerms): Promise<ThreadAnswer> {
  instant = terms.at;
  const search = await translated(() => sandbox.searchPricedOffers(searchInput(request)));
  const json = encoder.encode(JSON.stringify(sandboxSearchResults(search, terms)));
  return { json, br: compressNow('br', json, json.byteLength) };
}

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
          : { message: error instanceof Error ? error.message : String(error) };
      port.postMessage({ id: job.id, failure });
    }
  });
});
