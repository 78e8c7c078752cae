import { randomUUID } from 'node:crypto';
import { offerSchema } from '@contrail/contracts/offers';
import { bookingMessages } from '@contrail/contracts/bookings';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import { cardMessages, createIntentResponseSchema } from '@contrail/contracts/payments';
import { createStripeServer, type StripeServer } from '@contrail/stripe-sandbox/server';
import { signatureHeader } from '@contrail/stripe-sandbox/webhooks';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/app';
import {
  TEST_CARD,
  amountOf,
  passengersFor,
  searchAll,
  searchOffer,
} from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import {
  createStripeClient,
  createStripePaymentProvider,
} from '../../providers/payments/stripe/stripe-payments';
import type { BookingStep } from '../bookings/bookings.service';

/**
 * The Stripe checkout over HTTP: the real app, the official SDK, and the Stripe sandbox server
 * (packages/stripe-sandbox) on this machine, which posts its signed webhooks back to the app.
 */

const SECRET_KEY = 'sk_test_contrail0000000000checkout';
const PUBLISHABLE_KEY = 'pk_test_contrail0000000000checkout';
const WEBHOOK_SECRET = 'whsec_contrail0000000000checkout';
const APP_PORT = 3993;

const START = new Date('2026-11-22T09:00:00Z');
let now = START;

let sandbox: StripeServer;
let apiUrl = '';
/** What the traveller's browser does in the Payment Element, done here with the SDK. */
let browser: Stripe;
let crashAt: BookingStep | null = null;

