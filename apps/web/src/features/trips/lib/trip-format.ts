import type { BookingStatus, BookingView } from '@contrail/contracts/bookings';
import { cabinClassLabels } from '@contrail/contracts/search-rules';
import { localTimeToInstant } from '@contrail/contracts/time';

type Slice = BookingView['slices'][number];
type Segment = Slice['segments'][number];

export const statusLabels: Record<BookingStatus, string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const passengerTypeLabels: Record<BookingView['passengers'][number]['type'], string> = {
  adult: 'Adult',
  child: 'Child',
  infant_without_seat: 'Infant',
};

export function passengerTypeLabel(type: BookingView['passengers'][number]['type']): string {
  return passengerTypeLabels[type];
}

/** 1 → '1 passenger', 3 → '3 passengers'. */
export function passengerCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'passenger' : 'passengers'}`;
}

export function cabinLabel(segment: Segment): string {
  return segment.cabin_class_marketing_name || cabinClassLabels[segment.cabin_class];
}

const cardBrands: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** 'visa' → 'Visa'; a brand we do not know is just a card. */
function cardBrandLabel(brand: string): string {
  return cardBrands[brand.toLowerCase()] ?? 'Card';
}

/** 'Visa ending in 4242'. */
export function cardLabel(card: NonNullable<BookingView['card']>): string {
  return `${cardBrandLabel(card.brand)} ending in ${card.last4}`;
}

/** The airlines that fly the trip, in order, each once. */
export function tripAirlines(booking: BookingView): Segment['airline'][] {
  const seen = new Map<string, Segment['airline']>();
  for (const segment of booking.slices.flatMap((slice) => slice.segments)) {
    if (!seen.has(segment.airline.name)) seen.set(segment.airline.name, segment.airline);
  }
  return [...seen.values()];
}

const instantDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An instant (booked at, cancelled at) as a date in the traveller's own time zone. */
export function formatInstantDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : instantDate.format(date);
}

/**
 * A flight's local time at its airport ('2026-12-13T09:00:00', 'Europe/London') as epoch
 * milliseconds, so flights from different time zones can be put in order. An unknown zone reads
 * the time as UTC; an unreadable time is NaN.
 */
export function zonedTimeToEpoch(local: string, timeZone: string): number {
  const instant = localTimeToInstant(local, timeZone);
  return Number.isNaN(instant) ? localTimeToInstant(local, 'UTC') : instant;
}

/** When the trip's first flight leaves; NaN for a booking without flights. */
export function departureEpoch(booking: BookingView): number {
  const first = booking.slices[0]?.segments[0];
  return first ? zonedTimeToEpoch(first.departing_at, first.origin.time_zone) : Number.NaN;
}

type Cancellation = NonNullable<BookingView['cancellation']>;
type Credit = Cancellation['credits'][number];

/** "Future Flight Credit for Ada Lovelace: $120.00, valid until 20 Nov 2027 (code 123…)". */
export function creditLabel(
  credit: Credit,
  price: (amount: string, currency: string) => string,
  noExpiry: string,
): string {
  const owner = credit.passengerName ? ` for ${credit.passengerName}` : '';
  const expiry = credit.expiresAt ? `valid until ${formatInstantDate(credit.expiresAt)}` : noExpiry;
  const code = credit.code ? ` (code ${credit.code})` : '';
  return `${credit.name}${owner}: ${price(credit.amount, credit.currency)}, ${expiry}${code}`;
}

/** A disputed payment's refund in one line: the bank, not the agency, refunds it. */
const REFUND_IN_DISPUTE = 'Through your bank (card dispute)';

/** The refund in one line: its amount, airline credits, or that the airline has yet to say. */
export function refundLine(
  cancellation: Cancellation,
  price: (amount: string, currency: string) => string,
  unknown: string,
): string {
  if (cancellation.refundStatus === 'credits') {
    return `Airline credits: ${cancellation.credits.map((c) => price(c.amount, c.currency)).join(' + ')}`;
  }
  if (cancellation.refund === null) return unknown;
  // Not refunded by us while the cardholder's bank disputes the payment: never "0.00".
  if (cancellation.refundStatus === 'dispute') return REFUND_IN_DISPUTE;
  return price(cancellation.refund.amount, cancellation.refund.currency);
}
