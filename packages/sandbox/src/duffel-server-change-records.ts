/**
 * The airline-initiated changes one server has recorded, as Duffel shows them: each change by
 * id and by order, and the slices of an order once a change was taken, which every answer of
 * the order then carries (with its changes in `airline_initiated_changes`).
 */
import type { ChangeAction } from './duffel-server-schedule-changes';
import type { OrderSlice } from './types';

export type ChangeActionTaken = 'accepted' | 'cancelled' | 'changed';

/** Duffel's AirlineInitiatedChange (`aic_…`). */
export interface AirlineInitiatedChange {
  readonly id: string;
  readonly order_id: string;
  /** The slices following the change, with new slice and segment ids. */
  readonly added: readonly OrderSlice[];
  /** The slices as they were before it. */
  readonly removed: readonly OrderSlice[];
  available_actions: ChangeAction[];
  action_taken: ChangeActionTaken | null;
  action_taken_at: string | null;
  /** When the change was detected. */
  readonly created_at: string;
  updated_at: string;
  readonly travel_agent_ticket: null;
}

interface ChangeableOrder {
  id: string;
  slices: readonly OrderSlice[];
  services: readonly { segment_ids: readonly string[] }[];
}

/** The changes of one server, and the slices of the orders whose changes were taken. */
export function changeRecords() {
  const changes: AirlineInitiatedChange[] = [];
  const slicesOfOrder = new Map<string, readonly OrderSlice[]>();
  /** A removed segment's id to the id of the segment that took its place, per order. */
  const segmentsOfOrder = new Map<string, Map<string, string>>();

  /**
   * An order's answer with the slices its taken changes left (its services on the segments that
   * took the place of theirs), and its changes.
   */
  function decorate<T extends ChangeableOrder>(order: T) {
    const renamed = segmentsOfOrder.get(order.id);
    return {
      ...order,
      slices: slicesOfOrder.get(order.id) ?? order.slices,
      services: renamed
        ? order.services.map((service) => ({
            ...service,
            segment_ids: service.segment_ids.map((id) => renamed.get(id) ?? id),
          }))
        : order.services,
      airline_initiated_changes: changes.filter((change) => change.order_id === order.id),
    };
  }

  /** An order's slices once a change is taken: the removed slice's segments become the added. */
  function take(orderId: string, slices: readonly OrderSlice[], change: AirlineInitiatedChange) {
    slicesOfOrder.set(orderId, slices);
    const renamed = segmentsOfOrder.get(orderId) ?? new Map<string, string>();
    const [removed, added] = [change.removed[0], change.added[0]];
    removed?.segments.forEach((segment, i) => {
      const next = added?.segments[i]?.id;
      if (next === undefined) return;
      for (const [from, to] of renamed) if (to === segment.id) renamed.set(from, next);
      renamed.set(segment.id, next);
    });
    segmentsOfOrder.set(orderId, renamed);
  }

  return {
    add: (change: AirlineInitiatedChange) => void changes.push(change),
    find: (id: string) => changes.find((change) => change.id === id),
    /** Every change, oldest first, or an order's. */
    list: (orderId: string | null) =>
      changes.filter((change) => orderId === null || change.order_id === orderId),
    take,
    decorate,
  };
}

export type ChangeRecords = ReturnType<typeof changeRecords>;
