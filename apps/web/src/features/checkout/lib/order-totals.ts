import { toMinorUnits } from '@contrail/contracts/money';
import type { Offer } from '@contrail/contracts/offers';
import { formatMinor } from '../../../lib/flight-formatters';

/** One chosen seat with its price for that passenger, in integer minor units. */
export interface SeatCharge {
  passengerId: string;
  segmentId: string;
  designator: string;
  amountMinor: number;
  currency: string;
}

/** The order summary. Every amount is integer minor units; nothing is summed as a float. */
export interface OrderTotals {
  currency: string;
  baseMinor: number;
  taxMinor: number;
  /** The offer's sell total (base + taxes and fees). */
  fareMinor: number;
  seatsMinor: number;
  /** What the server authorises: the offer's sell total plus the chosen seats. */
  totalMinor: number;
}

export function orderTotals(offer: Offer, seats: readonly SeatCharge[]): OrderTotals {
  const currency = offer.total_currency.toUpperCase();
  for (const seat of seats) {
    if (seat.currency.toUpperCase() !== currency) {
      throw new Error(
        `Seat ${seat.designator} is priced in ${seat.currency}, the offer in ${currency}`,
      );
    }
  }
  const fareMinor = toMinorUnits(offer.total_amount);
  const seatsMinor = seats.reduce((sum, seat) => sum + seat.amountMinor, 0);
  return {
    currency,
    baseMinor: toMinorUnits(offer.base_amount),
    taxMinor: toMinorUnits(offer.tax_amount),
    fareMinor,
    seatsMinor,
    totalMinor: fareMinor + seatsMinor,
  };
}

/** A seat price on the map: '$18', '$18.50', or 'Free'. */
export function formatSeatPrice(minor: number, currency: string): string {
  if (minor === 0) return 'Free';
  const exact = formatMinor(minor, currency);
  return minor % 100 === 0 ? exact.replace(/\.00$/, '') : exact;
}
