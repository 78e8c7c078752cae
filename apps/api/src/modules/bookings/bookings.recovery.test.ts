import { randomUUID } from 'node:crypto';
import type { SandboxStore } from '@contrail/sandbox/store';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { TEST_CARD, amountOf, passengersFor, searchOffer } from '../../../test/booking-flow';
import { queryRows, testDatabase } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { bookingMessages } from '@contrail/contracts/bookings';
import { SupplierError, type FlightSupplier } from '../../providers/flights/flight-supplier';
import {
  createPostgresSandboxStore,
  type PostgresSandboxStore,
} from '../../providers/flights/sandbox/sandbox-store';
import { createSandboxSupplier } from '../../providers/flights/sandbox/sandbox-supplier';

let now = new Date('2026-11-22T09:00:00Z');
const clock = () => now;

// The sandbox on the test database, reached lazily (the database opens after the app is described).
let store: Promise<PostgresSandboxStore> | undefined;
const pgStore = () =>
  (store ??= testDatabase().then((database) => createPostgresSandboxStore(database.db)));
const lazyStore: SandboxStore = {
  insertOrder: async (input) => (await pgStore()).insertOrder(input),
  getOrder: async (id) => (await pgStore()).getOrder(id),
  listSoldSeats: async (keys) => (await pgStore()).listSoldSeats(keys),
  insertCancellation: async (c) => (await pgStore()).insertCancellation(c),
  getCancellation: async (id) => (await pgStore()).getCancellation(id),
  listCancellations: async (orderId) => (await pgStore()).listCancellations(orderId),
  cancelOrder: async (input) => (await pgStore()).cancelOrder(input),
};
const sandbox = createSandboxSupplier({
  store: lazyStore,
  findOrderIdByBooking: async (reference) => (await pgStore()).findOrderIdByBooking(reference),
  clock,
  secret: 'recovery-test-secret-0123456789abcdef',
});

/**
 * How the connection to the airline fails during createOrder: lost, or the supplier saying it
 * could not confirm the order (Duffel's adapter after a 5xx or a timeout and no order found).
 */
type Loss = 'before-order' | 'after-order' | 'unconfirmed-before-order' | 'unconfirmed-after-order';
let lost: Loss | null = null;
const unconfirmed = () =>
  new SupplierError('order_unconfirmed', 'The airline did not confirm the order in time.');
const flaky: FlightSupplier = {
  ...sandbox,
  async createOrder(input) {
    if (lost === 'before-order') throw new Error('socket hang up');
    if (lost === 'unconfirmed-before-order') throw unconfirmed();
    const order = await sandbox.createOrder(input);
    if (lost === 'after-order') throw new Error('read ECONNRESET');
    if (lost === 'unconfirmed-after-order') throw unconfirmed();
    return order;
  },
};

describe('a booking interrupted while the airline makes the order', () => {
  const t = useTestApp({}, { clock, flightSupplier: flaky });

  async function interruptedBooking(mode: Loss) {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    const amount = amountOf(offer);
    const payment = await c.post('/api/payments/process-card', {
      offerId: offer.id,
      amount,
      currency: 'USD',
      passengers: passengersFor(offer),
      cardDetails: TEST_CARD,
    });
    const paymentId = payment.json<{ paymentId: string }>().paymentId;
    lost = mode;
    try {
      const response = await c.post(
        '/api/bookings',
        {
          offerId: offer.id,
          passengers: passengersFor(offer),
          paymentDetails: { paymentId, amount, currency: 'USD' },
        },
        { 'idempotency-key': randomUUID() },
      );
      if (mode.startsWith('unconfirmed')) {
        // The traveller is told the airline is being asked; the hold is neither taken nor released.
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          error: { code: 'order_unconfirmed', message: bookingMessages.orderUnconfirmed },
        });
        expect(
          await queryRows(t.database, sql`select status from sandbox_payment_intents`),
        ).toEqual([{ status: 'requires_capture' }]);
      } else {
        expect(response.statusCode).toBe(500);
      }
    } finally {
      lost = null;
    }
    expect(await queryRows(t.database, sql`select status from bookings`)).toEqual([
      { status: 'ordering' },
    ]);
    // Nothing is settled while the booking may still be in flight.
    expect(await t.app.jobs.reconcileBookings()).toBe(0);
    now = new Date(now.getTime() + 3 * 60 * 1000);
    try {
      expect(await t.app.jobs.reconcileBookings()).toBe(1);
    } finally {
      now = new Date('2026-11-22T09:00:00Z');
    }
  }

  const state = async () => ({
    booking: (await queryRows(t.database, sql`select status from bookings`)).map((r) => r.status),
    payment: (await queryRows(t.database, sql`select status from sandbox_payment_intents`)).map(
      (r) => r.status,
    ),
    orders: (await queryRows(t.database, sql`select id from sandbox_orders`)).length,
  });

  it('confirms and captures when the airline did make the order', async () => {
    await interruptedBooking('after-order');
    expect(await state()).toEqual({ booking: ['confirmed'], payment: ['succeeded'], orders: 1 });
  });

  it('after an unconfirmed order, confirms and captures once the airline is found to have it', async () => {
    await interruptedBooking('unconfirmed-after-order');
    expect(await state()).toEqual({ booking: ['confirmed'], payment: ['succeeded'], orders: 1 });
  });

  it('after an unconfirmed order, voids the hold only once the airline is found not to have it', async () => {
    await interruptedBooking('unconfirmed-before-order');
    expect(await state()).toEqual({ booking: ['failed'], payment: ['canceled'], orders: 0 });
  });

  it('voids the hold when the airline never made the order', async () => {
    await interruptedBooking('before-order');
    expect(await state()).toEqual({ booking: ['failed'], payment: ['canceled'], orders: 0 });
  });
});
