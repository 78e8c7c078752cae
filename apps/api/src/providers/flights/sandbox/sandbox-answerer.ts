// The built-in sandbox's search answers written straight from its priced offers
// (`sandbox-answer.ts`), from a sandbox of their own: a search is a pure function of the request,
// the instant and the brand's price terms, so any thread (a search thread, or the one serving
// HTTP) answers alike.
import type { SearchResults } from '@contrail/contracts/search-results-schema';
import { createMemoryStore } from '@contrail/sandbox/memory-store';
import { createSandbox } from '@contrail/sandbox/sandbox';
import { findSpecialRoute } from '@contrail/sandbox/special-routes';
import type { AnswerTerms, SupplierSearch } from '../flight-supplier';
import { sandboxSearchResults } from './sandbox-answer';
import { searchInput, translated } from './sandbox-mapping';

/**
 * Whether the search is left to the sandbox supplier's `search`: its special routes answer
 * slowly or fail on purpose, on the request's own clock and abort signal.
 */
export function leftToSearch(request: Pick<SupplierSearch, 'slices'>): boolean {
  const [first] = request.slices;
  return !first || findSpecialRoute(first.origin, first.destination) !== undefined;
}

/**
 * Answers searches with a sandbox signing offer ids with `secret`, null for those left to
 * `search` (`leftToSearch`).
 */
export function sandboxAnswerer(
  secret: string,
): (request: SupplierSearch, terms: AnswerTerms) => Promise<SearchResults> | null {
  // The search's instant is the clock: the sandbox reads it once, before its first await.
  let instant = 0;
  const sandbox = createSandbox({
    // Searches never touch the store (offers are rebuilt from their signed ids).
    store: createMemoryStore(),
    clock: () => new Date(instant),
    secret,
  });
  return (request, terms) => {
    if (leftToSearch(request)) return null;
    instant = terms.at;
    return translated(async () =>
      sandboxSearchResults(await sandbox.searchPricedOffers(searchInput(request)), terms),
    );
  };
}
