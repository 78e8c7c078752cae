import {
  tripMessages,
  type AirlineCreditView,
  type BookingView,
  type CancellationQuote,
  type RefundStatus,
} from '@contrail/contracts/bookings';
import { fromMinorUnits, roundUpToChargeable, toMinorUnits } from '@contrail/contracts/money';
import type { Brand } from '@contrail/contracts/brands';
import { localTimeToInstant } from '@contrail/contracts/time';
import type { RateLimiter } from '../../lib/rate-limit';
import type { SiteUrl } from '../../lib/site-url';
import { paymentSourceOf, type PaymentSources } from '../../providers/payments/payment-sources';
import type { FastifyBaseLogger } from 'fastify';
import type { AppError } from '../../lib/app-error';
import {
  SupplierError,
  type FlightSupplier,
  type SupplierAirlineCredit,
  type SupplierCancellation,
} from '../../providers/flights/flight-supplier';
import type { BrandContext } from '../brands/brands.service';
import type { ContentService } from '../content/content.service';
import type { EmailOutbox } from '../email';
import { bookingEmail, renderCancellationEmail } from './booking-email';
import { cardActivityOf, settleCancellationRefund, type RefundSettlement } from './card-refunds';
import { bookingErrors } from './bookings.errors';
import type { BookingsRepository } from './bookings.repository';
import {
  readStoredAirlineCredits,
  readStoredBags,
  readStoredOrder,
  readStoredPassengers,
  readStoredSeats,
  readStoredSiteUrl,
  type StoredAirlineCredit,
  type StoredOrder,
  type StoredPassenger,
} from './bookings.columns';
import type { BookingRow } from './bookings.table';
import type { PaymentsRepository } from '../payments';

const LOOKUP_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };
const STALE_AFTER_MS = 2 * 60 * 1000;
const LEASE_MS = 60 * 1000;

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

/**
 * Amounts of a booking's money, each with its currency beside it: the one place that turns minor
 * units into decimals for this module (the currency's exponent belongs to the money helpers).
 */
function amountOf(minor: number, currency: string): { amount: string; currency: string } {
  return { amount: fromMinorUnits(minor, currency), currency };
}
function minorOf(amount: string, currency: string): number {
  return toMinorUnits(amount, currency);
}

/**
 * What the card gets back of an airline refund: an amount the processor takes in the currency
 * (tens of fils in KWD), rounded in the traveller's favour, never above what the card paid.
 */
function cardRefundMinor(
  row: Pick<BookingRow, 'currency' | 'sellTotalMinor'>,
  refundMinor: number,
): number {
  return Math.min(row.sellTotalMinor, roundUpToChargeable(refundMinor, row.currency));
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

function creditView(
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

function storedCredit(credit: SupplierAirlineCredit): StoredAirlineCredit {
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

/** How long after a failed card refund it is tried again (the last, then hourly). */
const REFUND_RETRY_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
/** How often the airline is asked again for a refund it has not stated. */
const FOLLOW_UP_MS = 60 * 60 * 1000;

function retryDelay(attempts: number): number {
  return REFUND_RETRY_MS[Math.min(attempts, REFUND_RETRY_MS.length) - 1] ?? 60_000;
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

  const reload = async (id: string): Promise<BookingRow> => {
    const row = await bookings.find(id);
    if (!row) throw new Error(`Booking ${id} vanished`);
    return row;
  };

  const airline = createAirlineCancellation({ bookings, supplier, clock });

  /**
   * The one step that moves the traveller's money back: refunds the recorded amount under the
   * booking's own key (so a retry, after any failure, refunds once), unless the processor shows
   * it refunded already. A failure is logged and left for the next try, never assumed either way.
   */
  const refundCard = async (row: BookingRow): Promise<boolean> => {
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
      booking: toBookingView(row, now),
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
    const view = toBookingView(row, clock());
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
   * before the airline is asked to confirm exactly it.
   */
  const cancelRow = async (
    row: BookingRow,
    siteUrl: SiteUrl | null,
    quoteId: string | undefined,
  ): Promise<BookingView> => {
    if (row.status === 'cancelled' || row.status === 'cancelling') {
      throw bookingErrors.alreadyCancelled();
    }
    if (!toBookingView(row, clock()).canCancel) throw bookingErrors.notCancellable();
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
    const done = await finishCancellation({ ...row, ...intention, status: 'cancelling' }, siteUrl);
    return tripView(done);
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

    async cancel(owner, id, siteUrl, quoteId) {
      return cancelRow(await owned(owner, id), siteUrl, quoteId);
    },

    async quoteCancellationFor(id) {
      return quoteOf(await anyBooking(id));
    },

    async cancelFor(id, siteUrl, quoteId) {
      return cancelRow(await anyBooking(id), siteUrl, quoteId);
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
      const stale = await bookings.listCancelling(
        new Date(now.getTime() - STALE_AFTER_MS),
        now,
        50,
      );
      // A card refund that failed waits for its retry time.
      const due = stale.filter((row) => (row.refundNextAt?.getTime() ?? 0) <= now.getTime());
      const cancelling = await settleEach(due, (row) => finishCancellation(row, null));
      const followed = await settleEach(await bookings.listRefundsDue(now, 50), followUp);
      return cancelling + followed;
    },
  };
}

/**
 * The airline's side of a cancellation, each answer recorded on the booking before anything
 * else happens: the quote the traveller saw, the confirmation of exactly that quote (or, when the
 * airline says the order is cancelled already, the cancellation it made, read back), and a
 * refund the airline states later.
 */
function createAirlineCancellation({
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
