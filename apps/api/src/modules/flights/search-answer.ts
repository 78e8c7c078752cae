import { withSellPrice } from '@contrail/contracts/money';
import { departsTooSoon, type Offer } from '@contrail/contracts/offers';
import { compactSearchResults } from '@contrail/contracts/search-results';
import { searchResultsSchema, type SearchResults } from '@contrail/contracts/search-results-schema';
import { compiledSerializer } from '../../lib/response-serializer';
import { OFFER_LIFETIME_MS, type AnswerTerms } from '../../providers/flights/flight-supplier';

const writeSearchResults = compiledSerializer(searchResultsSchema);

/**
 * A search's answer as the JSON the traveller is sent, written from the route's response schema:
 * every supplier's, whether made from its offers (`searchAnswerJson`) or written by the supplier
 * itself (`FlightSupplier.answerSearch`).
 */
export function searchResultsJson(results: SearchResults): string {
  return writeSearchResults(results);
}

/**
 * A provider's answer as the traveller's search answer (`SearchResults`), serialised: at sell
 * prices, without flights leaving within 2 hours, expiring with its first offer to expire. A pure
 * function of its input, so a search thread makes the same bytes as the request's own thread.
 */
export function searchAnswerJson(
  result: { id: string; offers: readonly Offer[] },
  { at, markupPercent, currency }: AnswerTerms,
): string {
  const priced = result.offers
    .filter((offer) => !departsTooSoon(offer, at))
    .map((offer) => withSellPrice(offer, markupPercent));
  let expiresAt = priced[0]?.expires_at ?? new Date(at + OFFER_LIFETIME_MS).toISOString();
  for (const offer of priced) if (offer.expires_at < expiresAt) expiresAt = offer.expires_at;
  const results: SearchResults = compactSearchResults({
    searchId: result.id,
    offers: priced,
    expiresAt,
    createdAt: priced[0]?.created_at ?? new Date(at).toISOString(),
    currency,
  });
  return searchResultsJson(results);
}
