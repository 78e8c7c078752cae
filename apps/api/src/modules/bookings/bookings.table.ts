import {
  ADMIN_BOOKING_STATES,
  type AdminBookingState,
} from '@contrail/contracts/back-office-bookings';
import type { ApiErrorCode } from '@contrail/contracts/errors';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  REFUND_DESTINATIONS,
  type RefundDestination,
} from '../../providers/flights/flight-supplier';
import { users } from '../auth/auth.table';
import { brands } from '../brands/brands.table';
import type {
  OrderUncertainty,
  StoredAirlineCredit,
  StoredBag,
  StoredBookingResult,
  StoredOrder,
  StoredPassenger,
  StoredSeat,
  StoredSiteUrl,
} from './bookings.columns';

/**
 * Where a cancelled booking's card refund stands: `due` (the airline has confirmed and the
 * amount is recorded; the card refund is owed and retried until the processor answers),
 * `refunded`, `awaiting_airline` (the airline has not said what it refunds: re-read on a
 * schedule), `credits` (the passengers got airline credits, the card gets nothing), `dispute`
 * (the card payment is disputed: the cardholder's bank refunds it, not us), `none`.
 */
const REFUND_STATES = [
  'due',
  'refunded',
  'awaiting_airline',
  'credits',
  'dispute',
  'none',
] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** A booking's state-machine state. */
export type BookingState = AdminBookingState;

/**
 * A booking and the state of its making. Every step (pending → ordering → capturing → confirmed,
 * or → voiding → failed) is a conditional update, so two racing requests cannot both advance it,
 * and a process that dies between steps leaves a state the reconciler can finish or roll back.
 * Its JSON columns' types come from their schemas in `bookings.columns.ts`, and every reader
 * reads them through that file's `readStored…` helpers.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ADMIN_BOOKING_STATES }).notNull(),
    offerId: text('offer_id').notNull(),
    /**
     * The booking mode it was made in and the providers that made it: viewed, cancelled and
     * refunded through them whatever the mode is now.
     */
    mode: text('mode', { enum: ['test', 'live'] })
      .notNull()
      .default('test'),
    flightProvider: text('flight_provider').notNull().default('sandbox'),
    paymentProvider: text('payment_provider').notNull().default('sandbox'),
    /** The passengers as the request carried them, replaced by the checked ones at the order step. */
    passengers: jsonb('passengers').$type<StoredPassenger[]>().notNull(),
    seats: jsonb('seats').$type<StoredSeat[]>().notNull(),
    contactEmail: text('contact_email').notNull(),
    currency: text('currency').notNull(),
    /** What the traveller pays: offer sell total plus seats and bags. */
    sellTotalMinor: integer('sell_total_minor').notNull(),
    /** What the airline is paid: offer provider total plus seats and bags. */
    providerTotalMinor: integer('provider_total_minor'),
    seatsTotalMinor: integer('seats_total_minor'),
    /** The extra checked bags bought, as priced at the order step. */
    bags: jsonb('bags').$type<StoredBag[]>().notNull().default([]),
    bagsTotalMinor: integer('bags_total_minor'),
    markupMinor: integer('markup_minor'),
    paymentId: text('payment_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    providerOrderId: text('provider_order_id'),
    bookingReference: text('booking_reference'),
    /** The order as the airline confirmed it (slices, seats), for the traveller's trips. */
    order: jsonb('order').$type<StoredOrder>(),
    failureStatus: integer('failure_status'),
    failureCode: text('failure_code').$type<ApiErrorCode>(),
    failureMessage: text('failure_message'),
    /** What the traveller gets back on cancellation, and when it was cancelled. */
    refundMinor: integer('refund_minor'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * The cancellation asked of the airline, recorded before it is confirmed: the quote the
     * traveller was shown, then the confirmed one (the same id).
     */
    cancellationId: text('cancellation_id'),
    /** When the airline confirmed the cancellation: from then on the refund is owed. */
    cancellationConfirmedAt: timestamp('cancellation_confirmed_at', { withTimezone: true }),
    refundState: text('refund_state', { enum: REFUND_STATES }).$type<RefundState>(),
    refundCurrency: text('refund_currency'),
    refundTo: text('refund_to', { enum: REFUND_DESTINATIONS }).$type<RefundDestination>(),
    airlineCredits: jsonb('airline_credits').$type<StoredAirlineCredit[]>().notNull().default([]),
    /** When the refund is next tried (`due`) or the airline next asked (`awaiting_airline`). */
    refundNextAt: timestamp('refund_next_at', { withTimezone: true }),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** Where the brand was reached, for links in e-mails sent later (a booking the reconciler finishes). */
    siteUrl: jsonb('site_url').$type<StoredSiteUrl>(),
    /** The first answer, replayed for the same Idempotency-Key to the same traveller only. */
    response: jsonb('response').$type<StoredBookingResult>(),
    /**
     * An order the airline may or may not have made (the order call failed or went unanswered in
     * a way that does not rule an order out): since when, what the provider said, how often it
     * was asked again, when next, and when the operator was told that the card's hold
     * (`holdExpiresAt`, the processor's own deadline) would lapse first. Never released without
     * the provider saying no order exists, or the operator deciding.
     */
    orderUncertainSince: timestamp('order_uncertain_since', { withTimezone: true }),
    orderUncertainty: jsonb('order_uncertainty').$type<OrderUncertainty>(),
    orderChecks: integer('order_checks').notNull().default(0),
    orderNextCheckAt: timestamp('order_next_check_at', { withTimezone: true }),
    orderEscalatedAt: timestamp('order_escalated_at', { withTimezone: true }),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** A worker's lease while it finishes or rolls back the booking. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** When the airline's changes to this booking's order were last asked of the provider. */
    changesCheckedAt: timestamp('changes_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('bookings_brand_idempotency_key').on(table.brandId, table.idempotencyKey),
    index('bookings_user_idx').on(table.userId, table.createdAt),
    index('bookings_status_idx').on(table.status, table.updatedAt),
    index('bookings_reference_idx').on(table.bookingReference),
    // The provider's word of an order (its webhooks) names the order, not the booking.
    index('bookings_provider_order_idx').on(table.providerOrderId),
    index('bookings_refund_due_idx')
      .on(table.refundNextAt)
      .where(sql`${table.refundState} in ('due', 'awaiting_airline')`),
    // The back office's list: newest first, per brand or across brands, and its searches.
    index('bookings_created_idx').on(table.createdAt),
    index('bookings_brand_created_idx').on(table.brandId, table.createdAt),
    index('bookings_email_idx').on(sql`lower(${table.contactEmail}) text_pattern_ops`),
    index('bookings_total_idx').on(table.sellTotalMinor, table.createdAt),
    // Travel-date order both ways with the bookings that have no flights last (or first).
    index('bookings_travel_date_idx').on(
      sql`left(${table.order} #>> '{slices,0,segments,0,departing_at}', 10)`,
      table.createdAt,
    ),
    index('bookings_travel_date_nulls_first_idx').on(
      sql`left(${table.order} #>> '{slices,0,segments,0,departing_at}', 10) nulls first`,
      table.createdAt,
    ),
  ],
);
export type BookingRow = typeof bookings.$inferSelect;
