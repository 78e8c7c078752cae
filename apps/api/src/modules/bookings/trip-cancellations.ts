/**
 * A trip's cancellation, by the traveller or the back office acting for them: the airline's
 * quote of what cancelling refunds, the cancellation of the quote shown, then the card refund and
 * the e-mail; and, for the reconciler, cancellations a failure or a crash interrupted and refunds
 * the airline had not stated or the card processor had not made yet.
 */
import type { BookingView, CancellationQuote } from '@contrail/contracts/bookings';
import type { Brand } from '@contrail/contracts/brands';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteUrl } from '../../lib/site-url';
import {
  SupplierError,
  type FlightSupplier,
  type SupplierCancellation,
} from '../../providers/flights/flight-supplier';
import type { PaymentSources } from '../../providers/payments/payment-sources';
import type { EmailOutbox } from '../email';
import { bookingEmail, renderCancellationEmail } from './booking-email';
import { bookingErrors } from './bookings.errors';
import type { BookingsRepository } from './bookings.repository';
import { readStoredPassengers, readStoredSiteUrl } from './bookings.columns';
import type { BookingRow } from './bookings.table';
import { createAirlineCancellation } from './airline-cancellations';
import { cardRefunds } from './cancellation-refunds';
import { amountOf, cardRefundMinor, creditView, minorOf, storedCredit } from './trip-amounts';

const STALE_AFTER_MS = 2 * 60 * 1000;
const LEASE_MS = 60 * 1000;

/** The quote as the traveller sees it: card refund (or unknown), credits, or nothing. */
function quoteView(
  row: BookingRow,
  quote: SupplierCancellation,
  refundable: boolean,
): CancellationQuote {
  const passengers = readStoredPassengers(row.passengers);
  const credits = quote.airlineCredits.map((credit) =>
    creditView(passengers, storedCredit(credit)),
  );
  return {
    id: quote.id,
    refund:
      quote.refundAmount === null
        ? null
        : quote.refundTo === 'original_payment' && quote.refundCurrency === row.currency
          ? amountOf(cardRefundMinor(row, minorOf(quote.refundAmount, row.currency)), row.currency)
          : amountOf(minorOf(quote.refundAmount, quote.refundCurrency), quote.refundCurrency),
    refundTo: quote.refundTo === 'original_payment' ? 'card' : quote.refundTo,
    credits,
    expiresAt: quote.expiresAt,
    refundable,
  };
}

