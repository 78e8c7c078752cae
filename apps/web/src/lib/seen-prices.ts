/**
 * The price a traveller was first shown for an offer in this tab (results, offer page, checkout),
 * so that a later, different price is never charged without a word: the checkout shows both
 * and asks. Kept in sessionStorage; a price is no secret.
 */
const KEY_PREFIX = 'contrail.seenPrice.';
export interface SeenPrice {
  amount: string;
  currency: string;
}

/** A price as it was kept: an amount, and a currency of three characters; null for anything else. */
function seenPriceOf(value: unknown): SeenPrice | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { amount, currency } = value as Record<string, unknown>;
  if (typeof amount !== 'string' || typeof currency !== 'string' || currency.length !== 3) {
    return null;
  }
  return { amount, currency };
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readSeenPrice(offerId: string): SeenPrice | null {
  try {
    const raw = storage()?.getItem(KEY_PREFIX + offerId);
    if (!raw) return null;
    return seenPriceOf(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Records the price shown; `replace` when the traveller has agreed to a new one. */
export function rememberSeenPrice(
  offerId: string,
  price: SeenPrice,
  { replace = false }: { replace?: boolean } = {},
): void {
  if (!replace && readSeenPrice(offerId)) return;
  try {
    storage()?.setItem(KEY_PREFIX + offerId, JSON.stringify(price));
  } catch {
    // Storage full or blocked: the checkout then compares with nothing and shows today's price.
  }
}
