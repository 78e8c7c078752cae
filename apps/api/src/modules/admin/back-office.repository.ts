import type {
  AdminBookingsQuery,
  AdminBookingState,
  PaymentState,
} from '@contrail/contracts/admin';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { users } from '../auth/auth.table';
import { bookings, type BookingRow } from '../bookings/bookings.table';
import { brands } from '../brands/brands.table';
import { enquiries, newsletterSubscriptions } from '../content/content.table';
import { emailOutbox } from '../email/email.table';
import { paymentAuthorizations } from '../payments/payments.table';
import { readAuditDetails, readAuditSnapshot } from './admin.columns';
import {
  auditLog,
  bookingCounts,
  bookingEvents,
  bookingNotes,
  brandStaff,
  enquiryReplies,
  bookingPassengerNames,
} from './admin.table';

interface BrandRef {
  id: string;
  name: string;
  domain: string;
}

/** Which brands a query may read: every brand (null) or these. */
export type BrandScope = readonly string[] | null;

interface BookingListRow {
  row: Pick<
    BookingRow,
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
  brand: BrandRef;
  paymentState: PaymentState;
}

export interface BookingRecord {
  row: BookingRow;
  brand: BrandRef;
  paymentState: PaymentState;
  authorizationStatus: string | null;
  /** What the processor's events recorded on the claimed payment: refunds and a dispute. */
  processorRecord: {
    refundedMinor: number;
    disputeId: string | null;
    disputeStatus: string | null;
    disputeAmountMinor: number | null;
    disputeReason: string | null;
    disputeEvidenceDueBy: Date | null;
  } | null;
}

export interface EmailRecord {
  id: string;
  brandId: string | null;
  kind: string;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  relatedId: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
  /** Blank once a secret (a reset link) was sent or given up. */
  hasBody: boolean;
}

export interface EnquiryRecord {
  id: string;
  reference: string;
  brand: BrandRef;
  kind: 'contact' | 'support' | 'lookup';
  email: string;
  fields: unknown;
  createdAt: Date;
  answeredAt: Date | null;
  replies: { author: string; body: string; createdAt: Date }[];
}

export interface SubscriberRecord {
  id: string;
  brand: BrandRef;
  email: string;
  createdAt: Date;
  unsubscribedAt: Date | null;
}

export interface AuditRecord {
  id: string;
  actorUsername: string;
  action: string;
  brandId: string | null;
  targetType: string | null;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

interface NewAuditRecord {
  actorUserId: string;
  actorUsername: string;
  action: string;
  brandId: string | null;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  idempotencyKey: string | null;
  createdAt: Date;
}

interface StaffRecord {
  userId: string;
  username: string;
  email: string;
  brand: BrandRef;
  grantedBy: string;
  grantedAt: Date;
}

/** Sold bookings of a period, per brand and currency. */
export interface RevenueRow {
  brandId: string;
  currency: string;
  bookings: number;
  sellMinor: number;
  marginMinor: number;
}

interface Page<T> {
  rows: T[];
  total: number;
}

const brandRef = { id: brands.id, name: brands.name, domain: brands.domain };

/** The payment row this booking claimed (a payment another booking used is not its). */
const claimedPayment = and(
  eq(paymentAuthorizations.id, bookings.paymentId),
  eq(paymentAuthorizations.bookingId, bookings.id),
);

/** Where the traveller's money stands, from the booking's state and the payment it claimed. */
const paymentStateSql = sql<PaymentState>`case
  when ${bookings.status} = 'cancelled' and coalesce(${bookings.refundMinor}, 0) > 0 then 'refunded'
  when ${bookings.status} in ('confirmed', 'cancelling', 'cancelled') then 'captured'
  when ${paymentAuthorizations.status} = 'voided' then 'released'
  when ${paymentAuthorizations.status} = 'used' then 'held'
  else 'none' end`;

/**
 * The same states as conditions the indexes serve: a sold booking's state is its own; only the
 * others (being made, or failed) look at the payment they claimed.
 */
function paymentStateIs(state: PaymentState): SQL {
  const claimed = (status: 'used' | 'voided') => sql`exists (
    select 1 from ${paymentAuthorizations}
    where ${paymentAuthorizations.id} = ${bookings.paymentId}
      and ${paymentAuthorizations.bookingId} = ${bookings.id}
      and ${paymentAuthorizations.status} = ${status})`;
  const unsold = sql`${bookings.status} in ('pending', 'ordering', 'capturing', 'voiding', 'failed')`;
  switch (state) {
    case 'refunded':
      return sql`(${bookings.status} = 'cancelled' and ${bookings.refundMinor} > 0)`;
    case 'captured':
      return sql`(${bookings.status} in ('confirmed', 'cancelling') or (${bookings.status} = 'cancelled' and coalesce(${bookings.refundMinor}, 0) = 0))`;
    case 'released':
      return sql`(${unsold} and ${claimed('voided')})`;
    case 'held':
      return sql`(${unsold} and not ${claimed('voided')} and ${claimed('used')})`;
    case 'none':
      return sql`(${unsold} and not ${claimed('voided')} and not ${claimed('used')})`;
  }
}

/** The first flight's local departure date (the traveller's travel date). */
const travelDateSql = sql<
  string | null
>`left(${bookings.order} #>> '{slices,0,segments,0,departing_at}', 10)`;

/** `value` as a LIKE prefix, its wildcards taken literally. */
function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

function scoped(column: AnyPgColumn, scope: BrandScope): SQL | undefined {
  if (scope === null) return undefined;
  return scope.length === 0 ? sql`false` : inArray(column, [...scope]);
}

export interface BackOfficeRepository {
  brands(scope: BrandScope): Promise<BrandRef[]>;
  staffBrandOf(userId: string): Promise<string | undefined>;

