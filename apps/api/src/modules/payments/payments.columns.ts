/**
 * The payment authorisations table's JSON columns: one schema each, the column's type in
 * `payments.table.ts` and the one reading of it for every reader (payments, bookings' claim).
 */
import { z } from 'zod';
import { readStoredJson } from '../../lib/stored-json';

/** A seat the held amount includes: a passenger's seat on a segment. */
const authorizationSeatSchema = z.object({
  passengerId: z.string().min(1),
  segmentId: z.string().min(1),
  designator: z.string().min(1),
});
export type AuthorizationSeat = z.infer<typeof authorizationSeatSchema>;

/** An extra bag service the held amount includes, and how many. */
const authorizationServiceSchema = z.object({
  id: z.string().min(1),
  quantity: z.number().int().positive(),
});
export type AuthorizationService = z.infer<typeof authorizationServiceSchema>;

const seatsSchema = z.array(authorizationSeatSchema);
const servicesSchema = z.array(authorizationServiceSchema);

const readAuthorizationSeats = (value: unknown): AuthorizationSeat[] =>
  readStoredJson(seatsSchema, 'payment_authorizations.seats', value);
/** Empty for authorisations made before bags were sold (the column's default). */
const readAuthorizationServices = (value: unknown): AuthorizationService[] =>
  readStoredJson(servicesSchema, 'payment_authorizations.services', value);

/** The seats and bags an authorisation holds the price of, read from its row. */
export function authorizationExtras(row: { seats: unknown; services: unknown }): {
  seats: AuthorizationSeat[];
  services: AuthorizationService[];
} {
  return {
    seats: readAuthorizationSeats(row.seats),
    services: readAuthorizationServices(row.services),
  };
}
