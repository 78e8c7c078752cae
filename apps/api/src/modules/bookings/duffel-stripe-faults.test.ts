import { randomUUID } from 'node:crypto';
import { createIntentResponseSchema } from '@contrail/contracts/payments';
import { searchOffersOf } from '@contrail/contracts/search-results';
import { type SearchOffer } from '@contrail/contracts/search-results-schema';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import { createStripeServer, type StripeServer } from '@contrail/stripe-sandbox/server';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { amountOf, passengersFor } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { createDuffelSupplier } from '../../providers/flights/duffel/duffel-supplier';
import { createMemoryOfferReplacements } from '../../providers/flights/duffel/offer-replacements';
import type { FlightSupplier } from '../../providers/flights/flight-supplier';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import {
  createStripeClient,
  createStripePaymentProvider,
} from '../../providers/payments/stripe/stripe-payments';
import type { BookingStep } from './bookings.service';
import { oneWaySearch } from '../../../test/searches';

// Duffel and Stripe both through their official SDKs, against the repository's two stand-ins: a
// fault at each step of a booking (the order's answer lost or never known, the capture failing,
// the process dying between steps) ends with the PaymentIntent as the airline has the order:
// captured if ordered, cancelled if not, and held (never cancelled on a guess) while unknown.

const DUFFEL_TOKEN = 'duffel_test_stripefaults0123456789';
const SECRET_KEY = 'sk_test_contrail0000000000orderfaults';
const PUBLISHABLE_KEY = 'pk_test_contrail0000000000orderfaults';
const START = new Date('2026-11-22T09:00:00Z');
let now = START;
const clock = () => now;

let duffelServer: DuffelServer | undefined;
let stripeServer: StripeServer | undefined;
let duffelUrl = '';
let stripeUrl = '';
let browser: Stripe;
let crashAfter: BookingStep | null = null;
let captureFails = false;

beforeAll(async () => {
  duffelServer = createDuffelServer({ clock, tokens: [DUFFEL_TOKEN] });
  duffelUrl = await duffelServer.listen(0, '127.0.0.1');
  stripeServer = createStripeServer({ clock, apiKeys: [SECRET_KEY] });
  stripeUrl = await stripeServer.listen();
  browser = createStripeClient({ secretKey: SECRET_KEY, apiUrl: stripeUrl, maxNetworkRetries: 0 });
});
afterAll(async () => {
  await duffelServer?.close();
  await stripeServer?.close();
});

/** The object made on first use: the stand-ins' addresses are known once they listen. */
function late<T extends object>(make: () => T): T {
  let made: T | undefined;
  return new Proxy({} as T, {
    get: (_, key) => {
      made ??= make();
      const value = (made as Record<string | symbol, unknown>)[key];
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(made)
        : value;
    },
    has: (_, key) => key in (made ??= make()),
  });
}

