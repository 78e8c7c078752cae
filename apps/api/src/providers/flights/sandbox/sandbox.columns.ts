/**
 * The sandbox airline's JSON columns (its orders and cancellations, as Duffel's documents): one
 * schema each, the column's type in `sandbox.table.ts` and the one reading of it (the store).
 * An order's top-level fields are checked one by one; its slices, passengers, services and
 * documents, built by the sandbox package whose types name them, are checked to be objects.
 */
import type {
  Airline,
  Conditions,
  OrderDocument,
  OrderPassenger,
  OrderService,
  OrderSlice,
} from '@contrail/sandbox/types';
import { z } from 'zod';
import { readStoredJson } from '../../../lib/stored-json';

const isObject = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const built = <T>(name: string) => z.custom<T>(isObject, { error: `Expected ${name} object` });

const sandboxOrderSchema = z.object({
  id: z.string(),
  live_mode: z.literal(false),
  type: z.literal('instant'),
  booking_reference: z.string(),
  offer_id: z.string(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
  owner: built<Airline>('an airline'),
  slices: z.array(built<OrderSlice>('a slice')).readonly(),
  passengers: z.array(built<OrderPassenger>('a passenger')).readonly(),
  services: z.array(built<OrderService>('a service')).readonly(),
  conditions: built<Conditions>('a conditions'),
  total_amount: z.string(),
  total_currency: z.string(),
  base_amount: z.string(),
  base_currency: z.string(),
  tax_amount: z.string(),
  tax_currency: z.string(),
  payment_status: z.object({
    awaiting_payment: z.literal(false),
    paid_at: z.string(),
    payment_required_by: z.null(),
    price_guarantee_expires_at: z.null(),
  }),
  documents: z.array(built<OrderDocument>('a document')).readonly(),
  available_actions: z.array(z.literal('cancel')).readonly(),
  metadata: z.record(z.string(), z.string()),
});
export type SandboxOrderDocument = z.infer<typeof sandboxOrderSchema>;

/** A credit the airline issues a passenger instead of money (Duffel's `airline_credits` item). */
const airlineCreditSchema = z.object({
  id: z.string(),
  credit_name: z.string(),
  credit_code: z.string(),
  credit_amount: z.string(),
  credit_currency: z.string(),
  issued_on: z.string(),
  expires_at: z.string().nullable(),
  passenger_id: z.string(),
});

/** A cancellation, quoted or confirmed; credits only since the sandbox gave any (none before). */
const sandboxCancellationSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  live_mode: z.literal(false),
  refund_amount: z.string().nullable(),
  refund_currency: z.string().nullable(),
  refund_to: z.enum(['balance', 'airline_credits']),
  created_at: z.string(),
  expires_at: z.string(),
  confirmed_at: z.string().nullable(),
  airline_credits: z.array(airlineCreditSchema).readonly(),
});
export type SandboxCancellationDocument = z.infer<typeof sandboxCancellationSchema>;

export const readSandboxOrder = (value: unknown): SandboxOrderDocument =>
  readStoredJson(sandboxOrderSchema, 'sandbox_orders.document', value);
export const readSandboxCancellation = (value: unknown): SandboxCancellationDocument =>
  readStoredJson(sandboxCancellationSchema, 'sandbox_cancellations.document', value);
