/**
 * The Duffel adapter's JSON column: its schema, the column's type in `duffel.table.ts` and the one
 * reading of it (`offer-replacements.ts`).
 */
import { z } from 'zod';
import { readStoredJson } from '../../../lib/stored-json';

/** A replacement offer's passenger, slice and segment ids → the replaced offer's. */
const replacementIdsSchema = z.record(z.string(), z.string());
export type ReplacementIds = z.infer<typeof replacementIdsSchema>;

export const readReplacementIds = (value: unknown): ReplacementIds =>
  readStoredJson(replacementIdsSchema, 'duffel_offer_replacements.ids', value);
