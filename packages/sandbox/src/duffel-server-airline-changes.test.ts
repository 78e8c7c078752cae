import { Duffel, DuffelError } from '@duffel/api';

type DuffelApiError = InstanceType<typeof DuffelError>;
import { afterEach, describe, expect, it } from 'vitest';
import type { AirlineInitiatedChange } from './duffel-server-change-records';
import { createDuffelServer, type DuffelServer, type DuffelServerOptions } from './duffel-server';
import { must, orderInputFor } from './test-factories';
import type { Offer, Order, OrderSlice } from './types';

/**
 * Airline-initiated changes over HTTP, read through Duffel's own SDK: a retiming and a
 * cancellation made to happen (by the `scheduleChanges` rule, `changeSchedule`, or the
 * stand-in's `POST /sandbox/airline_initiated_changes`), listed, accepted and updated as Duffel
 * answers, and the order's slices after an accepted change.
 */

const TOKEN = 'duffel_test_contrail';
const NOW = new Date('2026-01-10T09:00:00Z');

let running: DuffelServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(options: DuffelServerOptions = {}) {
  running = createDuffelServer({ clock: () => NOW, ...options });
  const base = await running.listen();
  const duffel = new Duffel({ token: TOKEN, basePath: base });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'duffel-version': 'v2',
        'content-type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify({ data: body }) }),
    });
    const json = (await response.json()) as {
      data: never;
      meta?: { limit: number; after: string | null; before: string | null };
      errors?: { type: string; code: string }[];
    };
    return { status: response.status, json };
  };
  return { duffel, call, server: running };
}

type Started = Awaited<ReturnType<typeof start>>;

/** A one-adult economy order on the route, booked through the SDK. */
async function book({ duffel }: Started, origin = 'LHR', destination = 'JFK'): Promise<Order> {
  const request = (await duffel.offerRequests.create({
    slices: [{ origin, destination, departure_date: '2026-02-02' }],
    passengers: [{ type: 'adult' }],
    cabin_class: 'economy',
    return_offers: true,
  } as never)) as unknown as { data: { offers: Offer[] } };
  const offer = must(request.data.offers[0]);
  const order = await duffel.orders.create(orderInputFor(offer) as never);
  return order.data as unknown as Order;
}

