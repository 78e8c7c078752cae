import type { ItineraryResult } from './filter-itineraries';
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
 * Lowest score first; ties go to the cheaper, then the quicker itinerary. An itinerary's price is
 * that of its cheapest fare the filters leave (so "checked bag included" ranks by bag fares).
 */
const BEST_WEIGHTS = { price: 0.6, duration: 0.4, perStop: 0.04 } as const;

/** "Best" in a sentence, for the tooltip on its tab: the weights above, in words. */
export const BEST_EXPLANATION = `Best weighs price (${Math.round(BEST_WEIGHTS.price * 100)}%) and journey time (${Math.round(BEST_WEIGHTS.duration * 100)}%), each against the cheapest and the quickest flight here, and counts every stop against a flight. Ties go to the cheaper, then the quicker flight.`;

export function bestScores(results: readonly ItineraryResult[]): Map<ItineraryResult, number> {
  const cheapest = Math.min(...results.map((result) => result.price));
  const quickest = Math.min(...results.map((result) => result.itinerary.totalMinutes));
  const relative = (value: number, best: number) =>
    best > 0 && Number.isFinite(best) && Number.isFinite(value) ? value / best - 1 : 0;
  return new Map(
    results.map((result) => [
      result,
      BEST_WEIGHTS.price * relative(result.price, cheapest) +
        BEST_WEIGHTS.duration * relative(result.itinerary.totalMinutes, quickest) +
        BEST_WEIGHTS.perStop * result.itinerary.totalStops,
    ]),
  );
}

const byPrice = (a: ItineraryResult, b: ItineraryResult) => a.price - b.price;
const byDuration = (a: ItineraryResult, b: ItineraryResult) =>
  a.itinerary.totalMinutes - b.itinerary.totalMinutes;
const byDeparture = (a: ItineraryResult, b: ItineraryResult) =>
  (a.itinerary.departureHours[0] ?? 0) - (b.itinerary.departureHours[0] ?? 0);

/** A sorted copy; the order is total (equal itineraries keep the API's order). */
export function sortItineraries(
  results: readonly ItineraryResult[],
  sort: SortOption,
): ItineraryResult[] {
  const list = [...results];
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
