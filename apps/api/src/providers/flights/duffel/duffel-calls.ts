/**
 * Every call the adapter makes to Duffel through the SDK: logged with Duffel's request id, held
 * to Duffel's rate limit, given up past its time or when its signal aborts, and a read Duffel
 * answered 503 or 504 tried again after a pause.
 */
import { DuffelError } from '@duffel/api';
import type { SupplierLog } from '../flight-supplier';
import { awayFromTurn } from '../../../plugins/admission';
import { callEntry } from './duffel-call-log';
import { failureOf, type DuffelFailure } from './duffel-errors';
import type { DuffelRateLimits } from './duffel-rate-limits';
import { withCallSignal } from './duffel-transport';
import { isTimeout, within, type DuffelSleep } from './duffel-waits';

/** Pauses before a read that Duffel answered 503 or 504 is tried again. */
const READ_RETRY_WAITS_MS = [250, 1000] as const;
/**
 * Duffel: 503 and 504 are temporary. A read is tried again after a pause (null: not again); a
 * write never is (an order or cancellation may have been made all the same).
 */
function readRetryWait(status: number | null | undefined, attempt: number): number | null {
  if (status !== 503 && status !== 504) return null;
  return READ_RETRY_WAITS_MS[attempt] ?? null;
}

/** What a call is: a read or a write, whose booking, and how long it may wait. */
interface CallOptions {
  read: boolean;
  bookingId?: string;
  signal?: AbortSignal;
  /** When the caller stops waiting (epoch ms of `clock`): no pause is waited past it. */
  deadlineAt?: number;
  timeoutMs?: number;
}

/** An SDK answer: its headers carry Duffel's request id and what is left of its rate limit. */
interface DuffelAnswer {
  headers?: { get(name: string): string | null } | undefined;
}

/** One SDK call as the adapter makes it (see `duffelCalls`). */
export type DuffelCall = <T extends DuffelAnswer>(
  operation: string,
  run: () => Promise<T>,
  options: CallOptions,
) => Promise<T>;

/** The adapter's one way of calling Duffel. */
export function duffelCalls({
  log,
  sleep,
  limits: { respectPause, notePause, rateLimited },
}: {
  log: SupplierLog;
  sleep: DuffelSleep;
  limits: DuffelRateLimits;
}): DuffelCall {
  /**
   * One SDK call, logged with Duffel's request id (and our booking's id, for an order). While
   * Duffel's rate limit is spent (a 429 here or in another process, or an answer saying none is
   * left), Duffel is not asked: the call waits for `ratelimit-reset` if that comes before its
   * deadline (a search's) or within `maxRateLimitWaitMs`, and is refused at once otherwise. A read
   * refused with 429 is tried once more that way. Every wait on Duffel (its answer, a pause
   * before asking) holds no admission turn, and ends when `signal` aborts.
   */
  async function call<T extends DuffelAnswer>(
    operation: string,
    run: () => Promise<T>,
    { read, bookingId, signal, deadlineAt, timeoutMs = 60_000 }: CallOptions,
  ): Promise<T> {
    let limitedAgain = false;
    for (let attempt = 0; ;) {
      await respectPause(operation, { signal, deadlineAt, bookingId });
      const started = performance.now();
      try {
        const response = await awayFromTurn(() =>
          within(withCallSignal(signal, run), timeoutMs, signal),
        );
        log.info(
          callEntry(
            operation,
            { requestId: response.headers?.get('x-request-id') ?? null },
            started,
            bookingId,
          ),
          'Duffel answered',
        );
        if (response.headers?.get('ratelimit-remaining') === '0') {
          // The window's last request: the next one would be refused until it resets.
          await notePause(response.headers, response.headers.get('x-request-id'));
        }
        return response;
      } catch (error) {
        // Nobody waits for the answer any more (the travellers left): not a failure of Duffel's.
        if (signal?.aborted && !isTimeout(signal.reason)) throw stopped(operation, error, started);
        const failure = loggedFailure(operation, error, started, bookingId);
        const pause = read && !signal?.aborted ? readRetryWait(failure?.status, attempt) : null;
        if (pause !== null) {
          attempt += 1;
          await sleep(pause, signal);
          continue;
        }
        if (!(error instanceof DuffelError) || failure?.status !== 429) throw error;
        const at = await notePause(error.headers, failure.requestId);
        if (!read || limitedAgain || signal?.aborted)
          throw rateLimited(at, failure.requestId, error);
        // Tried once more after the reset, if that comes in time (respectPause decides).
        limitedAgain = true;
      }
    }
  }

  /** A call stopped by its signal (nobody waits for it), said at info: Duffel did not fail. */
  function stopped(operation: string, error: unknown, started: number): unknown {
    log.info(callEntry(operation, { stopped: true }, started, undefined), 'Duffel call stopped');
    return error;
  }

  /** A failed call logged (status, Duffel's request id and code), and what Duffel said. */
  function loggedFailure(
    operation: string,
    error: unknown,
    started: number,
    bookingId: string | undefined,
  ): DuffelFailure | null {
    const failure = error instanceof DuffelError ? failureOf(error) : null;
    log.warn(
      callEntry(
        operation,
        {
          status: failure?.status ?? null,
          requestId: failure?.requestId ?? null,
          code: failure?.errors[0]?.code ?? (error instanceof Error ? error.name : 'error'),
        },
        started,
        bookingId,
      ),
      'Duffel failed',
    );
    return failure;
  }

  return call;
}
