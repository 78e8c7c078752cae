/**
 * The SandboxStore contract as a reusable vitest suite. The memory store runs it here; a
 * PostgreSQL store runs the same suite in its own tests:
 *
 * ```ts
 * import { describeSandboxStoreContract } from '@contrail/sandbox/store-contract';
 * describeSandboxStoreContract('PostgreSQL sandbox store', async () => createPgSandboxStore(db));
 * ```
 */
import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxStore, SeatClaim } from './store';
import { createTestSandbox, orderInputFor } from './test-factories';
import type { Order, OrderCancellation } from './types';

// Fresh ids per run, so the suite also works against a shared, non-empty database.
function unique(prefix: string): string {
  return `${prefix}${randomUUID().replaceAll('-', '')}`;
}

function bookingReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < 6; i++) out += alphabet.charAt(randomInt(alphabet.length));
  return out;
}

/** A realistic order document made by the sandbox itself, with fresh ids. */
async function makeTemplate(): Promise<Order> {
  const { sandbox } = createTestSandbox();
  const request = await sandbox.searchOffers({
    slices: [{ origin: 'LHR', destination: 'AMS', departure_date: '2026-02-20' }],
    passengers: [{ type: 'adult' }],
  });
  const offer = request.offers[0];
  if (offer === undefined) throw new Error('The sandbox found no offer for the store contract');
  return sandbox.createOrder(orderInputFor(offer));
}

