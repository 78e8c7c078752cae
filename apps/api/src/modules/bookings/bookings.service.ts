import { createHash, randomUUID } from 'node:crypto';
import { bookingMessages } from '@contrail/contracts/bookings';
import { fromMinorUnits, toMinorUnits } from '@contrail/contracts/money';
import type { Passenger, PassengerInput } from '@contrail/contracts/passengers';
import type { SeatSelection, ServiceSelection } from '@contrail/contracts/payments';
import { AppError } from '../../lib/app-error';
import { PaymentError } from '../../providers/payments/payment-provider';
import { paymentSourceOf, type PaymentSources } from '../../providers/payments/payment-sources';
import {
  SupplierError,
  type FlightSupplier,
  type SupplierOrder,
} from '../../providers/flights/flight-supplier';
import type { AccountLinksService } from '../auth/account-links.service';
import type { Authenticated } from '../auth/auth.service';
import type { BrandContext } from '../brands/brands.service';
import { parseOfferId } from '../../providers/registry';
import { supplierFailure } from '../flights';
import {
  authorizationExtras,
  ownsCheckout,
  paymentErrors,
  type PaymentAuthorizationRow,
  type PaymentsRepository,
} from '../payments';
import { OFFER_METADATA_KEY, offerMetadataValue } from '../payments/payment-intents.service';
import type { SiteUrl } from '../../lib/site-url';
import type { EmailOutbox } from '../email';
import { bookingEmail, renderConfirmationEmail } from './booking-email';
import {
  bookingErrorCodes,
  bookingErrors,
  storedFailure,
  type StoredFailure,
} from './bookings.errors';
import type { BookingsRepository, NewBooking } from './bookings.repository';
import {
  readOrderUncertainty,
  readStoredBags,
  readStoredBookingResult,
  readStoredOrder,
  readStoredPassengers,
  readStoredSiteUrl,
  type StoredBookingResult,
} from './bookings.columns';
import type { BookingRow } from './bookings.table';
import {
  assertPassengers,
  assertSeatRules,
  PAYMENT_METADATA_KEY,
  quote,
  sameExtras,
  seatConflict,
  supplierPassengers,
  type Quote,
} from '../checkout';

/** A booking left between steps this long is the reconciler's to finish or roll back. */
export const STALE_AFTER_MS = 2 * 60 * 1000;
/**
 * When an uncertain order is asked about again, by how many checks were made: soon at first (an
 * airline's late ticket shows within minutes), then hourly until the operator decides.
 */
const ORDER_CHECK_DELAYS_MS = [2, 5, 15, 30, 60].map((minutes) => minutes * 60 * 1000);
/** The operator is told this long before an uncertain booking's card hold would lapse. */
const ESCALATE_BEFORE_HOLD_LAPSES_MS = 24 * 60 * 60 * 1000;
const LEASE_MS = 60 * 1000;
const REPLAY_WAIT_MS = 25_000;
const REPLAY_POLL_MS = 50;

export type BookingStep = 'claimed' | 'ordered' | 'captured';

interface CreateBookingInput {
  offerId: string;
  passengers: PassengerInput[];
  seats: SeatSelection[];
  /** Extra checked bags from the offer's `available_services`. */
  services: ServiceSelection[];
  paymentDetails: { paymentId: string; amount: string; currency: string };
}

type BookingResult = StoredBookingResult;

export interface BookingsService {
  create(
    context: {
      brand: BrandContext;
      auth: Authenticated | null;
      siteUrl: SiteUrl;
      /** A guest checkout's cookie token: a guest's payment is usable only with it. */
      checkoutToken: string | null;
    },
    input: CreateBookingInput,
    key: string,
  ): Promise<BookingResult>;
  /** Finishes or rolls back every booking left between steps; answers how many it settled. */
  reconcile(): Promise<number>;
  /**
   * What the reconciler does, for one booking (the back office's button): `settled` when it
   * finished or rolled it back, or sent a confirmed booking's missing confirmation; `too_soon`
   * while it may still be worked on (its last step less than STALE_AFTER_MS ago, or leased);
   * `nothing` when nothing is left to settle.
   */
  reconcileOne(id: string): Promise<'settled' | 'too_soon' | 'nothing'>;
  /**
   * The processor cancelled the hold of a booking's payment (it lapsed, or was released in its
   * dashboard): a booking not yet ordered fails now; one being ordered or captured is settled by
   * its request or the reconciler, whose capture finds the hold gone. True when it failed now.
   */
  paymentCanceled(bookingId: string): Promise<boolean>;
}

