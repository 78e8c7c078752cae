import {
  tripMessages,
  type BookingView,
  type CancellationQuote,
} from '@contrail/contracts/bookings';
import { fromMinorUnits, toMinorUnits } from '@contrail/contracts/money';
import type { Brand } from '@contrail/contracts/brands';
import { localTimeToInstant } from '@contrail/contracts/time';
import type { RateLimiter } from '../../lib/rate-limit';
import type { SiteUrl } from '../../lib/site-url';
import { paymentSourceOf, type PaymentSources } from '../../providers/payments/payment-sources';
import {
  SupplierError,
  type FlightSupplier,
  type SupplierOrder,
} from '../../providers/flights/flight-supplier';
import type { BrandContext } from '../brands/brands.service';
import type { ContentService } from '../content/content.service';
import type { EmailOutbox } from '../email';
import { bookingEmail, renderCancellationEmail } from './booking-email';
import { cardActivityOf, settleCancellationRefund } from './card-refunds';
import { bookingErrors } from './bookings.errors';
import type { BookingsRepository } from './bookings.repository';
import type { BookingRow } from './bookings.table';
import type { PaymentsRepository } from '../payments';

const LOOKUP_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };
const STALE_AFTER_MS = 2 * 60 * 1000;
const LEASE_MS = 60 * 1000;

/** When the trip's last flight leaves (it is then a past trip). */
function lastDeparture(order: SupplierOrder): Date | null {
  const segments = order.slices.flatMap((slice) => slice.segments);
  const last = segments.at(-1);
  return last ? new Date(localTimeToInstant(last.departing_at, last.origin.time_zone)) : null;
}

function firstDeparture(order: SupplierOrder): Date | null {
  const first = order.slices[0]?.segments[0];
  return first ? new Date(localTimeToInstant(first.departing_at, first.origin.time_zone)) : null;
}

export function toBookingView(row: BookingRow, now: Date): BookingView {
  const order = row.order;
  const departed = order ? (lastDeparture(order)?.getTime() ?? 0) <= now.getTime() : false;
  const started = order ? (firstDeparture(order)?.getTime() ?? 0) <= now.getTime() : false;
  const status: BookingView['status'] =
    row.status === 'cancelled'
      ? 'cancelled'
      : row.status === 'confirmed'
        ? departed
          ? 'completed'
          : 'confirmed'
        : 'pending';
  return {
    id: row.id,
    bookingReference: row.bookingReference ?? '',
    status,
    createdAt: row.createdAt.toISOString(),
    total: { amount: fromMinorUnits(row.sellTotalMinor), currency: row.currency },
    slices: order?.slices ?? [],
    passengers: row.passengers.map((p) => ({
      id: p.id,
      type: p.type,
      // Checked passengers replace the request's at the order step; until then a name may be absent.
      firstName: p.firstName ?? '',
      lastName: p.lastName ?? '',
    })),
    seats: row.seats.map((s) => ({
      passengerId: s.passengerId,
      segmentId: s.segmentId,
      designator: s.designator,
    })),
    bags: row.bags.map((bag) => ({
      passengerId: bag.passengerId,
      segmentIds: bag.segmentIds,
      quantity: bag.quantity,
      amount: fromMinorUnits(bag.amountMinor),
      currency: row.currency,
    })),
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    contactEmail: row.contactEmail,
    refundable: order?.refundable ?? false,
    canCancel: row.status === 'confirmed' && !started,
    cancellation:
      row.status === 'cancelled' && row.cancelledAt
        ? {
            refund: { amount: fromMinorUnits(row.refundMinor ?? 0), currency: row.currency },
            cancelledAt: row.cancelledAt.toISOString(),
          }
        : null,
  };
}

/**
 * Whose trips: the bookings the account made signed in and, once it has confirmed its address
 * (`verifiedEmail`), the guest bookings made with that address. An unconfirmed account sees no
 * booking that merely names its address: anyone can register with any address.
 */
export interface Owner {
  brand: BrandContext;
  userId: string;
  verifiedEmail: string | null;
}

/** Whether the owner may see the booking (the same rule as the repository's list). */
function ownedBy(row: BookingRow, { brand, userId, verifiedEmail }: Owner): boolean {
  if (row.brandId !== brand.id) return false;
  if (row.userId !== null) return row.userId === userId;
  return verifiedEmail !== null && row.contactEmail.toLowerCase() === verifiedEmail.toLowerCase();
}

