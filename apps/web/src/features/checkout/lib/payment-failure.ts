import { fromMinorUnits, toMinorUnits } from '@contrail/contracts/money';
import { cardMessages } from '@contrail/contracts/payments';
import { ApiError, ResponseParseError } from '../../../lib/api-client';
import type { SeenPrice } from '../../../lib/seen-prices';
import type { ServerPassengerError } from './checkout-state';
import { checkoutTexts } from './checkout-texts';
import { offerProblemOf, type OfferProblem } from './offer-problems';
import type { OrderTotals } from './order-totals';
import { serverPassengerErrors } from './passenger-form';

export interface Amount {
  amountMinor: number;
  currency: string;
}

/** A new total to ask about before paying: the old one beside it. */
export type PriceChange = Amount & { previousMinor: number; offerPrice?: SeenPrice };

/** What a failed payment or booking call means for the checkout. */
export type PaymentFailure =
  | { kind: 'offer'; problem: OfferProblem }
  | { kind: 'price'; change: PriceChange }
  | { kind: 'seats'; message: string; taken: { segmentId: string; designator: string }[] }
  | { kind: 'passengers'; message: string; errors: ServerPassengerError[] }
  | { kind: 'formChanged'; message: string }
  | { kind: 'failed'; title: string; description: string };

/** `segmentId:designator` pairs, comma separated, as the API names taken seats. */
function takenSeats(taken: string | undefined): { segmentId: string; designator: string }[] {
  return (taken ?? '').split(',').flatMap((pair) => {
    const [segmentId, designator] = pair.split(':');
    return segmentId && designator ? [{ segmentId, designator }] : [];
  });
}

/** A failed call: which toast, and what happens to the form. */
export function paymentFailureOf(error: unknown, totals: OrderTotals): PaymentFailure {
  if (!(error instanceof ApiError)) {
    return {
      kind: 'failed',
      title: checkoutTexts.bookingFailedTitle,
      description: checkoutTexts.bookingFailedFallback,
    };
  }
  const problem = offerProblemOf(error);
  if (problem && error.status === 410) return { kind: 'offer', problem };
  if (error.code === 'amount_changed' && error.details?.amount && error.details.currency) {
    // Nothing was charged: keep the card and ask before paying the new price.
    const currency = error.details.currency;
    const amountMinor = toMinorUnits(error.details.amount, currency);
    return {
      kind: 'price',
      change: {
        amountMinor,
        currency,
        previousMinor: totals.totalMinor,
        offerPrice: {
          amount: fromMinorUnits(amountMinor - totals.seatsMinor - totals.bagsMinor, currency),
          currency,
        },
      },
    };
  }
  if (error.code === 'seat_unavailable' || error.code === 'seat_not_allowed') {
    return { kind: 'seats', message: error.serverMessage, taken: takenSeats(error.details?.taken) };
  }
  const passengerErrors = serverPassengerErrors(error.fields);
  if (error.status === 422 && passengerErrors.length > 0) {
    return { kind: 'passengers', message: error.serverMessage, errors: passengerErrors };
  }
  if (error.code === 'payment_form_changed') {
    return { kind: 'formChanged', message: error.serverMessage };
  }
  return {
    kind: 'failed',
    title: error.status === 402 ? cardMessages.paymentFailed : checkoutTexts.bookingFailedTitle,
    description: error.serverMessage || checkoutTexts.bookingFailedFallback,
  };
}

/**
 * A booking call without a clear answer (none, an unreadable one, a server error, or one still
 * being made): the booking may exist, so only the same request with the same key may follow.
 */
export function bookingMayExist(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  // Bookings paused: refused for sure (nothing held, or the hold released), the server says why.
  if (error.code === 'bookings_paused') return false;
  return error.status >= 500 || error.code === 'booking_in_progress';
}

/** The toast's description for a booking that may exist: the server's word when it has one. */
export function pendingBookingMessage(error: unknown): string {
  // Still being made, or the airline being asked whether it made the order: the server says
  // which, and that nothing is charged unless it is confirmed.
  return error instanceof ApiError &&
    (error.code === 'booking_in_progress' || error.code === 'order_unconfirmed')
    ? error.serverMessage
    : checkoutTexts.bookingFailedFallback;
}

/** The answer to a booking call could not be read: whether the booking exists is unknown. */
export function isUnclear(error: unknown): boolean {
  return error instanceof ResponseParseError;
}

/** The offer's price moved since the traveller chose it: the old total and the new, to ask. */
export function priceChangeToConfirm(totals: OrderTotals, seen: SeenPrice): PriceChange {
  return {
    amountMinor: totals.totalMinor,
    currency: totals.currency,
    previousMinor:
      totals.totalMinor - totals.fareMinor + toMinorUnits(seen.amount, totals.currency),
    offerPrice: {
      amount: fromMinorUnits(totals.fareMinor, totals.currency),
      currency: totals.currency,
    },
  };
}
