import { roundUpToChargeable, toMinorUnits } from '@contrail/contracts/money';
import type { Offer } from '@contrail/contracts/offers';
import { formatMinor } from '../../../lib/flight-formatters';
import type { BagCharge } from './bags';

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
  bagsMinor: number;
  /**
   * What a card payment rounds up by: in a three-decimal currency (KWD, BHD …) cards are charged
   * in tens of minor units, so seats and bags at the airline's price may add a few (0 elsewhere).
   */
  roundingMinor: number;
  /** What the server authorises: the offer's sell total plus the chosen seats and bags, rounded. */
  totalMinor: number;
}

export function orderTotals(
  offer: Offer,
  seats: readonly SeatCharge[],
  bags: readonly BagCharge[] = [],
): OrderTotals {
  const currency = offer.total_currency.toUpperCase();
  for (const seat of seats) {
    if (seat.currency.toUpperCase() !== currency) {
      throw new Error(
        `Seat ${seat.designator} is priced in ${seat.currency}, the offer in ${currency}`,
      );
    }
  }
  for (const bag of bags) {
    if (bag.currency.toUpperCase() !== currency) {
      throw new Error(`A bag is priced in ${bag.currency}, the offer in ${currency}`);
    }
  }
  const bagsMinor = bags.reduce((sum, bag) => sum + bag.amountMinor, 0);
  const fareMinor = toMinorUnits(offer.total_amount, currency);
  const seatsMinor = seats.reduce((sum, seat) => sum + seat.amountMinor, 0);
  const totalMinor = roundUpToChargeable(fareMinor + seatsMinor + bagsMinor, currency);
  return {
    currency,
    baseMinor: toMinorUnits(offer.base_amount, currency),
    taxMinor: toMinorUnits(offer.tax_amount, currency),
    fareMinor,
    seatsMinor,
    bagsMinor,
    roundingMinor: totalMinor - fareMinor - seatsMinor - bagsMinor,
    totalMinor,
  };
}

/** A seat price on the map: '$18', '$18.50', '¥2,400', 'KWD 5.125', or 'Free'. */
export function formatSeatPrice(minor: number, currency: string): string {
  if (minor === 0) return 'Free';
  const exact = formatMinor(minor, currency);
  return exact.replace(/\.0+$/, '');
}
