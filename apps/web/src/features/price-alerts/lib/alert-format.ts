import { cabinClassLabels, type CabinClass } from '@contrail/contracts/search-rules';

export interface TrackedTrip {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate?: string | null | undefined;
  tripType: 'round-trip' | 'one-way';
  cabinClass: CabinClass;
  adultsCount: number;
  childrenCount: number;
  infantsCount: number;
}

const day = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Dec 20, 2026" for a calendar date, whatever the reader's time zone. */
function calendarDay(date: string): string {
  return day.format(new Date(`${date}T00:00:00Z`));
}

const plural = (count: number, one: string, many: string) =>
  `${String(count)} ${count === 1 ? one : many}`;

/** "LHR to JFK" */
export const routeLabel = (trip: Pick<TrackedTrip, 'origin' | 'destination'>) =>
  `${trip.origin} to ${trip.destination}`;

/** "Dec 20, 2026 – Dec 27, 2026" (one date for a one-way trip). */
export function datesLabel(trip: TrackedTrip): string {
  const outbound = calendarDay(trip.departureDate);
  return trip.tripType === 'round-trip' && trip.returnDate
    ? `${outbound} – ${calendarDay(trip.returnDate)}`
    : outbound;
}

/** "1 adult, Economy", "2 adults, 1 child, Business". */
export function travellersLabel(trip: TrackedTrip): string {
  const parts = [plural(trip.adultsCount, 'adult', 'adults')];
  if (trip.childrenCount > 0) parts.push(plural(trip.childrenCount, 'child', 'children'));
  if (trip.infantsCount > 0) parts.push(plural(trip.infantsCount, 'infant', 'infants'));
  parts.push(cabinClassLabels[trip.cabinClass]);
  return parts.join(', ');
}

/** "$412.30" in the price's currency. */
export function priceLabel(price: { amount: string; currency: string }): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency }).format(
    Number(price.amount),
  );
}
