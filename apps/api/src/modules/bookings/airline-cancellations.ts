/**
 * The airline's side of a trip's cancellation: the quote the traveller saw, the confirmation of
 * exactly that quote (or the cancellation the airline made already, read back), and a refund it
 * states later, each recorded on the booking with what it leaves owing before any money moves.
 */
import type { AppError } from '../../lib/app-error';
import {
  SupplierError,
  type FlightSupplier,
  type SupplierCancellation,
} from '../../providers/flights/flight-supplier';
import { bookingErrors } from './bookings.errors';
import type { BookingsRepository } from './bookings.repository';
import type { BookingRow } from './bookings.table';
import { cardRefundMinor, minorOf, storedCredit } from './trip-amounts';

/** How often the airline is asked again for a refund it has not stated. */
const FOLLOW_UP_MS = 60 * 60 * 1000;

/**
 * What a confirmed cancellation leaves the booking owing: the card refund the airline returned
 * (never more than the card paid), credits, nothing, or a refund the airline has yet to state.
 */
function settlementOf(
  row: Pick<BookingRow, 'id' | 'currency' | 'sellTotalMinor'>,
  cancellation: SupplierCancellation,
): Pick<
  BookingRow,
  'refundMinor' | 'refundState' | 'refundCurrency' | 'refundTo' | 'airlineCredits'
> {
  const common = {
    refundCurrency: cancellation.refundCurrency,
    refundTo: cancellation.refundTo,
    airlineCredits: cancellation.airlineCredits.map(storedCredit),
  };
  if (cancellation.refundAmount === null) {
    return { ...common, refundMinor: null, refundState: 'awaiting_airline' };
  }
  if (cancellation.refundTo === 'airline_credits') {
    return { ...common, refundMinor: 0, refundState: 'credits' };
  }
  const minor = minorOf(cancellation.refundAmount, cancellation.refundCurrency);
  if (minor > 0 && cancellation.refundCurrency !== row.currency) {
    // Never guess an exchange rate with the traveller's money: the operator settles it.
    throw new Error(
      `Booking ${row.id} was paid in ${row.currency}; the airline refunds ${cancellation.refundCurrency}`,
    );
  }
  const refundMinor = cardRefundMinor(row, minor);
  return { ...common, refundMinor, refundState: refundMinor > 0 ? 'due' : 'none' };
}

/**
 * The airline's side of a cancellation, each answer recorded on the booking before anything
 * else happens: the quote the traveller saw, the confirmation of exactly that quote (or, when the
 * airline says the order is cancelled already, the cancellation it made, read back), and a
 * refund the airline states later.
 */
export function createAirlineCancellation({
  bookings,
  supplier,
  clock,
}: {
  bookings: BookingsRepository;
  supplier: FlightSupplier;
  clock: () => Date;
}) {
  const orderOf = (row: BookingRow): string => {
    if (!row.providerOrderId) throw new Error(`Booking ${row.id} has no order to cancel`);
    return row.providerOrderId;
  };

  /** The confirmed cancellation of an order the airline says is cancelled: never assumed. */
  const confirmedCancellation = async (
    orderId: string,
    cancellationId: string | null,
  ): Promise<SupplierCancellation> => {
    if (cancellationId !== null) {
      const known = await supplier.getCancellation(cancellationId);
      if (known.confirmedAt !== null) return known;
    }
    const found = (await supplier.listCancellations(orderId)).find((c) => c.confirmedAt !== null);
    if (!found) {
      throw new Error(`Order ${orderId} is cancelled but lists no confirmed cancellation`);
    }
    return found;
  };

  /** Records the confirmed cancellation and what it leaves owing, before any money moves. */
  const record = async (row: BookingRow, confirmed: SupplierCancellation): Promise<BookingRow> => {
    const now = clock();
    const figures = settlementOf(row, confirmed);
    const changes = {
      ...figures,
      cancellationId: confirmed.id,
      cancellationConfirmedAt: confirmed.confirmedAt ? new Date(confirmed.confirmedAt) : now,
      refundNextAt:
        figures.refundState === 'awaiting_airline'
          ? new Date(now.getTime() + FOLLOW_UP_MS)
          : figures.refundState === 'due'
            ? now
            : null,
    };
    if (!(await bookings.advance(row.id, 'cancelling', 'cancelling', changes, now))) {
      throw new Error(`Booking ${row.id} left cancelling while it was being cancelled`);
    }
    return { ...row, ...changes, updatedAt: now };
  };

  /** Gives the booking back (nothing was cancelled) and says why. */
  const giveBack = async (row: BookingRow, error: AppError): Promise<never> => {
    await bookings.advance(row.id, 'cancelling', 'confirmed', { cancellationId: null }, clock());
    throw error;
  };

  return {
    /** The quote the traveller was shown, if it is this booking's and still open. */
    async shownQuote(row: BookingRow, quoteId: string): Promise<SupplierCancellation> {
      let quote: SupplierCancellation;
      try {
        quote = await supplier.getCancellation(quoteId);
      } catch (error) {
        if (error instanceof SupplierError && error.code === 'not_found') {
          throw bookingErrors.cancellationQuoteExpired();
        }
        throw error;
      }
      const open = quote.confirmedAt !== null || Date.parse(quote.expiresAt) > clock().getTime();
      if (quote.orderId !== orderOf(row) || !open) throw bookingErrors.cancellationQuoteExpired();
      return quote;
    },

    /** Confirms the recorded quote (or a new one, when none was shown) and records the answer. */
    async confirm(row: BookingRow): Promise<BookingRow> {
      const orderId = orderOf(row);
      let cancellationId = row.cancellationId;
      try {
        if (cancellationId === null) {
          cancellationId = (await supplier.quoteCancellation(orderId)).id;
          await bookings.advance(row.id, 'cancelling', 'cancelling', { cancellationId }, clock());
        }
        return await record(row, await supplier.confirmCancellation(cancellationId));
      } catch (error) {
        if (!(error instanceof SupplierError)) throw error;
        if (error.code === 'already_cancelled') {
          return record(row, await confirmedCancellation(orderId, cancellationId));
        }
        if (error.code === 'cancellation_expired') {
          return giveBack(row, bookingErrors.cancellationQuoteExpired());
        }
        if (error.code === 'not_cancellable') return giveBack(row, bookingErrors.notCancellable());
        throw error;
      }
    },

    /** Asks the airline again for a refund it had not stated; null while it still has not. */
    async restated(row: BookingRow): Promise<BookingRow | null> {
      if (!row.cancellationId) throw new Error(`Booking ${row.id} has no cancellation to read`);
      const now = clock();
      const cancellation = await supplier.getCancellation(row.cancellationId);
      if (cancellation.refundAmount === null) {
        await bookings.update(row.id, {
          refundAttempts: row.refundAttempts + 1,
          refundNextAt: new Date(now.getTime() + FOLLOW_UP_MS),
        });
        return null;
      }
      const changes = { ...settlementOf(row, cancellation), refundNextAt: now, refundAttempts: 0 };
      await bookings.update(row.id, changes);
      return { ...row, ...changes };
    },
  };
}
