import { cancellationQuoteSchema, type CancellationQuote } from '@contrail/contracts/bookings';
import { createIntentResponseSchema } from '@contrail/contracts/payments';
import { toMinorUnits } from '@contrail/contracts/money';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import { createStripeServer, type StripeServer } from '@contrail/stripe-sandbox/server';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/app';
import { amountOf, passengersFor, payAndBook, searchAll } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import {
  createFaultSwitch,
  startFaultProxy,
  withFaults,
  type Fault,
  type FaultProxy,
} from '../../../test/faults';
import { TestClient } from '../../../test/http';
import { SupplierError } from '../../providers/flights/flight-supplier';
import { createSandboxSupplier } from '../../providers/flights/sandbox/sandbox-supplier';
import { createPostgresSandboxStore } from '../../providers/flights/sandbox/sandbox-store';
import { createSandboxPayments } from '../../providers/payments/sandbox/sandbox-payments';
import {
  createStripeClient,
  createStripePaymentProvider,
} from '../../providers/payments/stripe/stripe-payments';

/**
 * A fault at each step of a cancellation, for both pairs of providers, ends with the card money
 * matching the airline: the order cancelled ⇔ the card refunded exactly the refund the traveller
 * was quoted, once. A fault is a 5xx with nothing done, an answer lost after the provider acted,
 * or the process killed just before or just after a call (that request then never returns; the
 * reconciler, on its timer, and the traveller, trying again, are all that follow).
 */

const START = new Date('2026-11-22T09:00:00Z');
let now = START;
const clock = () => now;
const PASSWORD = 'Blue-Horizon-42';

interface Case {
  name: string;
  /** The call struck, by provider pair. */
  sandbox: string;
  http: RegExp;
  mode: Fault['mode'];
  /** How long the world waits before the reconciler runs (a quote lapses after 15 minutes). */
  recoverAfterMinutes?: number;
}

const CASES: Case[] = [
  {
    name: 'reading the shown quote fails',
    sandbox: 'getCancellation',
    http: /^GET \/air\/order_cancellations\/ore_/,
    mode: 'fail',
  },
  {
    name: 'the confirmation fails',
    sandbox: 'confirmCancellation',
    http: /^POST \/air\/order_cancellations\/.+\/actions\/confirm$/,
    mode: 'fail',
  },
  {
    name: 'the confirmation’s answer is lost',
    sandbox: 'confirmCancellation',
    http: /^POST \/air\/order_cancellations\/.+\/actions\/confirm$/,
    mode: 'lose',
  },
  {
    name: 'killed before the confirmation',
    sandbox: 'confirmCancellation',
    http: /^POST \/air\/order_cancellations\/.+\/actions\/confirm$/,
    mode: 'kill-before',
  },
  {
    name: 'killed before the confirmation, found after the quote lapsed',
    sandbox: 'confirmCancellation',
    http: /^POST \/air\/order_cancellations\/.+\/actions\/confirm$/,
    mode: 'kill-before',
    recoverAfterMinutes: 20,
  },
  {
    name: 'killed after the airline confirmed',
    sandbox: 'confirmCancellation',
    http: /^POST \/air\/order_cancellations\/.+\/actions\/confirm$/,
    mode: 'kill-after',
  },
  {
    name: 'reading the payment before the refund fails',
    sandbox: 'get',
    http: /^GET \/v1\/payment_intents\/pi_/,
    mode: 'fail',
  },
  { name: 'the refund fails', sandbox: 'refund', http: /^POST \/v1\/refunds$/, mode: 'fail' },
  {
    name: 'the refund’s answer is lost',
    sandbox: 'refund',
    http: /^POST \/v1\/refunds$/,
    mode: 'lose',
  },
  {
    name: 'killed before the refund',
    sandbox: 'refund',
    http: /^POST \/v1\/refunds$/,
    mode: 'kill-before',
  },
  {
    name: 'killed after the refund was made',
    sandbox: 'refund',
    http: /^POST \/v1\/refunds$/,
    mode: 'kill-after',
  },
];

/** What each provider pair lets the test do and see. */
interface World {
  book(c: TestClient): Promise<string>;
  /** The airline's order for the booking: cancelled or not. */
  orderCancelled(orderId: string): Promise<boolean>;
  /** What the card processor has refunded of the payment, and in how many refunds. */
  refunded(paymentId: string): Promise<{ minor: number; count: number }>;
}

async function traveller(t: TestApp): Promise<TestClient> {
  const c = new TestClient(t.app);
  await c.post('/api/auth/register', {
    username: 'faults',
    email: 'faults@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    password: PASSWORD,
  });
  expect(
    (await c.post('/api/auth/login', { username: 'faults', password: PASSWORD })).statusCode,
  ).toBe(200);
  return c;
}

