import {
  adminMessages,
  backOfficeMessages,
  type AdminActionResponse,
  type AdminAuditEntry,
  type AdminBookingDetail,
  type AdminBookingList,
  type AdminBookingSummary,
  type AdminBookingsQuery,
  type AdminDashboard,
  type AdminEmail,
  type AdminEnquiry,
  type AdminMoney,
  type AdminStaffMember,
  type AdminSubscriber,
  type BackOfficeAccess,
  type BackOfficeBrand,
  type DashboardFigures,
} from '@contrail/contracts/admin';
import type { CancellationQuote } from '@contrail/contracts/bookings';
import { contactReasonLabels } from '@contrail/contracts/enquiries';
import { assistanceLabels } from '@contrail/contracts/passengers';
import { emailSchema } from '@contrail/contracts/fields';
import { fromMinorUnits } from '@contrail/contracts/money';
import { forbidden, type AppError } from '../../lib/app-error';
import { PaymentError } from '../../providers/payments/payment-provider';
import { paymentSourceOf, type PaymentSources } from '../../providers/payments/payment-sources';
import type { Authenticated } from '../auth/auth.service';
import type { BookingsService } from '../bookings/bookings.service';
import { STALE_AFTER_MS } from '../bookings/bookings.service';
import {
  bookingEmail,
  readOrderUncertainty,
  readStoredBags,
  readStoredOrder,
  readStoredPassengers,
  readStoredSeats,
  readStoredSiteUrl,
  renderConfirmationEmail,
  type StoredOrder,
  type StoredPassenger,
} from '../bookings';
import { toBookingView, type TripsService } from '../bookings/trips.service';
import type { BrandContext } from '../brands/brands.service';
import { readEnquiryFields } from '../content';
import { brandSender, type EmailOutbox } from '../email';
import { MAX_EMAIL_ATTEMPTS } from '../email/email.service';
import type { PaymentsRepository } from '../payments';
import type {
  AuditRecord,
  BackOfficeRepository,
  BookingRecord,
  BrandScope,
  EmailRecord,
  EnquiryRecord,
  RevenueRow,
  SubscriberRecord,
} from './back-office.repository';
import { backOfficeErrors } from './admin.errors';
import { renderEnquiryReply } from './enquiry-reply-email';
import { STEP_UP_TTL_MS } from './admin.service';

/** Who is acting, and which brands they may see (null: every brand). */
export interface BackOfficeActor {
  auth: Authenticated;
  role: BackOfficeAccess['role'];
  scope: BrandScope;
}

