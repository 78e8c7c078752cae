/**
 * A booking request sent again with the same key: its maker (and only its maker) waits for the
 * first request's answer, the stored confirmation or the failure it recorded.
 */
import { bookingMessages } from '@contrail/contracts/bookings';
import { AppError } from '../../lib/app-error';
import { ownsCheckout, type PaymentsRepository } from '../payments';
import { bookingErrorCodes, bookingErrors } from './bookings.errors';
import type { BookingsRepository } from './bookings.repository';
import { readStoredBookingResult, type StoredBookingResult } from './bookings.columns';
import type { BookingRow } from './bookings.table';
import type { CreateContext } from './booking-request';

const REPLAY_WAIT_MS = 25_000;
const REPLAY_POLL_MS = 50;

export function bookingReplays({
  bookings,
  payments,
}: {
  bookings: BookingsRepository;
  payments: PaymentsRepository;
}) {
  /**
   * Whether the caller of a replay is who made the booking: the account signed in then, or for a
   * guest the checkout (its cookie) that holds the booking's payment. Anyone else who sends the
   * same key and body learns nothing of it.
   */
  async function madeBy(row: BookingRow, context: CreateContext): Promise<boolean> {
    if (row.userId !== null) return context.auth?.user.id === row.userId;
    if (context.auth) return false;
    const payment = await payments.find(row.paymentId);
    return (
      payment?.userId == null &&
      ownsCheckout(context.checkoutToken, payment?.ownerTokenHash ?? null)
    );
  }

  async function waitForResult(
    context: CreateContext,
    key: string,
    hash: string,
  ): Promise<StoredBookingResult> {
    const deadline = Date.now() + REPLAY_WAIT_MS;
    let checked = false;
    for (;;) {
      const row = await bookings.findByKey(context.brand.id, key);
      if (!row) throw new Error('booking vanished');
      if (row.requestHash !== hash) throw bookingErrors.idempotencyKeyReused();
      if (!checked && !(await madeBy(row, context))) throw bookingErrors.idempotencyKeyReused();
      checked = true;
      const replay = row.status === 'confirmed' ? readStoredBookingResult(row.response) : null;
      if (replay) return replay;
      if (row.status === 'failed') {
        throw new AppError(
          row.failureStatus ?? 422,
          row.failureCode ?? bookingErrorCodes.bookingFailed,
          row.failureMessage ?? bookingMessages.interrupted,
        );
      }
      if (Date.now() > deadline) throw bookingErrors.inProgress();
      await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
    }
  }

  return { waitForResult };
}