beforeAll(async () => {
  sandbox = createStripeServer({
    clock: () => now,
    apiKeys: [SECRET_KEY],
    webhook: {
      url: `http://127.0.0.1:${APP_PORT}/api/payments/stripe/webhook`,
      secret: WEBHOOK_SECRET,
      // What the operator selects in Stripe's dashboard (docs/providers.md).
      enabledEvents: ['payment_intent.canceled', 'charge.refunded', 'charge.dispute.created'],
      retryDelaysMs: [20, 100],
    },
  });
  apiUrl = await sandbox.listen();
  browser = createStripeClient({ secretKey: SECRET_KEY, apiUrl, maxNetworkRetries: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

describe('checkout with Stripe', () => {
  const t: TestApp = useTestApp(
    { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    {
      clock: () => now,
      get paymentProvider() {
        return createStripePaymentProvider({
          secretKey: SECRET_KEY,
          publishableKey: PUBLISHABLE_KEY,
          apiUrl,
          maxNetworkRetries: 0,
        });
      },
      afterBookingStep: (step) => {
        if (step === crashAt) throw new Error(`simulated crash after ${step}`);
      },
    },
  );

  beforeAll(async () => {
    await t.app.listen({ port: APP_PORT, host: '127.0.0.1' });
  });

  const rows = (query: ReturnType<typeof sql>) => queryRows(t.database, query);
  const intentsAtStripe = async (metadataPaymentIds: string[]) =>
    (await browser.paymentIntents.list({ limit: 100 })).data.filter((intent) =>
      metadataPaymentIds.includes(intent.metadata.contrail_payment ?? ''),
    );

  function intentBody(offer: SearchOffer, overrides: Record<string, unknown> = {}) {
    return {
      offerId: offer.id,
      amount: amountOf(offer),
      currency: offer.total_currency,
      passengers: passengersFor(offer),
      ...overrides,
    };
  }

  async function createIntent(c: TestClient, offer: SearchOffer, key: string) {
    const response = await c.post('/api/payments/intents', intentBody(offer), {
      'idempotency-key': key,
    });
    expect(response.statusCode, response.body).toBe(200);
    return createIntentResponseSchema.parse(response.json());
  }

  function book(c: TestClient, offer: SearchOffer, paymentId: string, key: string) {
    return c.post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers: passengersFor(offer),
        paymentDetails: { paymentId, amount: amountOf(offer), currency: offer.total_currency },
      },
      { 'idempotency-key': key },
    );
  }

  /** Search, intent, card confirmed in the "browser" with a test payment method. */
  async function paidIntent(c: TestClient, paymentMethod = 'pm_card_visa', route = {}) {
    const offer = await searchOffer(c, route);
    const key = randomUUID();
    const intent = await createIntent(c, offer, key);
    await browser.paymentIntents.confirm(intent.paymentId, { payment_method: paymentMethod });
    return { offer, key, intent };
  }

  const bookingOf = async (key: string) =>
    (
      await rows(
        sql`select id, status, failure_code, provider_payment_id, payment_id from bookings where idempotency_key = ${key}`,
      )
    )[0];

  it('tells the web app to show the Payment Element with the publishable key', async () => {
    const response = await new TestClient(t.app).get('/api/payments/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ collection: 'stripe', publishableKey: PUBLISHABLE_KEY });
  });

  it('refuses a card number sent to process-card, and sends it nowhere', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    const before = (await browser.paymentIntents.list({ limit: 100 })).data.length;
    const response = await c.post('/api/payments/process-card', {
      ...intentBody(offer),
      cardDetails: TEST_CARD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'card_collection_unsupported',
        message: cardMessages.cardCollectionUnsupported,
      },
    });
    expect((await browser.paymentIntents.list({ limit: 100 })).data).toHaveLength(before);
    expect(await rows(sql`select id from payment_authorizations`)).toEqual([]);
  });

  it('books: an intent for the server price, confirmed by the browser, captured after the order', async () => {
    const c = new TestClient(t.app);
    const { offer, key, intent } = await paidIntent(c);
    expect(intent.paymentId).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.paymentId}_secret_`));
    expect(intent).toMatchObject({
      publishableKey: PUBLISHABLE_KEY,
      amount: amountOf(offer),
      currency: offer.total_currency,
    });
    const atStripe = await browser.paymentIntents.retrieve(intent.paymentId);
    expect(atStripe).toMatchObject({
      status: 'requires_capture',
      capture_method: 'manual',
      amount: Math.round(Number(amountOf(offer)) * 100),
      metadata: { offer: offer.id, checkout_key: key },
    });
    expect(atStripe.metadata.brand).toMatch(/^[a-z0-9.-]+$/);

    const booked = await book(c, offer, intent.paymentId, key);
    expect(booked.statusCode, booked.body).toBe(201);
    const confirmed = booked.json<{ status: string; bookingReference: string }>();
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.bookingReference).toMatch(/^[A-Z0-9]{6}$/);
    const captured = await browser.paymentIntents.retrieve(intent.paymentId);
    expect(captured.status).toBe('succeeded');
    expect(captured.amount_received).toBe(atStripe.amount);
    expect(await bookingOf(key)).toMatchObject({
      status: 'confirmed',
      provider_payment_id: intent.paymentId,
      payment_id: atStripe.metadata.contrail_payment,
    });
  });

  it('replays a key: one intent for repeated clicks, one booking and one capture for repeated submits', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    const key = randomUUID();
    const first = await createIntent(c, offer, key);
    const again = await createIntent(c, offer, key);
    expect(again).toEqual(first);
    const paymentIds = (await rows(sql`select id from payment_authorizations`)).map((r) => r.id);
    expect(paymentIds).toHaveLength(1);
    expect(await intentsAtStripe(paymentIds.map(String))).toHaveLength(1);

    // The same key for another offer is another checkout: refused.
    const another = (await searchAll(c))[1];
    if (!another) throw new Error('one offer only');
    const other = await c.post('/api/payments/intents', intentBody(another), {
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });

    await browser.paymentIntents.confirm(first.paymentId, { payment_method: 'pm_card_visa' });
    const [one, two] = await Promise.all([
      book(c, offer, first.paymentId, key),
      book(c, offer, first.paymentId, key),
    ]);
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    expect(two.json<{ id: string }>().id).toBe(one.json<{ id: string }>().id);
    expect(await rows(sql`select id from bookings`)).toHaveLength(1);
    const paid = await browser.paymentIntents.retrieve(first.paymentId);
    expect(paid.status).toBe('succeeded');
    expect(paid.amount_received).toBe(paid.amount);
    const captures = (await browser.events.list({ type: 'charge.captured', limit: 100 })).data;
    expect(
      captures.filter(
        (event) => (event.data.object as Stripe.Charge).payment_intent === first.paymentId,
      ),
    ).toHaveLength(1);
  });

  it('holds the bags with the fare, refuses the same key for other bags, and captures both', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    const detail = offerSchema.parse((await c.get(`/api/flights/offer/${offer.id}`)).json());
    const bag = detail.available_services[0];
    if (!bag) throw new Error('no bags');
    const bagMinor = Math.round(Number(bag.total_amount) * 100);
    const services = [{ id: bag.id, quantity: 1 }];
    const key = randomUUID();
    const made = await c.post(
      '/api/payments/intents',
      intentBody(offer, { services, amount: amountOf(offer, bagMinor) }),
      { 'idempotency-key': key },
    );
    expect(made.statusCode, made.body).toBe(200);
    const intent = createIntentResponseSchema.parse(made.json());
    expect(intent.amount).toBe(amountOf(offer, bagMinor));

    // The same checkout key with two bags is another checkout.
    const more = await c.post(
      '/api/payments/intents',
      intentBody(offer, {
        services: [{ id: bag.id, quantity: 2 }],
        amount: amountOf(offer, bagMinor * 2),
      }),
      { 'idempotency-key': key },
    );
    expect(more.statusCode).toBe(422);
    expect(more.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });

    await browser.paymentIntents.confirm(intent.paymentId, { payment_method: 'pm_card_visa' });
    const booked = await c.post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers: passengersFor(offer),
        services,
        paymentDetails: {
          paymentId: intent.paymentId,
          amount: intent.amount,
          currency: offer.total_currency,
        },
      },
      { 'idempotency-key': key },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const paid = await browser.paymentIntents.retrieve(intent.paymentId);
    expect(paid.status).toBe('succeeded');
    expect(paid.amount_received).toBe(Math.round(Number(amountOf(offer)) * 100) + bagMinor);
  });

  it('checks every passenger rule and the price before anything is made at Stripe', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    const passengers = passengersFor(offer);
    const badName = await c.post(
      '/api/payments/intents',
      intentBody(offer, {
        passengers: [{ ...passengers[0], firstName: 'A.' }, ...passengers.slice(1)],
      }),
      { 'idempotency-key': randomUUID() },
    );
    expect(badName.statusCode).toBe(422);
    expect(
      badName.json<{ error: { fields: Record<string, string> } }>().error.fields,
    ).toHaveProperty(['passengers.0.firstName']);

    const cheaper = await c.post('/api/payments/intents', intentBody(offer, { amount: '1.00' }), {
      'idempotency-key': randomUUID(),
    });
    expect(cheaper.statusCode).toBe(409);
    expect(cheaper.json()).toMatchObject({
      error: {
        code: 'amount_changed',
        details: { amount: amountOf(offer), currency: offer.total_currency },
      },
    });

    const keyless = await c.post('/api/payments/intents', intentBody(offer));
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json()).toMatchObject({ error: { code: 'idempotency_key_required' } });

    expect(await rows(sql`select id from payment_authorizations`)).toEqual([]);
  });

  it('books nothing with a declined card, nor with an intent the browser never confirmed', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    const key = randomUUID();
    const intent = await createIntent(c, offer, key);
    await expect(
      browser.paymentIntents.confirm(intent.paymentId, {
        payment_method: 'pm_card_chargeDeclined',
      }),
    ).rejects.toMatchObject({ code: 'card_declined' });

    const refused = await book(c, offer, intent.paymentId, key);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      error: { code: 'payment_not_completed', message: cardMessages.paymentNotCompleted },
    });
    expect(await bookingOf(key)).toMatchObject({
      status: 'failed',
      failure_code: 'payment_not_completed',
    });
    expect((await browser.paymentIntents.retrieve(intent.paymentId)).status).toBe(
      'requires_payment_method',
    );
    expect(await rows(sql`select id from sandbox_orders`)).toEqual([]);

    // The traveller tries another card in the element, under a new checkout key.
    const retryKey = randomUUID();
    const retry = await createIntent(c, offer, retryKey);
    const unconfirmed = await book(c, offer, retry.paymentId, retryKey);
    expect(unconfirmed.statusCode).toBe(402);
  });

  it('lets only the browser that made the intent book with it', async () => {
    const guest = new TestClient(t.app);
    const { offer, intent } = await paidIntent(guest);
    const stranger = new TestClient(t.app);
    const refused = await book(stranger, offer, intent.paymentId, randomUUID());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'payment_not_usable', message: bookingMessages.paymentNotUsable },
    });
    expect((await browser.paymentIntents.retrieve(intent.paymentId)).status).toBe(
      'requires_capture',
    );
  });

  it('cancels the intent when the airline refuses the order after the authorisation', async () => {
    const c = new TestClient(t.app);
    // LHR → LCY: the sandbox airline refuses every order.
    const { offer, key, intent } = await paidIntent(c, 'pm_card_visa', {
      origin: 'LHR',
      destination: 'LCY',
      departureDate: '2026-12-20',
      oneWay: true,
    });
    const refused = await book(c, offer, intent.paymentId, key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'order_failed' } });
    const atStripe = await browser.paymentIntents.retrieve(intent.paymentId);
    expect(atStripe.status).toBe('canceled');
    expect(await bookingOf(key)).toMatchObject({ status: 'failed' });
  });

  it('receives webhooks: signed only, fresh only, each event once', async () => {
    const c = new TestClient(t.app);
    const { offer, key, intent } = await paidIntent(c);
    // The process dies after claiming the payment, before the order.
    crashAt = 'claimed';
    try {
      await book(c, offer, intent.paymentId, key).catch(() => undefined);
    } finally {
      crashAt = null;
    }
    expect(await bookingOf(key)).toMatchObject({ status: 'pending' });

    // The hold lapses at Stripe: payment_intent.canceled, signed, posted to the app.
    const expire = await fetch(`${apiUrl}/_sandbox/payment_intents/${intent.paymentId}/expire`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(expire.status).toBe(200);
    await sandbox.webhooksIdle();
    const delivered = sandbox
      .deliveries()
      .filter((d) => d.type === 'payment_intent.canceled' && d.state === 'delivered');
    expect(delivered.length).toBeGreaterThan(0);
    expect(await bookingOf(key)).toMatchObject({
      status: 'failed',
      failure_code: 'payment_lapsed',
    });
    const canceled = await rows(
      sql`select id, booking_id from stripe_events where payment_intent_id = ${intent.paymentId}`,
    );
    expect(canceled).toHaveLength(1);

    // Stripe sends it again: nothing changes.
    const eventId = String(canceled[0]?.id);
    const resend = await fetch(`${apiUrl}/_sandbox/events/${eventId}/resend`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(resend.status).toBe(200);
    await sandbox.webhooksIdle();
    expect(await rows(sql`select id from stripe_events where id = ${eventId}`)).toHaveLength(1);

    // Unsigned, wrongly signed and stale deliveries are refused.
    const seconds = Math.floor(now.getTime() / 1000);
    const payload = JSON.stringify(
      {
        id: `evt_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        type: 'customer.created',
        created: seconds,
        livemode: false,
        data: { object: { id: 'cus_1', object: 'customer' } },
      },
      null,
      2,
    );
    const post = (headers: Record<string, string>) =>
      c.post('/api/payments/stripe/webhook', payload, {
        'content-type': 'application/json',
        'sec-fetch-site': undefined as unknown as string,
        ...headers,
      });
    expect((await post({})).statusCode).toBe(400);
    expect(
      (await post({ 'stripe-signature': signatureHeader(payload, 'whsec_someoneelse00', seconds) }))
        .statusCode,
    ).toBe(400);
    const stale = await post({
      'stripe-signature': signatureHeader(payload, WEBHOOK_SECRET, seconds - 10 * 60),
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    // Signed an hour ahead of the app's clock: refused the same way.
    const early = await post({
      'stripe-signature': signatureHeader(payload, WEBHOOK_SECRET, seconds + 60 * 60),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual(stale.json());
    expect(
      (await post({ 'stripe-signature': signatureHeader(payload, WEBHOOK_SECRET, seconds) }))
        .statusCode,
    ).toBe(200);
  });

  it('records refunds and disputes on the booking, and refunds a cancellation exactly as quoted', async () => {
    const c = new TestClient(t.app);
    const register = await c.post('/api/auth/register', {
      username: 'adastripe',
      email: 'ada@example.com',
      password: 'Blue-Horizon-42',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(register.statusCode, register.body).toBe(201);
    const login = await c.post('/api/auth/login', {
      username: 'adastripe',
      password: 'Blue-Horizon-42',
    });
    expect(login.statusCode, login.body).toBe(200);
    const { offer, key, intent } = await paidIntent(c);
    const booked = await book(c, offer, intent.paymentId, key);
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json<{ id: string }>().id;

    const quote = await c.get(`/api/bookings/${bookingId}/cancellation`);
    expect(quote.statusCode, quote.body).toBe(200);
    const quotedMinor = Math.round(
      Number(quote.json<{ refund: { amount: string } }>().refund.amount) * 100,
    );
    expect(quotedMinor).toBeGreaterThan(0);
    const cancelled = await c.post(`/api/bookings/${bookingId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refunds = await browser.refunds.list({ payment_intent: intent.paymentId });
    expect(refunds.data.map((r) => r.amount)).toEqual([quotedMinor]);

    // The cardholder disputes another booking's payment once it is captured.
    const disputed = await paidIntent(c, 'pm_card_createDispute');
    const second = await book(c, disputed.offer, disputed.intent.paymentId, disputed.key);
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json<{ id: string }>().id;

    await sandbox.webhooksIdle();
    expect(
      await rows(sql`select type, amount_minor from stripe_events where booking_id = ${bookingId}`),
    ).toEqual([{ type: 'charge.refunded', amount_minor: quotedMinor }]);
    expect(
      await rows(
        sql`select type, amount_minor, reason from stripe_events where booking_id = ${secondId}`,
      ),
    ).toMatchObject([
      {
        type: 'charge.dispute.created',
        amount_minor: Math.round(Number(amountOf(disputed.offer)) * 100),
        reason: 'fraudulent',
      },
    ]);
  });

  it('finishes a booking interrupted after the order by capturing, and one interrupted before by cancelling', async () => {
    const c = new TestClient(t.app);
    const ordered = await paidIntent(c);
    crashAt = 'ordered';
    await book(c, ordered.offer, ordered.intent.paymentId, ordered.key).catch(() => undefined);
    const claimed = await paidIntent(c);
    crashAt = 'claimed';
    await book(c, claimed.offer, claimed.intent.paymentId, claimed.key).catch(() => undefined);
    crashAt = null;

    now = new Date(START.getTime() + 5 * 60_000);
    try {
      expect(await t.app.jobs.reconcileBookings()).toBe(2);
    } finally {
      now = START;
    }
    expect(await bookingOf(ordered.key)).toMatchObject({ status: 'confirmed' });
    expect((await browser.paymentIntents.retrieve(ordered.intent.paymentId)).status).toBe(
      'succeeded',
    );
    expect(await bookingOf(claimed.key)).toMatchObject({ status: 'failed' });
    expect((await browser.paymentIntents.retrieve(claimed.intent.paymentId)).status).toBe(
      'canceled',
    );
  });

  it('releases, after half an hour, holds and intents no booking claimed', async () => {
    const c = new TestClient(t.app);
    const held = await paidIntent(c);
    const offer = await searchOffer(c);
    const abandoned = await createIntent(c, offer, randomUUID());

    now = new Date(START.getTime() + 31 * 60_000);
    try {
      expect(await t.app.jobs.sweepHolds()).toBeGreaterThanOrEqual(1);
    } finally {
      now = START;
    }
    expect((await browser.paymentIntents.retrieve(held.intent.paymentId)).status).toBe('canceled');
    expect((await browser.paymentIntents.retrieve(abandoned.paymentId)).status).toBe('canceled');
    expect(await rows(sql`select status from payment_authorizations`)).toEqual([
      { status: 'voided' },
      { status: 'voided' },
    ]);
    // The traveller comes back too late: nothing is booked.
    const late = await book(c, held.offer, held.intent.paymentId, held.key);
    expect(late.statusCode).toBe(409);
  });

  it('cancels the order when the hold lapsed before the capture', async () => {
    const c = new TestClient(t.app);
    const { offer, key, intent } = await paidIntent(c);
    crashAt = 'ordered';
    await book(c, offer, intent.paymentId, key).catch(() => undefined);
    crashAt = null;
    await fetch(`${apiUrl}/_sandbox/payment_intents/${intent.paymentId}/expire`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    await sandbox.webhooksIdle();
    now = new Date(START.getTime() + 5 * 60_000);
    try {
      await t.app.jobs.reconcileBookings();
    } finally {
      now = START;
    }
    expect(await bookingOf(key)).toMatchObject({
      status: 'failed',
      failure_code: 'payment_lapsed',
    });
    expect(await rows(sql`select id from sandbox_orders`)).toHaveLength(1);
    expect(await rows(sql`select id from sandbox_cancellations`)).toHaveLength(1);
  });
});
