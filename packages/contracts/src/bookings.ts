import { z } from 'zod';
import { moneyAmountSchema, refineAmountInCurrency } from './money-schemas';
import { sliceSchema } from './offers';
import { passengerInputSchema } from './passenger-check';
import { PASSENGER_TYPES } from './passenger-types';
import { seatSelectionSchema, serviceSelectionsSchema } from './payments';

export const bookingMessages = {
  requestRequired: 'Booking request is required',
  offerIdRequired: 'Offer ID is required for booking',
  passengersRequired: 'At least one passenger is required for booking',
  paymentRequired: 'Payment details are required for booking',
  passengerNamesRequired: 'All passengers must have first name, last name, and date of birth',
  idempotencyKeyRequired: 'An Idempotency-Key header is required',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different booking',
  paymentNotUsable: 'This payment can no longer be used. Please enter your card details again.',
  inProgress: 'This booking is still being processed. Please wait a moment.',
  orderFailed: 'The airline could not confirm this booking. Your card has not been charged.',
  interrupted: 'The booking could not be completed. Your card has not been charged.',
  bookingsPaused:
    'We cannot take bookings for a short while because of a problem on our side. Your card has not been charged; please try again later.',
  orderUnconfirmed:
    'The airline has not confirmed this booking yet. We are checking with them and will e-mail you the outcome; your card is only charged if the booking is confirmed.',
  confirmed: 'Booking confirmed!',
} as const;

const money = moneyAmountSchema;

/** `POST /api/bookings` body; the passengers are checked in full against the offer on the server. */
export const createBookingRequestSchema = z.object({
  offerId: z
    .string({ error: bookingMessages.offerIdRequired })
    .min(1, bookingMessages.offerIdRequired)
    .max(2000),
  passengers: z
    .array(passengerInputSchema, { error: bookingMessages.passengersRequired })
    .min(1, bookingMessages.passengersRequired)
    .max(18),
  seats: z
    .array(seatSelectionSchema)
    .max(9 * 12)
    .optional(),
  /** Extra checked bags, `[{id, quantity}]` from the offer's `available_services`. */
  services: serviceSelectionsSchema,
  paymentDetails: z
    .object(
      {
        paymentId: z.string().min(1, bookingMessages.paymentRequired),
        amount: money,
        currency: z.string().length(3),
      },
      { error: bookingMessages.paymentRequired },
    )
    .superRefine(refineAmountInCurrency),
});
export type CreateBookingRequest = z.input<typeof createBookingRequestSchema>;

export const emailContentSchema = z.object({
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});

export const createBookingResponseSchema = z.object({
  id: z.uuid(),
  /** The provider's order id (under its original field name). */
  duffelBookingId: z.string(),
  /** The airline's 6-character booking reference. */
  bookingReference: z.string(),
  status: z.literal('confirmed'),
  /**
   * The confirmation e-mail. The answer is the same whether or not the address has an account:
   * a guest's account, if any, is the subject of an e-mail of its own (decision 022).
   */
  emailContent: emailContentSchema,
});
export type CreateBookingResponse = z.infer<typeof createBookingResponseSchema>;

// ─── Trips ───────────────────────────────────────────────────────────────────

export const tripMessages = {
  notFound: 'Booking not found',
  lookupNotFound: 'We could not find a booking with that reference and e-mail address.',
  referenceRequired: 'Please enter your booking reference',
  emailRequired: 'Please enter the e-mail address used for the booking',
  alreadyCancelled: 'This booking has already been cancelled',
  notCancellable: 'This booking can no longer be cancelled',
  cancelled: 'Booking was cancelled successfully',
  quoteExpired:
    'The airline’s cancellation quote has expired, so nothing was cancelled. Please check the new quote and confirm again.',
  /** A refund the airline has not stated yet (never shown as 0.00). */
  refundUnknown: 'The airline will tell us the refund',
  /** A cancelled booking whose card payment the cardholder's bank disputes: no refund from us. */
  cancelledInDispute:
    'Your bank is handling this payment as a dispute: any refund comes from your bank.',
  tooManyLookups: 'Too many attempts. Please try again later.',
} as const;

