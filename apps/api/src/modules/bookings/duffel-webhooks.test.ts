import { createHmac } from 'node:crypto';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../plugins/logging';
import { useTestApp } from '../../../test/app';
import { payAndBook, searchOffer } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { createDuffelWebhookEventsRepository } from './duffel-webhook-events.repository';

/**
 * Duffel's webhooks through the real app: signed events accepted, unsigned, altered, stale or
 * otherwise refused ones leaving nothing behind, repeats handled once, and an airline's change to
 * a booked order kept with the booking, the newest word of it winning whatever the order of
 * delivery.
 */

const TOKEN = 'duffel_test_webhooks0123456789';

const TEST_SECRET = 'QKfUULLQh+8SegYmIsF6kA==';
const LIVE_SECRET = 'live-endpoint-secret-7Hq2';
const now = new Date('2026-11-22T09:00:00Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

/** `X-Duffel-Signature` as Duffel makes it: HMAC-SHA256 hex of `"<t>.<body>"`. */
function sign(body: string, secret = TEST_SECRET, at = nowSeconds): string {
  const v1 = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${v1}`;
}

function event(type: string, object: unknown, overrides: Record<string, unknown> = {}) {
  return {
    id: `wev_${Math.random().toString(36).slice(2, 14)}`,
    api_version: 'v2',
    type,
    data: { object },
    live_mode: false,
    idempotency_key: null,
    created_at: '2026-11-22T08:59:58.000000Z',
    identity_organisation_id: 'org_0000APMFjhs4X2rJ6k7UIE',
    ...overrides,
  };
}

const segment = (id: string, departingAt: string, flightNumber: string) => ({
  id,
  origin: { iata_code: 'LHR', name: 'Heathrow' },
  destination: { iata_code: 'JFK', name: 'John F. Kennedy International' },
  departing_at: departingAt,
  arriving_at: '2026-12-10T16:40:00',
  marketing_carrier: { iata_code: 'BA', name: 'British Airways' },
  marketing_carrier_flight_number: flightNumber,
  operating_carrier: { iata_code: 'BA', name: 'British Airways' },
  passengers: [{ passenger_id: 'pas_0001', cabin_class: 'economy', baggages: [] }],
});

/** An airline-initiated change of the order, as Duffel's v2 API gives it. */
function change(orderId: string, updatedAt: string, more: Record<string, unknown> = {}) {
  return {
    id: 'aic_00001876aqC8c5umZmrRds',
    order_id: orderId,
    removed: [
      {
        id: 'sli_123',
        origin: { iata_code: 'LHR' },
        destination: { iata_code: 'JFK' },
        segments: [segment('seg_456', '2026-12-10T09:05:00', '0472')],
      },
    ],
    added: [
      {
        id: 'sli_124',
        origin: { iata_code: 'LHR' },
        destination: { iata_code: 'JFK' },
        segments: [segment('seg_457', '2026-12-10T11:35:00', '0474')],
      },
    ],
    available_actions: ['accept', 'cancel', 'change'],
    action_taken: null,
    action_taken_at: null,
    travel_agent_ticket: null,
    created_at: '2026-11-22T08:55:00.038989Z',
    updated_at: updatedAt,
    ...more,
  };
}

/** v2's `order.airline_initiated_change_detected`: the order, naming the change by `aic_id`. */
function changeDetected(orderId: string, aic: ReturnType<typeof change>) {
  return event(
    'order.airline_initiated_change_detected',
    { id: orderId, aic_id: aic.id, airline_initiated_changes: [aic] },
    { idempotency_key: aic.id },
  );
}

// Test mode's flights are booked with Duffel (the Duffel-compatible server, through the SDK).
let duffel: DuffelServer | undefined;
/** What Duffel was asked: `GET /air/airline_initiated_changes` … */
const requests: string[] = [];
const env: Record<string, string> = {
  DUFFEL_TEST_TOKEN: TOKEN,
  DUFFEL_WEBHOOK_SECRET: TEST_SECRET,
  DUFFEL_LIVE_WEBHOOK_SECRET: LIVE_SECRET,
};
beforeAll(async () => {
  duffel = createDuffelServer({
    clock: () => now,
    tokens: [TOKEN],
    onRequest: ({ method, path }) => requests.push(`${method} ${path}`),
  });
  env.DUFFEL_API_URL = await duffel.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await duffel?.close();
});

describe('Duffel webhooks', () => {
  /** Every line the app logged, at debug level and above. */
  const logged: string[] = [];
  // The app's own logger (redactions and all) writing here; buildApp takes it over `false`.
  const deps = {
    clock: () => now,
    logger: { ...loggerOptions('debug'), stream: { write: (line: string) => logged.push(line) } },
  };
  const t = useTestApp(env, deps);
  const rows = (query: ReturnType<typeof sql>) => queryRows(t.database, query);

  /** Posts the body, signed for the test endpoint unless a header (or null: none) is given. */
  function deliver(body: string, signature: string | null = sign(body)) {
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/duffel',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-duffel-signature': signature }),
      },
      payload: body,
    });
  }

  /** A booking made with Duffel through the app, and Duffel's id of its order (`ord_…`). */
  async function booking() {
    const client = new TestClient(t.app);
    const booked = await payAndBook(client, await searchOffer(client));
    expect(booked.statusCode, booked.body).toBe(201);
    const { id } = booked.json<{ id: string }>();
    const [row] = await rows(sql`select provider_order_id from bookings where id = ${id}`);
    const kept = String(row?.provider_order_id);
    expect(kept).toMatch(/^duffel-test~ord_/);
    return { id, orderId: kept.replace(/^duffel-test~/, '') };
  }

  const kept = async () => ({
    events: await rows(sql`select id from duffel_webhook_events`),
    changes: await rows(sql`select id from airline_initiated_changes`),
  });

  it('accepts a signed ping, and keeps it by its id', async () => {
    const ping = event('ping.triggered', {});
    const response = await deliver(JSON.stringify(ping));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await rows(sql`select id, type, live_mode from duffel_webhook_events`)).toEqual([
      { id: ping.id, type: 'ping.triggered', live_mode: false },
    ]);
  });

  it('accepts a live event signed with the live endpoint’s secret', async () => {
    const body = JSON.stringify(event('order.created', { id: 'ord_live' }, { live_mode: true }));
    expect((await deliver(body, sign(body, LIVE_SECRET))).statusCode).toBe(200);
    expect(await rows(sql`select type, live_mode from duffel_webhook_events`)).toEqual([
      { type: 'order.created', live_mode: true },
    ]);
  });

  it('refuses what Duffel did not sign, and keeps nothing of it', async () => {
    const body = JSON.stringify(event('ping.triggered', {}));
    const v1 = createHmac('sha256', TEST_SECRET).update(`${nowSeconds}.${body}`).digest('hex');
    const refused = [
      ['wrong secret', body, sign(body, 'another-endpoint-secret')],
      ['tampered body', body.replace('ping.triggered', 'order.created'), sign(body)],
      ['stale', body, sign(body, TEST_SECRET, nowSeconds - 301)],
      ['future', body, sign(body, TEST_SECRET, nowSeconds + 301)],
      ['no header', body, null],
      ['empty header', body, ''],
      ['no timestamp', body, `v1=${v1}`],
      ['no v1', body, `t=${nowSeconds}`],
      ['not hex', body, `t=${nowSeconds},v1=${'z'.repeat(64)}`],
      ['short v1', body, `t=${nowSeconds},v1=${v1.slice(0, 40)}`],
      ['two signatures', body, `t=${nowSeconds},v1=${v1},v1=${v1}`],
      ['test event, live secret', body, sign(body, LIVE_SECRET)],
    ] as const;
    for (const [why, payload, signature] of refused) {
      const response = await deliver(payload, signature);
      expect(response.statusCode, why).toBe(400);
      expect(response.json(), why).toMatchObject({ error: { code: 'invalid_signature' } });
    }
    expect(await kept()).toEqual({ events: [], changes: [] });
  });

  it('accepts a signature made within five minutes either way', async () => {
    for (const at of [nowSeconds - 300, nowSeconds + 300]) {
      const body = JSON.stringify(event('ping.triggered', {}));
      expect((await deliver(body, sign(body, TEST_SECRET, at))).statusCode).toBe(200);
    }
    expect((await kept()).events).toHaveLength(2);
  });

  it('refuses a signed body that is not an event, keeping nothing', async () => {
    const body = '{"hello":"world"}';
    expect((await deliver(body)).statusCode).toBe(400);
    expect(await kept()).toEqual({ events: [], changes: [] });
  });

  it('keeps an airline’s change with the booking of its order', async () => {
    const { id, orderId } = await booking();
    const detected = changeDetected(orderId, change(orderId, '2026-11-22T08:55:00.038989Z'));
    const response = await deliver(JSON.stringify(detected));
    expect(response.statusCode, response.body).toBe(200);
    expect(
      await rows(sql`select order_id, booking_id, idempotency_key from duffel_webhook_events`),
    ).toEqual([
      { order_id: orderId, booking_id: id, idempotency_key: 'aic_00001876aqC8c5umZmrRds' },
    ]);
    const changes = await createDuffelWebhookEventsRepository(t.database.db).changesOfBooking(id);
    expect(changes).toEqual([
      expect.objectContaining({
        id: 'aic_00001876aqC8c5umZmrRds',
        bookingId: id,
        detectedAt: new Date('2026-11-22T08:55:00.038Z'),
        availableActions: ['accept', 'cancel', 'change'],
        actionTaken: null,
        actionTakenAt: null,
        removed: [
          {
            id: 'sli_123',
            origin: 'LHR',
            destination: 'JFK',
            segments: [
              {
                id: 'seg_456',
                origin: 'LHR',
                destination: 'JFK',
                departingAt: '2026-12-10T09:05:00',
                arrivingAt: '2026-12-10T16:40:00',
                marketingCarrier: 'BA',
                flightNumber: '0472',
                operatingCarrier: 'BA',
              },
            ],
          },
        ],
      }),
    ]);
    expect(changes[0]?.added[0]?.segments[0]).toMatchObject({
      id: 'seg_457',
      flightNumber: '0474',
    });
  });

  it('handles a repeated delivery once', async () => {
    const { id, orderId } = await booking();
    const detected = changeDetected(orderId, change(orderId, '2026-11-22T08:55:00Z'));
    expect((await deliver(JSON.stringify(detected))).statusCode).toBe(200);
    // The same event again, even were its body newer, changes nothing.
    const again = changeDetected(
      orderId,
      change(orderId, '2026-11-22T08:58:00Z', { available_actions: [] }),
    );
    const response = await deliver(JSON.stringify({ ...again, id: detected.id }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect((await kept()).events).toHaveLength(1);
    const changes = await createDuffelWebhookEventsRepository(t.database.db).changesOfBooking(id);
    expect(changes.map((c) => [c.availableActions, c.updatedAt])).toEqual([
      [['accept', 'cancel', 'change'], new Date('2026-11-22T08:55:00Z')],
    ]);
  });

  it('keeps the newest word of a change, whatever the order they arrive in', async () => {
    const { id, orderId } = await booking();
    const older = changeDetected(orderId, change(orderId, '2026-11-22T08:55:00Z'));
    const newer = changeDetected(
      orderId,
      change(orderId, '2026-11-22T08:57:30Z', {
        available_actions: [],
        action_taken: 'accepted',
        action_taken_at: '2026-11-22T08:57:30Z',
      }),
    );
    expect((await deliver(JSON.stringify(newer))).statusCode).toBe(200);
    expect((await deliver(JSON.stringify(older))).statusCode).toBe(200);
    const repository = createDuffelWebhookEventsRepository(t.database.db);
    const read = async () =>
      (await repository.changesOfBooking(id)).map((c) => ({
        actionTaken: c.actionTaken,
        actionTakenAt: c.actionTakenAt,
        availableActions: c.availableActions,
        updatedAt: c.updatedAt,
      }));
    const newest = [
      {
        actionTaken: 'accepted',
        actionTakenAt: new Date('2026-11-22T08:57:30Z'),
        availableActions: [],
        updatedAt: new Date('2026-11-22T08:57:30Z'),
      },
    ];
    expect(await read()).toEqual(newest);
    expect((await kept()).events).toHaveLength(2);
    // In order, a later word replaces an earlier one.
    const later = changeDetected(orderId, change(orderId, '2026-11-22T08:59:00Z'));
    expect((await deliver(JSON.stringify(later))).statusCode).toBe(200);
    expect((await read())[0]?.updatedAt).toEqual(new Date('2026-11-22T08:59:00Z'));
  });

  it('looks a change its event leaves out up with Duffel, acknowledging one Duffel does not list', async () => {
    const { orderId } = await booking();
    const detected = event(
      'order.airline_initiated_change_detected',
      { id: orderId, aic_id: 'aic_0000NotListed' },
      { idempotency_key: 'aic_0000NotListed' },
    );
    requests.length = 0;
    const response = await deliver(JSON.stringify(detected));
    expect(response.statusCode, response.body).toBe(200);
    expect(requests).toEqual(['GET /air/airline_initiated_changes']);
    expect((await kept()).events).toHaveLength(1);
    expect((await kept()).changes).toEqual([]);
  });

  it('acknowledges a change to an order it has no booking of', async () => {
    const orderId = 'ord_0000NotOurs';
    const detected = changeDetected(orderId, change(orderId, '2026-11-22T08:55:00Z'));
    const response = await deliver(JSON.stringify(detected));
    expect(response.statusCode, response.body).toBe(200);
    expect(await rows(sql`select order_id, booking_id from duffel_webhook_events`)).toEqual([
      { order_id: orderId, booking_id: null },
    ]);
    expect((await kept()).changes).toEqual([]);
  });

  it('does not keep a live change against a test booking of the same order', async () => {
    const { orderId } = await booking();
    const detected = changeDetected(orderId, change(orderId, '2026-11-22T08:55:00Z'));
    const body = JSON.stringify({ ...detected, live_mode: true });
    expect((await deliver(body, sign(body, LIVE_SECRET))).statusCode).toBe(200);
    expect(await rows(sql`select booking_id from duffel_webhook_events`)).toEqual([
      { booking_id: null },
    ]);
    expect((await kept()).changes).toEqual([]);
  });

  it('logs neither the secrets, the signatures nor what the bodies say of travellers', async () => {
    const { orderId } = await booking();
    logged.length = 0;
    const traveller = {
      given_name: 'Zebulon',
      family_name: 'Quixwhistle',
      email: 'zq@example.com',
    };
    const aic = change(orderId, '2026-11-22T08:55:00Z');
    const body = JSON.stringify(
      event(
        'order.airline_initiated_change_detected',
        { id: orderId, aic_id: aic.id, airline_initiated_changes: [aic], passengers: [traveller] },
        { idempotency_key: aic.id },
      ),
    );
    const signature = sign(body);
    expect((await deliver(body, signature)).statusCode).toBe(200);
    expect((await deliver(body, sign(body, 'another-endpoint-secret'))).statusCode).toBe(400);
    const unknown = changeDetected('ord_0000NotOurs', change('ord_0000NotOurs', aic.updated_at));
    expect((await deliver(JSON.stringify(unknown))).statusCode).toBe(200);
    const log = logged.join('\n');
    expect(log).toContain('the airline changed a booked order');
    expect(log).toContain('Duffel webhook refused');
    for (const secret of [
      TEST_SECRET,
      LIVE_SECRET,
      signature.slice(-64),
      ...Object.values(traveller),
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('acknowledges other events, kept so that a repeat is known', async () => {
    const created = event('order.created', { id: 'ord_0000ABd6wggSct7BoraU1o' });
    expect((await deliver(JSON.stringify(created))).statusCode).toBe(200);
    expect((await deliver(JSON.stringify(created))).statusCode).toBe(200);
    expect(await rows(sql`select id, type from duffel_webhook_events`)).toEqual([
      { id: created.id, type: 'order.created' },
    ]);
  });
});
