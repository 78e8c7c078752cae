// A search as the provider is asked it: off this thread where a search thread can copy the
// supplier, shared between identical searches where its answers are not a pure function of the
// request, and, for a search nobody made (the date strip, an alert's check), asked only within
// the caller's budget. Prices are the provider's until an answer is made a brand's.
import type { SearchRequest } from '@contrail/contracts/flight-search';
import { createHash } from 'node:crypto';
import { clientClosedRequest, unlessLeft } from '../../lib/client-left';
import { JsonAnswer } from '../../lib/json-answer';
import type { AnswerTerms } from '../../providers/flights/flight-supplier';
import type { SourcedSupplier } from '../../providers/registry';
import type { BrandContext } from '../brands/brands.service';
import { awayFromTurn } from '../../plugins/admission';
import { guarded } from './flights.errors';
import { criteriaKey, type searchCriteria } from './search-criteria';
import type { SearchesRepository } from './flights.repository';
import { pricedHere, pricesOf, ProviderAnswer } from './provider-answer';
import { searchResultsJson } from './search-answer';
import { createSharedSearches } from './shared-searches';
import type { SearchThreads } from './search-threads';

/**
 * When a search nobody made may ask the provider: always, never (the price calendar), within the
 * date strip's budget, or when the given check (a budget of the caller's) allows it.
 */
export type MayAsk = 'always' | 'never' | 'strip-budget' | (() => Promise<boolean>);

/** What identical searches share: the provider, its mode and the normalised criteria. */
function sharedKey(supplier: SourcedSupplier, criteria: SearchRequest, currency: string) {
  const priced = supplier.pricesInAccountCurrency ? '' : currency;
  return createHash('sha256')
    .update(`${criteriaKey(criteria, supplier)}|${priced}`)
    .digest('base64url');
}

export type ProviderSearches = ReturnType<typeof providerSearches>;

export function providerSearches({
  clock,
  supplierRequest,
  searchTimeoutMs,
  leftSearchGraceMs,
  shared,
  dateStripBudget,
  searchThreads,
}: {
  clock: () => Date;
  supplierRequest: ReturnType<typeof searchCriteria>['supplierRequest'];
  searchTimeoutMs: number;
  leftSearchGraceMs: number;
  /** Where searches of a shared provider are shared between travellers and processes. */
  shared?: SearchesRepository;
  /** Whether the date strip may ask the provider for a day nobody searched. */
  dateStripBudget?: (supplier: SourcedSupplier) => Promise<boolean>;
  /** Where searches of suppliers that can be copied to a thread are made off this thread. */
  searchThreads?: SearchThreads;
}) {
  const sharedSearches = createSharedSearches({ clock, searchTimeoutMs, leftSearchGraceMs });
  const now = () => clock().getTime();

  /** Whether a search nobody made may ask the provider (see `MayAsk`). */
  async function mayAskNow(supplier: SourcedSupplier, mayAsk: MayAsk): Promise<boolean> {
    if (mayAsk === 'always') return true;
    if (mayAsk === 'never') return false;
    if (mayAsk === 'strip-budget') return (await dateStripBudget?.(supplier)) ?? false;
    return mayAsk();
  }

  /**
   * Checks the criteria and asks the supplier; prices are the provider's. Unless `mayAsk` is
   * 'always', a search of a shared provider that nobody made answers null when it may not ask.
   */
  async function searchSupplier(
    supplier: SourcedSupplier,
    criteria: SearchRequest,
    terms: AnswerTerms,
    mayAsk: MayAsk = 'always',
    left?: AbortSignal,
  ): Promise<ProviderAnswer | null> {
    const request = supplierRequest(criteria, terms.currency);
    const ask = async (timeoutMs: number, stop?: AbortSignal) => {
      const deadline = () => {
        const timeout = AbortSignal.timeout(timeoutMs);
        return stop ? AbortSignal.any([timeout, stop]) : timeout;
      };
      // A search that is the processor's work only (`setup.computed`) needs no deadline, and keeps
      // its admission turn: that work stays bounded.
      const computed = supplier.threading?.setup.computed === true;
      const bounded = computed ? request : { ...request, signal: deadline() };
      // On a search thread where the supplier can be copied there: the provider's answer is read,
      // mapped and made the brand's answer off this thread, which only waits (holding no turn).
      const onThread = searchThreads?.search(supplier, bounded, terms);
      if (onThread) return guarded(() => (computed ? onThread : awayFromTurn(() => onThread)));
      // A supplier that writes the brand's answer itself does so here, else its offers are made.
      const written = supplier.answerSearch?.(bounded, terms);
      if (written) {
        const results = await guarded(() => written);
        return ProviderAnswer.written(new JsonAnswer(searchResultsJson(results)), terms);
      }
      const signal = bounded.signal ?? deadline();
      return ProviderAnswer.ofOffers(await guarded(() => supplier.search({ ...request, signal })));
    };
    // A supplier whose answers are a pure function of the request is cached in each process.
    if (supplier.searchWindowMs !== undefined) return ask(searchTimeoutMs);
    if (!shared) {
      try {
        return await unlessLeft(ask(searchTimeoutMs, left), left);
      } catch (error) {
        throw left?.aborted ? clientClosedRequest() : error;
      }
    }
    const key = sharedKey(supplier, criteria, terms.currency);
    if (mayAsk !== 'always' && !sharedSearches.running(key)) {
      const stored = await shared.find(key, clock());
      if (stored?.answer) return stored.answer;
      const running = stored?.runningUntil != null && stored.runningUntil > clock();
      if (!running && !(await mayAskNow(supplier, mayAsk))) return null;
    }
    return sharedSearches.search(shared, key, ask, left);
  }

  /** The search's answer; null only where `mayAsk` did not let a shared provider be asked. */
  async function searchAnswer(
    supplier: SourcedSupplier,
    criteria: SearchRequest,
    brand: BrandContext,
    mayAsk: MayAsk = 'always',
    left?: AbortSignal,
  ): Promise<JsonAnswer | null> {
    const terms = { at: now(), markupPercent: brand.markupPercent, currency: brand.currency };
    const result = await searchSupplier(supplier, criteria, terms, mayAsk, left);
    if (!result) return null;
    const made = result.madeFor(terms);
    if (made) return made;
    // Whatever the provider answers, nothing leaving within 2 hours is offered.
    const at = { ...terms, at: now() };
    return (await (searchThreads ? searchThreads.price(result, at) : pricedHere(result, at)))
      .answer;
  }

  /**
   * The provider's prices of an answer's offers that do not leave too soon: as made with the
   * answer, else read here where its offers are at hand, else made on a search thread.
   */
  async function providerPrices(answer: ProviderAnswer, terms: AnswerTerms) {
    const made = answer.madePrices();
    if (made) return made;
    if (searchThreads && !answer.offersRead)
      return (await searchThreads.price(answer, terms)).prices;
    const offers = await answer.offers();
    return offers
      ? pricesOf(offers, terms.at, terms.currency)
      : { currency: terms.currency, prices: [] };
  }

  return { mayAskNow, searchSupplier, searchAnswer, providerPrices };
}
