/**
 * The bookings as the back office lists and opens them: its filters, search, sort and paging over
 * the bookings, each with where the traveller's money stands.
 */
import type { AdminBookingsQuery, PaymentState } from '@contrail/contracts/back-office-bookings';
import { and, asc, count, desc, eq, gte, lt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scoped, type BrandScope } from '../../db/brand-scope';
import { claimedPaymentIs, claimedPaymentStatus } from '../payments';
import { bookingCounts, bookingPassengerNames } from './booking-search.table';
import { bookings, type BookingRow } from './bookings.table';

/** A booking as the list shows it, with where the traveller's money stands. */
export interface BookingListRow {
  row: Pick<
    BookingRow,
    | 'id'
    | 'brandId'
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
  paymentState: PaymentState;
}

export interface BookingDeskRepository {
  /** A page of the bookings the filters match (of the brands in scope), and how many match. */
  list(
    scope: BrandScope,
    query: AdminBookingsQuery,
  ): Promise<{ rows: BookingListRow[]; total: number }>;
  find(id: string): Promise<{ row: BookingRow; paymentState: PaymentState } | undefined>;
}

/** Where the traveller's money stands, from the booking's state and the payment it claimed. */
const paymentStateSql = sql<PaymentState>`case
  when ${bookings.status} = 'cancelled' and coalesce(${bookings.refundMinor}, 0) > 0 then 'refunded'
  when ${bookings.status} in ('confirmed', 'cancelling', 'cancelled') then 'captured'
  when ${claimedPaymentStatus(bookings)} = 'voided' then 'released'
  when ${claimedPaymentStatus(bookings)} = 'used' then 'held'
  else 'none' end`;

/**
 * The same states as conditions the indexes serve: a sold booking's state is its own; only the
 * others (being made, or failed) look at the payment they claimed.
 */
function paymentStateIs(state: PaymentState): SQL {
  const claimed = (status: 'used' | 'voided') => claimedPaymentIs(bookings, status);
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

/** A page's bookings with their payment state, in the order of `ids`. */
async function bookingRowsOf(db: Database, ids: string[]): Promise<BookingListRow[]> {
  const found = await db
    .select({
      row: {
        id: bookings.id,
        brandId: bookings.brandId,
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
      paymentState: paymentStateSql,
    })
    .from(bookings)
    .where(inArray(bookings.id, ids));
  const byId = new Map(found.map((row) => [row.row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function createBookingDeskRepository(db: Database): BookingDeskRepository {
  return {
    async list(scope, query) {
      const where = and(...bookingConditions(scope, query));
      const total = await countBookings(db, scope, query, where);
      const offset = (query.page - 1) * query.pageSize;
      if (offset >= total) return { rows: [], total };

      // A page past the middle is read from the other end, so no page skips more than half the
      // rows; and only ids are paged (an index scan on bookings alone), the rows' details and
      // the payment states are read for the page's ids only.
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

    async find(id) {
      const [found] = await db
        .select({ row: bookings, paymentState: paymentStateSql })
        .from(bookings)
        .where(eq(bookings.id, id));
      return found;
    },
  };
}
