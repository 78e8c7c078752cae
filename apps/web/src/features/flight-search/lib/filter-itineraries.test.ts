import { describe, expect, it } from 'vitest';
import {
  buildFares,
  buildJourney,
  buildOffer,
  buildSegment,
  buildSlice,
  economyFares,
  places,
} from '../../../test/offers';
import { facetsOf, filterItineraries } from './filter-itineraries';
import { groupItineraries } from './itineraries';
import { NO_FILTERS, type SearchFilters } from './search-params';

const back = (options: Parameters<typeof buildJourney>[0] = {}) =>
  buildJourney({ from: places.JFK, to: places.LHR, date: '2026-12-20', ...options });

const offers = [
  buildOffer({
    id: 'ba-nonstop-morning',
    total_amount: '1300.00',
    slices: [buildJourney({ departAt: '08:00' }), back({ departAt: '18:00' })],
  }),
  buildOffer({
    id: 'aa-one-stop-evening',
    total_amount: '1072.00',
    slices: [
      buildJourney({ airline: 'AA', via: [places.KEF], departAt: '19:00' }),
      back({ airline: 'AA', departAt: '09:00' }),
    ],
  }),
  buildOffer({
    id: 'fi-two-stops-night',
    total_amount: '900.00',
    slices: [
      buildJourney({ airline: 'FI', via: [places.DUB, places.KEF], departAt: '01:00' }),
      back({ airline: 'FI', via: [places.KEF], departAt: '23:00' }),
    ],
  }),
];
const itineraries = groupItineraries(offers);

const only = (filters: Partial<SearchFilters>) =>
  filterItineraries(itineraries, { ...NO_FILTERS, ...filters }).map(
    (result) => result.itinerary.fares[0]?.offer.id,
  );

describe('filterItineraries', () => {
  it('keeps everything without filters', () => {
    expect(only({})).toHaveLength(3);
  });

  it('stops: by the worst direction, 2 meaning two or more', () => {
    expect(only({ stops: [0] })).toEqual(['ba-nonstop-morning']);
    expect(only({ stops: [1] })).toEqual(['aa-one-stop-evening']);
    expect(only({ stops: [2] })).toEqual(['fi-two-stops-night']);
    expect(only({ stops: [0, 1] })).toEqual(['ba-nonstop-morning', 'aa-one-stop-evening']);
  });

  it('airlines: by the selling airline', () => {
    expect(only({ airlines: ['AA', 'FI'] })).toEqual(['aa-one-stop-evening', 'fi-two-stops-night']);
  });

  it('times: each window reads its direction and end', () => {
    expect(only({ times: { outboundDepart: [5, 12] } })).toEqual(['ba-nonstop-morning']);
    expect(only({ times: { returnDepart: [5, 12] } })).toEqual(['aa-one-stop-evening']);
    // Outbound arrivals: 11:00, 02:00 next day (19:00 + 7h), 12:00 (01:00 + 11h).
    expect(only({ times: { outboundArrive: [0, 6] } })).toEqual(['aa-one-stop-evening']);
    // Return arrivals: 21:00, 12:00, 09:00 next day (23:00 + 7h … as local clock time).
    expect(only({ times: { returnArrive: [18, 24] } })).toEqual(['ba-nonstop-morning']);
  });

  it('duration: the longest direction must fit', () => {
    // Journeys: 3h/3h, 7h/3h, 11h/7h.
    expect(only({ maxDurationMinutes: 180 })).toEqual(['ba-nonstop-morning']);
    expect(only({ maxDurationMinutes: 420 })).toEqual([
      'ba-nonstop-morning',
      'aa-one-stop-evening',
    ]);
  });

  it('price: the total of a fare must not exceed the maximum', () => {
    expect(only({ maxPrice: 1072 })).toEqual(['aa-one-stop-evening', 'fi-two-stops-night']);
    expect(only({ maxPrice: 899 })).toEqual([]);
  });

  it('combines filters', () => {
    expect(only({ stops: [0, 1], maxPrice: 1200 })).toEqual(['aa-one-stop-evening']);
  });
});

