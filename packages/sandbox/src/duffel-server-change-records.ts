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

/** The changes of one server, and the slices of the orders whose changes were taken. */
export function changeRecords() {
  const changes: AirlineInitiatedChange[] = [];
  const slicesOfOrder = new Map<string, readonly OrderSlice[]>();

  /** An order's answer with the slices its taken changes left, and its changes. */
  function decorate<T extends { id: string; slices: readonly OrderSlice[] }>(order: T) {
    return {
      ...order,
      slices: slicesOfOrder.get(order.id) ?? order.slices,
      airline_initiated_changes: changes.filter((change) => change.order_id === order.id),
    };
  }

  return {
    add: (change: AirlineInitiatedChange) => void changes.push(change),
    find: (id: string) => changes.find((change) => change.id === id),
    /** Every change, oldest first, or an order's. */
    list: (orderId: string | null) =>
      changes.filter((change) => orderId === null || change.order_id === orderId),
    setSlices: (orderId: string, slices: readonly OrderSlice[]) =>
      void slicesOfOrder.set(orderId, slices),
    decorate,
  };
}

export type ChangeRecords = ReturnType<typeof changeRecords>;
