import { randomUUID } from 'node:crypto';
import { createIntentResponseSchema } from '@contrail/contracts/payments';
import { createStripeServer, type StripeServer } from '@contrail/stripe-sandbox/server';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxLiveProviders, useTestApp } from '../../../test/app';
import { amountOf, passengersFor, searchOffer } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { ADMIN_PASSWORD, createAdmin } from '../../../test/users';
import {
  createStripeClient,
  createStripePaymentProvider,
} from '../../providers/payments/stripe/stripe-payments';

/**
 * Stripe in both modes (test and live keys of one account, on the Stripe sandbox): a payment is
 * made with the mode's keys, and kept by the mode it was made in.
 */

const TEST_KEYS = {
  secretKey: 'sk_test_contrail000000modes',
  publishableKey: 'pk_test_contrail0modes',
};
const LIVE_KEYS = {
  secretKey: 'sk_live_contrail000000modes',
  publishableKey: 'pk_live_contrail0modes',
};

const now = new Date('2026-11-22T09:00:00Z');
let sandbox: StripeServer;
let apiUrl = '';
let testBrowser: Stripe;
let liveBrowser: Stripe;

beforeAll(async () => {
  sandbox = createStripeServer({
    clock: () => now,
    apiKeys: [TEST_KEYS.secretKey, LIVE_KEYS.secretKey],
  });
  apiUrl = await sandbox.listen();
  testBrowser = createStripeClient({
    secretKey: TEST_KEYS.secretKey,
    apiUrl,
    maxNetworkRetries: 0,
  });
  liveBrowser = createStripeClient({
    secretKey: LIVE_KEYS.secretKey,
    apiUrl,
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await sandbox.close();
});

describe('Stripe in test and live mode', () => {
  const t = useTestApp({}, (database) => ({
    clock: () => now,
    liveFlightSupplier: sandboxLiveProviders(database, () => now).liveFlightSupplier,
    paymentProvider: createStripePaymentProvider({ ...TEST_KEYS, apiUrl, maxNetworkRetries: 0 }),
    livePaymentProvider: createStripePaymentProvider({
      ...LIVE_KEYS,
      apiUrl,
      maxNetworkRetries: 0,
    }),
  }));

  async function switchTo(mode: 'test' | 'live') {
    const admin = new TestClient(t.app);
    await admin.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD });
    await admin.post('/api/admin/login', { password: ADMIN_PASSWORD });
    const response = await admin.post('/api/admin/settings', { enableLiveMode: mode === 'live' });
    expect(response.statusCode, response.body).toBe(200);
    const settings = await admin.get('/api/admin/settings');
    expect(settings.json()).toMatchObject({
      stripeConfigured: true,
      modes: { test: { payments: 'stripe' }, live: { payments: 'stripe' } },
    });
  }

  async function intent(c: TestClient, key: string) {
    const offer = await searchOffer(c);
    const response = await c.post(
      '/api/payments/intents',
      {
        offerId: offer.id,
        amount: amountOf(offer),
        currency: offer.total_currency,
        passengers: passengersFor(offer),
      },
      { 'idempotency-key': key },
    );
    expect(response.statusCode, response.body).toBe(200);
    return { offer, intent: createIntentResponseSchema.parse(response.json()) };
  }

  it("takes live mode's payments with the live keys, and keeps a test payment out of live bookings", async () => {
    await createAdmin(t.database);
    const c = new TestClient(t.app);
    expect((await c.get('/api/payments/config')).json()).toEqual({
      collection: 'stripe',
      publishableKey: TEST_KEYS.publishableKey,
    });
    const testKey = randomUUID();
    const before = await intent(c, testKey);
    await testBrowser.paymentIntents.confirm(before.intent.paymentId, {
      payment_method: 'pm_card_visa',
    });
    expect((await testBrowser.paymentIntents.retrieve(before.intent.paymentId)).livemode).toBe(
      false,
    );

    await switchTo('live');
    expect((await c.get('/api/payments/config')).json()).toEqual({
      collection: 'stripe',
      publishableKey: LIVE_KEYS.publishableKey,
    });
    const live = await intent(c, randomUUID());
    expect(live.intent.publishableKey).toBe(LIVE_KEYS.publishableKey);
    expect(live.offer.id).toMatch(/^sandbox-live~/);
    const atStripe = await liveBrowser.paymentIntents.retrieve(live.intent.paymentId);
    expect(atStripe).toMatchObject({ livemode: true, capture_method: 'manual' });
    // Stripe's test cards are refused with live keys, as at Stripe.
    await expect(
      liveBrowser.paymentIntents.confirm(live.intent.paymentId, { payment_method: 'pm_card_visa' }),
    ).rejects.toMatchObject({ type: 'StripeCardError' });

    // The test-mode hold made before the switch books nothing in live mode, and is released.
    const booking = await c.post(
      '/api/bookings',
      {
        offerId: before.offer.id,
        passengers: passengersFor(before.offer),
        paymentDetails: {
          paymentId: before.intent.paymentId,
          amount: amountOf(before.offer),
          currency: before.offer.total_currency,
        },
      },
      { 'idempotency-key': testKey },
    );
    expect(booking.statusCode).toBe(409);
    expect((await testBrowser.paymentIntents.retrieve(before.intent.paymentId)).status).toBe(
      'canceled',
    );
    expect(
      await queryRows(
        t.database,
        sql`select mode, provider from payment_authorizations order by mode`,
      ),
    ).toEqual([
      { mode: 'live', provider: 'stripe' },
      { mode: 'test', provider: 'stripe' },
    ]);
  });
});
