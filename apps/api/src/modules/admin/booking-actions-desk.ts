/**
 * What staff do with a booking: resend its confirmation, cancel it for the traveller, void a hold
 * left by a failed booking, have it reconciled now, and keep a note, each once per Idempotency-Key
 * with its audit entry.
 */
import type {
  AdminActionResponse,
  AdminBookingDetail,
} from '@contrail/contracts/back-office-bookings';
import { PaymentError } from '../../providers/payments/payment-provider';
import { paymentSourceOf } from '../../providers/payments/payment-sources';
import {
  confirmationOf,
  readStoredOrder,
  readStoredPassengers,
  readStoredSiteUrl,
} from '../bookings';
import { STALE_AFTER_MS } from '../bookings/bookings.service';
import { backOfficeErrors } from './admin.errors';
import type {
  BackOfficeActor,
  BackOfficeGuards,
  BackOfficeServiceDeps,
} from './back-office-access';
import type { BookingRecord } from './back-office-records';
import { blankToNull, snapshot } from './booking-desk.views';

/** The booking desk's own reading of a booking (`back-office.service.ts`), for the actions' answers. */
export interface BookingPages {
  /** The booking, or the same 404 for one that does not exist and one of another brand. */
  bookingRecord: (actor: BackOfficeActor, id: string) => Promise<BookingRecord>;
  detail: (record: BookingRecord) => Promise<AdminBookingDetail>;
  reload: (actor: BackOfficeActor, id: string) => Promise<AdminBookingDetail>;
}

export interface BookingActionsDesk {
  resendConfirmation(actor: BackOfficeActor, id: string, key: string): Promise<AdminActionResponse>;
  /** Cancels with the refund the traveller would get; the e-mail links to the booking's site. */
  /** Cancels for the traveller, confirming the quote `quoteId` staff were shown (when named). */
  cancel(
    actor: BackOfficeActor,
    id: string,
    key: string,
    quoteId?: string,
  ): Promise<AdminActionResponse>;
  voidHold(actor: BackOfficeActor, id: string, key: string): Promise<AdminActionResponse>;
  reconcile(actor: BackOfficeActor, id: string, key: string): Promise<AdminActionResponse>;
  addNote(
    actor: BackOfficeActor,
    id: string,
    body: string,
    key: string,
  ): Promise<AdminActionResponse>;
}

