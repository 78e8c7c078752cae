import { z } from 'zod';

/**
 * The price a traveller was first shown for an offer in this tab (results, offer page, checkout),
 * so that a later, different price is never charged without a word: the checkout shows both
 * and asks. Kept in sessionStorage; a price is no secret.
 */
const KEY_PREFIX = 'contrail.seenPrice.';
const seenSchema = z.object({ amount: z.string(), currency: z.string().length(3) });
export type SeenPrice = z.infer<typeof seenSchema>;

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
    const parsed = seenSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
