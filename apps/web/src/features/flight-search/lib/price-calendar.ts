import {
  addDays,
  addMonths,
  BOOKING_HORIZON_MONTHS,
  type SearchCriteria,
} from '@contrail/contracts/search-rules';
import { CALENDAR_MAX_TRIP_LENGTH, datesOfMonth } from '@contrail/contracts/price-calendar';
import { dayDifference } from '../../../lib/flight-formatters';

/** 'YYYY-MM' of a 'YYYY-MM-DD' date. */
function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The month `months` later (or earlier, when negative), 'YYYY-MM'. */
export function shiftMonth(month: string, months: number): string {
  return monthOf(addMonths(`${month}-01`, months));
}

/** The months the calendar may show: from today's to the booking horizon's. */
export function calendarMonths(today: string): { first: string; last: string } {
  return { first: monthOf(today), last: monthOf(addMonths(today, BOOKING_HORIZON_MONTHS)) };
}

/** The month first shown: the searched date's, kept within the months that can be booked. */
export function startMonth(departureDate: string, today: string): string {
  const { first, last } = calendarMonths(today);
  const month = monthOf(departureDate);
  return month < first ? first : month > last ? last : month;
}

/**
 * The month's weeks, Monday first: each week seven cells, a date or null for the days of the
 * months before and after.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const dates = datesOfMonth(month);
  const first = dates[0] ?? `${month}-01`;
  // getUTCDay: Sunday 0 … Saturday 6; Monday first, Sunday is the seventh column.
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...dates];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/**
 * The highest price still called low: the cheapest third of the month's prices. Null when the
 * prices do not differ (nothing stands out) or there are none.
 */
export function lowPriceLimit(amounts: readonly number[]): number | null {
  const sorted = amounts.filter(Number.isFinite).sort((a, b) => a - b);
  const lowest = sorted[0];
  const highest = sorted.at(-1);
  if (lowest === undefined || highest === undefined || lowest === highest) return null;
  return sorted[Math.ceil(sorted.length / 3) - 1] ?? null;
}

/** What the calendar prices: a route, a cabin, and a trip (its dates give the trip length). */
export type CalendarCriteria = Pick<
  SearchCriteria,
  'origin' | 'destination' | 'departureDate' | 'returnDate' | 'cabinClass' | 'tripType'
>;

/** Days from departure to return, kept within what the calendar prices; null for one way. */
export function tripLengthOf(criteria: CalendarCriteria): number | null {
  if (criteria.tripType !== 'round-trip' || !criteria.returnDate) return null;
  const days = dayDifference(criteria.departureDate, criteria.returnDate);
  return Math.min(CALENDAR_MAX_TRIP_LENGTH, Math.max(1, days));
}

/** The return date of a trip leaving on `date`, or undefined for one way. */
export function returnDateOf(date: string, tripLength: number | null): string | undefined {
  return tripLength === null ? undefined : addDays(date, tripLength);
}
