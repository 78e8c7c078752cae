// Identical searches of a provider whose answers are not a pure function of the request (Duffel)
// share one provider answer for SHARED_SEARCH_MS: within a process through the runs in flight,
// across processes through the stored answers (`supplier_searches`, decision 027). A request
// whose traveller leaves stops waiting; the provider call stops once nobody waits.
import { setTimeout as delay } from 'node:timers/promises';
import { ClientLeftError, unlessLeft } from '../../lib/client-left';
import { awayFromTurn } from '../../plugins/admission';
import { flightErrors } from './flights.errors';
import type { SearchesRepository } from './flights.repository';
import type { ProviderAnswer } from './provider-answer';

/** How long identical searches share one provider answer: a rate-limited provider is asked once. */
const SHARED_SEARCH_MS = 5 * 60 * 1000;
/** How often a process waiting for another's search looks for its answer. */
const SHARED_POLL_MS = 100;
/** How often a process forgets the shared searches that expired. */
const SWEEP_EVERY_MS = 60 * 1000;
/**
 * How long a shared search nobody waits for any more goes on before its provider call is
 * stopped: a traveller who reloads the page, or a page that remounts, asks the same search again
 * within it and finds it still under way rather than asking the provider anew.
 */
export const LEFT_SEARCH_GRACE_MS = 2_000;

/** A provider search that identical searches of this process share, and who still waits for it. */
interface SharedRun {
  answer: Promise<ProviderAnswer>;
  /** Requests waiting for the answer; one that cannot leave (a job's) keeps the run for good. */
  waiting: number;
  /** Aborted once nobody has waited for a grace period: the provider call (or the poll) stops. */
  stop: AbortController;
  abandoning: NodeJS.Timeout | undefined;
}

/** The shared searches of one process, each search's deadline `searchTimeoutMs`. */
export function createSharedSearches({
  clock,
  searchTimeoutMs,
  leftSearchGraceMs,
}: {
  clock: () => Date;
  searchTimeoutMs: number;
  /** See LEFT_SEARCH_GRACE_MS (tests shorten it). */
  leftSearchGraceMs: number;
}) {
  const inFlight = new Map<string, SharedRun>();
  let nextSweepAt = 0;

  /** Nobody waits for the run any more: it is no longer joined, and its provider call stops. */
  function abandon(key: string, run: SharedRun) {
    run.abandoning = undefined;
    if (run.waiting > 0) return;
    if (inFlight.get(key) === run) inFlight.delete(key);
    run.stop.abort(new ClientLeftError());
  }

  /**
   * One more request waits for the run's answer, until it arrives or `left` aborts: then that
   * request stops waiting at once (499), and when it was the last one the run is abandoned after
   * `leftSearchGraceMs`, unless an identical search joins it meanwhile.
   */
  function waitFor(key: string, run: SharedRun, left: AbortSignal | undefined) {
    run.waiting += 1;
    clearTimeout(run.abandoning);
    run.abandoning = undefined;
    return unlessLeft(run.answer, left, () => {
      run.waiting -= 1;
      if (run.waiting > 0) return;
      if (leftSearchGraceMs <= 0) abandon(key, run);
      else run.abandoning = setTimeout(() => abandon(key, run), leftSearchGraceMs).unref();
    });
  }

  /**
   * The provider's answer to a search, shared: one process asks, everyone else (here or in
   * another process) waits for the answer it stores, also while it is still coming. A request
   * whose traveller leaves (`left`) stops waiting; the provider call stops once nobody waits.
   */
  function sharedSearch(
    store: SearchesRepository,
    key: string,
    ask: (timeoutMs: number, stop: AbortSignal) => Promise<ProviderAnswer>,
    left: AbortSignal | undefined,
  ): Promise<ProviderAnswer> {
    const joined = inFlight.get(key);
    // Waiting on another request's search is waiting on the provider: no admission turn held.
    if (joined) return awayFromTurn(() => waitFor(key, joined, left));
    const stop = new AbortController();
    const answer = (async () => {
      // The traveller's own deadline, however long another process's search has been running:
      // one that claims the search after another failed asks for what is left of it only.
      const deadline = Date.now() + searchTimeoutMs;
      for (;;) {
        stop.signal.throwIfAborted();
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw flightErrors.supplierTimeout();
        const at = clock();
        const stored = await store.find(key, at);
        if (stored?.answer) return stored.answer;
        const running = stored?.runningUntil != null && stored.runningUntil > at;
        if (!running) {
          const until = new Date(at.getTime() + searchTimeoutMs + 5_000);
          if (await store.claim(key, at, until, new Date(at.getTime() + SHARED_SEARCH_MS))) {
            // Expired searches are forgotten now and then, not at every search: each sweep
            // deletes stored answers, work the embedded database does in the server's thread.
            if (at.getTime() >= nextSweepAt) {
              nextSweepAt = at.getTime() + SWEEP_EVERY_MS;
              await store.sweep(new Date(at.getTime() - SHARED_SEARCH_MS));
            }
            try {
              const answer = await ask(remaining, stop.signal);
              const packed = await answer.packed();
              await store.store(key, packed, new Date(clock().getTime() + SHARED_SEARCH_MS));
              return answer;
            } catch (error) {
              await store.release(key);
              throw error;
            }
          }
          continue;
        }
        await awayFromTurn(() =>
          delay(Math.min(SHARED_POLL_MS, remaining), undefined, { signal: stop.signal }),
        );
      }
    })();
    const run: SharedRun = { answer, waiting: 0, stop, abandoning: undefined };
    const ended = () => {
      if (inFlight.get(key) === run) inFlight.delete(key);
      clearTimeout(run.abandoning);
    };
    void answer.then(ended, ended);
    inFlight.set(key, run);
    return waitFor(key, run, left);
  }

  return {
    search: sharedSearch,
    /** Whether this process has the search under way (joining it asks the provider nothing). */
    running: (key: string) => inFlight.has(key),
  };
}