const minutesBetween = (from: string, to: string) =>
  (Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 60_000;

async function failure(promise: Promise<unknown>): Promise<DuffelApiError> {
  const caught = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(caught).toBeInstanceOf(DuffelError);
  return caught as DuffelApiError;
}

describe('airline-initiated changes on the Duffel-compatible server', () => {
  it('a retiming by the scheduleChanges rule: listed, on the order, accepted once, the order’s slices then the added ones', async () => {
    const started = await start({
      scheduleChanges: (order) =>
        order.slices[0]?.destination.iata_code === 'JFK' ? { kind: 'retime', minutes: 95 } : null,
    });
    const { duffel } = started;
    const order = await book(started);
    const untouched = await book(started, 'LHR', 'CDG');
    expect((await duffel.airlineInitiatedChanges.list(untouched.id)).data).toEqual([]);

    const listed = await duffel.airlineInitiatedChanges.list(order.id);
    expect(listed.status).toBe(200);
    const [change] = listed.data as unknown as AirlineInitiatedChange[];
    const before = must(order.slices[0]);
    expect(change).toMatchObject({
      id: expect.stringMatching(/^aic_/) as unknown,
      order_id: order.id,
      removed: [before],
      available_actions: ['accept', 'cancel', 'change'],
      action_taken: null,
      action_taken_at: null,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
      travel_agent_ticket: null,
    });
    const added = must(change?.added[0]);
    expect(added.id).toMatch(/^sli_/);
    expect(added.id).not.toBe(before.id);
    added.segments.forEach((segment, i) => {
      const was = must(before.segments[i]);
      expect(segment.id).not.toBe(was.id);
      expect(minutesBetween(was.departing_at, segment.departing_at)).toBe(95);
      expect(minutesBetween(was.arriving_at, segment.arriving_at)).toBe(95);
      expect(segment.marketing_carrier_flight_number).toBe(was.marketing_carrier_flight_number);
    });
    const shown = (await duffel.orders.get(order.id)).data;
    expect(shown.airline_initiated_changes).toEqual([change]);
    expect(shown.slices).toEqual(order.slices);

    const accepted = await duffel.airlineInitiatedChanges.accept(must(change).id);
    expect(accepted.data).toMatchObject({
      id: change?.id,
      action_taken: 'accepted',
      action_taken_at: NOW.toISOString(),
      available_actions: [],
    });
    const after = (await duffel.orders.get(order.id)).data;
    expect(after.slices as unknown as OrderSlice[]).toEqual(change?.added);
    expect(after.airline_initiated_changes[0]?.action_taken).toBe('accepted');

    const twice = await failure(duffel.airlineInitiatedChanges.accept(must(change).id));
    expect(twice.meta.status).toBe(422);
    expect(twice.errors[0]).toMatchObject({
      type: 'invalid_state_error',
      code: 'unavailable_action',
    });
    const unknown = await failure(duffel.airlineInitiatedChanges.accept('aic_0000NoSuchChange'));
    expect(unknown.meta.status).toBe(404);
    expect(unknown.errors[0]).toMatchObject({ type: 'invalid_request_error', code: 'not_found' });
  });

  it('a flight cancelled: without a replacement nothing can be accepted; with one, a later flight under a new number', async () => {
    const started = await start();
    const { duffel, call } = started;
    const order = await book(started);
    const cancelled = await call('POST', '/sandbox/airline_initiated_changes', {
      order_id: order.id,
      kind: 'cancel',
    });
    expect(cancelled.status).toBe(201);
    const bare = cancelled.json.data as AirlineInitiatedChange;
    expect(bare).toMatchObject({ added: [], removed: [order.slices[0]] });
    expect(bare.available_actions).toEqual(['cancel', 'change']);
    const refused = await failure(duffel.airlineInitiatedChanges.accept(bare.id));
    expect(refused.errors[0]?.code).toBe('unavailable_action');

    const replaced = await started.server.changeSchedule(order.id, {
      kind: 'cancel',
      replacementMinutes: 24 * 60,
    });
    expect(replaced.available_actions).toEqual(['accept', 'cancel', 'change']);
    const was = must(order.slices[0]?.segments[0]);
    const now = must(replaced.added[0]?.segments[0]);
    expect(minutesBetween(was.departing_at, now.departing_at)).toBe(24 * 60);
    expect(now.marketing_carrier_flight_number).not.toBe(was.marketing_carrier_flight_number);
    expect(now.marketing_carrier_flight_number).toHaveLength(
      was.marketing_carrier_flight_number.length,
    );

    const missing = await call('POST', '/sandbox/airline_initiated_changes', { kind: 'retime' });
    expect(missing.status).toBe(422);
    expect(missing.json.errors?.[0]?.code).toBe('validation_required');
    const noOrder = await call('POST', '/sandbox/airline_initiated_changes', {
      order_id: 'ord_0000NoSuchOrder',
      kind: 'retime',
      minutes: 30,
    });
    expect(noOrder.status).toBe(404);
  });

  it('a change Duffel cannot accept offers only update, which records the action taken (PATCH)', async () => {
    const started = await start();
    const { duffel, call } = started;
    const order = await book(started);
    const change = await started.server.changeSchedule(order.id, {
      kind: 'retime',
      minutes: 30,
      selfManaged: true,
    });
    expect(change.available_actions).toEqual(['update']);
    const refused = await failure(duffel.airlineInitiatedChanges.accept(change.id));
    expect(refused.meta.status).toBe(422);

    const wrong = await call('PATCH', `/air/airline_initiated_changes/${change.id}`, {
      action_taken: 'ignored',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors?.[0]).toMatchObject({
      type: 'validation_error',
      code: 'invalid_value',
    });

    const updated = await duffel.airlineInitiatedChanges.update(change.id, 'cancelled');
    expect(updated.data).toMatchObject({ action_taken: 'cancelled', available_actions: [] });
    expect((await duffel.orders.get(order.id)).data.slices).toEqual(order.slices);

    const other = await started.server.changeSchedule(order.id, { kind: 'retime', minutes: 10 });
    const notUpdatable = await failure(duffel.airlineInitiatedChanges.update(other.id, 'accepted'));
    expect(notUpdatable.errors[0]?.code).toBe('unavailable_action');
  });

  it('an accepted change moves the order’s services onto the segments that took their place', async () => {
    const started = await start();
    const { duffel } = started;
    const request = (await duffel.offerRequests.create({
      slices: [{ origin: 'LHR', destination: 'JFK', departure_date: '2026-02-02' }],
      passengers: [{ type: 'adult' }],
      cabin_class: 'economy',
      return_offers: true,
    } as never)) as unknown as { data: { offers: Offer[] } };
    const offered = await duffel.offers.get(must(request.data.offers[0]).id, {
      return_available_services: true,
    });
    const offer = offered.data as unknown as Offer;
    const bag = must(offer.available_services[0]);
    const booked = await duffel.orders.create(
      orderInputFor(offer, {
        services: [{ id: bag.id, quantity: 1, amount: bag.total_amount }],
      }) as never,
    );
    const order = booked.data as unknown as Order;
    expect(order.services.length).toBeGreaterThan(0);
    const change = await started.server.changeSchedule(order.id, { kind: 'retime', minutes: 45 });
    await duffel.airlineInitiatedChanges.accept(change.id);

    const after = (await duffel.orders.get(order.id)).data as unknown as Order;
    const segments = new Set(after.slices.flatMap((slice) => slice.segments.map((s) => s.id)));
    const counts = order.services.map((service) => service.segment_ids.length);
    expect(after.services.map((service) => service.segment_ids.length)).toEqual(counts);
    for (const service of after.services) {
      for (const id of service.segment_ids) expect(segments.has(id)).toBe(true);
    }
  });

  it('lists changes in Duffel’s envelope, paged with limit and after, filtered by order_id', async () => {
    const started = await start();
    const { call } = started;
    const order = await book(started);
    const other = await book(started, 'LHR', 'CDG');
    for (const minutes of [10, 20, 30]) {
      await started.server.changeSchedule(order.id, { kind: 'retime', minutes });
    }
    await started.server.changeSchedule(other.id, { kind: 'cancel' });

    const first = await call('GET', `/air/airline_initiated_changes?order_id=${order.id}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.json.meta).toMatchObject({ limit: 2, before: null });
    const after = must(first.json.meta?.after);
    const second = await call(
      'GET',
      `/air/airline_initiated_changes?order_id=${order.id}&limit=2&after=${after}`,
    );
    expect(second.json.meta?.after).toBeNull();
    const all = [
      ...(first.json.data as AirlineInitiatedChange[]),
      ...(second.json.data as AirlineInitiatedChange[]),
    ];
    expect(all.map((change) => change.order_id)).toEqual([order.id, order.id, order.id]);
    const everyOne = await call('GET', '/air/airline_initiated_changes');
    expect(everyOne.json.data).toHaveLength(4);
    expect(everyOne.json.meta).toEqual({ limit: 50, after: null, before: null });
  });
});