export interface TripsService {
  list(owner: Owner): Promise<BookingView[]>;
  get(owner: Owner, id: string): Promise<BookingView>;
  quoteCancellation(owner: Owner, id: string): Promise<CancellationQuote>;
  /** Cancels the booking; the e-mail links to `siteUrl` (where the traveller asked from). */
  cancel(owner: Owner, id: string, siteUrl: SiteUrl | null): Promise<BookingView>;
  lookup(brand: BrandContext, reference: string, email: string, ip: string): Promise<BookingView>;
  /** Finishes cancellations a crash interrupted; answers how many. */
  reconcileCancellations(): Promise<number>;
  /** Finishes this booking's interrupted cancellation, if it has one; true when it did. */
  reconcileCancellation(id: string): Promise<boolean>;
  /**
   * For the back office, whose staff act for the traveller: the same quote and cancellation the
   * traveller gets, of a booking found by id alone (the caller checks that it may see it).
   */
  quoteCancellationFor(id: string): Promise<CancellationQuote>;
  cancelFor(id: string, siteUrl: SiteUrl | null): Promise<BookingView>;
}

export function createTripsService({
  bookings,
  outbox,
  brandById,
  supplier,
  processors,
  limiter,
  lookups,
  payments,
  clock,
}: {
  bookings: BookingsRepository;
  outbox: EmailOutbox;
  /** A booking's brand, for e-mail about it when no request names one (the reconciler). */
  brandById: (id: string) => Promise<Brand | undefined>;
  supplier: FlightSupplier;
  /** The card processors: a booking is refunded by the one (and mode) that holds its payment. */
  processors: Pick<PaymentSources, 'of'>;
  limiter: RateLimiter;
  /** Keeps each retrieve-booking look-up (found or not) for the back office's inbox. */
  lookups: Pick<ContentService, 'recordLookup'>;
  /** The card payments, whose refunds and disputes outside the product a trip's page shows. */
  payments: Pick<PaymentsRepository, 'find'>;
  clock: () => Date;
}): TripsService {
  /** A trip's own page: the booking, and what happened to its card payment outside it. */
  const tripView = async (row: BookingRow): Promise<BookingView> => ({
    ...toBookingView(row, clock()),
    cardActivity: cardActivityOf(await payments.find(row.paymentId), row),
  });

  /** The owner's booking, or the same 404 as for one that does not exist. */
  const owned = async (owner: Owner, id: string): Promise<BookingRow> => {
    const row = await bookings.find(id);
    const visible =
      row !== undefined &&
      ownedBy(row, owner) &&
      row.status !== 'failed' &&
      row.status !== 'voiding';
    if (!visible) throw bookingErrors.notFound();
    return row;
  };

  /** A booking of any owner, for the back office (which checks the brand itself). */
  const anyBooking = async (id: string): Promise<BookingRow> => {
    const row = await bookings.find(id);
    if (!row) throw bookingErrors.notFound();
    return row;
  };

  /** Cancels with the airline, refunds what it returns, records both. Safe to repeat. */
  const finishCancellation = async (
    row: BookingRow,
    siteUrl: SiteUrl | null,
  ): Promise<BookingRow> => {
    if (!row.providerOrderId || !row.providerPaymentId)
      throw new Error(`Booking ${row.id} has no order to cancel`);
    let refundMinor: number;
    try {
      const quote = await supplier.quoteCancellation(row.providerOrderId);
      const confirmed = await supplier.confirmCancellation(quote.id);
      refundMinor = toMinorUnits(confirmed.refundAmount);
    } catch (error) {
      if (!(error instanceof SupplierError && error.code === 'already_cancelled')) throw error;
      // Cancelled by an earlier attempt that did not record it: the airline refunds nothing twice.
      refundMinor = row.refundMinor ?? 0;
    }
    // Our service fee (the markup) is not refunded; the traveller gets what the airline returns,
    // less what the agency refunded already, and nothing while their bank disputes the payment.
    const settled = await settleCancellationRefund(
      processors.of(paymentSourceOf({ provider: row.paymentProvider, mode: row.mode })),
      row.providerPaymentId,
      refundMinor,
      `cancel-${row.id}`,
    );
    const now = clock();
    await bookings.advance(
      row.id,
      'cancelling',
      'cancelled',
      { refundMinor: settled.refundedMinor, cancelledAt: now },
      now,
    );
    const done = await bookings.find(row.id);
    if (!done) throw new Error('booking vanished');
    const brand = await brandById(done.brandId);
    if (brand) {
      const email = await renderCancellationEmail({
        brand,
        booking: toBookingView(done, now),
        siteUrl,
      });
      await outbox.queue(
        bookingEmail({ id: done.brandId, brand }, email, 'booking_cancellation', done.id),
        now,
      );
    }
    return done;
  };

  /** What cancelling would refund, as the airline quotes it now. */
  const quoteOf = async (row: BookingRow): Promise<CancellationQuote> => {
    const view = toBookingView(row, clock());
    if (row.status === 'cancelled' || row.status === 'cancelling') {
      throw bookingErrors.alreadyCancelled();
    }
    if (!view.canCancel || !row.providerOrderId) throw bookingErrors.notCancellable();
    try {
      const quote = await supplier.quoteCancellation(row.providerOrderId);
      return {
        refund: {
          amount: fromMinorUnits(toMinorUnits(quote.refundAmount)),
          currency: quote.refundCurrency,
        },
        expiresAt: quote.expiresAt,
        refundable: view.refundable,
      };
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

  /** Cancels a confirmed booking with the airline and refunds what it returns. */
  const cancelRow = async (row: BookingRow, siteUrl: SiteUrl | null): Promise<BookingView> => {
    const id = row.id;
    if (row.status === 'cancelled' || row.status === 'cancelling') {
      throw bookingErrors.alreadyCancelled();
    }
    if (!toBookingView(row, clock()).canCancel) throw bookingErrors.notCancellable();
    // One cancellation wins; a second, even at the same moment, is told it is already cancelled.
    if (!(await bookings.advance(id, 'confirmed', 'cancelling', {}, clock()))) {
      throw bookingErrors.alreadyCancelled();
    }
    try {
      return await tripView(await finishCancellation({ ...row, status: 'cancelling' }, siteUrl));
    } catch (error) {
      if (error instanceof SupplierError && error.code === 'not_cancellable') {
        await bookings.advance(id, 'cancelling', 'confirmed', {}, clock());
        throw bookingErrors.notCancellable();
      }
      throw error;
    }
  };
  return {
    async list(owner) {
      const now = clock();
      return (await bookings.listForUser(owner.brand.id, owner.userId, owner.verifiedEmail)).map(
        (row) => toBookingView(row, now),
      );
    },

    async get(owner, id) {
      return tripView(await owned(owner, id));
    },

    async quoteCancellation(owner, id) {
      return quoteOf(await owned(owner, id));
    },

    async cancel(owner, id, siteUrl) {
      return cancelRow(await owned(owner, id), siteUrl);
    },

    async quoteCancellationFor(id) {
      return quoteOf(await anyBooking(id));
    },

    async cancelFor(id, siteUrl) {
      return cancelRow(await anyBooking(id), siteUrl);
    },

    async reconcileCancellation(id) {
      const now = clock();
      const row = await bookings.find(id);
      if (row?.status !== 'cancelling' || row.updatedAt.getTime() > now.getTime() - STALE_AFTER_MS)
        return false;
      if (!(await bookings.lease(row.id, now, new Date(now.getTime() + LEASE_MS)))) return false;
      await finishCancellation(row, null);
      return true;
    },

    async lookup(brand, reference, email, ip) {
      await limiter.consume(`lookup:ip:${ip}`, LOOKUP_LIMIT, tripMessages.tooManyLookups);
      const row = await bookings.findByReference(brand.id, reference, email);
      // What the traveller is shown: a failed booking is "not found" to them too.
      const shown = row && row.status !== 'failed' && row.status !== 'voiding' ? row : undefined;
      await lookups.recordLookup({
        brandId: brand.id,
        reference,
        email,
        bookingId: shown?.id ?? null,
      });
      if (!shown) throw bookingErrors.notFound(tripMessages.lookupNotFound);
      return tripView(shown);
    },

    async reconcileCancellations() {
      const now = clock();
      const rows = await bookings.listCancelling(new Date(now.getTime() - STALE_AFTER_MS), now, 50);
      let settled = 0;
      for (const row of rows) {
        if (!(await bookings.lease(row.id, now, new Date(now.getTime() + LEASE_MS)))) continue;
        await finishCancellation(row, null);
        settled += 1;
      }
      return settled;
    },
  };
}