// eslint-disable-next-line unit-size/max-function-lines -- a contract suite: one test per rule every store keeps, read as a list
export function describeSandboxStoreContract(
  name: string,
  createStore: () => SandboxStore | Promise<SandboxStore>,
): void {
  // eslint-disable-next-line unit-size/max-function-lines -- the suite's tests, read as a list
  describe(`${name} honours the SandboxStore contract`, () => {
    let template: Order;
    beforeAll(async () => {
      template = await makeTemplate();
    });

    const newOrder = (): Order => ({
      ...structuredClone(template),
      id: unique('ord_'),
      booking_reference: bookingReference(),
    });
    const seat = (designator: string, flightKey = unique('ZZ1-')): SeatClaim => ({
      flightKey,
      designator,
    });
    const quote = (order: Order): OrderCancellation => ({
      id: unique('ore_'),
      order_id: order.id,
      live_mode: false,
      refund_amount: '10.00',
      refund_currency: order.total_currency,
      refund_to: 'balance',
      created_at: '2026-01-10T09:00:00.000Z',
      expires_at: '2026-01-10T09:15:00.000Z',
      confirmed_at: null,
      airline_credits: [],
    });

    it('stores an order and reads it back as written', async () => {
      const store = await createStore();
      const order = newOrder();
      await expect(store.insertOrder({ order, seats: [] })).resolves.toEqual({ ok: true });
      await expect(store.getOrder(order.id)).resolves.toEqual(order);
      await expect(store.getOrder(unique('ord_'))).resolves.toBeNull();
    });

    it('claims seats with the order and lists them as sold', async () => {
      const store = await createStore();
      const a = seat('14C');
      const b = seat('14D', a.flightKey);
      await store.insertOrder({ order: newOrder(), seats: [a, b] });
      const sold = await store.listSoldSeats([a.flightKey, unique('XX9-')]);
      expect([...sold].sort((x, y) => x.designator.localeCompare(y.designator))).toEqual([a, b]);
    });

    it('refuses an order whose seat another order holds, and writes nothing of it', async () => {
      const store = await createStore();
      const held = seat('3A');
      const free = seat('3B', held.flightKey);
      await store.insertOrder({ order: newOrder(), seats: [held] });
      const loser = newOrder();
      const result = await store.insertOrder({ order: loser, seats: [free, held] });
      expect(result).toMatchObject({ ok: false, reason: 'seats_taken' });
      if (!result.ok && result.reason === 'seats_taken') expect(result.taken).toContainEqual(held);
      await expect(store.getOrder(loser.id)).resolves.toBeNull();
      const sold = await store.listSoldSeats([held.flightKey]);
      expect(sold).toEqual([held]);
    });

    it('lets exactly one of many concurrent orders win a seat', async () => {
      const store = await createStore();
      const contested = seat('1A');
      const orders = Array.from({ length: 8 }, () => newOrder());
      const results = await Promise.all(
        orders.map((order) => store.insertOrder({ order, seats: [contested] })),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await store.listSoldSeats([contested.flightKey])).toHaveLength(1);
    });

    it('refuses a booking reference already used, writing nothing', async () => {
      const store = await createStore();
      const first = newOrder();
      await store.insertOrder({ order: first, seats: [] });
      const clash = { ...newOrder(), booking_reference: first.booking_reference };
      const claim = seat('9F');
      await expect(store.insertOrder({ order: clash, seats: [claim] })).resolves.toEqual({
        ok: false,
        reason: 'booking_reference_taken',
      });
      await expect(store.getOrder(clash.id)).resolves.toBeNull();
      await expect(store.listSoldSeats([claim.flightKey])).resolves.toEqual([]);
    });

    it('keeps cancellation quotes', async () => {
      const store = await createStore();
      const order = newOrder();
      await store.insertOrder({ order, seats: [] });
      const cancellation = quote(order);
      await store.insertCancellation(cancellation);
      await expect(store.getCancellation(cancellation.id)).resolves.toEqual(cancellation);
      await expect(store.getCancellation(unique('ore_'))).resolves.toBeNull();
      const second = { ...quote(order), created_at: '2026-01-10T09:10:00.000Z' };
      await store.insertCancellation(second);
      const other = newOrder();
      await store.insertOrder({ order: other, seats: [] });
      await store.insertCancellation(quote(other));
      await expect(store.listCancellations(order.id)).resolves.toEqual([cancellation, second]);
      await expect(store.listCancellations(unique('ord_'))).resolves.toEqual([]);
    });

    it('cancels once: order and quote updated, seats released, a second time refused', async () => {
      const store = await createStore();
      const order = newOrder();
      const claim = seat('22K');
      await store.insertOrder({ order, seats: [claim] });
      const cancellation = quote(order);
      await store.insertCancellation(cancellation);
      const cancelledAt = '2026-01-10T09:05:00.000Z';
      const cancelled: Order = { ...order, cancelled_at: cancelledAt, available_actions: [] };
      const confirmed: OrderCancellation = { ...cancellation, confirmed_at: cancelledAt };
      await expect(
        store.cancelOrder({ order: cancelled, cancellation: confirmed }),
      ).resolves.toEqual({ ok: true });
      await expect(store.getOrder(order.id)).resolves.toEqual(cancelled);
      await expect(store.getCancellation(cancellation.id)).resolves.toEqual(confirmed);
      await expect(store.listSoldSeats([claim.flightKey])).resolves.toEqual([]);
      const again = quote(order);
      await store.insertCancellation(again);
      await expect(
        store.cancelOrder({
          order: cancelled,
          cancellation: { ...again, confirmed_at: cancelledAt },
        }),
      ).resolves.toEqual({ ok: false, reason: 'already_cancelled' });
      await expect(store.getCancellation(again.id)).resolves.toMatchObject({ confirmed_at: null });
    });

    it('lets exactly one of two concurrent cancellations win', async () => {
      const store = await createStore();
      const order = newOrder();
      await store.insertOrder({ order, seats: [] });
      const quotes = [quote(order), quote(order)];
      for (const q of quotes) await store.insertCancellation(q);
      const cancelled: Order = {
        ...order,
        cancelled_at: '2026-01-10T09:05:00.000Z',
        available_actions: [],
      };
      const results = await Promise.all(
        quotes.map((q) =>
          store.cancelOrder({
            order: cancelled,
            cancellation: { ...q, confirmed_at: cancelled.cancelled_at },
          }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    });

    it('hands out copies: changing a returned document changes nothing stored', async () => {
      const store = await createStore();
      const order = newOrder();
      await store.insertOrder({ order, seats: [] });
      const read = await store.getOrder(order.id);
      if (read === null) throw new Error('order missing');
      (read as { booking_reference: string }).booking_reference = 'CHANGED';
      await expect(store.getOrder(order.id)).resolves.toEqual(order);
    });
  });
}
