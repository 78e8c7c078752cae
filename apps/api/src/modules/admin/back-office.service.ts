import {
  adminMessages,
  type AdminActionResponse,
  type AdminBookingDetail,
  type AdminBookingList,
  type AdminBookingSummary,
  type AdminBookingsQuery,
  type AdminDashboard,
  type BackOfficeAccess,
  type BackOfficeBrand,
  type DashboardFigures,
} from '@contrail/contracts/admin';
import type { CancellationQuote } from '@contrail/contracts/bookings';
import { fromMinorUnits } from '@contrail/contracts/money';
import { forbidden, type AppError } from '../../lib/app-error';
import { PaymentError } from '../../providers/payments/payment-provider';
import { paymentSourceOf } from '../../providers/payments/payment-sources';
import type { Authenticated } from '../auth/auth.service';
import { STALE_AFTER_MS } from '../bookings/bookings.service';
import {
  bookingEmail,
  readOrderUncertainty,
  readStoredBags,
  readStoredOrder,
  readStoredPassengers,
  readStoredSiteUrl,
  renderConfirmationEmail,
} from '../bookings';
import { toBookingView } from '../bookings/trips.service';
import type { BookingRecord, BrandScope, RevenueRow } from './back-office.repository';
import { backOfficeErrors } from './admin.errors';
import { STEP_UP_TTL_MS } from './admin.service';
import {
  createBackOfficeGuards,
  type BackOfficeActor,
  type BackOfficeServiceDeps,
} from './back-office-access';
import { createInboxDesk, type InboxDesk } from './inbox-desk';
import { createNewsletterDesk, type NewsletterDesk } from './newsletter-desk';
import { createOutboxDesk, type OutboxDesk } from './outbox-desk';
import { createStaffDesk, type StaffDesk } from './staff-desk';
import { toAdminEmail } from './back-office.views';
import {
  actionsOf,
  assistanceOf,
  blankToNull,
  itineraryOf,
  money,
  moneyOf,
  nameOf,
  passengerDetail,
  paymentOf,
  routeOf,
  seatsAndBagsOf,
} from './booking-desk.views';

export type { BackOfficeActor, BackOfficeServiceDeps, Paged } from './back-office-access';

