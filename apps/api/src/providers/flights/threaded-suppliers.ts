// The suppliers a search thread can build (see `FlightSupplier.threading`): each from its setup,
// asking the supplier it copies for what only that one holds.
import { createDuffelSupplier } from './duffel/duffel-supplier';
import { duffelThreadPieces, type DuffelThreadSetup } from './duffel/duffel-thread';
import type { FlightSupplier, SupplierThreading } from './flight-supplier';
import type { SandboxThreadSetup } from './sandbox/sandbox-supplier';
import { sandboxThreadCopy } from './sandbox/sandbox-thread';

/**
 * The part of a supplier a thread uses: its search, and its own answers where it writes them
 * (`FlightSupplier.answerSearch`).
 */
export type ThreadSearcher = Pick<FlightSupplier, 'search' | 'answerSearch'>;

/** A supplier's copy on this thread, searching with `clock` and asking its original with `call`. */
export function threadedSupplier(
  setup: SupplierThreading['setup'],
  call: (name: string, args: unknown[]) => Promise<unknown>,
  clock: () => Date,
): ThreadSearcher {
  const supplier = built(setup, call, clock);
  const prefix = setup.idPrefix ?? '';
  if (prefix === '') return supplier;
  // Its own answers would carry ids without the prefix: a prefixed copy answers offers only.
  return {
    search: async (request) => {
      const result = await supplier.search(request);
      return {
        ...result,
        offers: result.offers.map((offer) => ({ ...offer, id: prefix + offer.id })),
      };
    },
  };
}

function built(
  setup: SupplierThreading['setup'],
  call: (name: string, args: unknown[]) => Promise<unknown>,
  clock: () => Date,
): ThreadSearcher {
  if (setup.kind === 'duffel') {
    const { kind: _kind, key: _key, idPrefix: _idPrefix, ...options } = setup as DuffelThreadSetup;
    return createDuffelSupplier({ ...options, clock, ...duffelThreadPieces(call) });
  }
  if (setup.kind === 'sandbox') return sandboxThreadCopy(setup as SandboxThreadSetup, clock);
  throw new Error(`no supplier of kind ${setup.kind} is built on a search thread`);
}
