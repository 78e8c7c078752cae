/**
 * The sandbox processor's JSON column: its schema, the column's type in
 * `sandbox-payments.table.ts` and the one reading of it.
 */
import { z } from 'zod';
import { readStoredJson } from '../../../lib/stored-json';

/** A payment's metadata as a processor keeps it: text values by key (our booking and offer ids). */
const paymentMetadataSchema = z.record(z.string(), z.string());
export type PaymentMetadata = z.infer<typeof paymentMetadataSchema>;

export const readPaymentMetadata = (value: unknown): PaymentMetadata =>
  readStoredJson(paymentMetadataSchema, 'sandbox_payment_intents.metadata', value);