export function createBookingActionsDesk(
  deps: BackOfficeServiceDeps,
  guards: BackOfficeGuards,
  { bookingRecord, detail, reload }: BookingPages,
): BookingActionsDesk {
  const { repository, bookings, trips, payments, processors, brandById, clock } = deps;
  const { requireSteppedUp, audit, onceInTransaction } = guards;

  /**
   * Runs an action that asks a provider (cancel, void, reconcile) once per Idempotency-Key: the
   * key is claimed by writing the audit record (who, what, when, before) before anything is done,
   * so a twin request, in this process or another, finds it taken and answers the booking as it
   * is with `done: false`; the record gets its "after" once the action is done, and is given back
   * if the action fails, so the same key may try again. A crash in between leaves the record
   * pending ({ pending: true }) and the action is not run again under that key.
   */
  async function bookingAction(
    actor: BackOfficeActor,
    id: string,
    action: string,
    key: string,
    perform: (record: BookingRecord) => Promise<unknown>,
  ): Promise<AdminActionResponse> {
    const record = await bookingRecord(actor, id);
    const actorUserId = actor.auth.user.id;
    const claimed = await repository.recordAudit({
      actorUserId,
      actorUsername: actor.auth.user.username,
      action,
      brandId: record.row.brandId,
      targetType: 'booking',
      targetId: id,
      before: snapshot(record),
      after: { pending: true },
      idempotencyKey: key,
      createdAt: clock(),
    });
    if (!claimed) return { done: false, booking: await reload(actor, id) };
    let details: unknown;
    try {
      details = await perform(record);
    } catch (error) {
      await repository.releaseAudit(actorUserId, action, key);
      throw error;
    }
    const after = await bookingRecord(actor, id);
    await repository.completeAudit(actorUserId, action, key, {
      ...snapshot(after),
      ...(details && typeof details === 'object' ? details : {}),
    });
    return { done: true, booking: await detail(after) };
  }

  return {
    async resendConfirmation(actor, id, key) {
      const record = await bookingRecord(actor, id);
      const action = 'booking.email_resent';
      if (await repository.findAudit(actor.auth.user.id, action, key)) {
        return { done: false, booking: await detail(record) };
      }
      const { row } = record;
      const order = readStoredOrder(row.order);
      if (row.status !== 'confirmed' || !order || !row.bookingReference) {
        throw backOfficeErrors.noConfirmation();
      }
      const brand = await brandById(row.brandId);
      if (!brand) throw backOfficeErrors.bookingNotFound();
      const passengers = readStoredPassengers(row.passengers);
      const to = blankToNull(passengers[0]?.email) ?? row.contactEmail;
      // Sent again alone: the e-mail about an account went with the first one.
      const { queued } = await confirmationOf(row, order, brand, {
        to,
        guest: false,
        now: clock(),
      });
      // The e-mail and its audit entry together: a twin request with the same key that
      // finished first leaves this one nothing to write, and no second e-mail.
      const done = await onceInTransaction(async (tx) => {
        await tx.outbox.queue(queued, clock());
        return audit(
          actor,
          {
            action,
            brandId: row.brandId,
            targetType: 'booking',
            targetId: id,
            before: snapshot(record),
            after: { ...snapshot(record), recipient: to },
            key,
          },
          tx.repository,
        );
      });
      return { done, booking: await reload(actor, id) };
    },

    async cancel(actor, id, key, quoteId) {
      requireSteppedUp(actor);
      return bookingAction(actor, id, 'booking.cancelled', key, async ({ row }) => {
        const view = await trips.cancelFor(id, readStoredSiteUrl(row.siteUrl), quoteId);
        return { refundIssued: view.cancellation?.refund ?? null };
      });
    },

    voidHold(actor, id, key) {
      return bookingAction(actor, id, 'booking.hold_voided', key, async (record) => {
        const { row } = record;
        if (record.paymentState !== 'held' || row.status !== 'failed') {
          throw backOfficeErrors.noOpenHold();
        }
        const payment = await payments.find(row.paymentId);
        const providerPaymentId = row.providerPaymentId ?? payment?.providerPaymentId ?? null;
        if (payment?.bookingId !== row.id || !providerPaymentId) {
          throw backOfficeErrors.noOpenHold();
        }
        const processor = processors.of(paymentSourceOf(payment));
        try {
          await processor.void(providerPaymentId);
        } catch (error) {
          if (error instanceof PaymentError && error.code === 'invalid_state') {
            const state = await processor.get(providerPaymentId);
            if (state.status === 'succeeded') {
              throw backOfficeErrors.holdCaptured();
            }
            // Already cancelled at the processor: recording it is all that is left.
          } else {
            throw error;
          }
        }
        await payments.transition(payment.id, 'used', 'voided', clock());
        return { providerPaymentId };
      });
    },

    reconcile(actor, id, key) {
      return bookingAction(actor, id, 'booking.reconciled', key, async ({ row }) => {
        if (row.status === 'cancelling') {
          if (row.updatedAt.getTime() > clock().getTime() - STALE_AFTER_MS) {
            throw backOfficeErrors.reconcileTooSoon();
          }
          if (!(await trips.reconcileCancellation(id))) {
            throw backOfficeErrors.reconcileTooSoon();
          }
          return { outcome: 'settled' };
        }
        const outcome = await bookings.reconcileOne(id);
        if (outcome === 'too_soon') {
          throw backOfficeErrors.reconcileTooSoon();
        }
        if (outcome === 'nothing') {
          throw backOfficeErrors.notReconcilable();
        }
        return { outcome };
      });
    },

    async addNote(actor, id, body, key) {
      const record = await bookingRecord(actor, id);
      if (await repository.findAudit(actor.auth.user.id, 'booking.note_added', key)) {
        return { done: false, booking: await detail(record) };
      }
      const done = await onceInTransaction(async (tx) => {
        const noteId = await tx.repository.addNote(id, actor.auth.user.username, body, clock());
        return audit(
          actor,
          {
            action: 'booking.note_added',
            brandId: record.row.brandId,
            targetType: 'booking',
            targetId: id,
            before: null,
            after: { noteId, body },
            key,
          },
          tx.repository,
        );
      });
      return { done, booking: await reload(actor, id) };
    },
  };
}
