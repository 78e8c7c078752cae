/**
 * Duffel's webhook events as they arrive (API version v2), read only as far as we use them: the
 * envelope every event has, and the airline-initiated change an
 * `order.airline_initiated_change_detected` event names (or Duffel lists for the order), in our
 * stored terms.
 */
import { z } from 'zod';
import type { ChangeSlice } from './airline-initiated-changes.columns';
import { CHANGE_ACTIONS_TAKEN } from './airline-initiated-changes.table';

/** The envelope of every event: `{id, type, live_mode, idempotency_key, created_at, data}`. */
const eventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  live_mode: z.boolean(),
  idempotency_key: z.string().max(500).nullish(),
  created_at: z.iso.datetime({ offset: true }).nullish(),
  data: z.object({ object: z.unknown() }).partial().nullish(),
});
export type DuffelEvent = z.infer<typeof eventSchema>;

/** The event a body holds, or null when it is no Duffel event. */
export function readDuffelEvent(rawBody: Buffer): DuffelEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = eventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** A place as Duffel gives it: an airport or city object, of which we keep the IATA code. */
const placeSchema = z.union([
  z.string(),
  z.object({ iata_code: z.string() }).transform((place) => place.iata_code),
]);
const carrierSchema = z
  .object({ iata_code: z.string().nullish() })
  .nullish()
  .transform((carrier) => carrier?.iata_code ?? null);

const segmentSchema = z
  .object({
    id: z.string(),
    origin: placeSchema,
    destination: placeSchema,
    departing_at: z.string(),
    arriving_at: z.string(),
    marketing_carrier: carrierSchema,
    marketing_carrier_flight_number: z.string().nullish(),
    operating_carrier: carrierSchema,
  })
  .transform((segment): ChangeSlice['segments'][number] => ({
    id: segment.id,
    origin: segment.origin,
    destination: segment.destination,
    departingAt: segment.departing_at,
    arrivingAt: segment.arriving_at,
    marketingCarrier: segment.marketing_carrier,
    flightNumber: segment.marketing_carrier_flight_number ?? null,
    operatingCarrier: segment.operating_carrier,
  }));

const sliceSchema = z
  .object({
    id: z.string(),
    origin: placeSchema,
    destination: placeSchema,
    segments: z.array(segmentSchema),
  })
  .transform((slice): ChangeSlice => slice);

/** Duffel's `AirlineInitiatedChange` (`aic_…`), in our terms. */
const changeSchema = z
  .object({
    id: z.string().startsWith('aic_'),
    order_id: z.string().min(1),
    added: z.array(sliceSchema),
    removed: z.array(sliceSchema),
    available_actions: z.array(z.string()),
    action_taken: z.enum(CHANGE_ACTIONS_TAKEN).nullish(),
    action_taken_at: z.iso.datetime({ offset: true }).nullish(),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .transform((change) => ({
    id: change.id,
    orderId: change.order_id,
    added: change.added,
    removed: change.removed,
    availableActions: change.available_actions,
    actionTaken: change.action_taken ?? null,
    actionTakenAt: change.action_taken_at ? new Date(change.action_taken_at) : null,
    detectedAt: new Date(change.created_at),
    updatedAt: new Date(change.updated_at),
  }));
export type DuffelChange = z.output<typeof changeSchema>;

/**
 * What v2's `data.object` says: the order (`id`) with the change's id (`aic_id`), and the order's
 * changes when it carries them. An object that is itself a change (v1's shape) is read as one.
 */
const changedOrderSchema = z.object({
  id: z.string().min(1),
  order_id: z.string().min(1).optional(),
  aic_id: z.string().optional(),
  airline_initiated_changes: z.array(z.unknown()).optional(),
});

/**
 * The order an `order.airline_initiated_change_detected` event's object names, and the change
 * when the object carries it (null when it does not, or when it is not a change we can read).
 */
export function changeOfEvent(object: unknown): {
  orderId: string | null;
  changeId: string | null;
  change: DuffelChange | null;
} {
  const order = changedOrderSchema.safeParse(object);
  if (!order.success) return { orderId: null, changeId: null, change: null };
  const { id, aic_id: aicId } = order.data;
  if (id.startsWith('aic_')) {
    const change = changeSchema.safeParse(object);
    return {
      orderId: order.data.order_id ?? null,
      changeId: id,
      change: change.success ? change.data : null,
    };
  }
  const change = aicId ? findChange(order.data.airline_initiated_changes ?? [], aicId) : null;
  return { orderId: id, changeId: aicId ?? null, change };
}

/** The change of this id among Duffel's (an order's, or those its API lists), when readable. */
/** Every change of a list Duffel answered that reads as one (an unreadable entry is left out). */
export function readChanges(candidates: readonly unknown[]): DuffelChange[] {
  return candidates.flatMap((candidate) => {
    const parsed = changeSchema.safeParse(candidate);
    return parsed.success ? [parsed.data] : [];
  });
}

export function findChange(candidates: readonly unknown[], changeId: string): DuffelChange | null {
  for (const candidate of candidates) {
    const parsed = changeSchema.safeParse(candidate);
    if (parsed.success && parsed.data.id === changeId) return parsed.data;
  }
  return null;
}
