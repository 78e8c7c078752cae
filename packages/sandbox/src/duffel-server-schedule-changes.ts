/**
 * The schedule changes an airline makes to a booked flight, and what they do to the slice they
 * touch: a retiming moves every flight of the slice the same minutes later (or earlier); a
 * cancellation takes the slice away, with or without a replacement flight the airline put the
 * passengers on instead. Changed slices and their segments get new ids, as at Duffel.
 */
import { error } from './duffel-server-errors';
import { randomId } from './duffel-server-ids';
import type { OrderSlice } from './types';

/** A change the airline makes to one slice of an order (the first, unless `slice` says). */
export type ScheduleChange =
  | {
      readonly kind: 'retime';
      /** How many minutes later every flight of the slice leaves and arrives (negative: earlier). */
      readonly minutes: number;
      readonly slice?: number;
      /** Booked on the agent's own IATA number: Duffel cannot accept it, only be told (`update`). */
      readonly selfManaged?: boolean;
    }
  | {
      readonly kind: 'cancel';
      /**
       * The airline's replacement: the same flights this many minutes later under new flight
       * numbers. Absent or null: no replacement (`added` is empty).
       */
      readonly replacementMinutes?: number | null;
      readonly slice?: number;
      readonly selfManaged?: boolean;
    };

export type ChangeAction = 'accept' | 'cancel' | 'change' | 'update';

/** `YYYY-MM-DDTHH:mm:ss` (local, no offset) moved by whole minutes. */
function shifted(local: string, minutes: number): string {
  const moved = new Date(Date.parse(`${local}Z`) + minutes * 60_000);
  return moved.toISOString().slice(0, local.length);
}

/** A flight number of the same width, another flight of the airline's. */
function otherFlight(number: string): string {
  const next = (Number.parseInt(number, 10) + 2) % 10 ** Math.max(number.length, 1);
  return String(next).padStart(number.length, '0');
}

function movedSlice(slice: OrderSlice, minutes: number, renumber: boolean): OrderSlice {
  return {
    ...slice,
    id: randomId('sli_'),
    segments: slice.segments.map((segment) => ({
      ...segment,
      id: randomId('seg_'),
      departing_at: shifted(segment.departing_at, minutes),
      arriving_at: shifted(segment.arriving_at, minutes),
      ...(renumber
        ? {
            marketing_carrier_flight_number: otherFlight(segment.marketing_carrier_flight_number),
            operating_carrier_flight_number: otherFlight(segment.operating_carrier_flight_number),
          }
        : {}),
    })),
  };
}

function checkedMinutes(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value === 0) {
    throw error(
      422,
      'validation_error',
      'invalid_value',
      `${field} must be a whole number of minutes, not 0.`,
      {
        field,
        pointer: `/${field}`,
      },
    );
  }
  return value;
}

/**
 * What a change does to the order's slices: the slice removed, the slices added in its place, and
 * the actions Duffel then offers (no `accept` for a cancellation without replacement, as there is
 * nothing to accept; only `update` when Duffel cannot act for the agent).
 */
export function applyScheduleChange(slices: readonly OrderSlice[], change: ScheduleChange) {
  const index = change.slice ?? 0;
  const removed = slices[index];
  if (removed === undefined) {
    throw error(
      422,
      'validation_error',
      'invalid_value',
      `The order has no slice ${String(index)}.`,
      {
        field: 'slice',
        pointer: '/slice',
      },
    );
  }
  let added: OrderSlice[];
  if (change.kind === 'retime') {
    added = [movedSlice(removed, checkedMinutes(change.minutes, 'minutes'), false)];
  } else if (change.replacementMinutes === undefined || change.replacementMinutes === null) {
    added = [];
  } else {
    added = [
      movedSlice(removed, checkedMinutes(change.replacementMinutes, 'replacement_minutes'), true),
    ];
  }
  const actions: ChangeAction[] = change.selfManaged
    ? ['update']
    : added.length === 0
      ? ['cancel', 'change']
      : ['accept', 'cancel', 'change'];
  return { removed: [removed], added, actions };
}

/** The order's slices once a change is taken: the removed slice replaced by the added ones. */
export function slicesAfter(
  slices: readonly OrderSlice[],
  removed: readonly OrderSlice[],
  added: readonly OrderSlice[],
): OrderSlice[] {
  const gone = new Set(removed.map((slice) => slice.id));
  return slices.flatMap((slice) =>
    gone.has(slice.id) ? (slice.id === removed[0]?.id ? added : []) : [slice],
  );
}
