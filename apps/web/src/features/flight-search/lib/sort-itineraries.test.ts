import { describe, expect, it } from 'vitest';
import { buildJourney, buildOffer, places } from '../../../test/offers';
import { offerMetrics } from './offer-metrics';
import { bestScores, sortOffers } from './sort-offers';

const nonStopDear = offerMetrics(
  buildOffer({ id: 'nonstop-dear', total_amount: '1300.00', slices: [buildJourney()] }),
);
const oneStopCheap = offerMetrics(
  buildOffer({
    id: 'one-stop-cheap',
    total_amount: '1072.00',
    slices: [buildJourney({ via: [places.KEF] })],
  }),
);
const twoStopCheapest = offerMetrics(
  buildOffer({
    id: 'two-stop-cheapest',
    total_amount: '990.00',
    slices: [buildJourney({ via: [places.DUB, places.KEF] })],
  }),
);
const nonStopVeryDear = offerMetrics(
  buildOffer({ id: 'nonstop-very-dear', total_amount: '3500.00', slices: [buildJourney()] }),
);
const all = [nonStopVeryDear, twoStopCheapest, nonStopDear, oneStopCheap];
const ids = (list: ReturnType<typeof sortOffers>) => list.map((metrics) => metrics.offer.id);

describe('sortOffers', () => {
  it('cheapest: by total price, ties by journey time', () => {
    const tie = offerMetrics(
      buildOffer({
        id: 'tie-slower',
        total_amount: '990.00',
        slices: [buildJourney({ via: [places.DUB, places.KEF, places.LHR] })],
      }),
    );
    expect(ids(sortOffers([...all, tie], 'cheapest'))).toEqual([
      'two-stop-cheapest',
      'tie-slower',
      'one-stop-cheap',
      'nonstop-dear',
      'nonstop-very-dear',
    ]);
  });

  it('fastest: by journey time (all directions), ties by price', () => {
    expect(ids(sortOffers(all, 'fastest'))).toEqual([
      'nonstop-dear',
      'nonstop-very-dear',
      'one-stop-cheap',
      'two-stop-cheapest',
    ]);
  });

  it('best: a slightly dearer non-stop beats a long connection; a fare 3.5 times the cheapest does not', () => {
    expect(ids(sortOffers(all, 'best'))).toEqual([
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

  it('does not change the list it was given', () => {
    const before = ids(all);
    sortOffers(all, 'cheapest');
    expect(ids(all)).toEqual(before);
  });
});