/** Runs every case on one app: each books, quotes, cancels into its fault, and recovers. */
async function runCases(
  t: TestApp,
  world: World,
  arm: (fault: Case) => Promise<void>,
  disarm: () => void,
) {
  now = START;
  const c = await traveller(t);
  for (const fault of CASES) {
    const label = fault.name;
    const id = await world.book(c);
    const shown = await quote(c, id);
    let struck = false;
    const reached = arm(fault).then(() => {
      struck = true;
    });
    const asked = c.post(`/api/bookings/${id}/cancel`, { quoteId: shown.id });
    // A killed request never answers: go on once the fault has struck.
    const first = await Promise.race([asked, reached.then(() => null)]);
    if (first === null && !fault.mode.startsWith('kill')) {
      const answer = await asked;
      if (fault.sandbox === 'get' || fault.sandbox === 'refund') {
        // The airline has cancelled: the traveller is told so, the card refund is on its way.
        expect(answer.statusCode, label).toBe(200);
        expect(answer.json(), label).toMatchObject({
          booking: { status: 'cancelled', cancellation: { refundStatus: 'processing' } },
        });
      } else {
        expect(answer.statusCode, label).toBeGreaterThanOrEqual(500);
      }
    }
    disarm();
    expect(struck, `${label}: the fault struck`).toBe(true);

    // What follows a fault: time passes, the reconciler runs, the traveller tries again.
    let agreed = shown;
    now = new Date(now.getTime() + (fault.recoverAfterMinutes ?? 10) * 60_000);
    for (let round = 0; round < 4; round += 1) {
      await t.app.jobs.reconcileBookings();
      const [row] = await queryRows(t.database, sql`select status from bookings where id = ${id}`);
      if (row?.status === 'confirmed') {
        agreed = await quote(c, id);
        const again = await c.post(`/api/bookings/${id}/cancel`, { quoteId: agreed.id });
        expect(again.statusCode, `${label}: ${again.body}`).toBe(200);
      }
      now = new Date(now.getTime() + 20 * 60_000);
    }

    const [row] = await queryRows(
      t.database,
      sql`select status, refund_state, refund_minor, provider_order_id, provider_payment_id from bookings where id = ${id}`,
    );
    const cancelled = await world.orderCancelled(String(row?.provider_order_id));
    const money = await world.refunded(String(row?.provider_payment_id));
    const quoted = toMinorUnits(agreed.refund?.amount ?? '', agreed.refund?.currency ?? 'USD');
    // Card money = airline state: cancelled ⇔ refunded the confirmed amount, once.
    expect({ label, cancelled, refunded: money }).toEqual({
      label,
      cancelled: true,
      refunded: { minor: quoted, count: 1 },
    });
    expect(row, label).toMatchObject({
      status: 'cancelled',
      refund_state: 'refunded',
      refund_minor: quoted,
    });
  }
}

async function quote(c: TestClient, id: string): Promise<CancellationQuote> {
  const response = await c.get(`/api/bookings/${id}/cancellation`);
  expect(response.statusCode, response.body).toBe(200);
  const parsed = cancellationQuoteSchema.parse(response.json());
  expect(parsed.refundTo).toBe('card');
  return parsed;
}

/** A refundable fare, so that every cancellation refunds something. */
async function refundableOffer(c: TestClient) {
  const offer = (await searchAll(c)).find((o) => o.conditions.refundable);
  if (!offer) throw new Error('no refundable offer');
  return offer;
}

describe('cancellation faults, sandbox airline and sandbox payments', () => {
  const faults = createFaultSwitch();
  const t: TestApp = useTestApp({}, (database) => {
    const store = createPostgresSandboxStore(database.db);
    const supplier = createSandboxSupplier({
      store,
      findOrderIdByBooking: (reference) => store.findOrderIdByBooking(reference),
      clock,
      secret: 'cancellation-faults-secret-0123456789',
    });
    return {
      clock,
      flightSupplier: withFaults(
        supplier,
        faults,
        () => new SupplierError('provider_error', 'The airline answered 500.'),
      ),
      paymentProvider: withFaults(
        createSandboxPayments(database.db, clock),
        faults,
        () => new Error('read ECONNRESET'),
      ),
    };
  });

  it('ends with the card refunded the quoted amount exactly when the airline has cancelled', async () => {
    const world: World = {
      async book(c) {
        const response = await payAndBook(c, await refundableOffer(c), 'faults@example.com');
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ id: string }>().id;
      },
      async orderCancelled(orderId) {
        const [order] = await queryRows(
          t.database,
          sql`select document->>'cancelled_at' as cancelled_at from sandbox_orders where id = ${orderId.split('~').at(-1) ?? orderId}`,
        );
        return order?.cancelled_at != null;
      },
      async refunded(paymentId) {
        const [intent] = await queryRows(
          t.database,
          sql`select refunded_minor, (select count(*)::int from sandbox_refunds r where r.payment_intent_id = i.id) as n from sandbox_payment_intents i where id = ${paymentId}`,
        );
        return { minor: Number(intent?.refunded_minor), count: Number(intent?.n) };
      },
    };
    await runCases(
      t,
      world,
      (fault) => faults.arm({ at: fault.sandbox, mode: fault.mode }),
      () => faults.disarm(),
    );
  });
});

