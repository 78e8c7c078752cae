/**
 * The card refund a confirmed cancellation leaves owing, made with the processor that holds the
 * booking's payment and recorded on the booking: refunded, held by a dispute, or tried again
 * after a failure on a lengthening schedule.
 */
import type { FastifyBaseLogger } from 'fastify';
import { paymentSourceOf, type PaymentSources } from '../../providers/payments/payment-sources';
import { settleCancellationRefund, type RefundSettlement } from './card-refunds';
import type { BookingsRepository } from './bookings.repository';
import type { BookingRow } from './bookings.table';

/** How long after a failed card refund it is tried again (the last, then hourly). */
const REFUND_RETRY_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];

function retryDelay(attempts: number): number {
  return REFUND_RETRY_MS[Math.min(attempts, REFUND_RETRY_MS.length) - 1] ?? 60_000;
}

/**
 * The one step that moves the traveller's money back: refunds the recorded amount under the
 * booking's own key (so a retry, after any failure, refunds once), unless the processor shows
 * it refunded already. A failure is logged and left for the next try, never assumed either way.
 */
export function cardRefunds({
  bookings,
  processors,
  log,
  clock,
}: {
  bookings: BookingsRepository;
  /** The card processors: a booking is refunded by the one (and mode) that holds its payment. */
  processors: Pick<PaymentSources, 'of'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  clock: () => Date;
}) {
  return async function refundCard(row: BookingRow): Promise<boolean> {
    if (!row.providerPaymentId) throw new Error(`Booking ${row.id} has no payment to refund`);
    const amountMinor = row.refundMinor ?? 0;
    const processor = processors.of(
      paymentSourceOf({ provider: row.paymentProvider, mode: row.mode }),
    );
    let settled: RefundSettlement;
    try {
      settled = await settleCancellationRefund(
        processor,
        row.providerPaymentId,
        amountMinor,
        `cancel-${row.id}`,
      );
    } catch (error) {
      const attempts = row.refundAttempts + 1;
      await bookings.update(row.id, {
        refundAttempts: attempts,
        refundNextAt: new Date(clock().getTime() + retryDelay(attempts)),
      });
      log.error(
        { err: error, bookingId: row.id, attempts },
        'card refund after a cancellation failed; it is tried again',
      );
      return false;
    }
    if (settled.by === 'dispute') {
      // The cardholder's bank holds the money: Stripe refuses refunds of a disputed charge, and
      // the bank returns it if the cardholder wins.
      log.warn(
        { bookingId: row.id, owedMinor: amountMinor },
        'cancelled booking not refunded: its card payment is disputed',
      );
      await bookings.update(row.id, { refundState: 'dispute', refundMinor: 0, refundNextAt: null });
      return true;
    }
    // What the card got back from this cancellation: less than owed when the agency refunded
    // part of the payment already, from the processor's dashboard (that part is shown apart).
    await bookings.update(row.id, {
      refundState: 'refunded',
      refundMinor: settled.refundedMinor,
      refundNextAt: null,
    });
    return true;
  };
}
