import { createHmac } from 'node:crypto';
import { Duffel } from '@duffel/api';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { payAndBook, searchOffer } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { createDuffelWebhookEventsRepository } from './duffel-webhook-events.repository';

/**
 * An airline's change to a booking made with Duffel, as the Duffel-compatible server tells it:
 * a webhook endpoint registered through the SDK, its events signed with the secret Duffel gave,
 * delivered twice and out of order, and the change kept once with the booking.
 */

const TOKEN = 'duffel_test_deliveries0123456789';
const APP_PORT = 3996;
const now = new Date('2026-11-22T09:00:00Z');

let duffel: DuffelServer | undefined;
/** The paths the app asked the Duffel-compatible server, in order. */
const asked: string[] = [];
let secret = '';
const env: Record<string, string> = { DUFFEL_TEST_TOKEN: TOKEN };

beforeAll(async () => {
  duffel = createDuffelServer({
    clock: () => now,
    tokens: [TOKEN],
    onRequest: (entry) => asked.push(entry.path),
    webhookDelivery: { retryDelaysMs: [20, 100], duplicate: true, outOfOrder: true, holdMs: 50 },
  });
  env.DUFFEL_API_URL = await duffel.listen(0, '127.0.0.1');
  const sdk = new Duffel({ token: TOKEN, basePath: env.DUFFEL_API_URL });
  const { data } = await sdk.webhooks.create({
    url: `http://127.0.0.1:${APP_PORT}/api/webhooks/duffel`,
    events: ['order.created', 'order.airline_initiated_change_detected'],
  });
  secret = data.secret;
  env.DUFFEL_WEBHOOK_SECRET = secret;
});
afterAll(async () => {
  await duffel?.close();
});

describe('Duffel webhook deliveries', () => {
  const t = useTestApp(env, { clock: () => now });
  const rows = (query: ReturnType<typeof sql>) => queryRows(t.database, query);

  beforeAll(async () => {
    await t.app.listen({ port: APP_PORT, host: '127.0.0.1' });
  });

  async function booked() {
    const client = new TestClient(t.app);
    const booking = await payAndBook(client, await searchOffer(client));
    expect(booking.statusCode, booking.body).toBe(201);
    const { id } = booking.json<{ id: string }>();
    const [row] = await rows(sql`select provider_order_id from bookings where id = ${id}`);
    return { id, orderId: String(row?.provider_order_id).replace(/^duffel-test~/, '') };
  }

  it('keeps the airline’s change with the booking, once, however often it is delivered', async () => {
    if (!duffel) throw new Error('no Duffel');
    const { id, orderId } = await booked();
    const aic = await duffel.changeSchedule(orderId, { kind: 'retime', minutes: 90 });
    await duffel.settleWebhooks();
    const attempts = duffel.webhookAttempts();
    expect(attempts.map((attempt) => attempt.type).sort()).toEqual([
      'order.airline_initiated_change_detected',
      'order.airline_initiated_change_detected',
      'order.created',
      'order.created',
    ]);
    expect(attempts.every((attempt) => attempt.response_status_code === 200)).toBe(true);
    expect(
      await rows(sql`select type, booking_id from duffel_webhook_events order by type`),
    ).toEqual([
      { type: 'order.airline_initiated_change_detected', booking_id: id },
      { type: 'order.created', booking_id: null },
    ]);
    const [change, ...more] = await createDuffelWebhookEventsRepository(
      t.database.db,
    ).changesOfBooking(id);
    expect(more).toEqual([]);
    expect(change).toMatchObject({ id: aic.id, bookingId: id, actionTaken: null });
    expect(change?.availableActions).toEqual(['accept', 'cancel', 'change']);
    const removed = change?.removed[0]?.segments[0];
    const added = change?.added[0]?.segments[0];
    expect(
      removed && added && Date.parse(added.departingAt) - Date.parse(removed.departingAt),
    ).toBe(90 * 60_000);
  });

  it('looks up with Duffel a change its event names but does not carry', async () => {
    if (!duffel) throw new Error('no Duffel');
    const { id, orderId } = await booked();
    const aic = await duffel.changeSchedule(orderId, { kind: 'retime', minutes: 30 });
    await duffel.settleWebhooks();
    await rows(sql`delete from airline_initiated_changes`);
    const body = JSON.stringify({
      id: 'wev_0000HandMade',
      type: 'order.airline_initiated_change_detected',
      api_version: 'v2',
      data: { object: { id: orderId, aic_id: aic.id } },
      live_mode: false,
      idempotency_key: aic.id,
      created_at: now.toISOString(),
    });
    const t0 = Math.floor(now.getTime() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t0}.${body}`).digest('hex');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/duffel',
      headers: { 'content-type': 'application/json', 'x-duffel-signature': `t=${t0},v1=${v1}` },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const changes = await createDuffelWebhookEventsRepository(t.database.db).changesOfBooking(id);
    expect(changes.map((change) => change.id)).toEqual([aic.id]);
  });

  it('asks Duffel on a schedule the changes a missed delivery would have told, each booking at most every six hours', async () => {
    if (!duffel) throw new Error('no Duffel');
    const { id, orderId } = await booked();
    const aic = await duffel.changeSchedule(orderId, { kind: 'retime', minutes: 45 });
    await duffel.settleWebhooks();
    // As if no delivery had reached us.
    await rows(sql`delete from airline_initiated_changes`);
    await rows(sql`update bookings set changes_checked_at = null`);
    const before = asked.length;
    expect(await t.app.jobs.checkAirlineChanges()).toBeGreaterThanOrEqual(1);
    const changes = await createDuffelWebhookEventsRepository(t.database.db).changesOfBooking(id);
    expect(changes.map((change) => change.id)).toEqual([aic.id]);
    const listings = asked
      .slice(before)
      .filter((path) => path.startsWith('/air/airline_initiated_changes'));
    expect(listings.length).toBeGreaterThanOrEqual(1);
    // A second run within the six hours asks nothing again, and writes nothing.
    const again = asked.length;
    expect(await t.app.jobs.checkAirlineChanges()).toBe(0);
    expect(
      asked.slice(again).filter((path) => path.startsWith('/air/airline_initiated_changes')),
    ).toEqual([]);
    // A cancelled booking is not asked about at all.
    await rows(
      sql`update bookings set changes_checked_at = null, cancelled_at = ${now.toISOString()}::timestamptz`,
    );
    const cancelled = asked.length;
    expect(await t.app.jobs.checkAirlineChanges()).toBe(0);
    expect(asked.slice(cancelled)).toEqual([]);
  });
});
