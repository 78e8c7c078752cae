/**
 * The bookings table's JSON columns: one schema each, the column's type in `bookings.table.ts`
 * and the one reading of it for every reader (bookings, trips, the back office). A schema reads
 * every shape ever stored in its column (the migrations and the writers since the first
 * booking), and a value none of them is is thrown as a `StoredJsonError`, never passed over.
 */
import { offerConditionsSchema, sliceSchema } from '@contrail/contracts/offers';
import { PASSENGER_TYPES } from '@contrail/contracts/passenger-types';
import { z } from 'zod';
import { readStoredJson } from '../../lib/stored-json';

const text = z.string().optional();

/**
 * A booking's passenger in either shape it is stored in: as the request carried it (every field
 * but `id` and `type` optional, strings as typed) until the order step, then as checked
 * (`Passenger`: names, date of birth, title and gender; bookings made before titles and genders
 * were required have neither). Both shapes' fields are optional here but `id` and `type`.
 */
const storedPassengerSchema = z.object({
  id: z.string().min(1),
  type: z.enum(PASSENGER_TYPES),
  title: text,
  firstName: text,
  lastName: text,
  gender: text,
  dateOfBirth: text,
  email: text,
  phone: text,
  phoneCountry: text,
  passportNumber: text,
  passportExpiryDate: text,
  passportIssuingCountry: text,
  nationality: text,
  /** The checked shape's frequent flyer programme… */
  frequentFlyer: z.object({ airlineIataCode: z.string(), number: z.string() }).optional(),
  /** …and the request's, as typed. */
  frequentFlyerAirline: text,
  frequentFlyerNumber: text,
  /** An SSR code (`WCHR`); the request's as typed. */
  assistance: text,
});
const storedPassengersSchema = z.array(storedPassengerSchema);
export type StoredPassenger = z.infer<typeof storedPassengerSchema>;

/** A seat chosen for a passenger on a segment. */
const storedSeatSchema = z.object({
  passengerId: z.string().min(1),
  segmentId: z.string().min(1),
  designator: z.string().min(1),
});
const storedSeatsSchema = z.array(storedSeatSchema);
export type StoredSeat = z.infer<typeof storedSeatSchema>;

/** Extra checked bags of one bag service, as priced at the order step. */
const storedBagSchema = z.object({
  serviceId: z.string(),
  passengerId: z.string(),
  segmentIds: z.array(z.string()),
  quantity: z.number().int().positive(),
  /** For all `quantity` bags, in the booking's currency's minor units. */
  amountMinor: z.number().int().nonnegative(),
});
const storedBagsSchema = z.array(storedBagSchema);
export type StoredBag = z.infer<typeof storedBagSchema>;

/** The order as the airline confirmed it (`SupplierOrder`), for the traveller's trips. */
const storedOrderSchema = z.object({
  id: z.string(),
  /** The airline's 6-character booking reference. */
  bookingReference: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  totalAmount: z.string(),
  totalCurrency: z.string(),
  slices: z.array(sliceSchema),
  seats: z.array(
    z.object({
      passengerId: z.string(),
      segmentId: z.string(),
      designator: z.string(),
      totalAmount: z.string(),
      totalCurrency: z.string(),
    }),
  ),
  refundable: z.boolean(),
  /**
   * The fare's conditions as the traveller was shown them when booking (refund and change, with
   * their fees); absent on orders booked before they were kept, and on one the reconciler found.
   */
  conditions: offerConditionsSchema.optional(),
});
export type StoredOrder = z.infer<typeof storedOrderSchema>;

/** A credit the airline gave a passenger instead of money. */
const storedAirlineCreditSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  /** In the credit's own currency's minor units. */
  amountMinor: z.number().int(),
  currency: z.string(),
  expiresAt: z.string().nullable(),
  passengerId: z.string().nullable(),
});
const storedAirlineCreditsSchema = z.array(storedAirlineCreditSchema);
export type StoredAirlineCredit = z.infer<typeof storedAirlineCreditSchema>;

/** Where the brand was reached (`SiteUrl`), for links in e-mails sent later. */
const storedSiteUrlSchema = z.object({
  origin: z.string(),
  brandParam: z.string().nullable(),
});
export type StoredSiteUrl = z.infer<typeof storedSiteUrlSchema>;

/** A confirmed booking's answer as kept for a retry with the same key to replay. */
const storedBookingResultSchema = z.object({
  id: z.string(),
  duffelBookingId: z.string(),
  bookingReference: z.string(),
  status: z.literal('confirmed'),
  emailContent: z.object({
    to: z.string(),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
  }),
});
export type StoredBookingResult = z.infer<typeof storedBookingResultSchema>;

/** What the provider answered when it left an order uncertain, for the operator. */
const orderUncertaintySchema = z.object({
  /** The provider's error code (`internal_server_error`, `airline_unknown`), `timeout`, `interrupted`. */
  providerCode: z.string(),
  /** The provider's id of the failed request, for its support. */
  requestId: z.string().nullable(),
});
export type OrderUncertainty = z.infer<typeof orderUncertaintySchema>;

const nullOr =
  <T>(schema: z.ZodType<T>, column: string) =>
  (value: unknown): T | null =>
    value === null || value === undefined ? null : readStoredJson(schema, column, value);

/** `bookings.passengers`, in either shape (see `storedPassengerSchema`). */
export const readStoredPassengers = (value: unknown): StoredPassenger[] =>
  readStoredJson(storedPassengersSchema, 'bookings.passengers', value);
export const readStoredSeats = (value: unknown): StoredSeat[] =>
  readStoredJson(storedSeatsSchema, 'bookings.seats', value);
export const readStoredBags = (value: unknown): StoredBag[] =>
  readStoredJson(storedBagsSchema, 'bookings.bags', value);
/** `bookings.order`: null until the airline has confirmed one. */
export const readStoredOrder = nullOr(storedOrderSchema, 'bookings.order');
export const readStoredAirlineCredits = (value: unknown): StoredAirlineCredit[] =>
  readStoredJson(storedAirlineCreditsSchema, 'bookings.airline_credits', value);
/** `bookings.site_url`: null for bookings made before it was kept. */
export const readStoredSiteUrl = nullOr(storedSiteUrlSchema, 'bookings.site_url');
export const readStoredBookingResult = nullOr(storedBookingResultSchema, 'bookings.response');
export const readOrderUncertainty = nullOr(orderUncertaintySchema, 'bookings.order_uncertainty');