export interface BookingsServiceDeps {
  bookings: BookingsRepository;
  outbox: EmailOutbox;
  payments: PaymentsRepository;
  /** Tells a guest booking's address how to see the trip in an account. */
  links: Pick<AccountLinksService, 'noteGuestBooking'>;
  supplier: FlightSupplier;
  /** The card processors: each payment is settled by the one (and mode) that holds it. */
  processors: PaymentSources;
  clock: () => Date;
  /** A brand by id: the reconciler finishes bookings outside any request. */
  brandById: (id: string) => Promise<BrandContext | undefined>;
  /** Where what needs the operator is logged (at error level); pino's signature. */
  log?: { error(details: Record<string, unknown>, message: string): void };
  /** Tests make a step "crash" here to check that the reconciler recovers. */
  afterStep?: (step: BookingStep, bookingId: string) => void | Promise<void>;
}

/** What the order step records: the checked passengers and the prices of the quote. */
function orderingColumns(priced: Quote, passengers: Passenger[]) {
  return {
    passengers,
    providerTotalMinor: priced.providerTotalMinor,
    seatsTotalMinor: priced.seatsMinor,
    bags: priced.bags.map(({ id, passengerId, segmentIds, quantity, amountMinor }) => ({
      serviceId: id,
      passengerId,
      segmentIds,
      quantity,
      amountMinor,
    })),
    bagsTotalMinor: priced.bagsMinor,
    markupMinor: priced.markupMinor,
    contactEmail: passengers[0]?.email ?? '',
  };
}

/** The columns that record a booking's failure. */
function failedWith(error: AppError) {
  return {
    failureStatus: error.statusCode,
    failureCode: error.code,
    failureMessage: error.message,
  };
}

/** The airline order for the priced offer: its seats and bags, for the provider's total. */
function orderInput(id: string, offerId: string, priced: Quote, passengers: Passenger[]) {
  return {
    offerId,
    passengers: supplierPassengers(passengers),
    services: [
      ...priced.seats.map((seat) => ({ id: seat.serviceId, quantity: 1 })),
      ...priced.bags.map((bag) => ({ id: bag.id, quantity: bag.quantity })),
    ],
    amount: fromMinorUnits(priced.providerTotalMinor, priced.currency),
    currency: priced.currency,
    offerTotal: priced.providerOffer.total_amount,
    reference: id,
  };
}

