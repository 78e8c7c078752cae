import { withSellPrice } from '@contrail/contracts/money';
import { departsTooSoon, type Offer } from '@contrail/contracts/offers';
import { compactSearchResults, type SearchResults } from '@contrail/contracts/search-results';

/** How long a search's offers hold when the provider names no expiry. */
export const OFFER_LIFETIME_MS = 30 * 60 * 1000;

/** What a search's answer depends on besides the provider's offers. */
export interface AnswerTerms {
  /** The instant of the search (epoch ms): nothing leaving within 2 hours of it is offered. */
  at: number;
  markupPercent: string;
  /** The brand's currency, named when nothing is offered. */
  currency: string;
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
  return JSON.stringify(results);
}
