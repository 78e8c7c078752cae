/**
 * The bookings' figures the back office's dashboard shows: what was sold in a period (sell and
 * margin per brand and currency), per day, the failures and the holds left open.
 */
import type { AdminBookingState } from '@contrail/contracts/back-office-bookings';
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scoped, type BrandScope } from '../../db/brand-scope';
import { claimedPaymentIs } from '../payments';
import { bookings } from './bookings.table';

/** Sold bookings of a period, per brand and currency. */
export interface RevenueRow {
  brandId: string;
  currency: string;
  bookings: number;
  sellMinor: number;
  marginMinor: number;
}

export interface BookingFiguresRepository {
  revenue(scope: BrandScope, from: Date, to: Date): Promise<RevenueRow[]>;
  dailyBookings(
    scope: BrandScope,
    from: Date,
    to: Date,
  ): Promise<{ brandId: string; date: string; bookings: number }[]>;
  failedSince(scope: BrandScope, from: Date): Promise<{ brandId: string; count: number }[]>;
  openHolds(scope: BrandScope, staleBefore: Date): Promise<{ brandId: string; count: number }[]>;
}

/** The scope's bookings sold (made) in [from, to): what revenue and the daily counts sum. */
const soldBetween = (scope: BrandScope, from: Date, to: Date) =>
  and(
    scoped(bookings.brandId, scope),
    inArray(bookings.status, SOLD),
    gte(bookings.createdAt, from),
    lt(bookings.createdAt, to),
  );

export function createBookingFiguresRepository(db: Database): BookingFiguresRepository {
  return {
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
        .where(soldBetween(scope, from, to))
        .groupBy(bookings.brandId, bookings.currency);
      return rows;
    },

    async dailyBookings(scope, from, to) {
      const day = sql<string>`to_char(${bookings.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      return db
        .select({ brandId: bookings.brandId, date: day, bookings: count() })
        .from(bookings)
        .where(soldBetween(scope, from, to))
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
        .where(
          and(
            scoped(bookings.brandId, scope),
            claimedPaymentIs(bookings, 'used'),
            inArray(bookings.status, OPEN_HOLD_STATES),
            lt(bookings.updatedAt, staleBefore),
          ),
        )
        .groupBy(bookings.brandId);
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
