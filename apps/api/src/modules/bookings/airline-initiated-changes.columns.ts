/**
 * The airline-initiated changes table's JSON columns: the slices a change removed from a booking
 * and the slices it added in their place, both read by the one schema here, for every reader.
 */
import { z } from 'zod';
import { readStoredJson } from '../../lib/stored-json';

/** A flight of a changed slice, as the airline has it before or after the change. */
const changeSegmentSchema = z.object({
  /** The provider's segment id; a changed segment may be given a new one. */
  id: z.string(),
  /** IATA airport codes. */
  origin: z.string(),
  destination: z.string(),
  /** Local times at the airports, ISO 8601 without an offset, as the airline gives them. */
  departingAt: z.string(),
  arrivingAt: z.string(),
  /** The marketing carrier's IATA code and flight number (`BA`, `0472`), when given. */
  marketingCarrier: z.string().nullable(),
  flightNumber: z.string().nullable(),
  operatingCarrier: z.string().nullable(),
});

/** A slice (one journey of the trip, its flights in order) as removed or added by a change. */
const changeSliceSchema = z.object({
  id: z.string(),
  origin: z.string(),
  destination: z.string(),
  segments: z.array(changeSegmentSchema),
});

/** `airline_initiated_changes.added` and `.removed`: one schema for both. */
const changeSlicesSchema = z.array(changeSliceSchema);
export type ChangeSlice = z.infer<typeof changeSliceSchema>;

/** `airline_initiated_changes.added` or `.removed`, read through their one schema. */
export const readChangeSlices = (column: 'added' | 'removed', value: unknown): ChangeSlice[] =>
  readStoredJson(changeSlicesSchema, `airline_initiated_changes.${column}`, value);
