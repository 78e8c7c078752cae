import type { CardActivity } from '@contrail/contracts/bookings';
import { fromMinorUnits } from '@contrail/contracts/money';
import {
  RefundRefusedError,
  type PaymentProvider,
} from '../../providers/payments/payment-provider';
import type { PaymentAuthorizationRow } from '../payments';
import type { BookingRow } from './bookings.table';

/** How a cancellation's refund was settled with the card processor. */
export interface RefundSettlement {
  /** Refunded by this cancellation (less than owed when the agency refunded part already). */
  refundedMinor: number;
  /**
   * `refund`: refunded as owed (or nothing was owed); `dispute`: the cardholder's bank holds the
   * money in a dispute, and the processor refuses refunds; `refunded_outside`: the agency already
   * refunded at least what is owed, from the processor's dashboard.
   */
  by: 'refund' | 'dispute' | 'refunded_outside';
}

/**
 * Refunds what a cancellation owes, once: a disputed charge is not refunded (Stripe answers
 * `charge_disputed`; the bank returns the money if the cardholder wins), and money the agency
 * refunded from the processor's dashboard counts toward what is owed, so it is never paid twice.
 * The key makes a retry answer the first refund.
 */
export async function settleCancellationRefund(
  processor: Pick<PaymentProvider, 'get' | 'refund' | 'refundStanding'>,
  providerPaymentId: string,
  owedMinor: number,
  key: string,
): Promise<RefundSettlement> {
  if (owedMinor <= 0) return { refundedMinor: 0, by: 'refund' };
  const standing = await processor.refundStanding(providerPaymentId);
  if (standing.disputed) return { refundedMinor: 0, by: 'dispute' };
  // What this cancellation refunded already (an answer lost, a process that died after it):
  // idempotency keys lapse, so a retry never counts on them alone.
  const oursMinor =
    (await processor.get(providerPaymentId)).refundedMinor - standing.refundedOutsideMinor;
  const due = owedMinor - standing.refundedOutsideMinor - oursMinor;
  if (due <= 0) {
    return {
      refundedMinor: Math.max(0, oursMinor),
      by: standing.refundedOutsideMinor > 0 ? 'refunded_outside' : 'refund',
    };
  }
  try {
    const refund = await processor.refund(providerPaymentId, due, 'booking_cancelled', key);
    return { refundedMinor: oursMinor + refund.amountMinor, by: 'refund' };
  } catch (error) {
    // Disputed or refunded in full after the standing was read.
    if (!(error instanceof RefundRefusedError)) throw error;
    return {
      refundedMinor: 0,
      by: error.refusal === 'charge_disputed' ? 'dispute' : 'refunded_outside',
    };
  }
}

/** A dispute's status as the traveller hears of it; inquiries (`warning_…`) are not told. */
function disputeOf(status: string | null): CardActivity['dispute'] {
  if (status === 'needs_response' || status === 'under_review') return 'open';
  if (status === 'won' || status === 'lost') return status;
  return null;
}

/**
 * The card payment's refunds and dispute that happened outside the booking's own steps, from
 * what the processor's events recorded on the payment: refunded beyond this booking's own
 * cancellation refund is the agency's, from the processor's dashboard.
 */
export function cardActivityOf(
  payment: Pick<PaymentAuthorizationRow, 'refundedMinor' | 'disputeStatus'> | undefined,
  booking: Pick<BookingRow, 'refundMinor' | 'currency'>,
): CardActivity {
  const outside = payment ? payment.refundedMinor - (booking.refundMinor ?? 0) : 0;
  return {
    refundedByAgency:
      outside > 0
        ? { amount: fromMinorUnits(outside, booking.currency), currency: booking.currency }
        : null,
    dispute: disputeOf(payment?.disputeStatus ?? null),
  };
}