export function tripCancellations({
  bookings,
  outbox,
  brandById,
  supplier,
  processors,
  log,
  clock,
  viewOf,
}: {
  bookings: BookingsRepository;
  outbox: EmailOutbox;
  /** A booking's brand, for e-mail about it when no request names one (the reconciler). */
  brandById: (id: string) => Promise<Brand | undefined>;
  supplier: FlightSupplier;
  /** The card processors: a booking is refunded by the one (and mode) that holds its payment. */
  processors: Pick<PaymentSources, 'of'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  clock: () => Date;
  /** A booking as the traveller sees it at `now` (the trips service's view of it). */
  viewOf: (row: BookingRow, now: Date) => BookingView;
}) {
  const reload = async (id: string): Promise<BookingRow> => {
    const row = await bookings.find(id);
    if (!row) throw new Error(`Booking ${id} vanished`);
    return row;
  };

  const airline = createAirlineCancellation({ bookings, supplier, clock });
  const refundCard = cardRefunds({ bookings, processors, log, clock });

  const sendCancellationEmail = async (
    row: BookingRow,
    siteUrl: SiteUrl | null,
    update = false,
  ) => {
    const brand = await brandById(row.brandId);
    if (!brand) return;
    const now = clock();
    const email = await renderCancellationEmail({
      brand,
      booking: viewOf(row, now),
      siteUrl: siteUrl ?? readStoredSiteUrl(row.siteUrl),
      update,
    });
    await outbox.queue(
      bookingEmail({ id: row.brandId, brand }, email, 'booking_cancellation', row.id),
      now,
    );
  };

  /**
   * Takes a booking in `cancelling` as far as it can go, from what it records: the airline's
   * confirmation (asked, or read back), then the card refund, then `cancelled` and the e-mail.
   * Safe to repeat at any point.
   */
  const finishCancellation = async (
    row: BookingRow,
    siteUrl: SiteUrl | null,
  ): Promise<BookingRow> => {
    const current = row.cancellationConfirmedAt ? row : await airline.confirm(row);
    if (current.refundState === 'due') {
      if (!(await refundCard(current))) return reload(row.id);
    }
    const now = clock();
    if (await bookings.advance(row.id, 'cancelling', 'cancelled', { cancelledAt: now }, now)) {
      await sendCancellationEmail(await reload(row.id), siteUrl);
    }
    return reload(row.id);
  };

  /** What cancelling would refund, as the airline quotes it now. */
  const quoteOf = async (row: BookingRow): Promise<CancellationQuote> => {
    const view = viewOf(row, clock());
    if (row.status === 'cancelled' || row.status === 'cancelling') {
      throw bookingErrors.alreadyCancelled();
    }
    if (!view.canCancel || !row.providerOrderId) throw bookingErrors.notCancellable();
    try {
      return quoteView(row, await supplier.quoteCancellation(row.providerOrderId), view.refundable);
    } catch (error) {
      if (error instanceof SupplierError && error.code === 'already_cancelled') {
        throw bookingErrors.alreadyCancelled();
      }
      if (error instanceof SupplierError && error.code === 'not_cancellable') {
        throw bookingErrors.notCancellable();
      }
      throw error;
    }
  };

  /**
   * Cancels a confirmed booking: the quote the traveller saw (when named) is checked and recorded
   * before the airline is asked to confirm exactly it. Answers the booking as it then stands.
   */
  const cancelRow = async (
    row: BookingRow,
    siteUrl: SiteUrl | null,
    quoteId: string | undefined,
  ): Promise<BookingRow> => {
    if (row.status === 'cancelled' || row.status === 'cancelling') {
      throw bookingErrors.alreadyCancelled();
    }
    if (!viewOf(row, clock()).canCancel) throw bookingErrors.notCancellable();
    const quote = quoteId === undefined ? null : await airline.shownQuote(row, quoteId);
    // One cancellation wins; a second, even at the same moment, is told it is already cancelled.
    const intention = {
      cancellationId: quote?.id ?? null,
      cancellationConfirmedAt: null,
      refundState: null,
      refundAttempts: 0,
      refundNextAt: null,
    };
    if (!(await bookings.advance(row.id, 'confirmed', 'cancelling', intention, clock()))) {
      throw bookingErrors.alreadyCancelled();
    }
    return finishCancellation({ ...row, ...intention, status: 'cancelling' }, siteUrl);
  };

  /**
   * A cancelled booking whose refund was unknown or whose card refund failed: asks the airline
   * again (unknown), refunds what it states, and e-mails the traveller once the refund is settled.
   */
  const followUp = async (row: BookingRow): Promise<boolean> => {
    let current = row;
    if (row.refundState === 'awaiting_airline') {
      const stated = await airline.restated(row);
      if (stated === null) return false;
      current = stated;
    }
    if (current.refundState === 'due' && !(await refundCard(current))) return false;
    await sendCancellationEmail(await reload(row.id), null, true);
    return true;
  };

  /** Runs `work` on each row it may lease, one failure logged without stopping the others. */
  const settleEach = async (
    rows: BookingRow[],
    work: (row: BookingRow) => Promise<unknown>,
  ): Promise<number> => {
    let settled = 0;
    for (const row of rows) {
      const now = clock();
      if (!(await bookings.lease(row.id, now, new Date(now.getTime() + LEASE_MS)))) continue;
      try {
        await work(row);
        settled += 1;
      } catch (error) {
        log.error({ err: error, bookingId: row.id }, 'a cancellation could not be settled yet');
      }
    }
    return settled;
  };

  /** Finishes this booking's interrupted cancellation, if it has one; true when it did. */
  const reconcileCancellation = async (id: string): Promise<boolean> => {
    const now = clock();
    const row = await bookings.find(id);
    if (row?.status !== 'cancelling' || row.updatedAt.getTime() > now.getTime() - STALE_AFTER_MS)
      return false;
    if (!(await bookings.lease(row.id, now, new Date(now.getTime() + LEASE_MS)))) return false;
    await finishCancellation(row, null);
    return true;
  };

  /**
   * Finishes cancellations a failure or a crash interrupted, retries card refunds owed, and asks
   * the airline again for refunds it had not stated; answers how many it settled.
   */
  const reconcileCancellations = async (): Promise<number> => {
    const now = clock();
    const stale = await bookings.listCancelling(new Date(now.getTime() - STALE_AFTER_MS), now, 50);
    // A card refund that failed waits for its retry time.
    const due = stale.filter((row) => (row.refundNextAt?.getTime() ?? 0) <= now.getTime());
    const cancelling = await settleEach(due, (row) => finishCancellation(row, null));
    const followed = await settleEach(await bookings.listRefundsDue(now, 50), followUp);
    return cancelling + followed;
  };

  return { quote: quoteOf, cancel: cancelRow, reconcileCancellation, reconcileCancellations };
}
