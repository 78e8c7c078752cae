import { describe, expect, it } from 'vitest';
import { buildOffer, buildSegment } from '../../../test/offers';
import { carriedSearch, validateOfferPageSearch } from './offer-page-search';
import { bookingHref, minutesRemaining, segmentBadges } from './offer-summary';

describe('the /flight/{id} parameters', () => {
  it('keeps a known tab (not the default) and every from_ value', () => {
    expect(
      validateOfferPageSearch({
        tab: 'fare-rules',
        from_origin: 'LHR',
        from_adultsCount: 2,
        from_: 'x',
        other: 'dropped',
        from_nested: { no: true },
      }),
    ).toEqual({ tab: 'fare-rules', from_origin: 'LHR', from_adultsCount: 2 });
    expect(validateOfferPageSearch({ tab: 'details' })).toEqual({});
    expect(validateOfferPageSearch({ tab: 'prices' })).toEqual({});
  });

  it('gives back the carried search without its prefix, or null', () => {
    expect(carriedSearch({ tab: 'seat-maps', from_origin: 'LHR', from_stops: 0 })).toEqual({
      origin: 'LHR',
      stops: 0,
    });
    expect(carriedSearch({ tab: 'seat-maps' })).toBeNull();
  });
});

describe('offer summary helpers', () => {
  it('counts whole minutes left, never below zero', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(minutesRemaining('2026-03-01T10:29:59Z', now)).toBe(29);
    expect(minutesRemaining('2026-03-01T09:59:00Z', now)).toBe(0);
    expect(minutesRemaining('soon', now)).toBeNull();
  });

  it('links to booking with the passenger counts of the offer', () => {
    const offer = buildOffer({
      id: 'off_9',
      passengers: [
        { id: 'p1', type: 'adult', age: null },
        { id: 'p2', type: 'adult', age: null },
        { id: 'p3', type: 'child', age: 8 },
        { id: 'p4', type: 'infant_without_seat', age: 1 },
      ],
    });
    expect(bookingHref(offer)).toBe('/booking?offer=off_9&adults=2&children=1&infants=1');
    expect(bookingHref(offer, 'skyhop.localhost')).toContain('&brand=skyhop.localhost');
  });

  it("gives the spec's badges for the services a flight has", () => {
    expect(segmentBadges(buildSegment())).toEqual(['Wi-Fi', 'Meal', 'Baggage Included']);
    expect(
      segmentBadges(buildSegment({ services: [], baggages: [{ type: 'carry_on', quantity: 1 }] })),
    ).toEqual([]);
  });
});