describe('facetsOf', () => {
  it('gives each stop count its itineraries and cheapest price', () => {
    expect(facetsOf(itineraries, NO_FILTERS).stops).toEqual([
      { bucket: 0, count: 1, cheapest: 1300 },
      { bucket: 1, count: 1, cheapest: 1072 },
      { bucket: 2, count: 1, cheapest: 900 },
    ]);
  });

  it('counts under the other filters only, so a count is what ticking the box adds', () => {
    const facets = facetsOf(itineraries, { ...NO_FILTERS, stops: [0], airlines: ['AA'] });
    // Stops ignore the stop filter but apply the airline one.
    expect(facets.stops.map((facet) => facet.count)).toEqual([0, 1, 0]);
    // Airlines ignore the airline filter but apply the stop one.
    expect(facets.airlines.map((airline) => [airline.code, airline.count])).toEqual([
      ['AA', 0],
      ['BA', 1],
      ['FI', 0],
    ]);
  });

  it('gives the sliders the bounds of the whole answer', () => {
    const facets = facetsOf(itineraries, { ...NO_FILTERS, maxPrice: 1000 });
    expect(facets.price).toEqual({ min: 900, max: 1300 });
    expect(facets.duration).toEqual({ min: 180, max: 660 });
  });
});

describe('filters on fares and layovers', () => {
  // Basic has no checked bag, Standard one, Flex two (economyFares).
  const bagsOnlyFromStandard = buildFares({
    id: 'late',
    slices: [buildJourney({ via: [places.KEF], departAt: '20:30' })],
    fares: economyFares(400),
  });
  // Six hours in Dublin: 06:00 → 09:00, on at 15:00 → 18:00.
  const longWait = buildFares({
    id: 'long',
    slices: [
      buildSlice({
        duration: 'PT12H',
        segments: [
          buildSegment({
            destination: places.DUB,
            departing_at: '2026-12-13T06:00:00',
            arriving_at: '2026-12-13T09:00:00',
            flight_number: 'BA100',
          }),
          buildSegment({
            origin: places.DUB,
            departing_at: '2026-12-13T15:00:00',
            arriving_at: '2026-12-13T18:00:00',
            flight_number: 'BA101',
          }),
        ],
      }),
    ],
    fares: economyFares(450),
  });
  const nonStopNoBagsAtAll = buildFares({
    id: 'nonstop',
    slices: [buildJourney({ departAt: '12:00' })],
    fares: [{ name: 'Basic', total: '700.00' }],
  });
  const all = groupItineraries([...bagsOnlyFromStandard, ...longWait, ...nonStopNoBagsAtAll]);
  const shown = (filters: Partial<SearchFilters>) =>
    filterItineraries(all, { ...NO_FILTERS, ...filters }).map((result) => [
      result.itinerary.key.includes('@2026-12-13T20:30')
        ? 'late'
        : result.itinerary.totalStops
          ? 'long'
          : 'nonstop',
      result.price,
      result.fares.map((fare) => fare.name),
    ]);

  it('bags included: leads with the cheapest fare with a checked bag, and drops the fares without', () => {
    expect(shown({ bagsIncluded: true })).toEqual([
      ['late', 550, ['Standard', 'Flex']],
      ['long', 600, ['Standard', 'Flex']],
    ]);
  });

  it('price: drops the fares above it, keeping the itinerary while one is left', () => {
    expect(shown({ maxPrice: 560 })).toEqual([
      ['late', 400, ['Basic', 'Standard']],
      ['long', 450, ['Basic']],
    ]);
    expect(shown({ maxPrice: 560, bagsIncluded: true })).toEqual([['late', 550, ['Standard']]]);
  });

  it('maximum layover: the longest wait of the trip counts; non-stops always pass', () => {
    expect(shown({ maxLayoverMinutes: 120 }).map(([name]) => name)).toEqual(['late', 'nonstop']);
  });

  it('avoid overnight layovers: drops a connection that waits past midnight', () => {
    expect(shown({ avoidOvernight: true }).map(([name]) => name)).toEqual(['long', 'nonstop']);
  });

  it('counts what each new filter would show, and bounds the layover slider', () => {
    const facets = facetsOf(all, NO_FILTERS);
    expect(facets.bags).toEqual({ count: 2, cheapest: 550 });
    expect(facets.overnight).toEqual({ count: 2, cheapest: 450 });
    expect(facets.layover).toEqual({ min: 60, max: 360 });
    // The price slider spans the cheapest fare of each itinerary.
    expect(facets.price).toEqual({ min: 400, max: 700 });
  });
});