describe('cancellation faults, Duffel and Stripe through their SDKs', () => {
  const DUFFEL_TOKEN = 'duffel_test_cancellationfaults01';
  const STRIPE_KEY = 'sk_test_contrail00cancellationfaults';
  const faults = createFaultSwitch();
  const env: Record<string, string> = { DUFFEL_TEST_TOKEN: DUFFEL_TOKEN };
  let duffel: DuffelServer;
  let stripe: StripeServer;
  let duffelProxy: FaultProxy;
  let stripeProxy: FaultProxy;
  let stripeUrl = '';
  let browser: Stripe;

  beforeAll(async () => {
    duffel = createDuffelServer({ clock, tokens: [DUFFEL_TOKEN] });
    const duffelUrl = await duffel.listen(0, '127.0.0.1');
    duffelProxy = await startFaultProxy(duffelUrl, faults, {
      status: 500,
      body: {
        errors: [
          {
            type: 'api_error',
            code: 'internal_server_error',
            title: 'Internal server error',
            message: 'An internal server error occurred. Please try again later.',
          },
        ],
        meta: { status: 500, request_id: 'FaultInjected' },
      },
    });
    env.DUFFEL_API_URL = duffelProxy.url;
    stripe = createStripeServer({ clock, apiKeys: [STRIPE_KEY] });
    stripeUrl = await stripe.listen();
    stripeProxy = await startFaultProxy(stripeUrl, faults, {
      status: 500,
      body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
    });
    browser = createStripeClient({
      secretKey: STRIPE_KEY,
      apiUrl: stripeUrl,
      maxNetworkRetries: 0,
    });
  });
  afterAll(async () => {
    await duffelProxy.close();
    await stripeProxy.close();
    await duffel.close();
    await stripe.close();
  });

  const t: TestApp = useTestApp(env, {
    clock,
    get paymentProvider() {
      return createStripePaymentProvider({
        secretKey: STRIPE_KEY,
        publishableKey: 'pk_test_contrail00cancellationfaults',
        apiUrl: stripeProxy.url,
        maxNetworkRetries: 0,
      });
    },
  });

  it('ends with the card refunded the quoted amount exactly when the airline has cancelled', async () => {
    const world: World = {
      async book(c) {
        const offer = await refundableOffer(c);
        const key = randomUUID();
        const created = await c.post(
          '/api/payments/intents',
          {
            offerId: offer.id,
            amount: amountOf(offer),
            currency: offer.total_currency,
            passengers: passengersFor(offer, 'faults@example.com'),
          },
          { 'idempotency-key': key },
        );
        expect(created.statusCode, created.body).toBe(200);
        const intent = createIntentResponseSchema.parse(created.json());
        await browser.paymentIntents.confirm(intent.paymentId, { payment_method: 'pm_card_visa' });
        const booked = await c.post(
          '/api/bookings',
          {
            offerId: offer.id,
            passengers: passengersFor(offer, 'faults@example.com'),
            paymentDetails: {
              paymentId: intent.paymentId,
              amount: amountOf(offer),
              currency: offer.total_currency,
            },
          },
          { 'idempotency-key': key },
        );
        expect(booked.statusCode, booked.body).toBe(201);
        return booked.json<{ id: string }>().id;
      },
      async orderCancelled(orderId) {
        const response = await fetch(
          `${duffelProxy.url}/air/orders/${orderId.split('~').at(-1) ?? orderId}`,
          { headers: { authorization: `Bearer ${DUFFEL_TOKEN}`, 'duffel-version': 'v2' } },
        );
        const order = (await response.json()) as { data: { cancelled_at: string | null } };
        return order.data.cancelled_at !== null;
      },
      async refunded(paymentId) {
        const intent = await browser.paymentIntents.retrieve(paymentId, {
          expand: ['latest_charge'],
        });
        const charge = intent.latest_charge as Stripe.Charge;
        const refunds = await browser.refunds.list({ payment_intent: paymentId });
        return { minor: charge.amount_refunded, count: refunds.data.length };
      },
    };
    await runCases(
      t,
      world,
      (fault) => faults.arm({ at: fault.http, mode: fault.mode }),
      () => faults.disarm(),
    );
  });
});
