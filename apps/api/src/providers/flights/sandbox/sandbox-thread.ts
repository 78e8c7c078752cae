// The built-in sandbox's copy on a search thread: a sandbox of the thread's own, signing offer
// ids with the same secret, which writes the search answers its original's `threading.takes`
// (and makes the offers of a prefixed source's searches).
import { createMemoryStore } from '@contrail/sandbox/memory-store';
import type { FlightSupplier } from '../flight-supplier';
import { createSandboxSupplier, type SandboxThreadSetup } from './sandbox-supplier';

type Copy = Pick<FlightSupplier, 'search' | 'answerSearch'>;

/**
 * The sandbox's copies, one per thread and setup: its searches are the processor's work only and
 * a thread makes them one after another, each on its own job's clock.
 */
const sandboxCopies = new Map<string, { jobClock: { now: () => Date }; supplier: Copy }>();

/** The thread's copy for `setup`, searching on `clock` (the job's). */
export function sandboxThreadCopy(setup: SandboxThreadSetup, clock: () => Date): Copy {
  let copy = sandboxCopies.get(setup.key);
  if (!copy) {
    const jobClock = { now: clock };
    const supplier = createSandboxSupplier({
      // Searches never touch the store (offers are rebuilt from their signed ids).
      store: createMemoryStore(),
      clock: () => jobClock.now(),
      secret: setup.secret,
    });
    copy = { jobClock, supplier };
    sandboxCopies.set(setup.key, copy);
  }
  copy.jobClock.now = clock;
  return copy.supplier;
}
