import type { Offer } from '@contrail/contracts/offers';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { readSeenPrice, rememberSeenPrice, type SeenPrice } from '../../../lib/seen-prices';

/**
 * The price first shown to the traveller for this offer, when the offer's price now differs
 * from it: the checkout says so and asks before any money is held.
 */
export function useSeenPrice(offer: Offer) {
  const current = useMemo(
    () => ({ amount: offer.total_amount, currency: offer.total_currency }),
    [offer.total_amount, offer.total_currency],
  );
  const [seen, setSeen] = useState<SeenPrice>(() => readSeenPrice(offer.id) ?? current);
  useEffect(() => {
    rememberSeenPrice(offer.id, seen);
  }, [offer.id, seen]);
  const changed =
    seen.amount !== current.amount || seen.currency !== current.currency ? seen : null;
  const accept = useCallback(
    (price: SeenPrice) => {
      rememberSeenPrice(offer.id, price, { replace: true });
      setSeen(price);
    },
    [offer.id],
  );
  return { changed, accept };
}
