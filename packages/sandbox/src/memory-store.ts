/**
 * An in-memory SandboxStore for tests and demos. It honours the store contract: each method
 * checks and writes without awaiting in between, so on one event loop every call is atomic, and
 * documents are copied in and out so callers never share mutable state with the store.
 */
import type { CancelOrderResult, InsertOrderResult, SandboxStore, SeatClaim } from './store';
import type { Order, OrderCancellation } from './types';

export interface MemoryStore extends SandboxStore {
  /** How many seats are held, for tests. */
  soldSeatCount(): number;
}

function seatKey(seat: SeatClaim): string {
  return `${seat.flightKey}|${seat.designator}`;
}

export function createMemoryStore(): MemoryStore {
  const orders = new Map<string, Order>();
  const bookingReferences = new Set<string>();
  const seats = new Map<string, { claim: SeatClaim; orderId: string }>();
  const cancellations = new Map<string, OrderCancellation>();

  return {
    insertOrder({ order, seats: requested }): Promise<InsertOrderResult> {
      if (orders.has(order.id)) return Promise.reject(new Error(`Order ${order.id} exists`));
      const taken = requested.filter((seat) => seats.has(seatKey(seat)));
      if (taken.length > 0) {
        return Promise.resolve({ ok: false, reason: 'seats_taken', taken: structuredClone(taken) });
      }
      const unique = new Set(requested.map(seatKey));
      if (unique.size !== requested.length) {
        // The same seat twice in one order would be a bug upstream; refuse it like a clash.
        return Promise.resolve({
          ok: false,
          reason: 'seats_taken',
          taken: structuredClone([...requested]),
        });
      }
      if (bookingReferences.has(order.booking_reference)) {
        return Promise.resolve({ ok: false, reason: 'booking_reference_taken' });
      }
      orders.set(order.id, structuredClone(order));
      bookingReferences.add(order.booking_reference);
      for (const seat of requested)
        seats.set(seatKey(seat), { claim: { ...seat }, orderId: order.id });
      return Promise.resolve({ ok: true });
    },

    getOrder(orderId) {
      const order = orders.get(orderId);
      return Promise.resolve(order === undefined ? null : structuredClone(order));
    },

    listSoldSeats(flightKeys) {
      const wanted = new Set(flightKeys);
      const sold: SeatClaim[] = [];
      for (const { claim } of seats.values()) {
        if (wanted.has(claim.flightKey)) sold.push({ ...claim });
      }
      return Promise.resolve(sold);
    },

    insertCancellation(cancellation) {
      if (cancellations.has(cancellation.id)) {
        return Promise.reject(new Error(`Cancellation ${cancellation.id} exists`));
      }
      cancellations.set(cancellation.id, structuredClone(cancellation));
      return Promise.resolve();
    },

    getCancellation(cancellationId) {
      const cancellation = cancellations.get(cancellationId);
      return Promise.resolve(cancellation === undefined ? null : structuredClone(cancellation));
    },

    listCancellations(orderId) {
      return Promise.resolve(
        [...cancellations.values()]
          .filter((cancellation) => cancellation.order_id === orderId)
          .map((cancellation) => structuredClone(cancellation)),
      );
    },

    cancelOrder({ order, cancellation }): Promise<CancelOrderResult> {
      const stored = orders.get(order.id);
      if (stored === undefined) {
        return Promise.reject(new Error(`Order ${order.id} does not exist`));
      }
      if (stored.cancelled_at !== null) {
        return Promise.resolve({ ok: false, reason: 'already_cancelled' });
      }
      orders.set(order.id, structuredClone(order));
      cancellations.set(cancellation.id, structuredClone(cancellation));
      for (const [key, seat] of seats) {
        if (seat.orderId === order.id) seats.delete(key);
      }
      return Promise.resolve({ ok: true });
    },

    soldSeatCount() {
      return seats.size;
    },
  };
}
