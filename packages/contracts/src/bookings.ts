import { z } from 'zod';
import { isIsoDate } from './flight-search';
import { sliceSchema } from './offers';
import { seatSelectionSchema } from './payments';

export const passengerMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  primaryEmail: 'Valid email is required for primary passenger',
  primaryPhone: 'Phone number is required for primary passenger',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  passportMin: 'Passport number must be at least 5 characters',
  passportMax: 'Passport number cannot exceed 20 characters',
  passportCharacters: 'Passport number can only contain letters and numbers',
  passportExpiryRequired: 'Passport expiry date is required',
  passportExpired: 'Passport must not be expired',
  countryLength: 'Country code must be exactly 2 characters (ISO code)',
  countryLetters: 'Country code must contain only letters',
  passportHintExpired: 'Passport has expired',
  passportHintSoon: 'Less than 6 months validity',
  completeAll: 'Please complete all required passenger information before continuing.',
} as const;

export const bookingMessages = {
  requestRequired: 'Booking request is required',
  offerIdRequired: 'Offer ID is required for booking',
  passengersRequired: 'At least one passenger is required for booking',
  paymentRequired: 'Payment details are required for booking',
  passengerNamesRequired: 'All passengers must have first name, last name, and date of birth',
  idempotencyKeyRequired: 'An Idempotency-Key header is required',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different booking',
  paymentNotUsable: 'This payment can no longer be used. Please enter your card details again.',
  passengersMismatch: 'The passengers do not match the flight offer',
  inProgress: 'This booking is still being processed. Please wait a moment.',
  orderFailed: 'The airline could not confirm this booking. Your card has not been charged.',
  interrupted: 'The booking could not be completed. Your card has not been charged.',
  confirmed: 'Booking confirmed!',
} as const;

export const PASSENGER_TYPES = ['adult', 'child', 'infant_without_seat'] as const;
export const passengerTypeLabels: Record<(typeof PASSENGER_TYPES)[number], string> = {
  adult: 'Adult (12+ years)',
  child: 'Child (2-11 years)',
  infant_without_seat: 'Infant (under 2 years)',
};
export const TITLES = ['mr', 'ms', 'mrs', 'miss', 'dr'] as const;
export const GENDERS = ['male', 'female', 'undisclosed'] as const;

