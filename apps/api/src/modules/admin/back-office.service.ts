import { adminMessages } from '@contrail/contracts/admin';
import {
  type AdminBookingDetail,
  type AdminBookingList,
  type AdminBookingSummary,
  type AdminBookingsQuery,
} from '@contrail/contracts/back-office-bookings';
import { type BackOfficeAccess } from '@contrail/contracts/back-office';
import type { CancellationQuote } from '@contrail/contracts/bookings';
import { forbidden, type AppError } from '../../lib/app-error';
import type { Authenticated } from '../auth/auth.service';
import { readOrderUncertainty, readStoredOrder, readStoredPassengers } from '../bookings';
import { bookingRowsOf, findBookingRecord, type BookingRecord } from './back-office-records';
import { backOfficeErrors } from './admin.errors';
import { STEP_UP_TTL_MS } from './admin.service';
import {
  createBackOfficeGuards,
  type BackOfficeActor,
  type BackOfficeServiceDeps,
} from './back-office-access';
import { createBookingActionsDesk, type BookingActionsDesk } from './booking-actions-desk';
import { createDashboardDesk, type DashboardDesk } from './dashboard-desk';
import { createInboxDesk, type InboxDesk } from './inbox-desk';
import { createNewsletterDesk, type NewsletterDesk } from './newsletter-desk';
import { createOutboxDesk, type OutboxDesk } from './outbox-desk';
import { createStaffDesk, type StaffDesk } from './staff-desk';
import { toAdminEmail } from './back-office.views';
import {
  actionsOf,
  assistanceOf,
  itineraryOf,
  money,
  moneyOf,
  nameOf,
  passengerDetail,
  paymentOf,
  routeOf,
  seatsAndBagsOf,
} from './booking-desk.views';

export type { BackOfficeActor, BackOfficeServiceDeps } from './back-office-access';

export interface BackOfficeService
  extends DashboardDesk, BookingActionsDesk, InboxDesk, NewsletterDesk, OutboxDesk, StaffDesk {
  /** The actor of a signed-in user, or a 403 for anyone who is neither admin nor staff. */
  actorOf(auth: Authenticated): Promise<BackOfficeActor>;
  /** Whether the user may open the back office at all (for the site's link to it). */
  opens(user: Pick<Authenticated['user'], 'id' | 'brandId' | 'isAdmin'>): Promise<boolean>;
  access(actor: BackOfficeActor): Promise<BackOfficeAccess>;
  listBookings(actor: BackOfficeActor, query: AdminBookingsQuery): Promise<AdminBookingList>;
  booking(actor: BackOfficeActor, id: string): Promise<AdminBookingDetail>;
  cancelQuote(actor: BackOfficeActor, id: string): Promise<CancellationQuote>;
  /** A 404 unless the record exists and is of a brand the actor may see. */
  assertVisible(actor: BackOfficeActor, kind: RecordKind, id: string): Promise<void>;
}

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
  const { repository, bookingDesk, inbox, newsletter, trips, payments, clock } = deps;
  const guards = createBackOfficeGuards(deps);
  const { visible, narrowed } = guards;

  /** The booking, or the same 404 for one that does not exist and one of another brand. */
  const bookingRecord = async (actor: BackOfficeActor, id: string): Promise<BookingRecord> => {
    const record = await findBookingRecord(deps, payments, id);
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
      deps.emails.emailsFor(row.id),
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

  return {
    ...createInboxDesk(deps, guards),
    ...createNewsletterDesk(deps, guards),
    ...createOutboxDesk(deps, guards),
    ...createStaffDesk(deps, guards),
    ...createDashboardDesk(deps),
    ...createBookingActionsDesk(deps, guards, { bookingRecord, detail, reload }),
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
        brands: await deps.brands.list(actor.scope),
        steppedUpUntil: until && until.getTime() > clock().getTime() ? until.toISOString() : null,
      };
    },

    async listBookings(actor, query) {
      const scope = narrowed(actor, query.brand);
      const { rows, total } = await bookingDesk.list(scope, { ...query, brand: undefined });
      const records = await bookingRowsOf(deps, rows);
      return { items: records.map(summary), total, page: query.page, pageSize: query.pageSize };
    },

    async booking(actor, id) {
      return reload(actor, id);
    },

    async cancelQuote(actor, id) {
      await bookingRecord(actor, id);
      return trips.quoteCancellationFor(id);
    },

    async assertVisible(actor, kind, id) {
      if (!UUID.test(id)) throw notFoundOf(kind);
      const brandId =
        kind === 'booking'
          ? (await bookingDesk.find(id))?.row.brandId
          : kind === 'enquiry'
            ? (await inbox.findEnquiry(id))?.brandId
            : kind === 'subscriber'
              ? (await newsletter.findSubscriber(id))?.brandId
              : (await deps.emails.findEmail(id))?.brandId;
      if (brandId === undefined || !visible(actor, brandId)) throw notFoundOf(kind);
    },
  };
}
