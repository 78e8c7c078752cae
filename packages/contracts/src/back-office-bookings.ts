import { z } from 'zod';
import { airlineCreditSchema } from './bookings';
import {
  adminEmailSchema,
  adminMoneySchema,
  backOfficeBrandSchema,
  backOfficeMessages,
  blank,
  isoDate,
  page,
  pageSize,
} from './back-office';

/**
 * The back office's bookings: their states and where the money stands, the list's filters, a
 * booking's full record, and what an operator's action on it asks and answers.
 */

/** Every state of a booking's state machine (docs/decisions/006). */
export const ADMIN_BOOKING_STATES = [
  'pending',
  'ordering',
  'capturing',
  'confirmed',
  'voiding',
  'failed',
  'cancelling',
  'cancelled',
] as const;
export type AdminBookingState = (typeof ADMIN_BOOKING_STATES)[number];

/**
 * Where the traveller's money stands: `held` an authorisation still open (the booking is being
 * made, or it failed and the hold was not yet released), `captured` paid, `refunded` cancelled
 * with money back, `released` the hold was voided, `none` nothing was ever held.
 */
export const PAYMENT_STATES = ['held', 'captured', 'refunded', 'released', 'none'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const ADMIN_BOOKING_SORTS = ['created', 'travel', 'total'] as const;

/** The back office's work queues: orders not known to exist yet, assistance to pass on. */
export const ADMIN_BOOKING_QUEUES = ['order_uncertain', 'assistance'] as const;

export const adminBookingsQuerySchema = z.object({
  q: blank(z.string().trim().max(200)),
  queue: blank(z.enum(ADMIN_BOOKING_QUEUES)),
  brand: blank(z.uuid()),
  status: blank(z.enum(ADMIN_BOOKING_STATES)),
  payment: blank(z.enum(PAYMENT_STATES)),
  travelFrom: blank(isoDate),
  travelTo: blank(isoDate),
  bookedFrom: blank(isoDate),
  bookedTo: blank(isoDate),
  sort: blank(z.enum(ADMIN_BOOKING_SORTS)).transform((value) => value ?? 'created'),
  dir: blank(z.enum(['asc', 'desc'])).transform((value) => value ?? 'desc'),
  page,
  pageSize,
});
export type AdminBookingsQuery = z.output<typeof adminBookingsQuerySchema>;
export type AdminBookingsSearch = z.input<typeof adminBookingsQuerySchema>;

export const adminBookingSummarySchema = z.object({
  id: z.uuid(),
  bookingReference: z.string().nullable(),
  brand: backOfficeBrandSchema,
  status: z.enum(ADMIN_BOOKING_STATES),
  paymentState: z.enum(PAYMENT_STATES),
  mode: z.enum(['test', 'live']),
  contactEmail: z.string(),
  leadPassenger: z.string(),
  /** The first flight's local departure date at its origin; null before the airline's order. */
  travelDate: z.string().nullable(),
  route: z.string().nullable(),
  sellTotal: adminMoneySchema,
  createdAt: z.iso.datetime(),
});
export type AdminBookingSummary = z.infer<typeof adminBookingSummarySchema>;

export const adminBookingListSchema = z.object({
  items: z.array(adminBookingSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminBookingList = z.infer<typeof adminBookingListSchema>;

export const adminBookingDetailSchema = adminBookingSummarySchema.extend({
  passengers: z.array(
    z.object({
      type: z.string(),
      title: z.string().nullable(),
      firstName: z.string(),
      lastName: z.string(),
      dateOfBirth: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    }),
  ),
  itinerary: z.array(
    z.object({
      origin: z.string(),
      destination: z.string(),
      segments: z.array(
        z.object({
          origin: z.string(),
          destination: z.string(),
          departingAt: z.string(),
          arrivingAt: z.string(),
          carrier: z.string(),
          flightNumber: z.string(),
        }),
      ),
    }),
  ),
  seats: z.array(z.object({ passenger: z.string(), segment: z.string(), designator: z.string() })),
  /** Extra checked bags: whose, on which flights (`LHR–JFK`), how many. */
  bags: z.array(z.object({ passenger: z.string(), route: z.string(), quantity: z.number().int() })),
  provider: z.object({
    flights: z.string(),
    orderId: z.string().nullable(),
    offerId: z.string(),
  }),
  money: z.object({
    sell: adminMoneySchema,
    /** What the airline is paid; null before the order step priced it. */
    providerCost: adminMoneySchema.nullable(),
    seats: adminMoneySchema.nullable(),
    bags: adminMoneySchema.nullable(),
    margin: adminMoneySchema.nullable(),
    refund: adminMoneySchema.nullable(),
  }),
  /**
   * An order the airline may or may not have made: what the provider said, since when, how often
   * it was asked again and when next, and when the card hold lapses (escalated a day before).
   */
  orderCheck: z
    .object({
      since: z.iso.datetime(),
      providerCode: z.string(),
      providerRequestId: z.string().nullable(),
      checks: z.number().int(),
      nextCheckAt: z.iso.datetime().nullable(),
      holdExpiresAt: z.iso.datetime().nullable(),
      escalated: z.boolean(),
    })
    .nullable(),
  /** Assistance the airline's order could not carry: the agency passes each one on. */
  assistance: z.array(z.object({ passenger: z.string(), code: z.string(), label: z.string() })),
  payment: z.object({
    processor: z.string(),
    paymentId: z.string(),
    providerPaymentId: z.string().nullable(),
    authorizationStatus: z.string().nullable(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    /** Refunded at the processor by anyone (this booking's cancellation, or its dashboard). */
    refundedAtProcessor: adminMoneySchema.nullable(),
    /** The cardholder's dispute, as the processor's latest event tells it. */
    dispute: z
      .object({
        id: z.string(),
        /** Stripe's status: `needs_response`, `under_review`, `won`, `lost`, `warning_…`. */
        status: z.string(),
        amount: adminMoneySchema,
        reason: z.string(),
        evidenceDueBy: z.iso.datetime().nullable(),
      })
      .nullable(),
  }),
  failure: z
    .object({ status: z.number().nullable(), code: z.string(), message: z.string() })
    .nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  timeline: z.array(z.object({ status: z.string(), at: z.iso.datetime() })),
  emails: z.array(adminEmailSchema),
  notes: z.array(
    z.object({ id: z.uuid(), author: z.string(), body: z.string(), createdAt: z.iso.datetime() }),
  ),
  actions: z.object({
    resendEmail: z.boolean(),
    cancel: z.boolean(),
    voidHold: z.boolean(),
    reconcile: z.boolean(),
  }),
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;

export const adminIdParamsSchema = z.object({ id: z.uuid(backOfficeMessages.bookingNotFound) });

export const adminCancelQuoteSchema = z.object({
  id: z.string(),
  /** Null when the airline has not said what it refunds. */
  refund: adminMoneySchema.nullable(),
  refundTo: z.enum(['card', 'airline_credits', 'none']),
  credits: z.array(airlineCreditSchema),
  expiresAt: z.iso.datetime(),
  refundable: z.boolean(),
});
export const adminNoteRequestSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, backOfficeMessages.noteRequired)
    .max(2000, backOfficeMessages.noteTooLong),
});
export const adminActionResponseSchema = z.object({
  /** False when the same Idempotency-Key had already done it: nothing was done twice. */
  done: z.boolean(),
  booking: adminBookingDetailSchema,
});
export type AdminActionResponse = z.infer<typeof adminActionResponseSchema>;