export interface BackOfficeService extends InboxDesk, NewsletterDesk, OutboxDesk, StaffDesk {
  /** The actor of a signed-in user, or a 403 for anyone who is neither admin nor staff. */
  actorOf(auth: Authenticated): Promise<BackOfficeActor>;
  /** Whether the user may open the back office at all (for the site's link to it). */
  opens(user: Pick<Authenticated['user'], 'id' | 'brandId' | 'isAdmin'>): Promise<boolean>;
  access(actor: BackOfficeActor): Promise<BackOfficeAccess>;
  dashboard(actor: BackOfficeActor): Promise<AdminDashboard>;
  listBookings(actor: BackOfficeActor, query: AdminBookingsQuery): Promise<AdminBookingList>;
  booking(actor: BackOfficeActor, id: string): Promise<AdminBookingDetail>;
  cancelQuote(actor: BackOfficeActor, id: string): Promise<CancellationQuote>;
  resendConfirmation(actor: BackOfficeActor, id: string, key: string): Promise<AdminActionResponse>;
  /** Cancels with the refund the traveller would get; the e-mail links to the booking's site. */
  /** Cancels for the traveller, confirming the quote `quoteId` staff were shown (when named). */
  cancel(
    actor: BackOfficeActor,
    id: string,
    key: string,
    quoteId?: string,
  ): Promise<AdminActionResponse>;
  /** A 404 unless the record exists and is of a brand the actor may see. */
  assertVisible(actor: BackOfficeActor, kind: RecordKind, id: string): Promise<void>;
  voidHold(actor: BackOfficeActor, id: string, key: string): Promise<AdminActionResponse>;
  reconcile(actor: BackOfficeActor, id: string, key: string): Promise<AdminActionResponse>;
  addNote(
    actor: BackOfficeActor,
    id: string,
    body: string,
    key: string,
  ): Promise<AdminActionResponse>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export type RecordKind = 'booking' | 'enquiry' | 'subscriber' | 'email';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFoundOf(kind: RecordKind): AppError {
  switch (kind) {
    case 'booking':
      return backOfficeErrors.bookingNotFound();
    case 'enquiry':
      return backOfficeErrors.enquiryNotFound();
    case 'subscriber':
      return backOfficeErrors.subscriberNotFound();
    case 'email':
      return backOfficeErrors.emailNotFound();
  }
}

export function createBackOfficeService(deps: BackOfficeServiceDeps): BackOfficeService {
  const { repository, bookings, trips, payments, processors, brandById, clock } = deps;

  /** The booking, or the same 404 for one that does not exist and one of another brand. */
  const bookingRecord = async (actor: BackOfficeActor, id: string): Promise<BookingRecord> => {
    const record = await repository.findBooking(id);
    if (!record || !visible(actor, record.row.brandId)) {
      throw backOfficeErrors.bookingNotFound();
    }
    return record;
  };

  const summary = (
    record: Pick<BookingRecord, 'brand' | 'paymentState'> & {
      row: Pick<
        BookingRecord['row'],
        | 'id'
        | 'bookingReference'
        | 'status'
        | 'mode'
        | 'contactEmail'
        | 'passengers'
        | 'order'
        | 'sellTotalMinor'
        | 'currency'
        | 'createdAt'
      >;
    },
  ): AdminBookingSummary => {
    const { row } = record;
    const order = readStoredOrder(row.order);
    const lead = readStoredPassengers(row.passengers)[0];
    return {
      id: row.id,
      bookingReference: row.bookingReference,
      brand: record.brand,
      status: row.status,
      paymentState: record.paymentState,
      mode: row.mode,
      contactEmail: row.contactEmail,
      leadPassenger: lead ? nameOf(lead) : '',
      travelDate: order?.slices[0]?.segments[0]?.departing_at.slice(0, 10) ?? null,
      route: routeOf(order),
      sellTotal: money(row.sellTotalMinor, row.currency),
      createdAt: row.createdAt.toISOString(),
    };
  };

  const detail = async (record: BookingRecord): Promise<AdminBookingDetail> => {
    const { row } = record;
    const now = clock();
    const order = readStoredOrder(row.order);
    const passengers = readStoredPassengers(row.passengers);
    const uncertainty = readOrderUncertainty(row.orderUncertainty);
    const [timeline, emails, notes] = await Promise.all([
      repository.timeline(row.id),
      repository.emailsFor(row.id),
      repository.notes(row.id),
    ]);
    return {
      ...summary(record),
      passengers: passengers.map(passengerDetail),
      itinerary: itineraryOf(order),
      ...seatsAndBagsOf(row, order, passengers),
      provider: { flights: row.flightProvider, orderId: row.providerOrderId, offerId: row.offerId },
      money: moneyOf(row),
      orderCheck: row.orderUncertainSince
        ? {
            since: row.orderUncertainSince.toISOString(),
            providerCode: uncertainty?.providerCode ?? 'unknown',
            providerRequestId: uncertainty?.requestId ?? null,
            checks: row.orderChecks,
            nextCheckAt: row.orderNextCheckAt?.toISOString() ?? null,
            holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
            escalated: row.orderEscalatedAt !== null,
          }
        : null,
      assistance: assistanceOf(passengers),
      payment: paymentOf(record),
      failure: row.failureCode
        ? {
            status: row.failureStatus,
            code: row.failureCode,
            message: row.failureMessage ?? '',
          }
        : null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      timeline: timeline.map((event) => ({ status: event.status, at: event.at.toISOString() })),
      emails: emails.map(toAdminEmail),
      notes: notes.map((note) => ({
        id: note.id,
        author: note.author,
        body: note.body,
        createdAt: note.createdAt.toISOString(),
      })),
      actions: actionsOf(record, order, now),
    };
  };

  const reload = async (actor: BackOfficeActor, id: string) =>
    detail(await bookingRecord(actor, id));

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

  const snapshot = (record: BookingRecord) => ({
    status: record.row.status,
    paymentState: record.paymentState,
    refund:
      record.row.refundMinor === null
        ? null
        : fromMinorUnits(record.row.refundMinor, record.row.currency),
  });

  async function figures(
    scope: BrandScope,
    now: Date,
  ): Promise<{ byBrand: Map<string, DashboardFigures>; total: DashboardFigures }> {
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const tomorrow = new Date(today.getTime() + DAY_MS);
    const weekStart = new Date(today.getTime() - 6 * DAY_MS);
    const monthStart = new Date(today.getTime() - 29 * DAY_MS);
    const [day, week, month, daily, failed, holds] = await Promise.all([
      repository.revenue(scope, today, tomorrow),
      repository.revenue(scope, weekStart, tomorrow),
      repository.revenue(scope, monthStart, tomorrow),
      repository.dailyBookings(scope, monthStart, tomorrow),
      repository.failedSince(scope, monthStart),
      repository.openHolds(scope, new Date(now.getTime() - STALE_AFTER_MS)),
    ]);
    const dates = Array.from({ length: 30 }, (_, i) =>
      new Date(monthStart.getTime() + i * DAY_MS).toISOString().slice(0, 10),
    );
    const period = (rows: RevenueRow[]) => {
      const byCurrency = new Map<string, { sell: number; margin: number }>();
      let count = 0;
      for (const row of rows) {
        count += row.bookings;
        const sum = byCurrency.get(row.currency) ?? { sell: 0, margin: 0 };
        sum.sell += row.sellMinor;
        sum.margin += row.marginMinor;
        byCurrency.set(row.currency, sum);
      }
      return {
        bookings: count,
        revenue: [...byCurrency.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, sum]) => ({
            currency,
            sell: fromMinorUnits(sum.sell, currency),
            margin: fromMinorUnits(sum.margin, currency),
          })),
      };
    };
    const of = (brandId: string | null): DashboardFigures => {
      const mine = <T extends { brandId: string }>(rows: T[]) =>
        brandId === null ? rows : rows.filter((row) => row.brandId === brandId);
      const perDay = new Map<string, number>();
      for (const row of mine(daily))
        perDay.set(row.date, (perDay.get(row.date) ?? 0) + row.bookings);
      return {
        today: period(mine(day)),
        week: period(mine(week)),
        month: period(mine(month)),
        daily: dates.map((date) => ({ date, bookings: perDay.get(date) ?? 0 })),
        failed: mine(failed).reduce((sum, row) => sum + row.count, 0),
        openHolds: mine(holds).reduce((sum, row) => sum + row.count, 0),
      };
    };
    const brandIds = new Set(
      [...day, ...week, ...month, ...daily, ...failed, ...holds].map((row) => row.brandId),
    );
    return {
      byBrand: new Map([...brandIds].map((id) => [id, of(id)])),
      total: of(null),
    };
  }

  const guards = createBackOfficeGuards(deps);
  const { visible, narrowed, requireSteppedUp, audit, onceInTransaction } = guards;

  return {
    ...createInboxDesk(deps, guards),
    ...createNewsletterDesk(deps, guards),
    ...createOutboxDesk(deps, guards),
    ...createStaffDesk(deps, guards),
    async actorOf(auth) {
      if (auth.user.isAdmin) return { auth, role: 'platform_admin', scope: null };
      const brandId = await repository.staffBrandOf(auth.user.id);
      // Staff of their own brand, signed in on that brand.
      if (!brandId || brandId !== auth.user.brandId || brandId !== auth.session.brandId) {
        throw forbidden(adminMessages.accessDenied);
      }
      return { auth, role: 'brand_staff', scope: [brandId] };
    },

    async opens(user) {
      if (user.isAdmin) return true;
      return (await repository.staffBrandOf(user.id)) === user.brandId;
    },

    async access(actor) {
      const steppedUp = actor.auth.session.steppedUpAt;
      const until = steppedUp ? new Date(steppedUp.getTime() + STEP_UP_TTL_MS) : null;
      return {
        role: actor.role,
        username: actor.auth.user.username,
        brands: await repository.brands(actor.scope),
        steppedUpUntil: until && until.getTime() > clock().getTime() ? until.toISOString() : null,
      };
    },

    async dashboard(actor) {
      const brands = await repository.brands(actor.scope);
      const { byBrand, total } = await figures(actor.scope, clock());
      const empty = (await figures([], clock())).total;
      return {
        total,
        brands: brands.map((brand: BackOfficeBrand) => ({
          brand,
          figures: byBrand.get(brand.id) ?? empty,
        })),
      };
    },

    async listBookings(actor, query) {
      const scope = narrowed(actor, query.brand);
      const { rows, total } = await repository.listBookings(scope, { ...query, brand: undefined });
      return { items: rows.map(summary), total, page: query.page, pageSize: query.pageSize };
    },

    async booking(actor, id) {
      return reload(actor, id);
    },

    async cancelQuote(actor, id) {
      await bookingRecord(actor, id);
      return trips.quoteCancellationFor(id);
    },

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
      const email = await renderConfirmationEmail({
        brand: brand.brand,
        to,
        bookingReference: row.bookingReference,
        bookingId: row.id,
        passengers: passengers.map((p) => ({
          id: p.id,
          firstName: p.firstName ?? '',
          lastName: p.lastName ?? '',
        })),
        // The slices as the airline confirmed them (the stored order).
        slices: toBookingView(row, clock()).slices,
        bags: readStoredBags(row.bags),
        totalMinor: row.sellTotalMinor,
        currency: row.currency,
        card:
          row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
        // Sent again alone: the e-mail about an account went with the first one.
        guest: false,
        siteUrl: readStoredSiteUrl(row.siteUrl) ?? {
          origin: `https://${brand.key}`,
          brandParam: null,
        },
      });
      // The e-mail and its audit entry together: a twin request with the same key that
      // finished first leaves this one nothing to write, and no second e-mail.
      const done = await onceInTransaction(async (tx) => {
        await tx.outbox.queue(bookingEmail(brand, email, 'booking_confirmation', row.id), clock());
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

    async assertVisible(actor, kind, id) {
      if (!UUID.test(id)) throw notFoundOf(kind);
      const brandId =
        kind === 'booking'
          ? (await repository.findBooking(id))?.row.brandId
          : kind === 'enquiry'
            ? (await repository.findEnquiry(id))?.brand.id
            : kind === 'subscriber'
              ? (await repository.findSubscriber(id))?.brand.id
              : (await repository.findEmail(id))?.brandId;
      if (brandId === undefined || !visible(actor, brandId)) throw notFoundOf(kind);
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