export interface BackOfficeService {
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
  enquiries(
    actor: BackOfficeActor,
    filter: {
      brand?: string | undefined;
      status?: 'open' | 'answered' | undefined;
      kind?: AdminEnquiry['kind'] | undefined;
    },
    page: number,
    pageSize: number,
  ): Promise<Paged<AdminEnquiry>>;
  reply(actor: BackOfficeActor, id: string, message: string, key: string): Promise<AdminEnquiry>;
  subscribers(
    actor: BackOfficeActor,
    filter: { brand?: string | undefined; status?: 'subscribed' | 'unsubscribed' | undefined },
    page: number,
    pageSize: number,
  ): Promise<Paged<AdminSubscriber>>;
  subscribersCsv(actor: BackOfficeActor, brand: string | undefined): Promise<string>;
  unsubscribe(actor: BackOfficeActor, id: string): Promise<AdminSubscriber>;
  outbox(
    actor: BackOfficeActor,
    filter: { brand?: string | undefined; status?: AdminEmail['status'] | undefined },
    page: number,
    pageSize: number,
  ): Promise<Paged<AdminEmail>>;
  resendEmail(actor: BackOfficeActor, id: string): Promise<AdminEmail>;
  audit(
    actor: BackOfficeActor,
    brand: string | undefined,
    page: number,
    pageSize: number,
  ): Promise<Paged<AdminAuditEntry>>;
  listStaff(actor: BackOfficeActor): Promise<AdminStaffMember[]>;
  grantStaff(actor: BackOfficeActor, username: string, brandId: string): Promise<AdminStaffMember>;
  revokeStaff(actor: BackOfficeActor, userId: string): Promise<void>;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface BackOfficeServiceDeps {
  repository: BackOfficeRepository;
  /** Runs `work` on a repository and an outbox bound to one transaction. */
  inTransaction: <T>(
    work: (tx: { repository: BackOfficeRepository; outbox: EmailOutbox }) => Promise<T>,
  ) => Promise<T>;
  bookings: Pick<BookingsService, 'reconcileOne'>;
  trips: Pick<TripsService, 'quoteCancellationFor' | 'cancelFor' | 'reconcileCancellation'>;
  payments: Pick<PaymentsRepository, 'find' | 'transition'>;
  processors: Pick<PaymentSources, 'of'>;
  brandById: (id: string) => Promise<BrandContext | undefined>;
  clock: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const money = (minor: number, currency: string): AdminMoney => ({
  amount: fromMinorUnits(minor, currency),
  currency,
});

/** A passenger's name as the back office shows it (blank while the request's has none). */
function nameOf(p: StoredPassenger): string {
  return `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();
}

const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value;

function routeOf(order: StoredOrder | null): string | null {
  if (!order || order.slices.length === 0) return null;
  const first = order.slices[0];
  if (!first) return null;
  const points = [first.origin.iata_code, first.destination.iata_code];
  const last = order.slices.at(-1);
  // A round trip back to where it began reads LHR ⇄ JFK; others list each slice's end.
  if (order.slices.length === 2 && last?.destination.iata_code === first.origin.iata_code) {
    return `${points[0] ?? ''} ⇄ ${points[1] ?? ''}`;
  }
  for (const slice of order.slices.slice(1)) points.push(slice.destination.iata_code);
  return points.join(' → ');
}

function emailStatus(record: EmailRecord): AdminEmail['status'] {
  if (record.sentAt) return 'sent';
  return record.attempts >= MAX_EMAIL_ATTEMPTS ? 'failed' : 'queued';
}

function toAdminEmail(record: EmailRecord): AdminEmail {
  return {
    id: record.id,
    brandId: record.brandId,
    kind: record.kind,
    recipient: record.recipient,
    subject: record.subject,
    status: emailStatus(record),
    attempts: record.attempts,
    lastError: record.lastError,
    relatedId: record.relatedId,
    createdAt: record.createdAt.toISOString(),
    sentAt: record.sentAt?.toISOString() ?? null,
  };
}

function toEnquiry(record: EnquiryRecord): AdminEnquiry {
  const data = readEnquiryFields(record.fields);
  const canReply = emailSchema.safeParse(record.email).success;
  if (record.kind === 'lookup') {
    // A retrieve-booking look-up: what was typed, and what the traveller was answered.
    const reference = data.bookingReference ?? '';
    return {
      ...common(record, canReply),
      name: '',
      subject: lookupSubject,
      message: `Booking reference: ${reference}`,
      bookingReference: reference || null,
      lookup: { found: data.found === true, bookingId: data.bookingId ?? null },
    };
  }
  const name =
    data.fullName ??
    [data.firstName, data.lastName]
      .filter((part) => part)
      .join(' ')
      .trim();
  return {
    ...common(record, canReply),
    name,
    subject:
      data.subject ??
      (data.reason && data.reason in contactReasonLabels
        ? contactReasonLabels[data.reason as keyof typeof contactReasonLabels]
        : ''),
    message: data.message ?? '',
    bookingReference: data.bookingReference ?? null,
    lookup: null,
  };
}

/** The inbox's title for a retrieve-booking look-up. */
const lookupSubject = 'Find my booking';

function common(record: EnquiryRecord, canReply: boolean) {
  return {
    id: record.id,
    reference: record.reference,
    brand: record.brand,
    kind: record.kind,
    status: record.answeredAt ? ('answered' as const) : ('open' as const),
    email: record.email,
    canReply,
    createdAt: record.createdAt.toISOString(),
    answeredAt: record.answeredAt?.toISOString() ?? null,
    replies: record.replies.map((reply) => ({
      author: reply.author,
      body: reply.body,
      createdAt: reply.createdAt.toISOString(),
    })),
  };
}

function toSubscriber(record: SubscriberRecord): AdminSubscriber {
  return {
    id: record.id,
    brand: record.brand,
    email: record.email,
    subscribedAt: record.createdAt.toISOString(),
    unsubscribedAt: record.unsubscribedAt?.toISOString() ?? null,
  };
}

function toAuditEntry(record: AuditRecord): AdminAuditEntry {
  return {
    id: record.id,
    actor: record.actorUsername,
    action: record.action,
    brandId: record.brandId,
    targetType: record.targetType,
    targetId: record.targetId,
    before: record.before ?? null,
    after: record.after ?? null,
    details: record.details,
    createdAt: record.createdAt.toISOString(),
  };
}

/** A CSV field, quoted; a leading =, +, - or @ is defused so that no spreadsheet runs it. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export type RecordKind = 'booking' | 'enquiry' | 'subscriber' | 'email';

/** Thrown to roll back work whose audit entry a twin request (same key) wrote first. */
class RepeatedAction extends Error {}

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

const UNFINISHED = new Set(['pending', 'ordering', 'capturing', 'voiding']);

/** A passenger as the booking's page shows them. */
/** The assistance requests of a booking's passengers, with the SSR code's meaning. */
function assistanceOf(passengers: StoredPassenger[]): AdminBookingDetail['assistance'] {
  return passengers.flatMap((p) =>
    p.assistance
      ? [
          {
            passenger: nameOf(p),
            code: p.assistance,
            label:
              (assistanceLabels as Record<string, string | undefined>)[p.assistance] ??
              p.assistance,
          },
        ]
      : [],
  );
}

function passengerDetail(p: StoredPassenger): AdminBookingDetail['passengers'][number] {
  return {
    type: p.type,
    title: p.title ?? null,
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    dateOfBirth: p.dateOfBirth ?? null,
    // Only the lead passenger gives contact details; the others' are blank.
    email: blankToNull(p.email),
    phone: blankToNull(p.phone),
  };
}

/** The booked flights, slice by slice. */
function itineraryOf(order: StoredOrder | null): AdminBookingDetail['itinerary'] {
  return (order?.slices ?? []).map((slice) => ({
    origin: slice.origin.iata_code,
    destination: slice.destination.iata_code,
    segments: slice.segments.map((segment) => ({
      origin: segment.origin.iata_code,
      destination: segment.destination.iata_code,
      departingAt: segment.departing_at,
      arrivingAt: segment.arriving_at,
      carrier: segment.operating_carrier.name,
      flightNumber: segment.flight_number,
    })),
  }));
}

/** The seats and bags bought, each with its passenger's name and its flights' route. */
function seatsAndBagsOf(
  row: BookingRecord['row'],
  order: StoredOrder | null,
  passengers: StoredPassenger[],
): Pick<AdminBookingDetail, 'seats' | 'bags'> {
  const segments = new Map(
    (order?.slices ?? []).flatMap((slice) =>
      slice.segments.map((segment) => [
        segment.id,
        `${segment.origin.iata_code}–${segment.destination.iata_code}`,
      ]),
    ),
  );
  const names = new Map(passengers.map((p) => [p.id, nameOf(p)]));
  return {
    seats: readStoredSeats(row.seats).map((seat) => ({
      passenger: names.get(seat.passengerId) ?? seat.passengerId,
      segment: segments.get(seat.segmentId) ?? seat.segmentId,
      designator: seat.designator,
    })),
    bags: readStoredBags(row.bags).map((bag) => ({
      passenger: names.get(bag.passengerId) ?? bag.passengerId,
      route: bag.segmentIds.map((id) => segments.get(id) ?? id).join(', '),
      quantity: bag.quantity,
    })),
  };
}

/** What the traveller paid, what the flights cost, the margin between and any refund. */
function moneyOf(row: BookingRecord['row']): AdminBookingDetail['money'] {
  const cost = row.providerTotalMinor === null ? null : money(row.providerTotalMinor, row.currency);
  return {
    sell: money(row.sellTotalMinor, row.currency),
    providerCost: cost,
    seats: row.seatsTotalMinor === null ? null : money(row.seatsTotalMinor, row.currency),
    bags: row.bagsTotalMinor === null ? null : money(row.bagsTotalMinor, row.currency),
    margin:
      row.providerTotalMinor === null
        ? null
        : money(row.sellTotalMinor - row.providerTotalMinor, row.currency),
    refund: row.refundMinor === null ? null : money(row.refundMinor, row.currency),
  };
}

/** The payment: its processor, its ids, how its authorization stands and the card. */
function paymentOf(record: BookingRecord): AdminBookingDetail['payment'] {
  const { row } = record;
  return {
    processor: row.paymentProvider,
    paymentId: row.paymentId,
    providerPaymentId: row.providerPaymentId,
    authorizationStatus: record.authorizationStatus,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    ...processorRecordOf(record.processorRecord, row.currency),
  };
}

/** Refunds and a dispute the processor's events recorded, whoever made them. */
function processorRecordOf(
  record: BookingRecord['processorRecord'],
  currency: string,
): Pick<AdminBookingDetail['payment'], 'refundedAtProcessor' | 'dispute'> {
  if (!record) return { refundedAtProcessor: null, dispute: null };
  const { disputeId, disputeStatus, disputeReason } = record;
  return {
    refundedAtProcessor: record.refundedMinor > 0 ? money(record.refundedMinor, currency) : null,
    dispute:
      disputeId && disputeStatus && disputeReason
        ? {
            id: disputeId,
            status: disputeStatus,
            amount: money(record.disputeAmountMinor ?? 0, currency),
            reason: disputeReason,
            evidenceDueBy: record.disputeEvidenceDueBy?.toISOString() ?? null,
          }
        : null,
  };
}

/** What staff may do with the booking now. */
function actionsOf(
  record: BookingRecord,
  order: StoredOrder | null,
  now: Date,
): AdminBookingDetail['actions'] {
  const { row } = record;
  const stale = row.updatedAt.getTime() <= now.getTime() - STALE_AFTER_MS;
  return {
    resendEmail: row.status === 'confirmed' && order !== null && row.bookingReference !== null,
    // What the traveller may cancel, staff may: confirmed and not yet flown.
    cancel: toBookingView(row, now).canCancel,
    voidHold: record.paymentState === 'held' && row.status === 'failed',
    reconcile:
      stale &&
      (UNFINISHED.has(row.status) ||
        row.status === 'cancelling' ||
        (row.status === 'confirmed' && row.response === null)),
  };
}

export function createBackOfficeService(deps: BackOfficeServiceDeps): BackOfficeService {
  const { repository, bookings, trips, payments, processors, brandById, clock } = deps;

  const visible = (actor: BackOfficeActor, brandId: string | null) =>
    actor.scope === null || (brandId !== null && actor.scope.includes(brandId));

  /** The scope of a list: the actor's, narrowed to `brand` (403 for a brand not theirs). */
  const narrowed = (actor: BackOfficeActor, brand: string | undefined): BrandScope => {
    if (brand === undefined) return actor.scope;
    if (!visible(actor, brand)) throw forbidden(backOfficeMessages.accessDenied);
    return [brand];
  };

  const requirePlatformAdmin = (actor: BackOfficeActor) => {
    if (actor.role !== 'platform_admin') throw forbidden(backOfficeMessages.accessDenied);
  };

  const requireSteppedUp = (actor: BackOfficeActor) => {
    const at = actor.auth.session.steppedUpAt;
    if (!at || clock().getTime() - at.getTime() > STEP_UP_TTL_MS) {
      throw backOfficeErrors.stepUpRequired();
    }
  };

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

  const enquiryRecord = async (actor: BackOfficeActor, id: string) => {
    const record = await repository.findEnquiry(id);
    if (!record || !visible(actor, record.brand.id)) {
      throw backOfficeErrors.enquiryNotFound();
    }
    return record;
  };

  const audit = (
    actor: BackOfficeActor,
    entry: {
      action: string;
      brandId: string | null;
      targetType: string;
      targetId: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      key?: string;
    },
    repo: BackOfficeRepository = repository,
  ) =>
    repo.recordAudit({
      actorUserId: actor.auth.user.id,
      actorUsername: actor.auth.user.username,
      action: entry.action,
      brandId: entry.brandId,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before,
      after: entry.after,
      idempotencyKey: entry.key ?? null,
      createdAt: clock(),
    });

  /**
   * Runs `work` in one transaction; `work` answers whether its audit entry was written. When it was
   * not (a twin with the same Idempotency-Key got there first), everything is rolled back and the
   * answer is false: done once, by the twin.
   */
  const onceInTransaction = async (
    work: (tx: { repository: BackOfficeRepository; outbox: EmailOutbox }) => Promise<boolean>,
  ): Promise<boolean> => {
    try {
      return await deps.inTransaction(async (tx) => {
        if (!(await work(tx))) throw new RepeatedAction();
        return true;
      });
    } catch (error) {
      if (error instanceof RepeatedAction) return false;
      throw error;
    }
  };

  return {
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

    async enquiries(actor, filter, page, pageSize) {
      const scope = narrowed(actor, filter.brand);
      const { rows, total } = await repository.listEnquiries(
        scope,
        { status: filter.status, kind: filter.kind },
        page,
        pageSize,
      );
      return { items: rows.map(toEnquiry), total, page, pageSize };
    },

    async reply(actor, id, message, key) {
      const record = await enquiryRecord(actor, id);
      if (await repository.findAudit(actor.auth.user.id, 'enquiry.replied', key)) {
        return toEnquiry(await enquiryRecord(actor, id));
      }
      const brand = await brandById(record.brand.id);
      if (!brand) throw backOfficeErrors.enquiryNotFound();
      const enquiry = toEnquiry(record);
      if (!enquiry.canReply) {
        throw backOfficeErrors.noReplyAddress();
      }
      const email = await renderEnquiryReply({
        brand: brand.brand,
        kind: enquiry.kind,
        name: enquiry.name,
        reference: enquiry.reference,
        bookingReference: enquiry.bookingReference,
        subject: enquiry.subject,
        original: enquiry.message,
        reply: message,
      });
      await onceInTransaction(async (tx) => {
        const now = clock();
        await tx.repository.addReply(id, actor.auth.user.username, message, now);
        await tx.outbox.queue(
          {
            brandId: brand.id,
            recipient: record.email.trim(),
            ...brandSender(brand.brand),
            subject: email.subject,
            html: email.html,
            text: email.text,
            kind: 'enquiry_reply',
            relatedId: id,
          },
          now,
        );
        return audit(
          actor,
          {
            action: 'enquiry.replied',
            brandId: brand.id,
            targetType: 'enquiry',
            targetId: id,
            before: { status: enquiry.status },
            after: { status: 'answered', reply: message },
            key,
          },
          tx.repository,
        );
      });
      return toEnquiry(await enquiryRecord(actor, id));
    },

    async subscribers(actor, filter, page, pageSize) {
      const scope = narrowed(actor, filter.brand);
      const { rows, total } = await repository.listSubscribers(
        scope,
        filter.status,
        page,
        pageSize,
      );
      return { items: rows.map(toSubscriber), total, page, pageSize };
    },

    async subscribersCsv(actor, brand) {
      const rows = await repository.allSubscribers(narrowed(actor, brand));
      const lines = [
        ['email', 'brand', 'consented_at', 'unsubscribed_at'].join(','),
        ...rows.map((row) =>
          [
            csvField(row.email),
            csvField(row.brand.domain),
            csvField(row.createdAt.toISOString()),
            csvField(row.unsubscribedAt?.toISOString() ?? ''),
          ].join(','),
        ),
      ];
      return `${lines.join('\r\n')}\r\n`;
    },

    async unsubscribe(actor, id) {
      const record = await repository.findSubscriber(id);
      if (!record || !visible(actor, record.brand.id)) {
        throw backOfficeErrors.subscriberNotFound();
      }
      if (record.unsubscribedAt) {
        // Already off the list: the same answer, nothing written twice.
        return toSubscriber(record);
      }
      await deps.inTransaction(async (tx) => {
        if (!(await tx.repository.unsubscribe(id, clock()))) return;
        await audit(
          actor,
          {
            action: 'newsletter.unsubscribed',
            brandId: record.brand.id,
            targetType: 'subscriber',
            targetId: id,
            before: { email: record.email, unsubscribedAt: null },
            after: { email: record.email, unsubscribedAt: clock().toISOString() },
          },
          tx.repository,
        );
      });
      const after = await repository.findSubscriber(id);
      if (!after) throw backOfficeErrors.subscriberNotFound();
      return toSubscriber(after);
    },

    async outbox(actor, filter, page, pageSize) {
      const scope = narrowed(actor, filter.brand);
      const { rows, total } = await repository.listEmails(
        scope,
        { status: filter.status, maxAttempts: MAX_EMAIL_ATTEMPTS },
        page,
        pageSize,
      );
      return { items: rows.map(toAdminEmail), total, page, pageSize };
    },

    async resendEmail(actor, id) {
      const record = await repository.findEmail(id);
      // Mail of no brand (none today) is the platform admin's only.
      if (!record || !visible(actor, record.brandId)) {
        throw backOfficeErrors.emailNotFound();
      }
      if (emailStatus(record) !== 'failed') {
        // Queued again already (or sent): a repeated click changes nothing.
        if (record.sentAt === null && record.attempts === 0) return toAdminEmail(record);
        throw backOfficeErrors.emailNotFailed();
      }
      if (!record.hasBody) throw backOfficeErrors.emailBodyGone();
      await deps.inTransaction(async (tx) => {
        if (!(await tx.repository.requeueEmail(id, MAX_EMAIL_ATTEMPTS, clock()))) return;
        await audit(
          actor,
          {
            action: 'email.requeued',
            brandId: record.brandId,
            targetType: 'email',
            targetId: id,
            before: { status: 'failed', attempts: record.attempts, lastError: record.lastError },
            after: { status: 'queued', attempts: 0 },
          },
          tx.repository,
        );
      });
      const after = await repository.findEmail(id);
      if (!after) throw backOfficeErrors.emailNotFound();
      return toAdminEmail(after);
    },

    async audit(actor, brand, page, pageSize) {
      const scope = narrowed(actor, brand);
      const { rows, total } = await repository.listAudit(scope, page, pageSize);
      return { items: rows.map(toAuditEntry), total, page, pageSize };
    },

    async listStaff(actor) {
      requirePlatformAdmin(actor);
      return (await repository.listStaff()).map(toStaffMember);
    },

    async grantStaff(actor, username, brandId) {
      requirePlatformAdmin(actor);
      requireSteppedUp(actor);
      const user = await repository.findBrandUser(brandId, username);
      if (!user) {
        throw backOfficeErrors.userNotFound();
      }
      if (user.isAdmin) throw backOfficeErrors.alreadyAdmin();
      const existing = await repository.findStaff(user.id);
      if (existing) return toStaffMember(existing);
      await deps.inTransaction(async (tx) => {
        await tx.repository.grantStaff(user.id, brandId, actor.auth.user.username, clock());
        await audit(
          actor,
          {
            action: 'staff.granted',
            brandId,
            targetType: 'user',
            targetId: user.id,
            before: { role: null },
            after: { role: 'brand_staff', username: user.username },
          },
          tx.repository,
        );
      });
      const granted = await repository.findStaff(user.id);
      if (!granted) throw new Error('staff grant not written');
      return toStaffMember(granted);
    },

    async revokeStaff(actor, userId) {
      requirePlatformAdmin(actor);
      requireSteppedUp(actor);
      const existing = await repository.findStaff(userId);
      if (!existing) return;
      await deps.inTransaction(async (tx) => {
        if (!(await tx.repository.revokeStaff(userId))) return;
        await audit(
          actor,
          {
            action: 'staff.revoked',
            brandId: existing.brand.id,
            targetType: 'user',
            targetId: userId,
            before: { role: 'brand_staff', username: existing.username },
            after: { role: null },
          },
          tx.repository,
        );
      });
    },
  };
}

function toStaffMember(record: {
  userId: string;
  username: string;
  email: string;
  brand: BackOfficeBrand;
  grantedBy: string;
  grantedAt: Date;
}): AdminStaffMember {
  return {
    userId: record.userId,
    username: record.username,
    email: record.email,
    brand: record.brand,
    grantedBy: record.grantedBy,
    grantedAt: record.grantedAt.toISOString(),
  };
}