/** The 24 passport issuing countries of the passenger form. */
export const ISSUING_COUNTRIES = [
  ['US', 'United States'],
  ['GB', 'United Kingdom'],
  ['CA', 'Canada'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['IE', 'Ireland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['IT', 'Italy'],
  ['ES', 'Spain'],
  ['PT', 'Portugal'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['CH', 'Switzerland'],
  ['AT', 'Austria'],
  ['SE', 'Sweden'],
  ['NO', 'Norway'],
  ['DK', 'Denmark'],
  ['FI', 'Finland'],
  ['JP', 'Japan'],
  ['SG', 'Singapore'],
  ['IN', 'India'],
  ['MX', 'Mexico'],
  ['BR', 'Brazil'],
] as const;

/** Passports should be valid 6 months beyond travel; the form warns under 180 days. */
export const PASSPORT_WARNING_DAYS = 180;

const passportNumberSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(5, passengerMessages.passportMin)
      .max(20, passengerMessages.passportMax)
      .regex(/^[A-Z0-9]+$/, passengerMessages.passportCharacters),
  );

const countrySchema = z
  .string()
  .trim()
  .length(2, passengerMessages.countryLength)
  .regex(/^[A-Za-z]{2}$/, passengerMessages.countryLetters)
  .transform((value) => value.toUpperCase());

const phonePattern = /^\+?[0-9 ()-]{7,20}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One passenger of the passenger step (spec 001 §5). `today` (YYYY-MM-DD) decides future birth
 * dates and expired passports; `passportRequired` whether passports must be given; `primary`
 * whether this is the first passenger (who must give e-mail and phone).
 */
export function passengerSchema({
  today,
  passportRequired,
  primary,
}: {
  today: string;
  passportRequired: boolean;
  primary: boolean;
}) {
  const optional = <T>(schema: z.ZodType<T, string>) =>
    z
      .string()
      .optional()
      .transform((value) => (value?.trim() ? value.trim() : undefined))
      .pipe(schema.optional());
  return z.object({
    id: z.string().min(1),
    type: z.enum(PASSENGER_TYPES),
    title: z.enum(TITLES).optional(),
    firstName: z.string().trim().min(1, passengerMessages.firstNameRequired).max(60),
    lastName: z.string().trim().min(1, passengerMessages.lastNameRequired).max(60),
    gender: z.enum(GENDERS).optional(),
    dateOfBirth: z
      .string()
      .trim()
      .min(1, passengerMessages.dateOfBirthRequired)
      .refine(isIsoDate, passengerMessages.dateOfBirthRequired)
      .refine((value) => value <= today, passengerMessages.dateOfBirthFuture),
    email: primary
      ? z.string().trim().regex(emailPattern, passengerMessages.primaryEmail).max(254)
      : optional(z.string().regex(emailPattern, passengerMessages.emailInvalid).max(254)),
    phone: primary
      ? z.string().trim().regex(phonePattern, passengerMessages.primaryPhone)
      : optional(z.string().regex(phonePattern, passengerMessages.phoneInvalid)),
    passportNumber: passportRequired ? passportNumberSchema : optional(passportNumberSchema),
    passportExpiryDate: passportRequired
      ? z
          .string()
          .trim()
          .min(1, passengerMessages.passportExpiryRequired)
          .refine(isIsoDate, passengerMessages.passportExpiryRequired)
          .refine((value) => value > today, passengerMessages.passportExpired)
      : optional(z.string().refine(isIsoDate, passengerMessages.passportExpiryRequired)),
    passportIssuingCountry: passportRequired ? countrySchema : optional(countrySchema),
  });
}
export type PassengerInput = z.input<ReturnType<typeof passengerSchema>>;
export type Passenger = z.output<ReturnType<typeof passengerSchema>>;

/** The hint under a passport expiry date: expired, or under six months left. */
export function passportExpiryHint(expiry: string, today: string): string | null {
  if (!isIsoDate(expiry)) return null;
  if (expiry <= today) return passengerMessages.passportHintExpired;
  const days = (Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return days < PASSPORT_WARNING_DAYS ? passengerMessages.passportHintSoon : null;
}

const money = z.string().regex(/^\d+\.\d{2}$/);

/** `POST /api/bookings` body; the passengers are checked in full against the offer on the server. */
export const createBookingRequestSchema = z.object({
  offerId: z
    .string({ error: bookingMessages.offerIdRequired })
    .min(1, bookingMessages.offerIdRequired)
    .max(2000),
  passengers: z
    .array(z.record(z.string(), z.unknown()), { error: bookingMessages.passengersRequired })
    .min(1, bookingMessages.passengersRequired)
    .max(18),
  seats: z
    .array(seatSelectionSchema)
    .max(9 * 12)
    .optional(),
  paymentDetails: z.object(
    {
      paymentId: z.string().min(1, bookingMessages.paymentRequired),
      amount: money,
      currency: z.string().length(3),
    },
    { error: bookingMessages.paymentRequired },
  ),
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
  /** The provider's order id (the spec's name for it). */
  duffelBookingId: z.string(),
  /** The airline's 6-character booking reference. */
  bookingReference: z.string(),
  status: z.literal('confirmed'),
  accountCreated: z.boolean(),
  /** A new guest account's credentials: the password appears in the first answer only. */
  accountInfo: z
    .object({ username: z.string(), email: z.string(), password: z.string().nullable() })
    .nullable(),
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
  tooManyLookups: 'Too many attempts. Please try again later.',
} as const;

export const BOOKING_STATUSES = ['confirmed', 'pending', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

const tripMoney = z.object({ amount: money, currency: z.string().length(3) });

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
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  contactEmail: z.string(),
  refundable: z.boolean(),
  /** Upcoming, confirmed and the airline still allows it. */
  canCancel: z.boolean(),
  cancellation: z.object({ refund: tripMoney, cancelledAt: z.iso.datetime() }).nullable(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

export const bookingListSchema = z.object({ bookings: z.array(bookingViewSchema) });
export const bookingIdParamsSchema = z.object({ id: z.uuid(tripMessages.notFound) });

/** What cancelling would refund, shown before the traveller confirms. */
export const cancellationQuoteSchema = z.object({
  refund: tripMoney,
  /** The airline's quote holds until then. */
  expiresAt: z.iso.datetime(),
  refundable: z.boolean(),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

export const cancelBookingResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  booking: bookingViewSchema,
});

export const bookingLookupQuerySchema = z.object({
  reference: z.string().trim().min(1, tripMessages.referenceRequired).max(20).toUpperCase(),
  email: z.string().trim().min(1, tripMessages.emailRequired).max(254),
});
