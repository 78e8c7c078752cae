import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStripeServer, type StripeServer } from '@contrail/stripe-sandbox/server';
import { signatureHeader } from '@contrail/stripe-sandbox/webhooks';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from './stripe-payments';
import { constructWebhookEvent, WebhookSignatureError } from './stripe-webhooks';

const SECRET_KEY = 'sk_test_contrail0000000000webhook';
const WEBHOOK_SECRET = 'whsec_contrailTestSigningSecret0000';

interface Received {
  body: Buffer;
  signature: string | undefined;
}

let receiver: Server;
const received: Received[] = [];
let sandbox: StripeServer;
let stripe: Stripe;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers['stripe-signature'];
      received.push({
        body: Buffer.concat(chunks),
        signature: Array.isArray(signature) ? signature[0] : signature,
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  sandbox = createStripeServer({
    apiKeys: [SECRET_KEY],
    webhook: {
      url: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
      secret: WEBHOOK_SECRET,
    },
  });
  const apiUrl = await sandbox.listen();
  stripe = createStripeClient({ secretKey: SECRET_KEY, apiUrl });
});

afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** The sandbox signs on the real clock here: the receiving time is the real one too. */
const realTime = { now: () => new Date() };

/** The events the endpoint received since `from`, each checked as the webhook route will. */
async function eventsSince(from: number): Promise<{ raw: Received; event: Stripe.Event }[]> {
  await sandbox.webhooksIdle();
  return received.slice(from).map((raw) => ({
    raw,
    event: constructWebhookEvent(raw.body, raw.signature, WEBHOOK_SECRET, realTime),
  }));
}

async function paidAndCaptured(): Promise<string> {
  const intent = await stripe.paymentIntents.create({
    amount: 42000,
    currency: 'gbp',
    capture_method: 'manual',
    metadata: { contrail_payment: 'pay_hook' },
  });
  await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
  await stripe.paymentIntents.capture(intent.id);
  return intent.id;
}

