/**
 * The card authorisation a booking claimed, as conditions and values other modules' queries of
 * bookings put in their own SQL: the authorisation whose id the booking holds and which names
 * the booking back (one another booking used is not its).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { paymentAuthorizations } from './payments.table';

/** A booking's columns that name its payment. */
export interface ClaimingBooking {
  id: AnyPgColumn;
  paymentId: AnyPgColumn;
}

const claimedBy = (
  booking: ClaimingBooking,
) => sql`${paymentAuthorizations.id} = ${booking.paymentId}
      and ${paymentAuthorizations.bookingId} = ${booking.id}`;

/** The status of the authorisation the booking claimed; null when it claimed none. */
export function claimedPaymentStatus(booking: ClaimingBooking): SQL<string | null> {
  return sql<string | null>`(select ${paymentAuthorizations.status} from ${paymentAuthorizations}
    where ${claimedBy(booking)})`;
}

/** Whether the booking claimed an authorisation in this status (an index serves it). */
export function claimedPaymentIs(booking: ClaimingBooking, status: 'used' | 'voided'): SQL {
  return sql`exists (
    select 1 from ${paymentAuthorizations}
    where ${claimedBy(booking)}
      and ${paymentAuthorizations.status} = ${status})`;
}
