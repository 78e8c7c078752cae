import { randomUUID } from 'node:crypto';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import { createStripeServer, type StripeServer } from '@contrail/stripe-sandbox/server';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripePaymentProvider } from '../src/providers/payments/stripe/stripe-payments';
import { useTestApp } from './app';
import { amountOf, passengersFor, searchOffer } from './booking-flow';
import { TestClient } from './http';

/**
 * Ids a client sends that name a provider's objects (an offer, a payment) are checked before any
 * SDK builds a path from them: the app runs with Duffel's flights (the Duffel-compatible server,
 * through the official SDK) and Stripe's payments (the Stripe sandbox), and every request either
 * server receives is recorded. A malformed id must be answered as an unknown one is, with no
 * request at all; a well-formed unknown id, with exactly the request that asks for it.
 */

const DUFFEL_TOKEN = 'duffel_test_providerids0123456789';
const STRIPE_KEY = 'sk_test_contrail000000providerids';
const clock = () => new Date('2026-11-22T09:00:00Z');
/** The tests that send every crafted id: a few seconds each, more on a busy machine. */
const LOOP_TIMEOUT_MS = 90_000;

interface Call {
  method: string;
  path: string;
  query: string;
}
const duffelCalls: Call[] = [];
const stripeCalls: Call[] = [];
let duffel: DuffelServer | undefined;
let stripe: StripeServer | undefined;
let stripeUrl = '';
const env: Record<string, string> = { DUFFEL_TEST_TOKEN: DUFFEL_TOKEN };

beforeAll(async () => {
  duffel = createDuffelServer({
    clock,
    tokens: [DUFFEL_TOKEN],
    onRequest: ({ method, path, query }) => duffelCalls.push({ method, path, query }),
  });
  env.DUFFEL_API_URL = await duffel.listen(0, '127.0.0.1');
  stripe = createStripeServer({
    clock,
    apiKeys: [STRIPE_KEY],
    onRequest: ({ method, path }) => stripeCalls.push({ method, path, query: '' }),
  });
  stripeUrl = await stripe.listen();
});
afterAll(async () => {
  await duffel?.close();
  await stripe?.close();
});

/** Duffel's shape (`off_` and 22 letters and digits), and an offer the server never made. */
const UNKNOWN_OFFER = 'duffel-test~off_0000A3tQSmKyqOrcRhDDNn';
const UNKNOWN_INTENT = 'pi_3MtwBwLkdIwHu7ix28a3tqPa';

/** Offer ids as they reach the API once the address or body is decoded. */
const CRAFTED_OFFERS = [
  // Up two levels and into another resource: GET /air/orders with the operator's token.
  'duffel-test~../../air/orders',
  'duffel-test~off_0000A3tQSmKyqOrcRhDDNn/../../orders',
  'duffel-test~..',
  'duffel-test~.',
  // A query or a fragment of one's own, and an escape the SDK would send as it is.
  'duffel-test~off_0000A3tQSmKyqOrcRhDDNn?limit=200',
  'duffel-test~off_0000A3tQSmKyqOrcRhDDNn#x',
  'duffel-test~off_0000A3tQSmKyqOrcRhDDNn%2F..',
  'duffel-test~off_0000A3tQSmKyqOrcRhDDNn%00',
  'duffel-test~off_0000A3tQSmKyqOrcRhDDNn\\..',
  // Unicode that looks like an id.
  'duffel-test~off_0000A3tQSmKyqOrcRhDDNÑ',
  'duffel-test~off_０００0A3tQSmKyqOrcRhDDNn',
  'duffel-test~off_0000A3tQSmKyqOrcRhDDNn😀',
  'duffel-test~off_0000A3tQSmKyqOrcRhDDNn ',
  // Over-long, and of the wrong kind or prefix.
  `duffel-test~off_${'A'.repeat(300)}`,
  'duffel-test~off_',
  'duffel-test~',
  'duffel-test~xyz_0000A3tQSmKyqOrcRhDDNn',
  'duffel-test~OFF_0000A3tQSmKyqOrcRhDDNn',
  'duffel-test~off-0000A3tQSmKyqOrcRhDDNn',
  'duffel-test~ord_0000A3tQcCRZ9R8OY0QlxA',
  'duffel-test~orq_00009hjdomFOCJyxHG7k7k',
  'duffel-test~ore_00009qzZWzjDipIkqpaUAj',
  'duffel-test~pas_0000A6GiSkqfID7qtKsE2U',
  'evil-test~off_0000A3tQSmKyqOrcRhDDNn',
  'duffel-prod~off_0000A3tQSmKyqOrcRhDDNn',
  '~off_0000A3tQSmKyqOrcRhDDNn',
];

