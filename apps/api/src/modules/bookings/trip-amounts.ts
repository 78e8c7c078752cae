/**
 * A trip's money as the traveller sees it and as the booking records it: amounts with their
 * currency beside them, the card's share of an airline refund, and the airline credits a
 * cancellation leaves.
 */
import type { AirlineCreditView } from '@contrail/contracts/bookings';
import { fromMinorUnits, roundUpToChargeable, toMinorUnits } from '@contrail/contracts/money';
import type { SupplierAirlineCredit } from '../../providers/flights/flight-supplier';
import type { StoredAirlineCredit, StoredPassenger } from './bookings.columns';
import type { BookingRow } from './bookings.table';

/**
 * Amounts of a booking's money, each with its currency beside it: the one place that turns minor
 * units into decimals for this module (the currency's exponent belongs to the money helpers).
 */
export function amountOf(minor: number, currency: string): { amount: string; currency: string } {
  return { amount: fromMinorUnits(minor, currency), currency };
}
export function minorOf(amount: string, currency: string): number {
  return toMinorUnits(amount, currency);
}

/**
 * What the card gets back of an airline refund: an amount the processor takes in the currency
 * (tens of fils in KWD), rounded in the traveller's favour, never above what the card paid.
 */
export function cardRefundMinor(
  row: Pick<BookingRow, 'currency' | 'sellTotalMinor'>,
  refundMinor: number,
): number {
  return Math.min(row.sellTotalMinor, roundUpToChargeable(refundMinor, row.currency));
}

export function creditView(
  passengers: readonly StoredPassenger[],
  credit: StoredAirlineCredit,
): AirlineCreditView {
  const passenger = passengers.find((p) => p.id === credit.passengerId);
  const name = passenger ? `${passenger.firstName ?? ''} ${passenger.lastName ?? ''}`.trim() : '';
  return {
    name: credit.name,
    code: credit.code,
    ...amountOf(credit.amountMinor, credit.currency),
    expiresAt: credit.expiresAt,
    passengerName: name === '' ? null : name,
  };
}

export function storedCredit(credit: SupplierAirlineCredit): StoredAirlineCredit {
  return {
    id: credit.id,
    name: credit.name,
    code: credit.code,
    amountMinor: minorOf(credit.amount, credit.currency),
    currency: credit.currency,
    expiresAt: credit.expiresAt,
    passengerId: credit.passengerId,
  };
}