describe('Stripe webhooks', () => {
  it('accepts the sandbox’s signed events, as the official SDK checks them', async () => {
    const from = received.length;
    const id = await paidAndCaptured();
    await stripe.refunds.create({ payment_intent: id, amount: 1000 });
    const events = await eventsSince(from);
    const types = events.map(({ event }) => event.type);
    expect(types).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.amount_capturable_updated',
      'charge.captured',
      'payment_intent.succeeded',
      'refund.created',
      'charge.refunded',
    ]);
    const capturable = events.find(
      ({ event }) => event.type === 'payment_intent.amount_capturable_updated',
    );
    expect(capturable?.event.data.object).toMatchObject({
      object: 'payment_intent',
      id,
      status: 'requires_capture',
      amount_capturable: 42000,
      metadata: { contrail_payment: 'pay_hook' },
    });
    const refunded = events.find(({ event }) => event.type === 'charge.refunded');
    expect(refunded?.event.data.object).toMatchObject({
      object: 'charge',
      payment_intent: id,
      amount_refunded: 1000,
    });
    expect(events[0]?.event).toMatchObject({ object: 'event', livemode: false });
    expect(events[0]?.event.id).toMatch(/^evt_/);
  });

  it('accepts a cancellation and a dispute raised with the sandbox’s helper', async () => {
    const from = received.length;
    const held = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      capture_method: 'manual',
      confirm: true,
      payment_method: 'pm_card_visa',
    });
    await stripe.paymentIntents.cancel(held.id);
    const disputed = await paidAndCaptured();
    const response = await fetch(
      `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}/_sandbox/payment_intents/${disputed}/dispute`,
      { method: 'POST', headers: { authorization: `Bearer ${SECRET_KEY}` } },
    );
    expect(response.status).toBe(200);
    const events = (await eventsSince(from)).map(({ event }) => event);
    expect(
      events.find((event) => event.type === 'payment_intent.canceled')?.data.object,
    ).toMatchObject({
      id: held.id,
      status: 'canceled',
    });
    expect(
      events.find((event) => event.type === 'charge.dispute.created')?.data.object,
    ).toMatchObject({
      object: 'dispute',
      payment_intent: disputed,
      amount: 42000,
      status: 'needs_response',
    });
  });

  it('refuses an event without a signature', async () => {
    const from = received.length;
    await paidAndCaptured();
    const [first] = await eventsSince(from);
    if (!first) throw new Error('no event received');
    for (const header of [undefined, '', ['t=1,v1=abc', 't=2,v1=def']]) {
      expect(() => constructWebhookEvent(first.raw.body, header, WEBHOOK_SECRET, realTime)).toThrow(
        WebhookSignatureError,
      );
    }
  });

  it('refuses an event whose body was altered, or that was signed with another secret', async () => {
    const from = received.length;
    await paidAndCaptured();
    const [first] = await eventsSince(from);
    if (!first) throw new Error('no event received');
    const tampered = Buffer.from(
      first.raw.body.toString('utf8').replace('"livemode": false', '"livemode": true'),
    );
    expect(tampered.equals(first.raw.body)).toBe(false);
    expect(() =>
      constructWebhookEvent(tampered, first.raw.signature, WEBHOOK_SECRET, realTime),
    ).toThrow(WebhookSignatureError);
    expect(() =>
      constructWebhookEvent(
        first.raw.body,
        first.raw.signature,
        'whsec_someoneElsesSecret',
        realTime,
      ),
    ).toThrow(WebhookSignatureError);
    // The parsed-and-reserialised body is not the raw body: the check must get the bytes.
    const reserialised = JSON.stringify(JSON.parse(first.raw.body.toString('utf8')));
    expect(() =>
      constructWebhookEvent(reserialised, first.raw.signature, WEBHOOK_SECRET, realTime),
    ).toThrow(WebhookSignatureError);
  });

  it('refuses a replayed event once its signature is older than the tolerance', () => {
    const payload = JSON.stringify({
      id: 'evt_replayed',
      object: 'event',
      type: 'charge.refunded',
    });
    const signedAt = new Date('2026-11-20T10:00:00Z');
    const header = signatureHeader(payload, WEBHOOK_SECRET, signedAt.getTime() / 1000);
    const at = (seconds: number) => () => new Date(signedAt.getTime() + seconds * 1000);
    expect(constructWebhookEvent(payload, header, WEBHOOK_SECRET, { now: at(299) }).id).toBe(
      'evt_replayed',
    );
    expect(() => constructWebhookEvent(payload, header, WEBHOOK_SECRET, { now: at(301) })).toThrow(
      WebhookSignatureError,
    );
    expect(() =>
      constructWebhookEvent(payload, header, WEBHOOK_SECRET, { now: at(61), toleranceSeconds: 60 }),
    ).toThrow(WebhookSignatureError);
  });

  describe('refuses a signature more than 300 s from the app’s clock, either way', () => {
    const payload = JSON.stringify({ id: 'evt_timed', object: 'event', type: 'charge.refunded' });
    const now = new Date('2026-11-20T10:00:00Z');
    /** Signed correctly with the endpoint's secret, at `seconds` from now: only time can fail it. */
    const signedAt = (seconds: number) =>
      signatureHeader(payload, WEBHOOK_SECRET, now.getTime() / 1000 + seconds);
    const check = (header: string) =>
      constructWebhookEvent(payload, header, WEBHOOK_SECRET, { now: () => now });

    it.each([
      ['299 s ago', -299],
      ['299 s ahead', 299],
      ['just now', 0],
    ])('accepts one signed %s', (_name, seconds) => {
      expect(check(signedAt(seconds)).id).toBe('evt_timed');
    });

    it.each([
      ['301 s ago', -301],
      ['301 s ahead', 301],
      ['an hour ahead', 3600],
      ['a day ahead', 86_400],
    ])('refuses one signed %s, as a bad signature', (_name, seconds) => {
      expect(() => check(signedAt(seconds))).toThrow(WebhookSignatureError);
    });

    it('reads the time the SDK checked the signature with: the last t of the header', () => {
      const [, v1] = signedAt(3600).split(',');
      // A signature made an hour ahead, with a current t put in front of it.
      expect(() =>
        check(
          `t=${String(now.getTime() / 1000)},t=${String(now.getTime() / 1000 + 3600)},${String(v1)}`,
        ),
      ).toThrow(WebhookSignatureError);
    });
  });
});
