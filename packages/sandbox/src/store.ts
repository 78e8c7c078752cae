/**
 * The sandbox's state lives behind this interface, so it can sit in PostgreSQL shared by many
 * API processes (the API implements it with Drizzle) or in memory for tests
 * (`createMemoryStore`). Searching never touches the store; only orders, seat sales and
 * cancellations do.
 *
 * Implementing it on SQL, roughly:
 * - `sandbox_orders (id text primary key, booking_reference text unique, document jsonb)`
 * - `sandbox_seats (flight_key text, designator text, order_id text, primary key (flight_key, designator))`
 * - `sandbox_cancellations (id text primary key, order_id text, document jsonb)`
 *
 * Every method may be called concurrently from several processes; the contracts below say what
 * must be atomic. Documents are returned as stored (JSON round trip), never shared mutable state.
 */
import type { Order, OrderCancellation } from './types';

/** One seat on one flown flight. */
export interface SeatClaim {
  /** Operating carrier, flight number and local departure date, e.g. `BA117-20250304`. */
  readonly flightKey: string;
  /** Row and letter, e.g. `14C`. */
  readonly designator: string;
}

export type InsertOrderResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: 'seats_taken';
      /** The requested seats another order holds (at least one). */
      readonly taken: readonly SeatClaim[];
    }
  | { readonly ok: false; readonly reason: 'booking_reference_taken' };

export type CancelOrderResult =
  { readonly ok: true } | { readonly ok: false; readonly reason: 'already_cancelled' };

export interface SandboxStore {
  /**
   * Saves a new order and claims its seats, all or nothing, in one transaction.
   *
   * - Each `(flightKey, designator)` may belong to one order only (a unique key). When any
   *   requested seat is held by another order, nothing is written and the answer is
   *   `{ ok: false, reason: 'seats_taken', taken }`. Of two concurrent orders for the same seat,
   *   exactly one succeeds.
   * - `order.booking_reference` is unique across orders. On a clash nothing is written and the
   *   answer is `{ ok: false, reason: 'booking_reference_taken' }`; the sandbox retries with a
   *   new reference.
   * - `order.id` is random and fresh; a duplicate id may reject the promise.
   * - `seats` may be empty.
   */
  insertOrder(input: {
    readonly order: Order;
    readonly seats: readonly SeatClaim[];
  }): Promise<InsertOrderResult>;

  /** The order document as last written, or null when there is none. */
  getOrder(orderId: string): Promise<Order | null>;

  /**
   * The seats held by any order on the given flights (in any order; empty when none). Seats of
   * cancelled orders are no longer held.
   */
  listSoldSeats(flightKeys: readonly string[]): Promise<readonly SeatClaim[]>;

  /**
   * Saves a cancellation quote (a new id, never confirmed yet). Quotes are not unique per order:
   * a traveller may ask twice.
   */
  insertCancellation(cancellation: OrderCancellation): Promise<void>;

  /** The cancellation document as last written, or null when there is none. */
  getCancellation(cancellationId: string): Promise<OrderCancellation | null>;

  /** Every cancellation document of the order (quotes and the confirmed one), oldest first. */
  listCancellations(orderId: string): Promise<readonly OrderCancellation[]>;

  /**
   * Confirms a cancellation, all or nothing, in one transaction: only if the stored order
   * `order.id` is not cancelled yet (its `cancelled_at` is null), replace the order document with
   * `order` (which carries `cancelled_at`), replace the cancellation document with
   * `cancellation` (which carries `confirmed_at`) and release every seat the order holds.
   * Otherwise change nothing and answer `{ ok: false, reason: 'already_cancelled' }`. Of two
   * concurrent confirmations, exactly one succeeds.
   */
  cancelOrder(input: {
    readonly order: Order;
    readonly cancellation: OrderCancellation;
  }): Promise<CancelOrderResult>;
}
