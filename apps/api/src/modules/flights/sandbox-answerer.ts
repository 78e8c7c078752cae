// The built-in sandbox's search answers as JSON bytes, from a sandbox of their own: a search is a
// pure function of the request, the instant and the brand's price terms, so any thread (a search
// thread, or the one serving HTTP where a process runs on each core) answers alike.
import { createMemoryStore } from '@contrail/sandbox/memory-store';
import { createSandbox } from '@contrail/sandbox/sandbox';
import { findSpecialRoute } from '@contrail/sandbox/special-routes';
import type { SupplierSearch } from '../../providers/flights/flight-supplier';
import { searchInput, translated } from '../../providers/flights/sandbox/sandbox-mapping';
import { sandboxSearchResults } from './sandbox-answer';
import type { AnswerTerms } from './search-answer';

/** A search as it travels to an answerer (a thread cannot be sent an abort signal). */
export type PlainSearch = Omit<SupplierSearch, 'signal'>;

/**
 * Whether the search is left to the sandbox supplier itself: its special routes answer slowly or
 * fail on purpose, on the request's own clock and abort signal.
 */
export function leftToSupplier(request: PlainSearch): boolean {
  const [first] = request.slices;
  return !first || findSpecialRoute(first.origin, first.destination) !== undefined;
}

/** Answers searches with the sandbox signing offer ids with `secret`. */
export function sandboxAnswerer(
  secret: string,
): (request: PlainSearch, terms: AnswerTerms) => Promise<Uint8Array> {
  // The search's instant is the clock: the sandbox reads it once, before its first await.
  let instant = 0;
  const sandbox = createSandbox({
    // Searches never touch the store (offers are rebuilt from their signed ids).
    store: createMemoryStore(),
    clock: () => new Date(instant),
    secret,
  });
  const encoder = new TextEncoder();
  return async (request, terms) => {
    instant = terms.at;
    const search = await translated(() => sandbox.searchPricedOffers(searchInput(request)));
    return encoder.encode(JSON.stringify(sandboxSearchResults(search, terms)));
  };
}
