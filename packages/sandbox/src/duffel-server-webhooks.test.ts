import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Duffel, DuffelError } from '@duffel/api';

type DuffelApiError = InstanceType<typeof DuffelError>;
import { afterEach, describe, expect, it } from 'vitest';
import { createDuffelServer, type DuffelServer, type DuffelServerOptions } from './duffel-server';
import { webhookSignature } from './duffel-server-webhook-delivery';
import { must, orderInputFor } from './test-factories';
import type { Offer } from './types';

/**
 * Webhooks over HTTP, managed through Duffel's own SDK: endpoints created (the secret shown
 * once), listed in pages and pinged; and `order.airline_initiated_change_detected` delivered in
 * Duffel's v2 event shape, signed so the receiver can check it, retried after failures, and on
 * request delivered twice or out of order.
 */

const TOKEN = 'duffel_test_contrail';
const NOW = new Date('2026-01-10T09:00:00Z');
const fast = { retryDelaysMs: [5, 10, 20] };

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; idempotency_key: string; data: { object: unknown } };
}

/** A webhook receiver answering the given statuses in turn (then 200), keeping what it got. */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, event: JSON.parse(body) as never });
      response.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhooks/duffel`, received };
}

async function start(options: DuffelServerOptions = {}) {
  const server: DuffelServer = createDuffelServer({ clock: () => NOW, ...options });
  const base = await server.listen();
  closing.push(() => server.close());
  return { server, duffel: new Duffel({ token: TOKEN, basePath: base }) };
}

type Started = Awaited<ReturnType<typeof start>>;

async function book({ duffel }: Started, destination = 'JFK') {
  const request = (await duffel.offerRequests.create({
    slices: [{ origin: 'LHR', destination, departure_date: '2026-02-02' }],
    passengers: [{ type: 'adult' }],
    cabin_class: 'economy',
    return_offers: true,
  } as never)) as unknown as { data: { offers: Offer[] } };
  const offer = must(request.data.offers[0]);
  return (await duffel.orders.create(orderInputFor(offer) as never)).data;
}

/** The receiver's check, written as Duffel's own libraries do it (not the server's code). */
function genuine(body: string, header: string | undefined, secret: string): boolean {
  const match = /^t=(.+),v1=(.+)$/.exec(header ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex');
  const given = Buffer.from(match[2] ?? '');
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
}

const detected = 'order.airline_initiated_change_detected';

describe('webhooks on the Duffel-compatible server', () => {
  it('creates endpoints with their secret shown once, lists them in pages, refuses unknown events', async () => {
    const { duffel } = await start();
    const created = await duffel.webhooks.create({
      url: 'https://example.com/a',
      events: [detected],
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      id: expect.stringMatching(/^end_/) as unknown,
      url: 'https://example.com/a',
      events: [detected],
      active: true,
      live_mode: false,
      created_at: NOW.toISOString(),
      secret: expect.stringMatching(/^[A-Za-z0-9+/]{22}==$/) as unknown,
    });
    await duffel.webhooks.create({ url: 'https://example.com/b', events: ['order.created'] });
    const first = await duffel.webhooks.list({ limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.data[0]).not.toHaveProperty('secret');
    const second = await duffel.webhooks.list({ limit: 1, after: must(first.meta?.after) });
    expect(second.data[0]?.url).toBe('https://example.com/b');
    expect(second.meta?.after).toBeNull();

    const refused = await duffel.webhooks
      .create({ url: 'https://example.com/c', events: ['order.teleported'] })
      .catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(DuffelError);
    expect((refused as DuffelApiError).errors[0]).toMatchObject({ code: 'invalid_value' });
  });

  it('pings an endpoint with a signed ping.triggered event', async () => {
    const { server, duffel } = await start({ webhookDelivery: fast });
    const hook = await receiver();
    const { data } = await duffel.webhooks.create({ url: hook.url, events: [detected] });
    const pinged = await duffel.webhooks.ping(data.id);
    expect(pinged.status).toBe(200);
    await server.settleWebhooks();
    const [ping] = hook.received;
    expect(ping?.event).toMatchObject({ type: 'ping.triggered', idempotency_key: data.id });
    expect(
      genuine(must(ping).body, ping?.headers['x-duffel-signature'] as string, data.secret),
    ).toBe(true);
  });

  it('sends a detected change to each active endpoint subscribed to it, in the v2 shape, signed', async () => {
    const { server, duffel } = await start({
      webhookDelivery: fast,
      scheduleChanges: () => ({ kind: 'retime', minutes: 60 }),
    });
    const [subscribed, elsewhere, paused] = [await receiver(), await receiver(), await receiver()];
    const { data: hook } = await duffel.webhooks.create({
      url: subscribed.url,
      events: [detected],
    });
    await duffel.webhooks.create({ url: elsewhere.url, events: ['order.created'] });
    const off = await duffel.webhooks.create({ url: paused.url, events: [detected] });
    await duffel.webhooks.update(off.data.id, { active: false } as never);
    const order = await book({ server, duffel });
    await server.settleWebhooks();

    expect(elsewhere.received.map((r) => [r.event.type, r.event.idempotency_key])).toEqual([
      ['order.created', order.id],
    ]);
    expect(paused.received).toEqual([]);
    const [delivered] = subscribed.received;
    const [change] = (await duffel.airlineInitiatedChanges.list(order.id)).data;
    expect(delivered?.headers['content-type']).toBe('application/json');
    expect(delivered?.event).toEqual({
      id: expect.stringMatching(/^wev_/) as unknown,
      type: detected,
      api_version: 'v2',
      data: { object: expect.objectContaining({ id: order.id, aic_id: change?.id }) as unknown },
      live_mode: false,
      idempotency_key: change?.id,
      created_at: NOW.toISOString(),
      identity_organisation_id: expect.stringMatching(/^org_/) as unknown,
    });
    const header = String(delivered?.headers['x-duffel-signature']);
    expect(header).toMatch(new RegExp(`^t=${NOW.getTime() / 1000},v1=[0-9a-f]{64}$`));
    expect(genuine(must(delivered).body, header, hook.secret)).toBe(true);
    const [, t, v1] = must(/^t=(\d+),v1=(\w+)$/.exec(header));
    expect(webhookSignature(hook.secret, must(t), must(delivered).body)).toBe(v1);
    expect(genuine(must(delivered).body, header, 'another secret')).toBe(false);
    expect(genuine(`${must(delivered).body} `, header, hook.secret)).toBe(false);
  });

  it('tries again after a 500 and after an unreachable receiver, until delivered or out of attempts', async () => {
    const { server, duffel } = await start({ webhookDelivery: fast });
    const flaky = await receiver([500, 503]);
    await duffel.webhooks.create({ url: flaky.url, events: [detected] });
    await duffel.webhooks.create({ url: 'http://127.0.0.1:9/unreachable', events: [detected] });
    const order = await book({ server, duffel });
    await server.changeSchedule(order.id, { kind: 'cancel' });
    await server.settleWebhooks();

    expect(flaky.received).toHaveLength(3);
    expect(new Set(flaky.received.map((r) => r.event.id)).size).toBe(1);
    const attempts = server.webhookAttempts();
    expect(attempts.filter((a) => a.url === flaky.url).map((a) => a.response_status_code)).toEqual([
      500, 503, 200,
    ]);
    const lost = attempts.filter((a) => a.url.endsWith('/unreachable'));
    expect(lost).toHaveLength(1 + fast.retryDelaysMs.length);
    expect(lost.every((a) => !a.delivery_success && a.response_status_code === null)).toBe(true);
  });

  it('on request delivers each event twice, or lets the next event overtake it', async () => {
    const twice = await start({ webhookDelivery: { ...fast, duplicate: true } });
    const doubled = await receiver();
    await twice.duffel.webhooks.create({ url: doubled.url, events: [detected] });
    const order = await book(twice);
    await twice.server.changeSchedule(order.id, { kind: 'retime', minutes: 15 });
    await twice.server.settleWebhooks();
    expect(doubled.received.map((r) => r.event.id)).toEqual([
      doubled.received[0]?.event.id,
      doubled.received[0]?.event.id,
    ]);

    const shuffled = await start({
      webhookDelivery: { ...fast, outOfOrder: true, holdMs: 60_000 },
    });
    const late = await receiver();
    await shuffled.duffel.webhooks.create({ url: late.url, events: [detected] });
    const booked = await book(shuffled);
    const first = await shuffled.server.changeSchedule(booked.id, { kind: 'retime', minutes: 15 });
    const second = await shuffled.server.changeSchedule(booked.id, { kind: 'retime', minutes: 30 });
    await shuffled.server.settleWebhooks();
    expect(late.received.map((r) => r.event.idempotency_key)).toEqual([second.id, first.id]);
  });
});
