/**
 * How long the adapter waits on Duffel: a call given up when it takes too long, or when its
 * signal aborts (a search's deadline, or nobody waiting any more); and the pauses before Duffel
 * is asked again.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { awayFromTurn } from '../../../plugins/admission';
import { SupplierError } from '../flight-supplier';

export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

/** Whether a signal's reason is a deadline (AbortSignal.timeout's), not someone stopping it. */
export function isTimeout(reason: unknown): boolean {
  return (reason as { name?: unknown } | undefined)?.name === 'TimeoutError';
}

/**
 * `work`, or a TimeoutError after `ms`, or a SupplierError (`timeout` at a deadline, `aborted`
 * otherwise) when `signal` aborts first.
 */
export function within<T>(work: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let stopListening: () => void = () => undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`No answer within ${ms} ms`)), ms);
  });
  const aborted = signal
    ? new Promise<never>((_, reject) => {
        const abort = () =>
          reject(
            // The search's deadline (AbortSignal.timeout) is a timeout; anything else stopped it.
            isTimeout(signal.reason)
              ? new SupplierError(
                  'timeout',
                  'Duffel did not answer the search in time.',
                  {},
                  { cause: signal.reason },
                )
              : new SupplierError(
                  'aborted',
                  'The search was stopped.',
                  {},
                  { cause: signal.reason },
                ),
          );
        if (signal.aborted) abort();
        else {
          // Taken off once the call is over: a search's signal lasts for all its calls.
          signal.addEventListener('abort', abort, { once: true });
          stopListening = () => signal.removeEventListener('abort', abort);
        }
      })
    : null;
  // A call made with a signal also closes its HTTP request (`stoppableRequests`); should that
  // not be possible, a late answer is dropped, never acted on, and Duffel ends the request itself
  // within its supplier_timeout.
  return Promise.race([work, timeout, ...(aborted ? [aborted] : [])]).finally(() => {
    clearTimeout(timer);
    stopListening();
  });
}

/** A pause of `ms`, or shorter when `signal` aborts. */
export type DuffelSleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Pauses before Duffel is asked again hold no admission turn either, and end on `signal`. */
export function duffelSleep(sleep: ((ms: number) => Promise<void>) | undefined): DuffelSleep {
  return (ms, signal) =>
    awayFromTurn(() => {
      const pause = sleep ? sleep(ms) : delay(ms);
      return signal ? within(pause, ms + 1000, signal) : pause;
    });
}
