// Search threads: searches of the suppliers that can be copied to a worker thread
// (`FlightSupplier.threading`) answered there, so that one server process (the embedded
// database's) uses every core for what costs the CPU most: building or reading a search's offers,
// its JSON and its compression (docs/decisions/020-search-threads.md). Where a process runs on
// each core, there are none: the flights service asks its supplier on the thread serving HTTP.
import { JsonAnswer } from '../../lib/json-answer';
import type {
  AnswerTerms,
  FlightSupplier,
  SupplierSearch,
} from '../../providers/flights/flight-supplier';
import { pricedHere, ProviderAnswer, type Priced } from './provider-answer';
import type { ThreadAnswer } from './search-thread-messages';
import { searchThreadPool, type SearchThreadOptions } from './search-thread-pool';

export interface SearchThreads {
  /**
   * A search of a supplier that a thread can copy (`FlightSupplier.threading`), made there: the
   * brand's answer, written by the copy or made from the provider's answer (then packed too).
   * Null where no thread runs, the supplier cannot be copied or leaves this search to itself
   * (`takes`): the caller searches itself.
   */
  search(
    supplier: FlightSupplier,
    request: SupplierSearch,
    terms: AnswerTerms,
  ): Promise<ProviderAnswer> | null;
  /** A provider's answer made a brand's answer: on a thread where one runs. */
  price(answer: ProviderAnswer, terms: AnswerTerms): Promise<Priced>;
  /** Settles once every thread has loaded its modules and can answer at once (or has failed to). */
  ready(): Promise<void>;
  /** Stops every thread; searches still running fail. */
  close(): Promise<void>;
}

const bytesOf = (view: Uint8Array) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

/** A thread's answer as a JsonAnswer, its brotli form with it. */
function jsonAnswerOf({ json, br }: ThreadAnswer): JsonAnswer {
  return new JsonAnswer(bytesOf(json), { br: bytesOf(br) });
}

export function createSearchThreads(options: SearchThreadOptions): SearchThreads {
  const { leastBusy, run, keepOriginal, ready, close } = searchThreadPool(options);
  return {
    search(supplier, request, terms) {
      const { threading } = supplier;
      if (!threading || threading.takes?.(request) === false) return null;
      const thread = leastBusy();
      if (!thread) return null;
      keepOriginal(threading);
      const { signal, ...plain } = request;
      return run(
        thread,
        { kind: 'supplier', setup: threading.setup, request: plain, terms },
        signal,
      ).then((answer) => {
        if (!answer.packed) return ProviderAnswer.written(jsonAnswerOf(answer), terms);
        if (!answer.prices) throw new Error('a search thread answered no prices');
        return ProviderAnswer.made(bytesOf(answer.packed), terms, {
          answer: jsonAnswerOf(answer),
          prices: answer.prices,
        });
      });
    },
    async price(answer, terms) {
      const thread = leastBusy();
      if (!thread) return pricedHere(answer, terms);
      const made = await run(thread, { kind: 'price', packed: await answer.packed(), terms });
      if (!made.prices) throw new Error('a search thread answered no prices');
      return { answer: jsonAnswerOf(made), prices: made.prices };
    },
    ready,
    close,
  };
}
