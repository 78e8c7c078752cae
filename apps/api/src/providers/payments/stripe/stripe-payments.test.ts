import { createServer } from 'node:http';
import { createStripeServer, type StripeServer } from '@contrail/stripe-sandbox/server';
import Fastify from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admissionPlugin } from '../../../plugins/admission';
import { PaymentError, RefundRefusedError, type PaymentProvider } from '../payment-provider';
import { paymentErrorFrom } from './stripe-errors';
import { createStripeClient, createStripePaymentProvider } from './stripe-payments';

const SECRET_KEY = 'sk_test_contrail0000000000adapter';

/** The sandbox's clock, moved by the tests (holds are listed by their creation time). */
let now = new Date('2026-11-20T10:00:00Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

let sandbox: StripeServer;
let apiUrl: string;
/** Every request the sandbox received: method and path. */
const requests: string[] = [];
let payments: PaymentProvider;
/** What the browser's Payment Element does with the client secret, done here with the SDK. */
let browser: Stripe;

beforeAll(async () => {
  sandbox = createStripeServer({
    clock: () => now,
    apiKeys: [SECRET_KEY],
    onRequest: ({ method, path }) => requests.push(`${method} ${path}`),
  });
  apiUrl = await sandbox.listen();
  payments = createStripePaymentProvider({ secretKey: SECRET_KEY, apiUrl });
  browser = createStripeClient({ secretKey: SECRET_KEY, apiUrl, maxNetworkRetries: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  advance(60_000);
});

let keys = 0;
const newKey = () => `checkout-${Date.now()}-${(keys += 1)}`;

const createIntent = (amountMinor = 60500, metadata: Record<string, string> = {}) =>
  payments.createIntent({
    amountMinor,
    currency: 'USD',
    metadata: { contrail_payment: `pay_${keys}`, offer: 'off_1', brand: 'skyhop', ...metadata },
    idempotencyKey: newKey(),
  });

/** An intent the traveller has paid into a hold with the given test PaymentMethod. */
async function hold(paymentMethod = 'pm_card_visa', amountMinor = 60500) {
  const intent = await createIntent(amountMinor);
  await browser.paymentIntents.confirm(intent.id, { payment_method: paymentMethod });
  return intent;
}

async function confirmError(paymentMethod: string): Promise<PaymentError> {
  const intent = await createIntent();
  try {
    await browser.paymentIntents.confirm(intent.id, { payment_method: paymentMethod });
  } catch (error) {
    return paymentErrorFrom(error);
  }
  throw new Error(`${paymentMethod} was not refused`);
}

async function sandboxHelper(path: string, body: Record<string, string> = {}) {
  const response = await fetch(`${apiUrl}/_sandbox/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(body).toString(),
  });
  expect(response.status).toBe(200);
}

describe('Stripe payment provider', () => {
  it('is a live provider only with a live key, and collects cards in the Payment Element', () => {
    expect(payments).toMatchObject({ name: 'stripe', live: false, collection: 'payment_element' });
    const live = createStripePaymentProvider({ secretKey: 'sk_live_contrail00000000', apiUrl });
    expect(live.live).toBe(true);
  });

  it('refuses to take card numbers', async () => {
    await expect(
      payments.authorize({
        amountMinor: 1000,
        currency: 'USD',
        card: {
          number: '4242424242424242',
          expiryMonth: '12',
          expiryYear: '30',
          cvc: '123',
          holderName: 'Ada Lovelace',
        },
        metadata: {},
      }),
    ).rejects.toMatchObject({ code: 'processing_error' });
  });

  it('creates a manual-capture intent for the amount, with our metadata and a client secret', async () => {
    const intent = await createIntent(60500, { contrail_payment: 'pay_create' });
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amountMinor: 60500,
      currency: 'USD',
      refundedMinor: 0,
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_\\w+$`));
    const stripeIntent = await browser.paymentIntents.retrieve(intent.id);
    expect(stripeIntent).toMatchObject({
      capture_method: 'manual',
      amount: 60500,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
      metadata: { contrail_payment: 'pay_create', offer: 'off_1', brand: 'skyhop' },
    });
  });

  it('answers the same intent for the same idempotency key, and refuses the key for other terms', async () => {
    const input = {
      amountMinor: 30000,
      currency: 'EUR',
      metadata: { contrail_payment: 'pay_idem' },
      idempotencyKey: newKey(),
    };
    const first = await payments.createIntent(input);
    const again = await payments.createIntent(input);
    expect(again.id).toBe(first.id);
    expect(again.clientSecret).toBe(first.clientSecret);
    const found = await browser.paymentIntents.search({
      query: "metadata['contrail_payment']:'pay_idem'",
    });
    expect(found.data).toHaveLength(1);

    await expect(payments.createIntent({ ...input, amountMinor: 31000 })).rejects.toMatchObject({
      code: 'invalid_state',
    });
  });

  it('refuses an amount that is not a positive whole number of minor units', async () => {
    for (const amountMinor of [0, -5, 10.5]) {
      await expect(createIntent(amountMinor)).rejects.toMatchObject({ code: 'processing_error' });
    }
  });

  it('reads a hold with its status, amount, metadata and the card it was paid with', async () => {
    const intent = await hold('pm_card_mastercard');
    expect(await payments.get(intent.id)).toEqual({
      id: intent.id,
      status: 'requires_capture',
      amountMinor: 60500,
      currency: 'USD',
      refundedMinor: 0,
      metadata: expect.objectContaining({ offer: 'off_1', brand: 'skyhop' }) as unknown,
      cardBrand: 'mastercard',
      cardLast4: '4444',
      // The charge's capture_before: when the hold lapses unless captured.
      captureBefore: expect.any(Date) as unknown,
    });
  });

  it('knows no card before the traveller has paid', async () => {
    const intent = await createIntent();
    expect(await payments.get(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      cardBrand: null,
      cardLast4: null,
    });
  });

  it('captures a hold once, however often it is asked, and cannot void it afterwards', async () => {
    const { id } = await hold();
    const captures = await Promise.all([payments.capture(id), payments.capture(id)]);
    expect(captures.map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    expect(await payments.capture(id)).toMatchObject({ status: 'succeeded', amountMinor: 60500 });
    const stripeIntent = await browser.paymentIntents.retrieve(id);
    expect(stripeIntent.amount_received).toBe(60500);
    await expect(payments.void(id)).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('voids a hold once, however often it is asked, and cannot capture it afterwards', async () => {
    const { id } = await hold();
    expect(await payments.void(id)).toMatchObject({ status: 'canceled', refundedMinor: 0 });
    expect(await payments.void(id)).toMatchObject({ status: 'canceled' });
    await expect(payments.capture(id)).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('voids an intent the traveller never paid, and refuses to capture it', async () => {
    const intent = await createIntent();
    await expect(payments.capture(intent.id)).rejects.toMatchObject({ code: 'invalid_state' });
    expect(await payments.void(intent.id)).toMatchObject({ status: 'canceled' });
  });

  it('refunds a captured payment in parts; the same key answers the first refund', async () => {
    const { id } = await hold();
    await payments.capture(id);
    const first = await payments.refund(id, 20000, 'booking_cancelled', `cancel-${id}`);
    expect(first).toMatchObject({ paymentId: id, amountMinor: 20000, currency: 'USD' });
    expect(first.id).toMatch(/^re_/);

    const again = await payments.refund(id, 20000, 'booking_cancelled', `cancel-${id}`);
    expect(again).toEqual(first);
    // Even when asked for another amount: the key names the refund, not the request.
    expect(await payments.refund(id, 5000, 'booking_cancelled', `cancel-${id}`)).toEqual(first);
    expect(await payments.get(id)).toMatchObject({ status: 'succeeded', refundedMinor: 20000 });

    const refunds = await browser.refunds.list({ payment_intent: id });
    expect(refunds.data).toHaveLength(1);
    expect(refunds.data[0]).toMatchObject({
      reason: 'requested_by_customer',
      metadata: { contrail_reason: 'booking_cancelled', contrail_refund_key: `cancel-${id}` },
    });

    await payments.refund(id, 40500, 'booking_cancelled', `second-${id}`);
    expect(await payments.get(id)).toMatchObject({ refundedMinor: 60500 });
  });

  it('refuses a refund over what is left, of a hold, and of an unknown payment', async () => {
    const { id } = await hold();
    await payments.capture(id);
    await payments.refund(id, 60000, 'booking_cancelled', `part-${id}`);
    const over = payments.refund(id, 501, 'booking_cancelled', `over-${id}`);
    await expect(over).rejects.toBeInstanceOf(PaymentError);
    await expect(over).rejects.toMatchObject({ code: 'invalid_state' });
    await payments.refund(id, 500, 'booking_cancelled', `rest-${id}`);
    await expect(payments.refund(id, 1, 'x', `more-${id}`)).rejects.toMatchObject({
      code: 'invalid_state',
    });

    const held = await hold();
    await expect(payments.refund(held.id, 100, 'x', `held-${held.id}`)).rejects.toMatchObject({
      code: 'invalid_state',
    });
    await expect(
      payments.refund('pi_unknown0000000000000000', 100, 'x', 'k'),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it.each([
    ['pm_card_chargeDeclined', 'card_declined', 'Your card was declined.'],
    [
      'pm_card_chargeDeclinedInsufficientFunds',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'Your card has expired.'],
    [
      'pm_card_chargeDeclinedIncorrectCvc',
      'incorrect_cvc',
      "Your card's security code is incorrect.",
    ],
    ['pm_card_chargeDeclinedFraudulent', 'card_declined', 'Your card was declined.'],
    // A lost or stolen card is told as declined, never as lost or stolen.
    ['pm_card_chargeDeclinedLostCard', 'card_declined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedStolenCard', 'card_declined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedProcessingError', 'processing_error', undefined],
  ])('maps the refusal of %s to %s', async (paymentMethod, code, message) => {
    const error = await confirmError(paymentMethod);
    expect(error).toBeInstanceOf(PaymentError);
    expect(error).toMatchObject({ code, ...(message ? { message } : {}) });
    // The cause identifies the failure at Stripe without the intent's client secret.
    expect(String(error.cause)).toMatch(
      /^StripeCardError: Stripe StripeCardError \w+.* \(HTTP 402, request req_\w+\)$/,
    );
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('_secret_');
  });

  it('leaves a refused intent collecting, so the traveller can try another card', async () => {
    const intent = await createIntent();
    await expect(
      browser.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({ type: 'StripeCardError', decline_code: 'generic_decline' });
    expect(await payments.get(intent.id)).toMatchObject({ status: 'requires_payment_method' });
    await browser.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(await payments.get(intent.id)).toMatchObject({
      status: 'requires_capture',
      cardLast4: '4242',
    });
  });

  it('answers Stripe’s refusal of a refund of a disputed or fully refunded charge as a typed outcome', async () => {
    const disputed = await hold();
    await payments.capture(disputed.id);
    await sandboxHelper(`payment_intents/${disputed.id}/dispute`);
    expect(await payments.refundStanding(disputed.id)).toEqual({
      disputed: true,
      refundedOutsideMinor: 0,
      refundableMinor: 60500,
    });
    const refused = payments.refund(disputed.id, 100, 'booking_cancelled', `d-${disputed.id}`);
    await expect(refused).rejects.toBeInstanceOf(RefundRefusedError);
    await expect(refused).rejects.toMatchObject({
      refusal: 'charge_disputed',
      code: 'invalid_state',
    });

    const refunded = await hold();
    await payments.capture(refunded.id);
    // Refunded in Stripe's dashboard (no key of ours), then ours: only the dashboard's is outside.
    await sandboxHelper(`payment_intents/${refunded.id}/refund`, { amount: '60000' });
    await payments.refund(refunded.id, 500, 'booking_cancelled', `r-${refunded.id}`);
    expect(await payments.refundStanding(refunded.id)).toEqual({
      disputed: false,
      refundedOutsideMinor: 60000,
      refundableMinor: 0,
    });
    await expect(
      payments.refund(refunded.id, 100, 'booking_cancelled', `again-${refunded.id}`),
    ).rejects.toMatchObject({ refusal: 'charge_already_refunded' });
  });

  it('holds a 3-D Secure 2 card (pm_card_threeDSecure2Required) once authenticated', async () => {
    const intent = await createIntent();
    const pending = await browser.paymentIntents.confirm(intent.id, {
      payment_method: 'pm_card_threeDSecure2Required',
    });
    expect(pending).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
    });
    await sandboxHelper(`payment_intents/${intent.id}/authenticate`);
    expect(await payments.get(intent.id)).toMatchObject({
      status: 'requires_capture',
      cardLast4: '3220',
    });
  });

  it('holds a 3-D Secure card only once the traveller authenticates', async () => {
    const intent = await createIntent();
    const pending = await browser.paymentIntents.confirm(intent.id, {
      payment_method: 'pm_card_authenticationRequired',
      return_url: 'https://skyhop.example/checkout/return',
    });
    expect(pending.status).toBe('requires_action');
    expect(pending.next_action).toMatchObject({
      type: 'redirect_to_url',
      redirect_to_url: { return_url: 'https://skyhop.example/checkout/return' },
    });
    await expect(payments.capture(intent.id)).rejects.toMatchObject({ code: 'invalid_state' });

    await sandboxHelper(`payment_intents/${intent.id}/authenticate`);
    expect(await payments.get(intent.id)).toMatchObject({
      status: 'requires_capture',
      cardLast4: '3184',
    });
    expect(await payments.capture(intent.id)).toMatchObject({ status: 'succeeded' });
  });

  it('leaves the intent collecting when the traveller fails 3-D Secure', async () => {
    const intent = await createIntent();
    const pending = await browser.paymentIntents.confirm(intent.id, {
      payment_method: 'pm_card_authenticationRequired',
    });
    expect(pending.next_action?.type).toBe('use_stripe_sdk');
    await sandboxHelper(`payment_intents/${intent.id}/authenticate`, { outcome: 'fail' });
    const failed = await browser.paymentIntents.retrieve(intent.id);
    expect(failed.status).toBe('requires_payment_method');
    expect(failed.last_payment_error?.code).toBe('payment_intent_authentication_failure');
  });

  it('lists the open holds placed before a time, oldest first, across pages, with their metadata', async () => {
    // Later than every hold of the other tests, so that only this test's holds are counted.
    advance(30 * 24 * 60 * 60 * 1000);
    const start = now;
    const open: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const intent = await hold('pm_card_visa', 10000 + i);
      open.push(intent.id);
      advance(1000);
    }
    const captured = await hold();
    await payments.capture(captured.id);
    const voided = await hold();
    await payments.void(voided.id);
    await createIntent();
    // More than one page (100) of other intents in the window, never paid.
    await Promise.all(Array.from({ length: 120 }, () => createIntent()));
    advance(1000);
    const cutoff = now;
    advance(1000);
    const late = await hold();

    const holds = await payments.listOpenHolds(cutoff, 10);
    expect(holds.map((h) => h.id)).toEqual(open);
    expect(holds[0]).toMatchObject({
      status: 'requires_capture',
      amountMinor: 10000,
      currency: 'USD',
      metadata: expect.objectContaining({ offer: 'off_1' }) as unknown,
    });
    expect(holds[0]?.createdAt.getTime()).toBe(start.getTime());
    expect(holds.map((h) => h.id)).not.toContain(late.id);
    expect((await payments.listOpenHolds(cutoff, 2)).map((h) => h.id)).toEqual(open.slice(0, 2));
  });

  it('finds a payment by our id in its metadata, and nothing for an id it never had', async () => {
    const intent = await createIntent(60500, { contrail_payment: "pay_o'brien" });
    expect(await payments.findByMetadata('contrail_payment', "pay_o'brien")).toMatchObject({
      id: intent.id,
      status: 'requires_payment_method',
    });
    expect(await payments.findByMetadata('contrail_payment', 'pay_nobody')).toBeNull();
  });

  it('answers not_found for a payment Stripe does not have', async () => {
    await expect(payments.get('pi_doesnotexist000000000000')).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(payments.capture('pi_doesnotexist000000000000')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('answers processing_error when Stripe refuses the key or cannot be reached, keeping the cause', async () => {
    const wrongKey = createStripePaymentProvider({ secretKey: 'sk_test_notakeyweknow00', apiUrl });
    const refused = await wrongKey.get('pi_x').catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'processing_error' });
    expect((refused as PaymentError).message).not.toContain('sk_test_');
    expect(String((refused as PaymentError).cause)).not.toContain('sk_test_');

    const unreachable = createStripePaymentProvider({
      secretKey: SECRET_KEY,
      apiUrl: 'http://127.0.0.1:9',
      maxNetworkRetries: 0,
    });
    const lost = await unreachable.get('pi_x').catch((error: unknown) => error);
    expect(lost).toMatchObject({ code: 'processing_error' });
    expect((lost as PaymentError).cause).toBeDefined();
  });

  it('refuses an id that is no PaymentIntent’s as an unknown payment, asking Stripe nothing', async () => {
    const held = await hold();
    requests.length = 0;
    const crafted = [
      `${held.id}/../../customers`,
      'pi_../../v1/customers',
      '..',
      '.',
      '',
      `${held.id}?expand[]=customer`,
      `${held.id}#x`,
      `${held.id}%2F..`,
      `${held.id}Ä`,
      `pi_${'a'.repeat(253)}`,
      'pi_',
      held.id.replace('pi_', 'ch_'),
      held.id.replace('pi_', 're_'),
      held.id.toUpperCase(),
    ];
    for (const id of crafted) {
      for (const attempt of [
        () => payments.get(id),
        () => payments.capture(id),
        () => payments.void(id),
        () => payments.refund(id, 100, 'booking_cancelled', newKey()),
      ]) {
        const error = await attempt().catch((caught: unknown) => caught);
        expect(error, id).toBeInstanceOf(PaymentError);
        expect(error, id).toMatchObject({ code: 'not_found' });
      }
    }
    expect(requests).toEqual([]);
    // The hold itself is untouched, and read with one request.
    expect((await payments.get(held.id)).status).toBe('requires_capture');
    expect(requests).toEqual([`GET /v1/payment_intents/${held.id}`]);
  });

  it('takes a scheme, host and port only as the API address', () => {
    expect(() =>
      createStripeClient({ secretKey: SECRET_KEY, apiUrl: 'ftp://example.com' }),
    ).toThrow();
    expect(() =>
      createStripeClient({ secretKey: SECRET_KEY, apiUrl: 'https://example.com/stripe' }),
    ).toThrow();
  });

  it('holds no admission turn while it waits on Stripe, and takes one again for the answer', async () => {
    const intent = await hold('pm_card_visa');
    // Stripe, slow: each request is held until the test lets it through to the sandbox.
    const releases: (() => void)[] = [];
    const slow = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        releases.push(() => {
          void fetch(`${apiUrl}${request.url ?? '/'}`, {
            method: request.method ?? 'GET',
            headers: { authorization: request.headers.authorization ?? '' },
            ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
          }).then(async (answer) => {
            response.writeHead(answer.status, { 'content-type': 'application/json' });
            response.end(await answer.text());
          });
        });
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const address = slow.address();
    const slowUrl = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
    const slowPayments = createStripePaymentProvider({ secretKey: SECRET_KEY, apiUrl: slowUrl });
    const app = Fastify();
    await app.register(admissionPlugin, { concurrency: 1, maxWaiting: 10, bypass: () => false });
    app.get('/payment', async () => ({ status: (await slowPayments.get(intent.id)).status }));
    app.get('/page', () => ({ ok: true }));
    await app.ready();
    try {
      const reading = app.inject({ method: 'GET', url: '/payment' });
      for (let i = 0; i < 200 && releases.length === 0; i += 1) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(releases).toHaveLength(1);
      expect(app.admission.running()).toBe(0);
      // The one turn is free for others while Stripe holds the answer.
      expect((await app.inject({ method: 'GET', url: '/page' })).statusCode).toBe(200);
      releases.shift()?.();
      const read = await reading;
      expect(read.json()).toEqual({ status: 'requires_capture' });
      expect(app.admission.running()).toBe(0);
    } finally {
      await app.close();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
