import type {
  CancelOrderResult,
  InsertOrderResult,
  SandboxStore,
  SeatClaim,
} from '@contrail/sandbox/store';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { readSandboxCancellation, readSandboxOrder } from './sandbox.columns';
import { sandboxCancellations, sandboxOrders, sandboxSeats } from './sandbox.table';

/** Thrown inside a transaction to roll it back with an answer for the caller. */
class Rollback<T> extends Error {
  constructor(readonly result: T) {
    super('rollback');
  }
}

async function answerOrRollback<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Rollback) return error.result as T;
    throw error;
  }
}

const seatKey = (seat: SeatClaim) => `${seat.flightKey}|${seat.designator}`;

/**
 * The sandbox's store on PostgreSQL, shared by every API process. Seat claims rest on the
 * (flight_key, designator) primary key: of two transactions claiming one seat, the second waits
 * for the first and then finds the seat taken.
 */
export interface PostgresSandboxStore extends SandboxStore {
  /** The id of the order whose metadata has this booking reference, or null. */
  findOrderIdByBooking(reference: string): Promise<string | null>;
}

export function createPostgresSandboxStore(db: Database): PostgresSandboxStore {
  return {
    async findOrderIdByBooking(reference) {
      const [row] = await db
        .select({ id: sandboxOrders.id })
        .from(sandboxOrders)
        .where(sql`${sandboxOrders.document} -> 'metadata' ->> 'contrail_booking' = ${reference}`)
        .limit(1);
      return row?.id ?? null;
    },

    insertOrder({ order, seats }) {
      return answerOrRollback<InsertOrderResult>(() =>
        db.transaction(async (tx) => {
          const inserted = await tx
            .insert(sandboxOrders)
            .values({ id: order.id, bookingReference: order.booking_reference, document: order })
            .onConflictDoNothing({ target: sandboxOrders.bookingReference })
            .returning({ id: sandboxOrders.id });
          if (inserted.length === 0)
            throw new Rollback<InsertOrderResult>({ ok: false, reason: 'booking_reference_taken' });
          if (seats.length === 0) return { ok: true };
          if (new Set(seats.map(seatKey)).size !== seats.length) {
            throw new Rollback<InsertOrderResult>({
              ok: false,
              reason: 'seats_taken',
              taken: [...seats],
            });
          }
          const claimed = await tx
            .insert(sandboxSeats)
            .values(
              seats.map((seat) => ({
                flightKey: seat.flightKey,
                designator: seat.designator,
                orderId: order.id,
              })),
            )
            .onConflictDoNothing()
            .returning({ flightKey: sandboxSeats.flightKey, designator: sandboxSeats.designator });
          if (claimed.length < seats.length) {
            const won = new Set(claimed.map(seatKey));
            const taken = seats.filter((seat) => !won.has(seatKey(seat)));
            throw new Rollback<InsertOrderResult>({ ok: false, reason: 'seats_taken', taken });
          }
          return { ok: true };
        }),
      );
    },

    async getOrder(orderId) {
      const [row] = await db
        .select({ document: sandboxOrders.document })
        .from(sandboxOrders)
        .where(eq(sandboxOrders.id, orderId));
      return row ? readSandboxOrder(row.document) : null;
    },

    async listSoldSeats(flightKeys) {
      if (flightKeys.length === 0) return [];
      return db
        .select({ flightKey: sandboxSeats.flightKey, designator: sandboxSeats.designator })
        .from(sandboxSeats)
        .where(inArray(sandboxSeats.flightKey, [...flightKeys]));
    },

    async insertCancellation(cancellation) {
      await db.insert(sandboxCancellations).values({
        id: cancellation.id,
        orderId: cancellation.order_id,
        document: cancellation,
      });
    },

    async getCancellation(cancellationId) {
      const [row] = await db
        .select({ document: sandboxCancellations.document })
        .from(sandboxCancellations)
        .where(eq(sandboxCancellations.id, cancellationId));
      return row ? readSandboxCancellation(row.document) : null;
    },

    async listCancellations(orderId) {
      const rows = await db
        .select({ document: sandboxCancellations.document })
        .from(sandboxCancellations)
        .where(eq(sandboxCancellations.orderId, orderId))
        // The sandbox's clock stamps the documents; the row's own time is the database's.
        .orderBy(sql`${sandboxCancellations.document} ->> 'created_at'`, sandboxCancellations.id);
      return rows.map((row) => readSandboxCancellation(row.document));
    },

    cancelOrder({ order, cancellation }) {
      return answerOrRollback<CancelOrderResult>(() =>
        db.transaction(async (tx) => {
          const updated = await tx
            .update(sandboxOrders)
            .set({ document: order })
            .where(
              and(
                eq(sandboxOrders.id, order.id),
                isNull(sql`${sandboxOrders.document} ->> 'cancelled_at'`),
              ),
            )
            .returning({ id: sandboxOrders.id });
          if (updated.length === 0)
            throw new Rollback<CancelOrderResult>({ ok: false, reason: 'already_cancelled' });
          await tx
            .update(sandboxCancellations)
            .set({ document: cancellation })
            .where(eq(sandboxCancellations.id, cancellation.id));
          await tx.delete(sandboxSeats).where(eq(sandboxSeats.orderId, order.id));
          return { ok: true };
        }),
      );
    },
  };
}
