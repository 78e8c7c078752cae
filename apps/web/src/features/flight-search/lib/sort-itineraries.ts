import type { OfferMetrics } from './offer-metrics';
import type { SortOption } from './search-params';

/**
 * "Best" blends what travellers trade off, each measured against the best value in the list
 * being sorted, so the score means the same for a $90 hop and a $3,000 long haul:
 *
 *   score = 0.6 × (price ÷ cheapest − 1) + 0.4 × (journey time ÷ quickest − 1) + 0.04 × stops
 *
 * Journey time is the sum over directions (layovers included) and stops counts every stop of
 * every direction. A non-stop 20% dearer than a one-stop that takes 80% longer ranks first
 * (0.12 against 0.36); a fare twice the cheapest needs to save most of the journey to win.
 * Lowest score first; ties go to the cheaper, then the quicker offer.
 */
export const BEST_WEIGHTS = { price: 0.6, duration: 0.4, perStop: 0.04 } as const;

export function bestScores(offers: readonly OfferMetrics[]): Map<OfferMetrics, number> {
  const cheapest = Math.min(...offers.map((offer) => offer.price));
  const quickest = Math.min(...offers.map((offer) => offer.totalMinutes));
  const relative = (value: number, best: number) =>
    best > 0 && Number.isFinite(best) && Number.isFinite(value) ? value / best - 1 : 0;
  return new Map(
    offers.map((offer) => [
      offer,
      BEST_WEIGHTS.price * relative(offer.price, cheapest) +
        BEST_WEIGHTS.duration * relative(offer.totalMinutes, quickest) +
        BEST_WEIGHTS.perStop * offer.totalStops,
    ]),
  );
}

const byPrice = (a: OfferMetrics, b: OfferMetrics) => a.price - b.price;
const byDuration = (a: OfferMetrics, b: OfferMetrics) => a.totalMinutes - b.totalMinutes;
const byDeparture = (a: OfferMetrics, b: OfferMetrics) =>
  (a.departureHours[0] ?? 0) - (b.departureHours[0] ?? 0);

/** A sorted copy; the order is total (equal offers keep the API's order). */
export function sortOffers(offers: readonly OfferMetrics[], sort: SortOption): OfferMetrics[] {
  const list = [...offers];
  switch (sort) {
    case 'cheapest':
      return list.sort((a, b) => byPrice(a, b) || byDuration(a, b) || byDeparture(a, b));
    case 'fastest':
      return list.sort((a, b) => byDuration(a, b) || byPrice(a, b) || byDeparture(a, b));
    case 'best': {
      const scores = bestScores(list);
      return list.sort(
        (a, b) => (scores.get(a) ?? 0) - (scores.get(b) ?? 0) || byPrice(a, b) || byDuration(a, b),
      );
    }
  }
}