describe('Duffel and Stripe: the card follows the airline', () => {
  const t = useTestApp(
    { STRIPE_WEBHOOK_SECRET: 'whsec_contrail0000000000orderfaults' },
    {
      clock,
      flightSupplier: late<FlightSupplier>(() =>
        createDuffelSupplier({
          token: DUFFEL_TOKEN,
          apiUrl: duffelUrl,
          live: false,
          replacements: createMemoryOfferReplacements(),
          clock,
          sleep: () => Promise.resolve(),
          orderLookupWaitsMs: [0],
        }),
      ),
      paymentProvider: late<PaymentProvider>(() => {
        const stripe = createStripePaymentProvider({
          secretKey: SECRET_KEY,
          publishableKey: PUBLISHABLE_KEY,
          apiUrl: stripeUrl,
          maxNetworkRetries: 0,
        });
        return {
          ...stripe,
          name: stripe.name,
          live: stripe.live,
          collection: stripe.collection,
          capture: (id: string) => {
            if (captureFails) {
              captureFails = false;
              return Promise.reject(new Error('read ECONNRESET'));
            }
            return stripe.capture(id);
          },
        };
      }),
      afterBookingStep: (step: BookingStep) => {
        if (step === crashAfter) throw new Error(`crashed after ${step}`);
      },
    },
  );

  async function offerFor(c: TestClient, origin: string, destination: string) {
    const response = await c.post('/api/flights/search', oneWaySearch(destination, { origin }));
    const offer = searchOffersOf(response.json())[0];
    if (!offer) throw new Error(`no offer ${origin}-${destination}`);
    return offer;
  }

  async function book(origin: string, destination: string) {
    const c = new TestClient(t.app);
    const offer: SearchOffer = await offerFor(c, origin, destination);
    const key = randomUUID();
    const created = await c.post(
      '/api/payments/intents',
      {
        offerId: offer.id,
        amount: amountOf(offer),
        currency: offer.total_currency,
        passengers: passengersFor(offer),
      },
      { 'idempotency-key': key },
    );
    expect(created.statusCode, created.body).toBe(200);
    const intent = createIntentResponseSchema.parse(created.json());
    await browser.paymentIntents.confirm(intent.paymentId, { payment_method: 'pm_card_visa' });
    const response = await c
      .post(
        '/api/bookings',
        {
          offerId: offer.id,
          passengers: passengersFor(offer),
          paymentDetails: {
            paymentId: intent.paymentId,
            amount: amountOf(offer),
            currency: offer.total_currency,
          },
        },
        { 'idempotency-key': key },
      )
      .catch(() => null);
    return { response, intentId: intent.paymentId, key };
  }

  const state = async (key: string, intentId: string) => {
    const [row] = await queryRows(
      t.database,
      sql`select status, hold_expires_at from bookings where idempotency_key = ${key}`,
    );
    return {
      booking: row?.status,
      intent: (await browser.paymentIntents.retrieve(intentId)).status,
      holdExpiresAt: row?.hold_expires_at ?? null,
    };
  };

  it.each([
    ['order_not_created', 'LGW', 'STN', 'failed', 'canceled'],
    ['an answer lost after the order was made', 'LHR', 'LGW', 'confirmed', 'succeeded'],
  ])('%s: settled at once', async (_, origin, destination, booking, intent) => {
    now = START;
    const { key, intentId } = await book(origin, destination);
    expect(await state(key, intentId)).toMatchObject({ booking, intent });
  });

  it('a timeout keeps the intent held, with Stripe’s capture_before noted, across re-checks', async () => {
    now = START;
    const { response, key, intentId } = await book('LGW', 'LTN');
    expect(response?.statusCode).toBe(503);
    const held = await state(key, intentId);
    expect(held).toMatchObject({ booking: 'ordering', intent: 'requires_capture' });
    // The stand-in's card holds last seven days, as Stripe's online card payments do.
    expect(new Date(held.holdExpiresAt as string | Date).getTime()).toBe(
      START.getTime() + 7 * 24 * 60 * 60 * 1000,
    );
    now = new Date(START.getTime() + 3 * 60_000);
    expect(await t.app.jobs.reconcileBookings()).toBe(1);
    expect(await state(key, intentId)).toMatchObject({
      booking: 'ordering',
      intent: 'requires_capture',
    });
  });

  it('an order listed only later is captured on the re-check that finds it', async () => {
    now = START;
    const { key, intentId } = await book('LGW', 'LCY');
    now = new Date(START.getTime() + 3 * 60_000);
    await t.app.jobs.reconcileBookings();
    now = new Date(START.getTime() + 9 * 60_000);
    expect(await t.app.jobs.reconcileBookings()).toBe(1);
    expect(await state(key, intentId)).toMatchObject({ booking: 'confirmed', intent: 'succeeded' });
  });

  it.each([
    ['claimed', 'failed', 'canceled'],
    ['ordered', 'confirmed', 'succeeded'],
    ['captured', 'confirmed', 'succeeded'],
  ] as const)(
    'a crash after %s is settled as the airline has it',
    async (step, booking, intent) => {
      now = START;
      crashAfter = step;
      let booked: Awaited<ReturnType<typeof book>>;
      try {
        booked = await book('LHR', 'BOS');
      } finally {
        crashAfter = null;
      }
      now = new Date(START.getTime() + 3 * 60_000);
      expect(await t.app.jobs.reconcileBookings()).toBe(1);
      expect(await state(booked.key, booked.intentId)).toMatchObject({ booking, intent });
    },
  );

  it('a capture that fails is taken again by the reconciler, once', async () => {
    now = START;
    captureFails = true;
    const { response, key, intentId } = await book('LHR', 'BOS');
    expect(response?.statusCode).toBe(500);
    expect(await state(key, intentId)).toMatchObject({
      booking: 'capturing',
      intent: 'requires_capture',
    });
    now = new Date(START.getTime() + 3 * 60_000);
    expect(await t.app.jobs.reconcileBookings()).toBe(1);
    expect(await state(key, intentId)).toMatchObject({ booking: 'confirmed', intent: 'succeeded' });
  });
});
