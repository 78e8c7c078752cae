import { describe, expect, it } from 'vitest';
import { buildJourney, places } from '../../../test/offers';
import { buildBooking, buildCancelledBooking } from '../test/trip-factories';
import { zonedTimeToEpoch } from './trip-format';
import { canCancelFromDetails, canCancelFromList, groupTrips } from './trip-groups';

const leaving = (date: string, departAt: string, from = places.LHR) =>
  buildBooking({ slices: [buildJourney({ from, to: places.JFK, date, departAt })] });

describe('groupTrips', () => {
  it('sorts each status into its tab', () => {
    const confirmed = buildBooking();
    const pending = buildBooking({ status: 'pending' });
    const completed = buildBooking({ status: 'completed' });
    const cancelled = buildCancelledBooking();

    const groups = groupTrips([cancelled, completed, pending, confirmed]);

    expect(groups.upcoming).toHaveLength(2);
    expect(groups.upcoming).toEqual(expect.arrayContaining([confirmed, pending]));
    expect(groups.past).toEqual([completed]);
    expect(groups.cancelled).toEqual([cancelled]);
  });

  it('lists upcoming trips soonest first and past trips latest first, across time zones', () => {
    // 09:00 in New York is 14:00 in London: the London flight at 10:00 leaves first.
    const newYork = leaving('2026-12-13', '09:00', places.JFK);
    const london = leaving('2026-12-13', '10:00', places.LHR);
    const later = leaving('2026-12-20', '07:00');

    expect(groupTrips([later, newYork, london]).upcoming).toEqual([london, newYork, later]);

    const past = [newYork, london, later].map((b) => ({ ...b, status: 'completed' as const }));
    expect(groupTrips(past).past.map((b) => b.id)).toEqual([later.id, newYork.id, london.id]);
  });

  it('lists the latest cancellation first', () => {
    const early = buildCancelledBooking();
    const late = buildCancelledBooking({
      cancellation: {
        refund: { amount: '0.00', currency: 'USD' },
        refundStatus: 'none',
        credits: [],
        cancelledAt: '2026-11-20T08:00:00.000Z',
      },
    });
    expect(groupTrips([early, late]).cancelled).toEqual([late, early]);
  });
});

describe('where cancelling is offered', () => {
  it('in the list for upcoming bookings that allow it, in the details only when confirmed', () => {
    expect(canCancelFromList(buildBooking())).toBe(true);
    expect(canCancelFromList(buildBooking({ canCancel: false }))).toBe(false);
    expect(canCancelFromList(buildBooking({ status: 'completed' }))).toBe(false);
    expect(canCancelFromDetails(buildBooking())).toBe(true);
    expect(canCancelFromDetails(buildBooking({ status: 'pending' }))).toBe(false);
    expect(canCancelFromDetails(buildCancelledBooking())).toBe(false);
  });
});

describe('zonedTimeToEpoch', () => {
  it('reads a local time at its airport', () => {
    expect(zonedTimeToEpoch('2026-12-13T09:00:00', 'America/New_York')).toBe(
      Date.parse('2026-12-13T14:00:00Z'),
    );
    expect(zonedTimeToEpoch('2026-07-01T09:00', 'Europe/London')).toBe(
      Date.parse('2026-07-01T08:00:00Z'),
    );
    expect(zonedTimeToEpoch('2026-12-13T09:00:00', 'Asia/Kolkata')).toBe(
      Date.parse('2026-12-13T03:30:00Z'),
    );
  });

  it('reads an unknown zone as UTC and an unreadable time as NaN', () => {
    expect(zonedTimeToEpoch('2026-12-13T09:00:00', 'Mars/Olympus')).toBe(
      Date.parse('2026-12-13T09:00:00Z'),
    );
    expect(zonedTimeToEpoch('soon', 'Europe/London')).toBeNaN();
  });
});
