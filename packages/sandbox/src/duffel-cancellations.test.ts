import { afterEach, describe, expect, it } from 'vitest';
import { createDuffelServer, type DuffelServer } from './duffel-server';
import { unknownRefundSettlesMs } from './sandbox';
import { must, orderInputFor } from './test-factories';
import type { OfferRequest, Order, OrderCancellation } from './types';

/**
 * Cancellations over HTTP as Duffel answers them: a refund the airline has not stated yet
 * (`refund_amount` null), a refund to airline credits, and the order's cancellations listed with
 * Duffel's paging (`GET /air/order_cancellations?order_id=`).
 */

const TOKEN = 'duffel_test_contrail';
const START = new Date('2026-01-10T09:00:00Z');
let now = START;

let running: DuffelServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
  now = START;
});

async function start() {
  running = createDuffelServer({ clock: () => now });
  const base = await running.listen();
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'duffel-version': 'v2',
        'content-type': 'application/json',
        accept: 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify({ data: body }) }),
    });
    const json = (await response.json()) as {
      data: never;
      meta?: { after: string | null; before: string | null; limit: number };
      errors?: { code: string }[];
    };
    return { status: response.status, json };
  };
}

type Call = Awaited<ReturnType<typeof start>>;

async function orderOn(call: Call, origin: string, destination: string, adults = 1) {
  const request = (
    await call('POST', '/air/offer_requests', {
      slices: [{ origin, destination, departure_date: '2026-02-02' }],
      passengers: Array.from({ length: adults }, () => ({ type: 'adult' })),
      cabin_class: 'economy',
    })
  ).json.data as OfferRequest;
  const created = await call('POST', '/air/orders', orderInputFor(must(request.offers[0])));
  expect(created.status).toBe(201);
  return created.json.data as Order;
}

async function cancel(call: Call, order: Order) {
  const quote = (await call('POST', '/air/order_cancellations', { order_id: order.id })).json
    .data as OrderCancellation;
  const confirmed = await call('POST', `/air/order_cancellations/${quote.id}/actions/confirm`);
  expect(confirmed.status).toBe(200);
  return { quote, confirmed: confirmed.json.data as OrderCancellation };
}

describe('cancellations on the Duffel-compatible server', () => {
  it('LCY→STN: the refund is unknown (null) when quoted and confirmed, and stated an hour later', async () => {
    const call = await start();
    const order = await orderOn(call, 'LCY', 'STN');
    const { quote, confirmed } = await cancel(call, order);
    expect(quote).toMatchObject({
      refund_amount: null,
      refund_currency: null,
      refund_to: 'balance',
    });
    expect(confirmed).toMatchObject({ refund_amount: null, confirmed_at: START.toISOString() });

    now = new Date(START.getTime() + unknownRefundSettlesMs - 1);
    const early = (await call('GET', `/air/order_cancellations/${quote.id}`)).json
      .data as OrderCancellation;
    expect(early.refund_amount).toBeNull();

    now = new Date(START.getTime() + unknownRefundSettlesMs);
    const known = (await call('GET', `/air/order_cancellations/${quote.id}`)).json
      .data as OrderCancellation;
    expect(known.refund_amount).toMatch(/^\d+\.\d{2}$/);
    expect(known.refund_currency).toBe(order.total_currency);
    // Never more than was paid.
    expect(Number(known.refund_amount)).toBeLessThanOrEqual(Number(order.total_amount));
  });

  it('LTN→STN: the refund goes to airline credits, one a passenger, worth the refund together', async () => {
    const call = await start();
    const order = await orderOn(call, 'LTN', 'STN', 2);
    const { quote, confirmed } = await cancel(call, order);
    expect(quote.refund_to).toBe('airline_credits');
    expect(confirmed.airline_credits).toEqual(quote.airline_credits);
    expect(confirmed.airline_credits.map((credit) => credit.passenger_id)).toEqual(
      order.passengers.map((passenger) => passenger.id),
    );
    const total = confirmed.airline_credits.reduce(
      (sum, credit) => sum + Math.round(Number(credit.credit_amount) * 100),
      0,
    );
    expect(total).toBe(Math.round(Number(confirmed.refund_amount) * 100));
    for (const credit of confirmed.airline_credits) {
      expect(credit).toMatchObject({
        id: expect.stringMatching(/^acd_/) as unknown,
        credit_code: expect.stringMatching(/^\d{13}$/) as unknown,
        credit_currency: order.total_currency,
        issued_on: order.created_at.slice(0, 10),
      });
      expect(Date.parse(credit.expires_at ?? '')).toBeGreaterThan(Date.parse(order.created_at));
    }
  });

  it('lists an order’s cancellations with Duffel’s paging, the confirmed one among them', async () => {
    const call = await start();
    const order = await orderOn(call, 'LHR', 'JFK');
    const other = await orderOn(call, 'LHR', 'CDG');
    await call('POST', '/air/order_cancellations', { order_id: other.id });
    for (let i = 0; i < 2; i += 1) {
      now = new Date(now.getTime() + 60_000);
      await call('POST', '/air/order_cancellations', { order_id: order.id });
    }
    now = new Date(now.getTime() + 60_000);
    const { confirmed } = await cancel(call, order);

    const first = await call('GET', `/air/order_cancellations?order_id=${order.id}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.json.meta).toMatchObject({ limit: 2, before: null });
    const after = first.json.meta?.after ?? '';
    expect(after).not.toBe('');
    const second = await call(
      'GET',
      `/air/order_cancellations?order_id=${order.id}&limit=2&after=${after}`,
    );
    expect(second.json.meta?.after).toBeNull();
    const all = [
      ...(first.json.data as OrderCancellation[]),
      ...(second.json.data as OrderCancellation[]),
    ];
    expect(all).toHaveLength(3);
    expect(all.every((c) => c.order_id === order.id)).toBe(true);
    expect(all.filter((c) => c.confirmed_at !== null)).toEqual([confirmed]);

    const missing = await call('GET', '/air/order_cancellations');
    expect(missing.status).toBe(422);
    expect(missing.json.errors?.[0]?.code).toBe('validation_required');
  });
});
