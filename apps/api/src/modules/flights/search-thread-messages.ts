// What a search thread and the server say to each other: the thread's setup, the jobs it is sent
// (a supplier's search it makes on its copy of the supplier, a provider's answer it makes a
// brand's), what else it is told (stop a search, the original supplier's replies, close), and
// what it answers (the answer or the failure, its copy's calls of the original, ready).
import type {
  AnswerTerms,
  SupplierError,
  SupplierPrices,
  SupplierSearch,
  SupplierThreading,
} from '../../providers/flights/flight-supplier';

/** A search as it travels to a thread (a thread cannot be sent an abort signal). */
type PlainSearch = Omit<SupplierSearch, 'signal'>;

/** What a thread is started with. */
export interface ThreadSetup {
  /** The thread's own niceness (0 the default priority, 19 the lowest). */
  niceness: number;
}

/** A search as it travels to a thread (a thread cannot be sent an abort signal). */
export type ThreadJob =
  /** A search of a supplier the thread builds a copy of (`FlightSupplier.threading`). */
  | {
      id: number;
      kind: 'supplier';
      setup: SupplierThreading['setup'];
      request: PlainSearch;
      terms: AnswerTerms;
    }
  /** A provider's answer, packed, made a brand's answer. */
  | { id: number; kind: 'price'; packed: Uint8Array; terms: AnswerTerms };

/** What a thread is sent besides jobs. */
export type ThreadNote =
  | ThreadJob
  /** The job's search is no longer waited for (`timeout`: its deadline passed). */
  | { abort: number; timeout: boolean }
  /** The answer to a thread's call of its supplier's original (`ThreadCall`). */
  | { reply: number; value?: unknown; error?: string }
  | 'close';

/** A search's answer: its JSON's UTF-8 bytes and their brotli form; a provider's, more. */
export interface ThreadAnswer {
  json: Uint8Array;
  br: Uint8Array;
  /**
   * A search's answer as the provider gave it, packed (`ProviderAnswer.packed`); absent where
   * the supplier wrote the brand's answer itself (`FlightSupplier.answerSearch`).
   */
  packed?: Uint8Array;
  /** The provider's prices of the offers answered (`Priced.prices`). */
  prices?: SupplierPrices;
}

/** A thread's copy of a supplier asking the original (`SupplierThreading.serve`). */
export interface ThreadCall {
  call: number;
  key: string;
  name: string;
  args: unknown[];
}

export type ThreadReply =
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
    }
  | ThreadCall
  /** The thread has loaded what it searches with. */
  | 'ready';
