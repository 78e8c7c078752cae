import type { BookingStatus, BookingView } from '@contrail/contracts/bookings';
import { departureEpoch } from './trip-format';
import type { TripTab } from './trips-search';

/** Upcoming holds confirmed and pending bookings, Past completed, then Cancelled. */
const tabOfStatus: Record<BookingStatus, TripTab> = {
  confirmed: 'upcoming',
  pending: 'upcoming',
  completed: 'past',
  cancelled: 'cancelled',
};

export type TripGroups = Record<TripTab, BookingView[]>;

const byNumber = (value: (b: BookingView) => number, direction: 1 | -1) => {
  return (a: BookingView, b: BookingView) => {
    const left = value(a);
    const right = value(b);
    // Bookings without a readable time go last, in the server's order.
    if (Number.isNaN(left) || Number.isNaN(right)) {
      return Number(Number.isNaN(left)) - Number(Number.isNaN(right));
    }
    return (left - right) * direction;
  };
};

const cancelledAt = (booking: BookingView) =>
  booking.cancellation ? Date.parse(booking.cancellation.cancelledAt) : Number.NaN;

/**
 * The bookings of each tab, as an airline lists them: upcoming trips soonest first, past trips
 * most recent first, cancellations latest first.
 */
export function groupTrips(bookings: readonly BookingView[]): TripGroups {
  const groups: TripGroups = { upcoming: [], past: [], cancelled: [] };
  for (const booking of bookings) groups[tabOfStatus[booking.status]].push(booking);
  groups.upcoming.sort(byNumber(departureEpoch, 1));
  groups.past.sort(byNumber(departureEpoch, -1));
  groups.cancelled.sort(byNumber(cancelledAt, -1));
  return groups;
}

/** Where the Cancel button appears: upcoming bookings the airline still lets go. */
export function canCancelFromList(booking: BookingView): boolean {
  return tabOfStatus[booking.status] === 'upcoming' && booking.canCancel;
}

/** The details dialog offers cancellation only for a confirmed booking that allows it. */
export function canCancelFromDetails(booking: BookingView): boolean {
  return booking.status === 'confirmed' && booking.canCancel;
}
