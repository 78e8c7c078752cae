/**
 * How a booking's card hold is settled: captured once the airline's order exists, released
 * when the booking is rolled back (an order nobody pays for is cancelled at the airline first),
 * and kept while an order the airline may have made is asked about again on a schedule.
 */
import { PaymentError } from '../../providers/payments/payment-provider';
import { paymentSourceOf, type PaymentSources } from '../../providers/payments/payment-sources';
import { SupplierError, type FlightSupplier } from '../../providers/flights/flight-supplier';
import type { PaymentsRepository } from '../payments';
import { bookingErrors, storedFailure, type StoredFailure } from './bookings.errors';
import type { BookingsRepository } from './bookings.repository';
import { readOrderUncertainty } from './bookings.columns';
import type { BookingRow } from './bookings.table';

/**
 * When an uncertain order is asked about again, by how many checks were made: soon at first (an
 * airline's late ticket shows within minutes), then hourly until the operator decides.
 */
const ORDER_CHECK_DELAYS_MS = [2, 5, 15, 30, 60].map((minutes) => minutes * 60 * 1000);
/** The operator is told this long before an uncertain booking's card hold would lapse. */
const ESCALATE_BEFORE_HOLD_LAPSES_MS = 24 * 60 * 60 * 1000;

/** The hold was gone before the capture (it lapsed, or was released at the processor). */
export const paymentLapsed: StoredFailure = storedFailure(bookingErrors.paymentLapsed());

export type BookingSettling = ReturnType<typeof bookingSettling>;

export function bookingSettling({
  bookings,
  payments,
  supplier,
  processors,
  clock,
  alert,
  checkpoint,
}: {
  bookings: BookingsRepository;
  payments: PaymentsRepository;
  supplier: FlightSupplier;
  processors: PaymentSources;
  clock: () => Date;
  /** Where what needs the operator is told (at error level). */
  alert: (details: Record<string, unknown>, message: string) => void;
  /** Tests make the capture "crash" here to check that the reconciler recovers. */
  checkpoint: (step: 'captured', bookingId: string) => Promise<void>;
}) {
  /** The processor holding a booking's payment. */
  const processorOf = (row: BookingRow) =>
    processors.of(paymentSourceOf({ provider: row.paymentProvider, mode: row.mode }));

  const mustFind = async (id: string): Promise<BookingRow> => {
    const row = await bookings.find(id);
    if (!row) throw new Error(`Booking ${id} vanished`);
    return row;
  };

  /** Rolls a booking back: release the hold, then record the failure. */
  async function rollBack(
    row: BookingRow,
    from: BookingRow['status'],
    failure: StoredFailure,
  ): Promise<void> {
    const now = clock();
    if (from !== 'voiding' && !(await bookings.advance(row.id, from, 'voiding', {}, now))) return;
    // A crash may have come between claiming the payment and noting its processor id on the
    // booking: the claimed payment row still knows it.
    const claimed = row.providerPaymentId ? null : await payments.find(row.paymentId);
    const providerPaymentId =
      row.providerPaymentId ??
      (claimed?.bookingId === row.id && claimed.status === 'used'
        ? claimed.providerPaymentId
        : null);
    if (providerPaymentId) {
      try {
        await processorOf(row).void(providerPaymentId);
      } catch (error) {
        if (!(error instanceof PaymentError && error.code === 'invalid_state')) throw error;
        // Already captured: the booking exists at the airline after all; the reconciler must not void it.
        throw error;
      }
      await payments.transition(row.paymentId, 'used', 'voided', now);
    }
    await bookings.advance(
      row.id,
      'voiding',
      'failed',
      {
        failureStatus: failure.status,
        failureCode: failure.code,
        failureMessage: failure.message,
      },
      clock(),
    );
  }

  /**
   * Captures the payment of an ordered booking and confirms it; true when confirmed. A hold that
   * is gone before the capture (it lapsed, or was released at the processor) pays for nothing:
   * the airline's order is cancelled and the booking fails (false).
   */
  async function capture(row: BookingRow): Promise<boolean> {
    if (!row.providerPaymentId) throw new Error(`Booking ${row.id} has no payment to capture`);
    const provider = processorOf(row);
    try {
      await provider.capture(row.providerPaymentId);
    } catch (error) {
      if (!(error instanceof PaymentError && error.code === 'invalid_state')) throw error;
      const payment = await provider.get(row.providerPaymentId);
      if (payment.status !== 'canceled') throw error;
      await abandonOrder(row);
      return false;
    }
    await checkpoint('captured', row.id);
    await bookings.advance(row.id, 'capturing', 'confirmed', {}, clock());
    return true;
  }

  /** No money for an order: cancel it at the airline (safe to repeat), then fail the booking. */
  async function abandonOrder(row: BookingRow): Promise<void> {
    if (row.providerOrderId) {
      try {
        const cancellation = await supplier.quoteCancellation(row.providerOrderId);
        await supplier.confirmCancellation(cancellation.id);
      } catch (error) {
        if (!(error instanceof SupplierError && error.code === 'already_cancelled')) throw error;
      }
    }
    await rollBack(row, row.status, paymentLapsed);
  }

  /** When the card hold of a booking lapses, as its processor says (null when it does not). */
  async function holdExpiry(row: BookingRow): Promise<Date | null> {
    if (row.holdExpiresAt) return row.holdExpiresAt;
    if (!row.providerPaymentId) return null;
    try {
      return (await processorOf(row).get(row.providerPaymentId)).captureBefore ?? null;
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      return null;
    }
  }

  /**
   * An order the airline may have made is not known yet: the booking stays 'ordering' with its
   * hold, is asked about again on a schedule, and is the operator's (an error-level log line,
   * the back office's queue), escalated once the hold would lapse within a day.
   */
  async function markUncertain(
    row: BookingRow,
    uncertainty: NonNullable<BookingRow['orderUncertainty']>,
  ): Promise<void> {
    const now = clock();
    const first = row.orderUncertainSince === null;
    const checks = first ? 0 : row.orderChecks + 1;
    const delay = ORDER_CHECK_DELAYS_MS[Math.min(checks, ORDER_CHECK_DELAYS_MS.length - 1)] ?? 0;
    const holdExpiresAt = await holdExpiry(row);
    const escalate =
      row.orderEscalatedAt === null &&
      holdExpiresAt !== null &&
      holdExpiresAt.getTime() - now.getTime() <= ESCALATE_BEFORE_HOLD_LAPSES_MS;
    await bookings.update(row.id, {
      orderUncertainSince: row.orderUncertainSince ?? now,
      orderUncertainty: first
        ? uncertainty
        : (readOrderUncertainty(row.orderUncertainty) ?? uncertainty),
      orderChecks: checks,
      orderNextCheckAt: new Date(now.getTime() + delay),
      holdExpiresAt,
      ...(escalate ? { orderEscalatedAt: now } : {}),
      lockedUntil: null,
    });
    const details = {
      bookingId: row.id,
      providerCode: uncertainty.providerCode,
      providerRequestId: uncertainty.requestId,
      checks,
      holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
    };
    if (first) {
      alert(
        details,
        'Order uncertain: the airline may have made it; the card hold is kept and the airline asked again',
      );
    }
    if (escalate) {
      alert(
        details,
        'Order still uncertain and the card hold lapses within a day: decide in the back office',
      );
    }
  }

  return { mustFind, rollBack, capture, markUncertain };
}
