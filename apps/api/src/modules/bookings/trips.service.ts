import {
  tripMessages,
  type AirlineCreditView,
  type BookingView,
  type CancellationQuote,
  type RefundStatus,
} from '@contrail/contracts/bookings';
import type { Brand } from '@contrail/contracts/brands';
import { localTimeToInstant } from '@contrail/contracts/time';
import type { RateLimiter } from '../../lib/rate-limit';
import type { SiteUrl } from '../../lib/site-url';
import type { PaymentSources } from '../../providers/payments/payment-sources';
import type { FastifyBaseLogger } from 'fastify';
import type { FlightSupplier } from '../../providers/flights/flight-supplier';
import type { BrandContext } from '../brands/brands.service';
import type { ContentService } from '../content/content.service';
import type { EmailOutbox } from '../email';
import { cardActivityOf } from './card-refunds';
import { bookingErrors } from './bookings.errors';
import type { BookingsRepository } from './bookings.repository';
import {
  readStoredAirlineCredits,
  readStoredBags,
  readStoredOrder,
  readStoredPassengers,
  readStoredSeats,
  type StoredOrder,
} from './bookings.columns';
import type { BookingRow } from './bookings.table';
import type { PaymentsRepository } from '../payments';
import { amountOf, creditView } from './trip-amounts';
import { tripCancellations } from './trip-cancellations';

const LOOKUP_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };

/** When the trip's last flight leaves (it is then a past trip). */
function lastDeparture(order: StoredOrder): Date | null {
  const segments = order.slices.flatMap((slice) => slice.segments);
  const last = segments.at(-1);
  return last ? new Date(localTimeToInstant(last.departing_at, last.origin.time_zone)) : null;
}

function firstDeparture(order: StoredOrder): Date | null {
  const first = order.slices[0]?.segments[0];
  return first ? new Date(localTimeToInstant(first.departing_at, first.origin.time_zone)) : null;
}

/** Where the refund stands, for the traveller (bookings cancelled before it was kept: by amount). */
function refundStatusOf(row: BookingRow): RefundStatus {
  const state = row.refundState ?? ((row.refundMinor ?? 0) > 0 ? 'refunded' : 'none');
  return state === 'due' ? 'processing' : state;
}

function creditViews(row: BookingRow): AirlineCreditView[] {
  const passengers = readStoredPassengers(row.passengers);
  return readStoredAirlineCredits(row.airlineCredits).map((credit) =>
    creditView(passengers, credit),
  );
}

function cancellationView(row: BookingRow): BookingView['cancellation'] {
  const cancelledAt = row.cancelledAt ?? row.cancellationConfirmedAt;
  if (!cancelledAt) return null;
  const refundStatus = refundStatusOf(row);
  const currency = row.refundCurrency ?? row.currency;
  return {
    refund: refundStatus === 'awaiting_airline' ? null : amountOf(row.refundMinor ?? 0, currency),
    refundStatus,
    credits: creditViews(row),
    cancelledAt: cancelledAt.toISOString(),
  };
}

/** Cancelled for the traveller once the airline has confirmed it, whatever the card refund's state. */
function isCancelled(row: BookingRow): boolean {
  return (
    row.status === 'cancelled' ||
    (row.status === 'cancelling' && row.cancellationConfirmedAt !== null)
  );
}

export function toBookingView(row: BookingRow, now: Date): BookingView {
  const order = readStoredOrder(row.order);
  const departed = order ? (lastDeparture(order)?.getTime() ?? 0) <= now.getTime() : false;
  const started = order ? (firstDeparture(order)?.getTime() ?? 0) <= now.getTime() : false;
  const cancelled = isCancelled(row);
  const status: BookingView['status'] = cancelled
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
    total: amountOf(row.sellTotalMinor, row.currency),
    slices: order?.slices ?? [],
    passengers: readStoredPassengers(row.passengers).map((p) => ({
      id: p.id,
      type: p.type,
      // Checked passengers replace the request's at the order step; until then a name may be absent.
      firstName: p.firstName ?? '',
      lastName: p.lastName ?? '',
    })),
    seats: readStoredSeats(row.seats).map((s) => ({
      passengerId: s.passengerId,
      segmentId: s.segmentId,
      designator: s.designator,
    })),
    bags: readStoredBags(row.bags).map((bag) => ({
      passengerId: bag.passengerId,
      segmentIds: bag.segmentIds,
      quantity: bag.quantity,
      ...amountOf(bag.amountMinor, row.currency),
    })),
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    contactEmail: row.contactEmail,
    refundable: order?.refundable ?? false,
    canCancel: row.status === 'confirmed' && !started,
    cancellation: cancelled ? cancellationView(row) : null,
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
  /**
   * Cancels the booking by confirming the quote `quoteId` the traveller was shown (409
   * `cancellation_quote_expired` when it has lapsed: nothing is cancelled); the e-mail links to
   * `siteUrl` (where the traveller asked from).
   */
  cancel(owner: Owner, id: string, siteUrl: SiteUrl | null, quoteId?: string): Promise<BookingView>;
  lookup(brand: BrandContext, reference: string, email: string, ip: string): Promise<BookingView>;
  /**
   * Finishes cancellations a failure or a crash interrupted, retries card refunds owed, and asks
   * the airline again for refunds it had not stated; answers how many it settled.
   */
  reconcileCancellations(): Promise<number>;
  /** Finishes this booking's interrupted cancellation, if it has one; true when it did. */
  reconcileCancellation(id: string): Promise<boolean>;
  /**
   * For the back office, whose staff act for the traveller: the same quote and cancellation the
   * traveller gets, of a booking found by id alone (the caller checks that it may see it).
   */
  quoteCancellationFor(id: string): Promise<CancellationQuote>;
  cancelFor(id: string, siteUrl: SiteUrl | null, quoteId?: string): Promise<BookingView>;
}

type TripsLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export function createTripsService({
  bookings,
  outbox,
  brandById,
  supplier,
  processors,
  limiter,
  lookups,
  log,
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
  log: TripsLog;
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

  const cancellations = tripCancellations({
    bookings,
    outbox,
    brandById,
    supplier,
    processors,
    log,
    clock,
    viewOf: toBookingView,
  });

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
      return cancellations.quote(await owned(owner, id));
    },

    async cancel(owner, id, siteUrl, quoteId) {
      return tripView(await cancellations.cancel(await owned(owner, id), siteUrl, quoteId));
    },

    async quoteCancellationFor(id) {
      return cancellations.quote(await anyBooking(id));
    },

    async cancelFor(id, siteUrl, quoteId) {
      return tripView(await cancellations.cancel(await anyBooking(id), siteUrl, quoteId));
    },

    reconcileCancellation: cancellations.reconcileCancellation,

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

    reconcileCancellations: cancellations.reconcileCancellations,
  };
}