/** Payment ids a booking may name, none of them a payment of ours. */
const CRAFTED_PAYMENTS = [
  'pi_3MtwBwLkdIwHu7ix28a3tqPa/../../customers',
  'pi_../../v1/customers',
  '..',
  '.',
  'pi_3MtwBwLkdIwHu7ix28a3tqPa?expand[]=customer',
  'pi_3MtwBwLkdIwHu7ix28a3tqPa#x',
  'pi_3MtwBwLkdIwHu7ix28a3tqPa%2F..',
  'pi_3MtwBwLkdIwHu7ix28a3tqPÄ',
  `pi_${'a'.repeat(300)}`,
  'ch_3MtwBwLkdIwHu7ix28a3tqPa',
  're_3MtwBwLkdIwHu7ix28a3tqPa',
  'pay_../../x',
];

describe('ids of a provider’s objects, checked before any SDK is called', () => {
  const t = useTestApp(env, {
    clock,
    get paymentProvider() {
      return createStripePaymentProvider({
        secretKey: STRIPE_KEY,
        publishableKey: 'pk_test_contrail000000providerids',
        apiUrl: stripeUrl,
        maxNetworkRetries: 0,
      });
    },
  });
  const client = () => new TestClient(t.app);

  beforeEach(() => {
    duffelCalls.length = 0;
    stripeCalls.length = 0;
  });

  /** An answer as a traveller sees it, and every request it took at Duffel and Stripe. */
  async function observed(send: () => Promise<LightMyRequestResponse>) {
    duffelCalls.length = 0;
    stripeCalls.length = 0;
    const response = await send();
    return {
      answer: { status: response.statusCode, body: response.json<unknown>() },
      duffel: [...duffelCalls],
      stripe: [...stripeCalls],
    };
  }

  const offerRoutes: [string, (id: string) => Promise<LightMyRequestResponse>, Call[]][] = [
    [
      'GET /api/flights/offer/:id',
      (id) => client().get(`/api/flights/offer/${encodeURIComponent(id)}`),
      [
        {
          method: 'GET',
          path: '/air/offers/off_0000A3tQSmKyqOrcRhDDNn',
          query: '?return_available_services=true',
        },
      ],
    ],
    [
      'GET /api/flights/verify-offer/:id',
      (id) => client().get(`/api/flights/verify-offer/${encodeURIComponent(id)}`),
      [
        {
          method: 'GET',
          path: '/air/offers/off_0000A3tQSmKyqOrcRhDDNn',
          query: '?return_available_services=true',
        },
      ],
    ],
    [
      'GET /api/flights/seatmaps/:id',
      (id) => client().get(`/api/flights/seatmaps/${encodeURIComponent(id)}`),
      [{ method: 'GET', path: '/air/seat_maps', query: '?offer_id=off_0000A3tQSmKyqOrcRhDDNn' }],
    ],
  ];

  it.each(offerRoutes)(
    '%s: a malformed offer id answers as an unknown one, asking Duffel nothing',
    async (_route, send, intended) => {
      const unknown = await observed(() => send(UNKNOWN_OFFER));
      expect(unknown.answer.status).toBe(404);
      expect(unknown.duffel).toEqual(intended);
      for (const id of CRAFTED_OFFERS) {
        const crafted = await observed(() => send(id));
        expect(crafted.answer, id).toEqual(unknown.answer);
        expect(crafted.duffel, id).toEqual([]);
        expect(crafted.stripe, id).toEqual([]);
      }
    },
    LOOP_TIMEOUT_MS,
  );

  it('the literal traversal of the report: GET /air/orders is never asked', async () => {
    const unknown = await observed(() => client().get(`/api/flights/offer/${UNKNOWN_OFFER}`));
    const crafted = await observed(() =>
      client().get('/api/flights/offer/duffel-test~..%2F..%2Fair%2Forders'),
    );
    expect(crafted.answer).toEqual(unknown.answer);
    expect(crafted.duffel).toEqual([]);
    // Raw slashes make another path, which no route takes: nothing is asked either.
    const raw = await observed(() =>
      client().get('/api/flights/offer/duffel-test~../../air/orders'),
    );
    expect(raw.answer.status).toBe(404);
    expect(raw.duffel).toEqual([]);
  });

  it('an offer id with a control character or a lone surrogate stops at the edge', async () => {
    for (const url of [
      '/api/flights/offer/duffel-test~off_0000A3tQSmKyqOrcRhDDNn%00',
      '/api/flights/offer/duffel-test~off_0000A3tQSmKyqOrcRhDDNn%ED%A0%80',
    ]) {
      const crafted = await observed(() => client().get(url));
      expect(crafted.answer.status).toBe(400);
      expect(crafted.duffel).toEqual([]);
    }
  });

  it(
    'the payment intent for a malformed offer id answers as for an unknown one',
    async () => {
      const c = client();
      const offer = await searchOffer(c);
      const intent = (offerId: string) =>
        observed(() =>
          c.post(
            '/api/payments/intents',
            {
              offerId,
              amount: amountOf(offer),
              currency: offer.total_currency,
              passengers: passengersFor(offer),
            },
            { 'idempotency-key': randomUUID() },
          ),
        );
      const unknown = await intent(UNKNOWN_OFFER);
      expect(unknown.answer.status).toBe(404);
      expect(unknown.duffel.map(({ path }) => path)).toEqual([
        '/air/offers/off_0000A3tQSmKyqOrcRhDDNn',
      ]);
      expect(unknown.stripe).toEqual([]);
      for (const id of CRAFTED_OFFERS) {
        const crafted = await intent(id);
        expect(crafted.answer, id).toEqual(unknown.answer);
        expect(crafted.duffel, id).toEqual([]);
        expect(crafted.stripe, id).toEqual([]);
      }
    },
    LOOP_TIMEOUT_MS,
  );

  it(
    'a booking naming a malformed offer or payment id asks neither provider',
    async () => {
      const c = client();
      const offer = await searchOffer(c);
      const book = (offerId: string, paymentId: string) =>
        observed(() =>
          c.post(
            '/api/bookings',
            {
              offerId,
              passengers: passengersFor(offer),
              paymentDetails: {
                paymentId,
                amount: amountOf(offer),
                currency: offer.total_currency,
              },
            },
            { 'idempotency-key': randomUUID() },
          ),
        );
      const unknown = await book(offer.id, UNKNOWN_INTENT);
      expect(unknown.answer.status).toBeGreaterThanOrEqual(400);
      expect(unknown.stripe).toEqual([]);
      expect(unknown.duffel).toEqual([]);
      for (const paymentId of CRAFTED_PAYMENTS) {
        const crafted = await book(offer.id, paymentId);
        expect(crafted.answer, paymentId).toEqual(unknown.answer);
        expect(crafted.stripe, paymentId).toEqual([]);
        expect(crafted.duffel, paymentId).toEqual([]);
      }
      for (const offerId of CRAFTED_OFFERS) {
        const crafted = await book(offerId, UNKNOWN_INTENT);
        expect(crafted.answer, offerId).toEqual(unknown.answer);
        expect(crafted.stripe, offerId).toEqual([]);
        expect(crafted.duffel, offerId).toEqual([]);
      }
    },
    LOOP_TIMEOUT_MS,
  );

  it('a real intent at the booking: Stripe is asked for that intent and nothing else', async () => {
    const c = client();
    const offer = await searchOffer(c);
    const key = randomUUID();
    const made = await c.post(
      '/api/payments/intents',
      {
        offerId: offer.id,
        amount: amountOf(offer),
        currency: offer.total_currency,
        passengers: passengersFor(offer),
      },
      { 'idempotency-key': key },
    );
    expect(made.statusCode, made.body).toBe(200);
    const { paymentId } = made.json<{ paymentId: string }>();
    expect(paymentId).toMatch(/^pi_[A-Za-z0-9]+$/);
    const booked = await observed(() =>
      c.post(
        '/api/bookings',
        {
          offerId: offer.id,
          passengers: passengersFor(offer),
          paymentDetails: { paymentId, amount: amountOf(offer), currency: offer.total_currency },
        },
        { 'idempotency-key': key },
      ),
    );
    // The card was never confirmed in the browser: the hold is not there, nothing is ordered.
    expect(booked.answer.status).toBe(402);
    expect(booked.stripe.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET /v1/payment_intents/${paymentId}`,
    ]);
    expect(booked.duffel).toEqual([]);
  });

  it.each([
    '/api/bookings/%2E%2E%2Fx/cancellation',
    '/api/bookings/ord_0000A3tQcCRZ9R8OY0QlxA/cancellation',
    '/api/bookings/..%2F..%2Fair%2Forders/cancel',
  ])('a booking path naming no booking of ours asks no provider: %s', async (url) => {
    const c = client();
    await c.post('/api/auth/register', {
      username: 'traveller',
      email: 'traveller@example.com',
      firstName: 'Tess',
      lastName: 'Traveller',
      password: 'Blue-Horizon-42',
    });
    const method = url.endsWith('/cancel') ? 'POST' : 'GET';
    const crafted = await observed(() => c.request({ method, url }));
    expect(crafted.answer.status).toBeGreaterThanOrEqual(400);
    expect(crafted.answer.status).toBeLessThan(500);
    expect(crafted.duffel).toEqual([]);
    expect(crafted.stripe).toEqual([]);
  });
});