  listBookings(scope: BrandScope, query: AdminBookingsQuery): Promise<Page<BookingListRow>>;
  findBooking(id: string): Promise<BookingRecord | undefined>;
  timeline(bookingId: string): Promise<{ status: string; at: Date }[]>;
  notes(
    bookingId: string,
  ): Promise<{ id: string; author: string; body: string; createdAt: Date }[]>;
  addNote(bookingId: string, author: string, body: string, now: Date): Promise<string>;
  emailsFor(bookingId: string): Promise<EmailRecord[]>;

  listEmails(
    scope: BrandScope,
    filter: { status?: 'queued' | 'sent' | 'failed' | undefined; maxAttempts: number },
    page: number,
    pageSize: number,
  ): Promise<Page<EmailRecord>>;
  findEmail(id: string): Promise<EmailRecord | undefined>;
  /** Queues a failed message again (attempts from zero); false when it was not failed. */
  requeueEmail(id: string, maxAttempts: number, now: Date): Promise<boolean>;

  listEnquiries(
    scope: BrandScope,
    filter: {
      status?: 'open' | 'answered' | undefined;
      kind?: EnquiryRecord['kind'] | undefined;
    },
    page: number,
    pageSize: number,
  ): Promise<Page<EnquiryRecord>>;
  findEnquiry(id: string): Promise<EnquiryRecord | undefined>;
  addReply(enquiryId: string, author: string, body: string, now: Date): Promise<void>;

  listSubscribers(
    scope: BrandScope,
    status: 'subscribed' | 'unsubscribed' | undefined,
    page: number,
    pageSize: number,
  ): Promise<Page<SubscriberRecord>>;
  allSubscribers(scope: BrandScope): Promise<SubscriberRecord[]>;
  findSubscriber(id: string): Promise<SubscriberRecord | undefined>;
  unsubscribe(id: string, now: Date): Promise<boolean>;

  /**
   * Writes the entry; false (nothing written) when an entry of the same actor, action and
   * Idempotency-Key exists already: a request that raced its twin to the same key.
   */
  recordAudit(entry: NewAuditRecord): Promise<boolean>;
  findAudit(actorUserId: string, action: string, key: string): Promise<AuditRecord | undefined>;
  /** Writes what an action claimed by its audit record (recordAudit) ended with. */
  completeAudit(
    actorUserId: string,
    action: string,
    key: string,
    after: Record<string, unknown>,
  ): Promise<void>;
  /** Gives back a claim whose action failed, so that the same key may try it again. */
  releaseAudit(actorUserId: string, action: string, key: string): Promise<void>;
  listAudit(scope: BrandScope, page: number, pageSize: number): Promise<Page<AuditRecord>>;

