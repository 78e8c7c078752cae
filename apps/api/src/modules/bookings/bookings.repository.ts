import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, type BookingRow, type BookingState } from './bookings.table';

export type NewBooking = typeof bookings.$inferInsert;

export interface BookingsRepository {
  /** Inserts the booking unless its brand already has one with this Idempotency-Key. */
  insertIfNew(row: NewBooking): Promise<boolean>;
  findByKey(brandId: string, key: string): Promise<BookingRow | undefined>;
  find(id: string): Promise<BookingRow | undefined>;
  /** Moves the booking from `from` to `to` with the given changes; false when it was not in `from`. */
  advance(
    id: string,
    from: BookingState,
    to: BookingState,
    changes: Partial<NewBooking>,
    now: Date,
  ): Promise<boolean>;
  update(id: string, changes: Partial<NewBooking>): Promise<void>;
  /** Bookings left between steps since before `staleBefore` and not leased by a worker now. */
  listUnfinished(staleBefore: Date, now: Date, limit: number): Promise<BookingRow[]>;
  /** Leases the booking to one worker until `until`; false when another holds it. */
  lease(id: string, now: Date, until: Date): Promise<boolean>;
  /** The user's bookings in the brand that reached the airline (not failed attempts), newest first. */
  /**
   * The account's bookings: those it made and, with its confirmed address, the guest bookings
   * made with that address.
   */
  listForUser(brandId: string, userId: string, verifiedEmail: string | null): Promise<BookingRow[]>;
  /** The brand's booking with this airline reference and contact e-mail (both case-insensitive). */
  findByReference(
    brandId: string,
    reference: string,
    email: string,
  ): Promise<BookingRow | undefined>;
  /** Bookings being cancelled since before `staleBefore`. */
  listCancelling(staleBefore: Date, now: Date, limit: number): Promise<BookingRow[]>;
  /**
   * Cancelled bookings whose refund is owed (`due`) or not stated by the airline yet
   * (`awaiting_airline`) and whose next try is due, not leased by a worker now.
   */
  listRefundsDue(now: Date, limit: number): Promise<BookingRow[]>;
  /** Confirmed bookings with no stored answer (their request died after the capture). */
  listAnswerless(staleBefore: Date, now: Date, limit: number): Promise<BookingRow[]>;
}

const UNFINISHED: BookingState[] = ['pending', 'ordering', 'capturing', 'voiding'];

export function createBookingsRepository(db: Database): BookingsRepository {
  return {
    async insertIfNew(row) {
      const inserted = await db
        .insert(bookings)
        .values(row)
        .onConflictDoNothing({ target: [bookings.brandId, bookings.idempotencyKey] })
        .returning({ id: bookings.id });
      return inserted.length === 1;
    },
    async findByKey(brandId, key) {
      const [row] = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.brandId, brandId), eq(bookings.idempotencyKey, key)));
      return row;
    },
    async find(id) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      return row;
    },
    async advance(id, from, to, changes, now) {
      const rows = await db
        .update(bookings)
        .set({ ...changes, status: to, updatedAt: now, lockedUntil: null })
        .where(and(eq(bookings.id, id), eq(bookings.status, from)))
        .returning({ id: bookings.id });
      return rows.length === 1;
    },
    async update(id, changes) {
      await db.update(bookings).set(changes).where(eq(bookings.id, id));
    },
    listUnfinished(staleBefore, now, limit) {
      return db
        .select()
        .from(bookings)
        .where(
          and(
            inArray(bookings.status, UNFINISHED),
            lt(bookings.updatedAt, staleBefore),
            or(isNull(bookings.lockedUntil), lt(bookings.lockedUntil, now)),
            // An uncertain order is asked about on its own schedule.
            or(isNull(bookings.orderNextCheckAt), lte(bookings.orderNextCheckAt, now)),
          ),
        )
        .limit(limit);
    },
    listRefundsDue(now, limit) {
      return db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.status, 'cancelled'),
            inArray(bookings.refundState, ['due', 'awaiting_airline']),
            lte(bookings.refundNextAt, now),
            or(isNull(bookings.lockedUntil), lt(bookings.lockedUntil, now)),
          ),
        )
        .orderBy(bookings.refundNextAt)
        .limit(limit);
    },
    async lease(id, now, until) {
      const rows = await db
        .update(bookings)
        .set({ lockedUntil: until })
        .where(
          and(eq(bookings.id, id), or(isNull(bookings.lockedUntil), lt(bookings.lockedUntil, now))),
        )
        .returning({ id: bookings.id });
      return rows.length === 1;
    },
    listForUser(brandId, userId, verifiedEmail) {
      const guestBookings =
        verifiedEmail === null
          ? undefined
          : and(
              isNull(bookings.userId),
              sql`lower(${bookings.contactEmail}) = lower(${verifiedEmail})`,
            );
      return db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.brandId, brandId),
            guestBookings
              ? or(eq(bookings.userId, userId), guestBookings)
              : eq(bookings.userId, userId),
            inArray(bookings.status, [
              'pending',
              'ordering',
              'capturing',
              'confirmed',
              'cancelling',
              'cancelled',
            ]),
          ),
        )
        .orderBy(desc(bookings.createdAt));
    },
    async findByReference(brandId, reference, email) {
      const [row] = await db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.brandId, brandId),
            eq(bookings.bookingReference, reference.toUpperCase()),
            sql`lower(${bookings.contactEmail}) = lower(${email})`,
          ),
        )
        .limit(1);
      return row;
    },
    listAnswerless(staleBefore, now, limit) {
      return db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.status, 'confirmed'),
            isNull(bookings.response),
            lt(bookings.updatedAt, staleBefore),
            or(isNull(bookings.lockedUntil), lt(bookings.lockedUntil, now)),
          ),
        )
        .limit(limit);
    },
    listCancelling(staleBefore, now, limit) {
      return db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.status, 'cancelling'),
            lt(bookings.updatedAt, staleBefore),
            or(isNull(bookings.lockedUntil), lt(bookings.lockedUntil, now)),
          ),
        )
        .limit(limit);
    },
  };
}