export const BOOKING_STATUSES = ['confirmed', 'pending', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

const tripMoney = z.object({ amount: money, currency: z.string().length(3) });

/** Extra checked bags bought for one passenger on the flights of one slice. */
export const bookedBagSchema = z.object({
  passengerId: z.string(),
  segmentIds: z.array(z.string()),
  quantity: z.number().int().min(1),
  /** For all `quantity` bags. */
  amount: money,
  currency: z.string().length(3),
});
export type BookedBag = z.infer<typeof bookedBagSchema>;

/**
 * Where a cancelled booking's refund stands: `refunded` to the card, `processing` (the airline has
 * cancelled, the card refund is under way), `awaiting_airline` (the airline will tell us the
 * refund), `credits` (airline credits instead of money), `dispute` (the card payment is disputed:
 * the cardholder's bank refunds it), `none` (nothing to refund).
 */
export const REFUND_STATUSES = [
  'refunded',
  'processing',
  'awaiting_airline',
  'credits',
  'dispute',
  'none',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A credit the airline gives a passenger instead of money, spent with that airline. */
export const airlineCreditSchema = z.object({
  name: z.string(),
  /** What the passenger quotes to the airline; a voucher may have none. */
  code: z.string().nullable(),
  amount: money,
  currency: z.string().length(3),
  /** Null when the airline did not say. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  /** The passenger's name, when the credit is one passenger's. */
  passengerName: z.string().nullable(),
});
export type AirlineCreditView = z.infer<typeof airlineCreditSchema>;

/** A booking as its owner (or a guest with reference and e-mail) sees it. */
export const bookingViewSchema = z.object({
  id: z.uuid(),
  bookingReference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  createdAt: z.iso.datetime(),
  total: tripMoney,
  slices: z.array(sliceSchema),
  passengers: z.array(
    z.object({
      id: z.string(),
      type: z.enum(PASSENGER_TYPES),
      firstName: z.string(),
      lastName: z.string(),
    }),
  ),
  seats: z.array(seatSelectionSchema),
  bags: z.array(bookedBagSchema),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  contactEmail: z.string(),
  refundable: z.boolean(),
  /** Upcoming, confirmed and the airline still allows it. */
  canCancel: z.boolean(),
  cancellation: z
    .object({
      /** What the card gets back; null while the airline has not said. */
      refund: tripMoney.nullable(),
      refundStatus: z.enum(REFUND_STATUSES),
      /** With `refundStatus: 'credits'`: what the passengers got from the airline instead. */
      credits: z.array(airlineCreditSchema),
      cancelledAt: z.iso.datetime(),
    })
    .nullable(),
  /**
   * What happened to the card payment outside the booking's own steps, where it concerns the
   * traveller: money the agency refunded from its payment processor's dashboard, and a dispute the
   * cardholder's bank opened (`lost` for the agency: the bank returned the money). Present on a
   * trip's own page.
   */
  cardActivity: z
    .object({
      refundedByAgency: tripMoney.nullable(),
      dispute: z.enum(['open', 'won', 'lost']).nullable(),
    })
    .optional(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;
export type CardActivity = NonNullable<BookingView['cardActivity']>;

export const bookingListSchema = z.object({ bookings: z.array(bookingViewSchema) });
export const bookingIdParamsSchema = z.object({ id: z.uuid(tripMessages.notFound) });

/** What cancelling would refund, shown before the traveller confirms. */
export const cancellationQuoteSchema = z.object({
  /** The quote's id: the cancellation confirms exactly this quote. */
  id: z.string(),
  /** What the card would get back; null when the airline has not said. */
  refund: tripMoney.nullable(),
  /** Where the refund goes: the card, airline credits, or nothing to refund. */
  refundTo: z.enum(['card', 'airline_credits', 'none']),
  credits: z.array(airlineCreditSchema),
  /** The airline's quote holds until then. */
  expiresAt: z.iso.datetime(),
  refundable: z.boolean(),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

/**
 * The cancellation the traveller confirms: the id of the quote they were shown. Without one (the
 * original product sent no body), the airline is quoted and confirmed at once.
 */
export const cancelBookingBodySchema = z
  .object({ quoteId: z.string().min(1).max(200).optional() })
  .nullish();
export type CancelBookingBody = z.infer<typeof cancelBookingBodySchema>;

export const cancelBookingResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  booking: bookingViewSchema,
});

export const bookingLookupQuerySchema = z.object({
  reference: z.string().trim().min(1, tripMessages.referenceRequired).max(20).toUpperCase(),
  email: z.string().trim().min(1, tripMessages.emailRequired).max(254),
});