  revenue(scope: BrandScope, from: Date, to: Date): Promise<RevenueRow[]>;
  dailyBookings(
    scope: BrandScope,
    from: Date,
    to: Date,
  ): Promise<{ brandId: string; date: string; bookings: number }[]>;
  failedSince(scope: BrandScope, from: Date): Promise<{ brandId: string; count: number }[]>;
  openHolds(scope: BrandScope, staleBefore: Date): Promise<{ brandId: string; count: number }[]>;

  listStaff(): Promise<StaffRecord[]>;
  findBrandUser(
    brandId: string,
    username: string,
  ): Promise<{ id: string; username: string; isAdmin: boolean } | undefined>;
  grantStaff(userId: string, brandId: string, grantedBy: string, now: Date): Promise<void>;
  findStaff(userId: string): Promise<StaffRecord | undefined>;
  revokeStaff(userId: string): Promise<boolean>;
}

/** The audit record an actor's action wrote under an Idempotency-Key (one at most). */
const auditKey = (actorUserId: string, action: string, key: string) =>
  and(
    eq(auditLog.actorUserId, actorUserId),
    eq(auditLog.action, action),
    eq(auditLog.idempotencyKey, key),
  );

const emailColumns = {
  id: emailOutbox.id,
  brandId: emailOutbox.brandId,
  kind: emailOutbox.kind,
  recipient: emailOutbox.recipient,
  subject: emailOutbox.subject,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  relatedId: emailOutbox.relatedId,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  hasBody: sql<boolean>`(${emailOutbox.text} <> '' or ${emailOutbox.html} <> '')`.mapWith(Boolean),
};

const enquiryColumns = {
  id: enquiries.id,
  reference: enquiries.reference,
  kind: enquiries.kind,
  email: enquiries.email,
  fields: enquiries.fields,
  createdAt: enquiries.createdAt,
  answeredAt: enquiries.answeredAt,
  brand: brandRef,
};

const subscriberColumns = {
  id: newsletterSubscriptions.id,
  email: newsletterSubscriptions.email,
  createdAt: newsletterSubscriptions.createdAt,
  unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
  brand: brandRef,
};

const toAudit = (row: typeof auditLog.$inferSelect): AuditRecord => ({
  id: row.id,
  actorUsername: row.actorUsername,
  action: row.action,
  brandId: row.brandId,
  targetType: row.targetType,
  targetId: row.targetId,
  before: readAuditSnapshot('before', row.before),
  after: readAuditSnapshot('after', row.after),
  details: readAuditDetails(row.details),
  createdAt: row.createdAt,
});

const staffColumns = {
  userId: brandStaff.userId,
  username: users.username,
  email: users.email,
  grantedBy: brandStaff.grantedBy,
  grantedAt: brandStaff.grantedAt,
  brand: brandRef,
};

/** The conditions the bookings list's filters and search put on the bookings. */
function bookingConditions(scope: BrandScope, query: AdminBookingsQuery): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [scoped(bookings.brandId, scope)];
  if (query.brand) conditions.push(eq(bookings.brandId, query.brand));
  if (query.status) conditions.push(eq(bookings.status, query.status));
  if (query.payment) conditions.push(paymentStateIs(query.payment));
  if (query.queue === 'order_uncertain') {
    conditions.push(
      sql`${bookings.status} = 'ordering' and ${bookings.orderUncertainSince} is not null`,
    );
  }
  if (query.queue === 'assistance') {
    conditions.push(
      sql`${bookings.status} = 'confirmed' and jsonb_path_exists(${bookings.passengers}, '$[*].assistance')`,
    );
  }
  if (query.bookedFrom)
    conditions.push(gte(bookings.createdAt, new Date(`${query.bookedFrom}T00:00:00Z`)));
  if (query.bookedTo) conditions.push(lt(bookings.createdAt, new Date(nextDay(query.bookedTo))));
  if (query.travelFrom) conditions.push(sql`${travelDateSql} >= ${query.travelFrom}`);
  if (query.travelTo) conditions.push(sql`${travelDateSql} <= ${query.travelTo}`);
  if (query.q) conditions.push(searchCondition(query.q));
  return conditions;
}

/**
 * The search box: a booking id finds that booking; anything else is a booking reference, or the
 * start of the contact email or of a passenger's name.
 */