function requestHash(input: CreateBookingInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

function failureOf(error: unknown): StoredFailure | undefined {
  // The order may exist: nothing is released until the reconciler has looked for it.
  if (error instanceof SupplierError && error.code === 'order_unconfirmed') return undefined;
  // Nothing was made, and the operator is told (by the supplier): the hold is released.
  if (error instanceof SupplierError && error.code === 'insufficient_balance') {
    return storedFailure(bookingErrors.bookingsPaused());
  }
  const mapped = error instanceof SupplierError ? supplierFailure(error) : error;
  if (mapped instanceof AppError) return storedFailure(mapped);
  if (error instanceof SupplierError) {
    return storedFailure(
      error.code === 'seat_unavailable'
        ? bookingErrors.seatUnavailable()
        : bookingErrors.orderFailed(),
    );
  }
  return undefined;
}

/** The hold was gone before the capture (it lapsed, or was released at the processor). */
const paymentLapsed: StoredFailure = storedFailure(bookingErrors.paymentLapsed());

export function createBookingsService(deps: BookingsServiceDeps): BookingsService {
  const { bookings, payments, supplier, processors, clock } = deps;
  const alert = (details: Record<string, unknown>, message: string) =>
    deps.log?.error(details, message);
  /** The processor holding a booking's payment. */
  const processorOf = (row: BookingRow) =>
    processors.of(paymentSourceOf({ provider: row.paymentProvider, mode: row.mode }));

  /**
   * What an airline's refusal of the order means to the traveller: a new price (shown, and agreed
   * to, before any new hold) or seats someone else took meanwhile (named).
   */
  async function orderFailure(
    error: unknown,
    brand: BrandContext,
    input: CreateBookingInput,
    priced: Quote | undefined,
  ): Promise<unknown> {
    if (!(error instanceof SupplierError) || !priced) return error;
    if (error.code === 'seat_unavailable' && error.details.taken) {
      const taken = error.details.taken.flatMap((seat) => {
        const index = input.seats.findIndex(
          (s) => s.segmentId === seat.segmentId && s.designator === seat.designator,
        );
        return index < 0 ? [] : [{ index, ...seat }];
      });
      if (taken.length > 0) return seatConflict(priced.providerOffer, taken);
    }
    if (error.code === 'price_changed') {
      try {
        const now = await quote(supplier, brand, input.offerId, input, clock());
        // The same price again would have the traveller agree to it again, and again: the
        // offer cannot be booked as it stands, so it is no longer sold.
        if (now.sellTotalMinor === priced.sellTotalMinor && now.currency === priced.currency) {
          return supplierFailure(
            new SupplierError('offer_unavailable', 'The price the airline shows is refused.'),
          );
        }
        return bookingErrors.amountChanged(now);
      } catch (requoteError) {
        return requoteError instanceof AppError ? requoteError : error;
      }
    }
    if (error.code === 'insufficient_balance') return bookingErrors.bookingsPaused();
    // Our rules are the airline's; should the airline still refuse a passenger, nothing is charged,
    // and the fields it named (on our form's names) are shown.
    if (error.code === 'validation') return bookingErrors.orderFailed(error.details.fields);
    return error;
  }
  /** A payment by our id (`pay_…`), or by the processor's when the browser confirmed an intent. */
  const findPayment = (paymentId: string): Promise<PaymentAuthorizationRow | undefined> =>
    paymentId.startsWith('pay_')
      ? payments.find(paymentId)
      : payments.findByProviderPaymentId(paymentId);

  /**
   * An intent the browser confirmed in the processor's element becomes our authorisation only
   * when the processor reports it held (`requires_capture`) for exactly the amount and currency
   * of the row, with our payment and offer ids in its metadata. Anything else fails the booking:
   * the card was not (or not fully) authorised, or the intent is not this checkout's.
   */
  async function confirmHold(
    bookingId: string,
    row: PaymentAuthorizationRow,
    input: CreateBookingInput,
  ): Promise<PaymentAuthorizationRow | undefined> {
    if (!row.providerPaymentId) return row;
    let failure: AppError;
    try {
      const provider = processors.of(paymentSourceOf(row));
      if (provider.collection !== 'payment_element') return row;
      const intent = await provider.get(row.providerPaymentId);
      const ours =
        intent.metadata[PAYMENT_METADATA_KEY] === row.id &&
        intent.metadata[OFFER_METADATA_KEY] === offerMetadataValue(input.offerId) &&
        intent.amountMinor === row.amountMinor &&
        intent.currency === row.currency;
      if (!ours) {
        failure = paymentErrors.paymentNotUsable();
      } else if (intent.status !== 'requires_capture') {
        failure = paymentErrors.paymentNotCompleted();
      } else {
        await payments.markAuthorized(
          row.id,
          {
            providerPaymentId: intent.id,
            cardBrand: intent.cardBrand,
            cardLast4: intent.cardLast4,
          },
          clock(),
        );
        return await payments.find(row.id);
      }
    } catch (error) {
      if (!(error instanceof PaymentError || error instanceof AppError)) throw error;
      failure = paymentErrors.processorUnavailable();
    }
    await bookings.advance(bookingId, 'pending', 'failed', failedWith(failure), clock());
    throw failure;
  }

  const mustFind = async (id: string): Promise<BookingRow> => {
    const row = await bookings.find(id);
    if (!row) throw new Error(`Booking ${id} vanished`);
    return row;
  };
  const checkpoint = async (step: BookingStep, id: string) => {
    if (deps.afterStep) await deps.afterStep(step, id);
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

  /**
   * What a confirmed, captured booking gets, whoever finishes it (the request, or the reconciler
   * after a crash): the confirmation e-mail, for a guest the e-mail about seeing the trip in an
   * account, and the stored answer a retry with the same key receives. A booking stays with the
   * account signed in when it was made (none for a guest): a guest booking is seen in the account
   * of its address only once that account has confirmed the address.
   */
  async function complete(row: BookingRow, brand: BrandContext): Promise<BookingResult> {
    const passengers = readStoredPassengers(row.passengers);
    const order = readStoredOrder(row.order);
    if (!order) throw new Error(`booking ${row.id} is confirmed without the airline's order`);
    const primary = passengers[0];
    const email = primary?.email ?? row.contactEmail;
    const siteUrl = readStoredSiteUrl(row.siteUrl) ?? {
      origin: `https://${brand.key}`,
      brandParam: null,
    };
    const guest = row.userId === null;
    const emailContent = await renderConfirmationEmail({
      brand: brand.brand,
      to: email,
      bookingReference: order.bookingReference,
      bookingId: row.id,
      // Checked passengers (stored at the order step): every one has both names.
      passengers: passengers.map((p) => ({
        id: p.id,
        firstName: p.firstName ?? '',
        lastName: p.lastName ?? '',
      })),
      slices: order.slices,
      bags: readStoredBags(row.bags),
      totalMinor: row.sellTotalMinor,
      currency: row.currency,
      card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
      guest,
      siteUrl,
    });
    await deps.outbox.queue(
      bookingEmail(brand, emailContent, 'booking_confirmation', row.id),
      clock(),
    );
    if (guest) {
      await deps.links.noteGuestBooking({
        brand,
        email,
        firstName: primary?.firstName ?? '',
        lastName: primary?.lastName ?? '',
        bookingId: row.id,
        bookingReference: order.bookingReference,
        siteUrl,
      });
    }
    const result: BookingResult = {
      id: row.id,
      duffelBookingId: order.id,
      bookingReference: order.bookingReference,
      status: 'confirmed',
      emailContent,
    };
    await bookings.update(row.id, { response: result });
    return result;
  }

  /** `complete` for a booking the reconciler finished: no request, so its brand by id. */
  async function completeLater(id: string): Promise<void> {
    const row = await mustFind(id);
    if (row.status !== 'confirmed' || row.response !== null) return;
    const brand = await deps.brandById(row.brandId);
    if (!brand) throw new Error(`Booking ${id} belongs to a brand that no longer exists`);
    await complete(row, brand);
  }

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
  ): Promise<BookingResult> {
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

  /** Finishes or rolls back one leased booking left between steps; false when it was not. */
  async function settle(row: BookingRow): Promise<boolean> {
    const interrupted = storedFailure(bookingErrors.interrupted());
    switch (row.status) {
      case 'pending':
        await rollBack(row, 'pending', interrupted);
        return true;
      case 'ordering': {
        // The airline may or may not have made the order before the crash: ask it.
        const familyName = readStoredPassengers(row.passengers)[0]?.lastName;
        const order = await supplier.findOrderByReference(
          row.id,
          familyName ? { familyName } : undefined,
        );
        if (order && order.cancelledAt !== null) {
          // Made and cancelled already (at the airline or by the operator): nothing to pay for.
          await rollBack(row, 'ordering', interrupted);
          return true;
        }
        if (order) {
          await bookings.advance(
            row.id,
            'ordering',
            'capturing',
            { providerOrderId: order.id, bookingReference: order.bookingReference, order },
            clock(),
          );
          const ordered = { ...row, status: 'capturing' as const, providerOrderId: order.id };
          if (await capture(ordered)) await completeLater(row.id);
        } else if (supplier.ordersFoundAtOnce?.(row.offerId)) {
          // This provider lists an order the moment it exists: none means none was made.
          await rollBack(row, 'ordering', interrupted);
        } else if (row.holdExpiresAt && row.holdExpiresAt.getTime() <= clock().getTime()) {
          // The hold lapsed at the processor (the operator was told a day before): there is no
          // money left to take, so the booking fails; an order that shows later is cancelled
          // at the airline by the capture that finds no hold.
          alert(
            { bookingId: row.id, holdExpiresAt: row.holdExpiresAt.toISOString() },
            'Order still uncertain and the card hold has lapsed: the booking is failed',
          );
          await rollBack(row, 'ordering', paymentLapsed);
        } else {
          // None listed yet is not none made: the hold stays until the airline or a person says.
          await markUncertain(
            row,
            readOrderUncertainty(row.orderUncertainty) ?? {
              providerCode: 'interrupted',
              requestId: null,
            },
          );
        }
        return true;
      }
      case 'capturing':
        if (await capture(row)) await completeLater(row.id);
        return true;
      case 'voiding':
        await rollBack(row, 'voiding', interrupted);
        return true;
      default:
        return false;
    }
  }

  type CreateContext = Parameters<BookingsService['create']>[0];

  /** The booking's first row ('pending'), as the request and the payment it names make it. */
  function pendingRow(
    id: string,
    { brand, auth: signedIn, siteUrl }: CreateContext,
    input: CreateBookingInput,
    request: { key: string; hash: string; now: Date },
    found: PaymentAuthorizationRow | undefined,
  ): NewBooking {
    // The offer id names the supplier and mode that made it; the booking keeps them.
    const { source } = parseOfferId(input.offerId);
    return {
      id,
      brandId: brand.id,
      userId: signedIn?.user.id ?? null,
      idempotencyKey: request.key,
      requestHash: request.hash,
      status: 'pending',
      offerId: input.offerId,
      mode: source.mode,
      flightProvider: source.provider,
      // The processor and mode holding the payment settle it; a payment of another mode than
      // the offer's is refused when it is claimed.
      paymentProvider: found?.provider ?? 'none',
      passengers: input.passengers,
      seats: input.seats,
      contactEmail: input.passengers[0]?.email?.trim() ?? '',
      currency: input.paymentDetails.currency.toUpperCase(),
      sellTotalMinor: toMinorUnits(input.paymentDetails.amount, input.paymentDetails.currency),
      // Our payment id, also when the traveller sent the processor's (a Stripe intent's pi_…).
      paymentId: found?.id ?? input.paymentDetails.paymentId,
      providerPaymentId: null,
      siteUrl,
      createdAt: request.now,
      updatedAt: request.now,
    };
  }

  /**
   * Claims the payment for the booking: it must be this brand's, for this offer and these seats
   * and bags, made by this traveller (the account, or the guest checkout's browser), and used by
   * no other booking. Anything else fails the booking. Answers the claimed authorisation.
   */
  async function claimPayment(
    id: string,
    { brand, auth: signedIn, checkoutToken }: CreateContext,
    input: CreateBookingInput,
    found: PaymentAuthorizationRow | undefined,
    now: Date,
  ): Promise<PaymentAuthorizationRow> {
    const owned =
      found?.userId != null
        ? signedIn?.user.id === found.userId
        : ownsCheckout(checkoutToken, found?.ownerTokenHash ?? null);
    // A Stripe intent the browser confirmed: held only if Stripe says so.
    const authorization =
      owned && found?.brandId === brand.id && found.status === 'authorizing'
        ? await confirmHold(id, found, input)
        : found;
    const usable =
      owned &&
      authorization?.brandId === brand.id &&
      authorization.providerPaymentId !== null &&
      authorization.offerId === input.offerId &&
      authorization.mode === parseOfferId(input.offerId).source.mode &&
      sameExtras(authorizationExtras(authorization), input) &&
      (await payments.claim(authorization.id, id, now));
    if (!usable) {
      const failure = paymentErrors.paymentNotUsable();
      await bookings.advance(id, 'pending', 'failed', failedWith(failure), clock());
      throw failure;
    }
    await bookings.update(id, {
      providerPaymentId: authorization.providerPaymentId,
      cardBrand: authorization.cardBrand,
      cardLast4: authorization.cardLast4,
    });
    return authorization;
  }

  /**
   * Re-reads the offer and re-prices it, checks every rule again and orders it from the airline.
   * Expired, changed or refused means the hold is released and the booking fails; an order the
   * airline may or may not have made is left 'ordering' for the reconciler.
   */
  async function placeOrder(
    id: string,
    brand: BrandContext,
    input: CreateBookingInput,
    authorization: PaymentAuthorizationRow,
    now: Date,
  ): Promise<SupplierOrder> {
    let priced: Quote | undefined;
    try {
      priced = await quote(supplier, brand, input.offerId, input, clock());
      // The card holds exactly what the traveller agreed to; a new price needs a new hold.
      if (
        input.paymentDetails.currency.toUpperCase() !== authorization.currency ||
        toMinorUnits(input.paymentDetails.amount, authorization.currency) !==
          authorization.amountMinor
      ) {
        throw paymentErrors.paymentNotUsable();
      }
      if (priced.sellTotalMinor !== authorization.amountMinor)
        throw bookingErrors.amountChanged(priced);
      const passengers = assertPassengers(
        priced.providerOffer,
        input.passengers,
        now.toISOString().slice(0, 10),
      );
      assertSeatRules(priced.providerOffer, passengers, priced.seats);
      const advanced = await bookings.advance(
        id,
        'pending',
        'ordering',
        orderingColumns(priced, passengers),
        clock(),
      );
      if (!advanced) throw bookingErrors.inProgress();
      return await supplier.createOrder(orderInput(id, input.offerId, priced, passengers));
    } catch (caught) {
      if (caught instanceof SupplierError && caught.code === 'order_unconfirmed') {
        // Left 'ordering' and uncertain: the reconciler asks the airline again on a schedule
        // and captures once the order shows; the hold is never released without a person.
        await markUncertain(await mustFind(id), {
          providerCode: caught.details.providerCode ?? 'no_answer',
          requestId: caught.details.requestId ?? null,
        });
        throw bookingErrors.orderUnconfirmed();
      }
      const error = await orderFailure(caught, brand, input, priced);
      const failure = failureOf(error);
      if (!failure) throw error;
      const current = await mustFind(id);
      await rollBack(current, current.status, failure);
      throw error instanceof AppError
        ? error
        : new AppError(failure.status, failure.code, failure.message);
    }
  }

  return {
    async create(context, input, key) {
      const now = clock();
      const id = randomUUID();
      const hash = requestHash(input);
      const found = await findPayment(input.paymentDetails.paymentId);
      const inserted = await bookings.insertIfNew(
        pendingRow(id, context, input, { key, hash, now }, found),
      );
      if (!inserted) return waitForResult(context, key, hash);

      const authorization = await claimPayment(id, context, input, found, now);
      await checkpoint('claimed', id);
      const providerOrder = await placeOrder(id, context.brand, input, authorization, now);
      await bookings.advance(
        id,
        'ordering',
        'capturing',
        {
          providerOrderId: providerOrder.id,
          bookingReference: providerOrder.bookingReference,
          order: providerOrder,
        },
        clock(),
      );
      await checkpoint('ordered', id);
      if (!(await capture(await mustFind(id)))) {
        throw bookingErrors.paymentLapsed();
      }

      // Confirmed and paid: now the confirmation and the stored answer.
      return complete(await mustFind(id), context.brand);
    },

    async paymentCanceled(bookingId) {
      const row = await bookings.find(bookingId);
      if (row?.status !== 'pending') return false;
      await rollBack(row, 'pending', paymentLapsed);
      return (await bookings.find(bookingId))?.status === 'failed';
    },

    async reconcileOne(id) {
      const now = clock();
      const row = await bookings.find(id);
      const unfinished =
        row !== undefined &&
        (['pending', 'ordering', 'capturing', 'voiding'].includes(row.status) ||
          (row.status === 'confirmed' && row.response === null));
      if (!row || !unfinished) return 'nothing';
      if (row.updatedAt.getTime() > now.getTime() - STALE_AFTER_MS) return 'too_soon';
      if (!(await bookings.lease(row.id, now, new Date(now.getTime() + LEASE_MS))))
        return 'too_soon';
      if (row.status === 'confirmed') {
        await completeLater(row.id);
        return 'settled';
      }
      return (await settle(row)) ? 'settled' : 'nothing';
    },

    async reconcile() {
      const now = clock();
      const rows = await bookings.listUnfinished(new Date(now.getTime() - STALE_AFTER_MS), now, 50);
      let settled = 0;
      for (const row of rows) {
        if (!(await bookings.lease(row.id, now, new Date(now.getTime() + LEASE_MS)))) continue;
        if (await settle(row)) settled += 1;
      }
      // Confirmed and paid, but the process died before the traveller was told.
      for (const row of await bookings.listAnswerless(
        new Date(now.getTime() - STALE_AFTER_MS),
        now,
        50,
      )) {
        if (!(await bookings.lease(row.id, now, new Date(now.getTime() + LEASE_MS)))) continue;
        await completeLater(row.id);
        settled += 1;
      }
      return settled;
    },
  };
}
