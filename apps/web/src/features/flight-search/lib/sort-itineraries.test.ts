import { describe, expect, it } from 'vitest';
import type { Offer } from '@contrail/contracts/offers';
import { buildFares, buildJourney, buildOffer, economyFares, places } from '../../../test/offers';
import { filterItineraries, type ItineraryResult } from './filter-itineraries';
import { groupItineraries } from './itineraries';
import { NO_FILTERS } from './search-params';
import { BEST_EXPLANATION, bestScores, sortItineraries } from './sort-itineraries';

/** One itinerary per offer, as the results list holds them. */
function single(offer: Offer): ItineraryResult {
  const [result] = filterItineraries(groupItineraries([offer]), NO_FILTERS);
  if (!result) throw new Error('expected an itinerary');
  return result;
}

const nonStopDear = single(
  buildOffer({ id: 'nonstop-dear', total_amount: '1300.00', slices: [buildJourney()] }),
);
const oneStopCheap = single(
  buildOffer({
    id: 'one-stop-cheap',
    total_amount: '1072.00',
    slices: [buildJourney({ via: [places.KEF] })],
  }),
);
const twoStopCheapest = single(
  buildOffer({
    id: 'two-stop-cheapest',
    total_amount: '990.00',
    slices: [buildJourney({ via: [places.DUB, places.KEF] })],
  }),
);
const nonStopVeryDear = single(
  buildOffer({ id: 'nonstop-very-dear', total_amount: '3500.00', slices: [buildJourney()] }),
);
const all = [nonStopVeryDear, twoStopCheapest, nonStopDear, oneStopCheap];
const ids = (list: ItineraryResult[]) => list.map((result) => result.fares[0]?.offer.id);

describe('sortItineraries', () => {
  it('cheapest: by total price, ties by journey time', () => {
    const tie = single(
      buildOffer({
        id: 'tie-slower',
        total_amount: '990.00',
        slices: [buildJourney({ via: [places.DUB, places.KEF, places.LHR] })],
      }),
    );
    expect(ids(sortItineraries([...all, tie], 'cheapest'))).toEqual([
      'two-stop-cheapest',
      'tie-slower',
      'one-stop-cheap',
      'nonstop-dear',
      'nonstop-very-dear',
    ]);
  });

  it('fastest: by journey time (all directions), ties by price', () => {
    expect(ids(sortItineraries(all, 'fastest'))).toEqual([
      'nonstop-dear',
      'nonstop-very-dear',
      'one-stop-cheap',
      'two-stop-cheapest',
    ]);
  });

  it('best: a slightly dearer non-stop beats a long connection; a fare 3.5 times the cheapest does not', () => {
    expect(ids(sortItineraries(all, 'best'))).toEqual([
      'nonstop-dear',
      'one-stop-cheap',
      'two-stop-cheapest',
      'nonstop-very-dear',
    ]);
  });

  it('best: scores price and time against the best of the list, plus a penalty per stop', () => {
    const scores = bestScores([nonStopDear, oneStopCheap]);
    // 1300 / 1072 − 1 = 0.2127 × 0.6; journey 3h vs 7h: 0 for the non-stop.
    expect(scores.get(nonStopDear)).toBeCloseTo(0.6 * (1300 / 1072 - 1), 5);
    // 7h / 3h − 1 = 1.333 × 0.4, plus 0.04 for its stop.
    expect(scores.get(oneStopCheap)).toBeCloseTo(0.4 * (420 / 180 - 1) + 0.04, 5);
  });

  it('ranks an itinerary by its cheapest fare the filters leave', () => {
    const itineraries = groupItineraries([
      ...buildFares({
        id: 'evening',
        slices: [buildJourney({ departAt: '19:00' })],
        fares: economyFares(500),
      }),
      ...buildFares({
        id: 'morning',
        slices: [buildJourney({ departAt: '08:00' })],
        fares: [
          { name: 'Basic', total: '520.00' },
          { name: 'Standard', total: '600.00', checkedBags: 1 },
        ],
      }),
    ]);
    const cheapest = (bagsIncluded: boolean) =>
      ids(
        sortItineraries(
          filterItineraries(itineraries, { ...NO_FILTERS, bagsIncluded }),
          'cheapest',
        ),
      );
    expect(cheapest(false)).toEqual(['evening_basic', 'morning_basic']);
    // With a bag: Standard at 650 in the evening, 600 in the morning.
    expect(cheapest(true)).toEqual(['morning_standard', 'evening_standard']);
  });

  it('explains Best with its own weights', () => {
    expect(BEST_EXPLANATION).toContain('price (60%)');
    expect(BEST_EXPLANATION).toContain('journey time (40%)');
    expect(BEST_EXPLANATION).toContain('stop');
  });

  it('does not change the list it was given', () => {
    const before = ids(all);
    sortItineraries(all, 'cheapest');
    expect(ids(all)).toEqual(before);
  });
});