function searchCondition(search: string): SQL {
  const q = search.trim();
  if (UUID.test(q)) return eq(bookings.id, q.toLowerCase());
  const prefix = likePrefix(q.toLowerCase().replace(/\s+/g, ' '));
  return sql`(
            ${bookings.bookingReference} = ${q.toUpperCase()}
            or lower(${bookings.contactEmail}) like ${prefix}
            or ${bookings.id} = any(array(
              select ${bookingPassengerNames.bookingId} from ${bookingPassengerNames}
              where ${bookingPassengerNames.lastName} like ${prefix}
                 or ${bookingPassengerNames.firstName} like ${prefix}
                 or ${bookingPassengerNames.fullName} like ${prefix})))`;
}

/** How many bookings the list's filters match. */
async function countBookings(
  db: Database,
  scope: BrandScope,
  query: AdminBookingsQuery,
  where: SQL | undefined,
): Promise<number> {
  // By brand and state only, the total is the trigger-kept counts': no rows are counted.
  const byBrandAndStateOnly =
    !query.q &&
    !query.payment &&
    !query.bookedFrom &&
    !query.bookedTo &&
    !query.travelFrom &&
    !query.travelTo;
  const counted = byBrandAndStateOnly
    ? db
        .select({ total: sql<number>`coalesce(sum(${bookingCounts.n}), 0)`.mapWith(Number) })
        .from(bookingCounts)
        .where(
          and(
            scoped(bookingCounts.brandId, scope),
            query.brand ? eq(bookingCounts.brandId, query.brand) : undefined,
            query.status ? eq(bookingCounts.status, query.status) : undefined,
          ),
        )
    : db.select({ total: count() }).from(bookings).where(where);
  const [{ total } = { total: 0 }] = await counted;
  return total;
}

/** The list's order, turned round when the page is read from the other end (`reverse`). */
function bookingOrder(query: AdminBookingsQuery, reverse: boolean): SQL[] {
  const ascending = (query.dir === 'asc') !== reverse;
  const direction = ascending ? asc : desc;
  return [
    ...(query.sort === 'travel'
      ? // Bookings with no flights yet (or ever) last, whichever way (two indexes serve it).
        [
          sql`${travelDateSql} ${sql.raw(
            query.dir === 'asc'
              ? reverse
                ? 'desc nulls first'
                : 'asc nulls last'
              : reverse
                ? 'asc nulls first'
                : 'desc nulls last',
          )}`,
        ]
      : query.sort === 'total'
        ? [direction(bookings.sellTotalMinor)]
        : []),
    direction(bookings.createdAt),
    direction(bookings.id),
  ];
}

