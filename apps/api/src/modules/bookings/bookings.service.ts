import { randomUUID } from 'node:crypto';
import type { PaymentSources } from '../../providers/payments/payment-sources';
import type { FlightSupplier } from '../../providers/flights/flight-supplier';
import type { AccountLinksService } from '../auth/account-links.service';
import type { BrandContext } from '../brands/brands.service';
import type { PaymentsRepository } from '../payments';
import type { EmailOutbox } from '../email';
import { bookingErrors, storedFailure } from './bookings.errors';
import type { BookingsRepository } from './bookings.repository';
import {
  readOrderUncertainty,
  readStoredPassengers,
  type StoredBookingResult,
} from './bookings.columns';
import type { BookingRow } from './bookings.table';
import { bookingConfirmation } from './booking-confirmation';
import { bookingOrders } from './booking-orders';
import { bookingReplays } from './booking-replays';
import {
  pendingRow,
  requestHash,
  type CreateBookingInput,
  type CreateContext,
} from './booking-request';
import { bookingSettling, paymentLapsed } from './booking-settling';
import { paymentClaims } from './payment-claims';

/** A booking left between steps this long is the reconciler's to finish or roll back. */
export const STALE_AFTER_MS = 2 * 60 * 1000;
const LEASE_MS = 60 * 1000;

export type BookingStep = 'claimed' | 'ordered' | 'captured';

type BookingResult = StoredBookingResult;

export interface BookingsService {
  create(context: CreateContext, input: CreateBookingInput, key: string): Promise<BookingResult>;
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

export function createBookingsService(deps: BookingsServiceDeps): BookingsService {
  const { bookings, payments, supplier, processors, clock } = deps;
  const alert = (details: Record<string, unknown>, message: string) =>
    deps.log?.error(details, message);
  const checkpoint = async (step: BookingStep, id: string) => {
    if (deps.afterStep) await deps.afterStep(step, id);
  };
  const settling = bookingSettling({
    bookings,
    payments,
    supplier,
    processors,
    clock,
    alert,
    checkpoint,
  });
  const { mustFind, rollBack, capture, markUncertain } = settling;
  const { complete, completeLater } = bookingConfirmation({ ...deps, mustFind });
  const { findPayment, claimPayment } = paymentClaims(deps);
  const { placeOrder } = bookingOrders({ bookings, supplier, clock, settling });
  const { waitForResult } = bookingReplays(deps);

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