/** A page's bookings with their brand and payment state, in the order of `ids`. */
async function bookingRowsOf(db: Database, ids: string[]): Promise<BookingListRow[]> {
  const found = await db
    .select({
      row: {
        id: bookings.id,
        bookingReference: bookings.bookingReference,
        status: bookings.status,
        mode: bookings.mode,
        contactEmail: bookings.contactEmail,
        passengers: bookings.passengers,
        order: bookings.order,
        sellTotalMinor: bookings.sellTotalMinor,
        currency: bookings.currency,
        createdAt: bookings.createdAt,
      },
      brand: brandRef,
      paymentState: paymentStateSql,
    })
    .from(bookings)
    .innerJoin(brands, eq(brands.id, bookings.brandId))
    .leftJoin(paymentAuthorizations, claimedPayment)
    .where(inArray(bookings.id, ids));
  const byId = new Map(found.map((row) => [row.row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function createBackOfficeRepository(db: Database): BackOfficeRepository {
  const repliesOf = async (ids: string[]) => {
    if (ids.length === 0) return new Map<string, EnquiryRecord['replies']>();
    const rows = await db
      .select()
      .from(enquiryReplies)
      .where(inArray(enquiryReplies.enquiryId, ids))
      .orderBy(asc(enquiryReplies.createdAt));
    const byEnquiry = new Map<string, EnquiryRecord['replies']>();
    for (const row of rows) {
      const list = byEnquiry.get(row.enquiryId) ?? [];
      list.push({ author: row.authorUsername, body: row.body, createdAt: row.createdAt });
      byEnquiry.set(row.enquiryId, list);
    }
    return byEnquiry;
  };

  return {
    async brands(scope) {
      return db
        .select(brandRef)
        .from(brands)
        .where(scope === null ? undefined : scoped(brands.id, scope))
        .orderBy(asc(brands.name));
    },

    async staffBrandOf(userId) {
      const [row] = await db
        .select({ brandId: brandStaff.brandId })
        .from(brandStaff)
        .where(eq(brandStaff.userId, userId));
      return row?.brandId;
    },

    async listBookings(scope, query) {
      const where = and(...bookingConditions(scope, query));
      const total = await countBookings(db, scope, query, where);
      const offset = (query.page - 1) * query.pageSize;
      if (offset >= total) return { rows: [], total };

      // A page past the middle is read from the other end, so no page skips more than half the
      // rows; and only ids are paged (an index scan on bookings alone), the rows' details and
      // joins are read for the page's ids only.
      const reverse = offset + query.pageSize / 2 > total / 2;
      const limit = reverse ? Math.min(query.pageSize, total - offset) : query.pageSize;
      const ids = (
        await db
          .select({ id: bookings.id })
          .from(bookings)
          .where(where)
          .orderBy(...bookingOrder(query, reverse))
          .limit(limit)
          .offset(reverse ? Math.max(0, total - offset - limit) : offset)
      ).map((row) => row.id);
      if (reverse) ids.reverse();
      if (ids.length === 0) return { rows: [], total };
      return { rows: await bookingRowsOf(db, ids), total };
    },

    async findBooking(id) {
      const [found] = await db
        .select({
          row: bookings,
          brand: brandRef,
          paymentState: paymentStateSql,
          authorizationStatus: paymentAuthorizations.status,
          processorRecord: {
            refundedMinor: paymentAuthorizations.refundedMinor,
            disputeId: paymentAuthorizations.disputeId,
            disputeStatus: paymentAuthorizations.disputeStatus,
            disputeAmountMinor: paymentAuthorizations.disputeAmountMinor,
            disputeReason: paymentAuthorizations.disputeReason,
            disputeEvidenceDueBy: paymentAuthorizations.disputeEvidenceDueBy,
          },
        })
        .from(bookings)
        .innerJoin(brands, eq(brands.id, bookings.brandId))
        .leftJoin(paymentAuthorizations, claimedPayment)
        .where(eq(bookings.id, id));
      return found;
    },

    timeline(bookingId) {
      return db
        .select({ status: bookingEvents.status, at: bookingEvents.at })
        .from(bookingEvents)
        .where(eq(bookingEvents.bookingId, bookingId))
        .orderBy(asc(bookingEvents.at), asc(bookingEvents.seq));
    },

    notes(bookingId) {
      return db
        .select({
          id: bookingNotes.id,
          author: bookingNotes.authorUsername,
          body: bookingNotes.body,
          createdAt: bookingNotes.createdAt,
        })
        .from(bookingNotes)
        .where(eq(bookingNotes.bookingId, bookingId))
        .orderBy(asc(bookingNotes.createdAt));
    },

    async addNote(bookingId, author, body, now) {
      const [row] = await db
        .insert(bookingNotes)
        .values({ bookingId, authorUsername: author, body, createdAt: now })
        .returning({ id: bookingNotes.id });
      if (!row) throw new Error('note not written');
      return row.id;
    },

    emailsFor(bookingId) {
      return db
        .select(emailColumns)
        .from(emailOutbox)
        .where(eq(emailOutbox.relatedId, bookingId))
        .orderBy(asc(emailOutbox.createdAt));
    },

    async listEmails(scope, { status, maxAttempts }, page, pageSize) {
      const where = and(
        scoped(emailOutbox.brandId, scope),
        status === 'sent'
          ? isNotNull(emailOutbox.sentAt)
          : status === 'failed'
            ? and(isNull(emailOutbox.sentAt), gte(emailOutbox.attempts, maxAttempts))
            : status === 'queued'
              ? and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, maxAttempts))
              : undefined,
      );
      const rows = await db
        .select(emailColumns)
        .from(emailOutbox)
        .where(where)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(emailOutbox)
        .where(where);
      return { rows, total };
    },

    async findEmail(id) {
      const [row] = await db.select(emailColumns).from(emailOutbox).where(eq(emailOutbox.id, id));
      return row;
    },

    async requeueEmail(id, maxAttempts, now) {
      const rows = await db
        .update(emailOutbox)
        .set({ attempts: 0, nextAttemptAt: now })
        .where(
          and(
            eq(emailOutbox.id, id),
            isNull(emailOutbox.sentAt),
            gte(emailOutbox.attempts, maxAttempts),
          ),
        )
        .returning({ id: emailOutbox.id });
      return rows.length === 1;
    },

    async listEnquiries(scope, { status, kind }, page, pageSize) {
      const where = and(
        scoped(enquiries.brandId, scope),
        status === 'open'
          ? isNull(enquiries.answeredAt)
          : status === 'answered'
            ? isNotNull(enquiries.answeredAt)
            : undefined,
        kind ? eq(enquiries.kind, kind) : undefined,
      );
      const rows = await db
        .select(enquiryColumns)
        .from(enquiries)
        .innerJoin(brands, eq(brands.id, enquiries.brandId))
        .where(where)
        .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(enquiries)
        .where(where);
      const replies = await repliesOf(rows.map((row) => row.id));
      return { rows: rows.map((row) => ({ ...row, replies: replies.get(row.id) ?? [] })), total };
    },

    async findEnquiry(id) {
      const [row] = await db
        .select(enquiryColumns)
        .from(enquiries)
        .innerJoin(brands, eq(brands.id, enquiries.brandId))
        .where(eq(enquiries.id, id));
      if (!row) return undefined;
      return { ...row, replies: (await repliesOf([id])).get(id) ?? [] };
    },

    async addReply(enquiryId, author, body, now) {
      await db
        .insert(enquiryReplies)
        .values({ enquiryId, authorUsername: author, body, createdAt: now });
      await db.update(enquiries).set({ answeredAt: now }).where(eq(enquiries.id, enquiryId));
    },

    async listSubscribers(scope, status, page, pageSize) {
      const where = and(
        scoped(newsletterSubscriptions.brandId, scope),
        status === 'subscribed'
          ? isNull(newsletterSubscriptions.unsubscribedAt)
          : status === 'unsubscribed'
            ? isNotNull(newsletterSubscriptions.unsubscribedAt)
            : undefined,
      );
      const rows = await db
        .select(subscriberColumns)
        .from(newsletterSubscriptions)
        .innerJoin(brands, eq(brands.id, newsletterSubscriptions.brandId))
        .where(where)
        .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(newsletterSubscriptions)
        .where(where);
      return { rows, total };
    },

    allSubscribers(scope) {
      return db
        .select(subscriberColumns)
        .from(newsletterSubscriptions)
        .innerJoin(brands, eq(brands.id, newsletterSubscriptions.brandId))
        .where(scoped(newsletterSubscriptions.brandId, scope))
        .orderBy(asc(brands.name), asc(newsletterSubscriptions.createdAt));
    },

    async findSubscriber(id) {
      const [row] = await db
        .select(subscriberColumns)
        .from(newsletterSubscriptions)
        .innerJoin(brands, eq(brands.id, newsletterSubscriptions.brandId))
        .where(eq(newsletterSubscriptions.id, id));
      return row;
    },

    async unsubscribe(id, now) {
      const rows = await db
        .update(newsletterSubscriptions)
        .set({ unsubscribedAt: now })
        .where(
          and(eq(newsletterSubscriptions.id, id), isNull(newsletterSubscriptions.unsubscribedAt)),
        )
        .returning({ id: newsletterSubscriptions.id });
      return rows.length === 1;
    },

    async recordAudit(entry) {
      const rows = await db
        .insert(auditLog)
        .values({ ...entry, details: {} })
        .onConflictDoNothing()
        .returning({ id: auditLog.id });
      return rows.length === 1;
    },

    async completeAudit(actorUserId, action, key, after) {
      await db
        .update(auditLog)
        .set({ after })
        .where(auditKey(actorUserId, action, key));
    },

    async releaseAudit(actorUserId, action, key) {
      await db.delete(auditLog).where(auditKey(actorUserId, action, key));
    },

    async findAudit(actorUserId, action, key) {
      const [row] = await db
        .select()
        .from(auditLog)
        .where(auditKey(actorUserId, action, key));
      return row ? toAudit(row) : undefined;
    },

    async listAudit(scope, page, pageSize) {
      const where = scope === null ? undefined : scoped(auditLog.brandId, scope);
      const rows = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(auditLog)
        .where(where);
      return { rows: rows.map(toAudit), total };
    },

    async revenue(scope, from, to) {
      const rows = await db
        .select({
          brandId: bookings.brandId,
          currency: bookings.currency,
          bookings: count(),
          sellMinor:
            sql<number>`coalesce(sum(${bookings.sellTotalMinor} - coalesce(${bookings.refundMinor}, 0)), 0)`.mapWith(
              Number,
            ),
          marginMinor:
            sql<number>`coalesce(sum(${bookings.sellTotalMinor} - coalesce(${bookings.providerTotalMinor}, ${bookings.sellTotalMinor})), 0)`.mapWith(
              Number,
            ),
        })
        .from(bookings)
        .where(
          and(
            scoped(bookings.brandId, scope),
            inArray(bookings.status, SOLD),
            gte(bookings.createdAt, from),
            lt(bookings.createdAt, to),
          ),
        )
        .groupBy(bookings.brandId, bookings.currency);
      return rows;
    },

    async dailyBookings(scope, from, to) {
      const day = sql<string>`to_char(${bookings.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      return db
        .select({ brandId: bookings.brandId, date: day, bookings: count() })
        .from(bookings)
        .where(
          and(
            scoped(bookings.brandId, scope),
            inArray(bookings.status, SOLD),
            gte(bookings.createdAt, from),
            lt(bookings.createdAt, to),
          ),
        )
        .groupBy(bookings.brandId, day);
    },

    failedSince(scope, from) {
      return db
        .select({ brandId: bookings.brandId, count: count() })
        .from(bookings)
        .where(
          and(
            scoped(bookings.brandId, scope),
            eq(bookings.status, 'failed'),
            // By when they were made, as the bookings list's "booked from" filter the dashboard
            // links to: the count and the list it opens agree.
            gte(bookings.createdAt, from),
          ),
        )
        .groupBy(bookings.brandId);
    },

    openHolds(scope, staleBefore) {
      return db
        .select({ brandId: bookings.brandId, count: count() })
        .from(bookings)
        .innerJoin(paymentAuthorizations, claimedPayment)
        .where(
          and(
            scoped(bookings.brandId, scope),
            eq(paymentAuthorizations.status, 'used'),
            inArray(bookings.status, OPEN_HOLD_STATES),
            lt(bookings.updatedAt, staleBefore),
          ),
        )
        .groupBy(bookings.brandId);
    },

    listStaff() {
      return db
        .select(staffColumns)
        .from(brandStaff)
        .innerJoin(users, eq(users.id, brandStaff.userId))
        .innerJoin(brands, eq(brands.id, brandStaff.brandId))
        .orderBy(asc(brands.name), asc(users.username));
    },

    async findBrandUser(brandId, username) {
      const [row] = await db
        .select({ id: users.id, username: users.username, isAdmin: users.isAdmin })
        .from(users)
        .where(and(eq(users.brandId, brandId), sql`lower(${users.username}) = lower(${username})`));
      return row;
    },

    async grantStaff(userId, brandId, grantedBy, now) {
      await db
        .insert(brandStaff)
        .values({ userId, brandId, grantedBy, grantedAt: now })
        .onConflictDoNothing({ target: brandStaff.userId });
    },

    async findStaff(userId) {
      const [row] = await db
        .select(staffColumns)
        .from(brandStaff)
        .innerJoin(users, eq(users.id, brandStaff.userId))
        .innerJoin(brands, eq(brands.id, brandStaff.brandId))
        .where(eq(brandStaff.userId, userId));
      return row;
    },

    async revokeStaff(userId) {
      const rows = await db
        .delete(brandStaff)
        .where(eq(brandStaff.userId, userId))
        .returning({ userId: brandStaff.userId });
      return rows.length === 1;
    },
  };
}

/** Bookings that were sold (paid, whether cancelled since or not). */
const SOLD: AdminBookingState[] = ['confirmed', 'cancelling', 'cancelled'];
/** States in which a claimed hold that is still open needs someone: failed, or stuck. */
const OPEN_HOLD_STATES: AdminBookingState[] = [
  'failed',
  'pending',
  'ordering',
  'capturing',
  'voiding',
];
