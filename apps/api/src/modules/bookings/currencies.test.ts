import { randomUUID } from 'node:crypto';
import {
  bookingViewSchema,
  cancellationQuoteSchema,
  type BookingView,
} from '@contrail/contracts/bookings';
import {
  currencyExponent,
  fromMinorUnits,
  isChargeableAmount,
  minorPerUnit,
  toMinorUnits,
} from '@contrail/contracts/money';
import { adminBookingDetailSchema } from '@contrail/contracts/back-office-bookings';
import { createIntentResponseSchema } from '@contrail/contracts/payments';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import type { CurrencyCode } from '@contrail/sandbox/money';
import { createStripeServer, type StripeServer } from '@contrail/stripe-sandbox/server';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/app';
import {
  TEST_CARD,
  amountOf,
  passengersFor,
  pickSeats,
  searchAll,
} from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { ADMIN_PASSWORD, createAdmin } from '../../../test/users';
import {
  createStripeClient,
  createStripePaymentProvider,
} from '../../providers/payments/stripe/stripe-payments';

/**
 * Money in every currency through the whole booking and cancellation, on both providers: the
 * sandbox airline with the sandbox payments, and Duffel (its SDK against the Duffel-compatible
 * server, whose account prices in the currency) with Stripe (its SDK against the Stripe-compatible
 * server). JPY has no decimals, USD two, KWD three (and Stripe takes KWD only in tens of fils).
 */

const now = new Date('2026-11-22T09:00:00Z');
const clock = () => now;
const PASSWORD = 'Blue-Horizon-42';
const CURRENCIES = ['JPY', 'USD', 'KWD'] as const;
const DECIMALS = { JPY: /^\d+$/, USD: /^\d+\.\d{2}$/, KWD: /^\d+\.\d{3}$/ } as const;

async function traveller(app: TestApp['app'], username: string): Promise<TestClient> {
  const c = new TestClient(app);
  await c.post('/api/auth/register', {
    username,
    email: `${username}@example.com`,
    firstName: 'T',
    lastName: 'R',
    password: PASSWORD,
  });
  expect((await c.post('/api/auth/login', { username, password: PASSWORD })).statusCode).toBe(200);
  return c;
}

/** Every amount an offer shows is in the currency's own decimals; its total a whole unit. */
function expectOfferIn(offer: SearchOffer, currency: (typeof CURRENCIES)[number]) {
  expect(offer.total_currency).toBe(currency);
  for (const amount of [offer.total_amount, offer.tax_amount, offer.base_amount]) {
    expect(amount, amount).toMatch(DECIMALS[currency]);
  }
  expect(toMinorUnits(offer.total_amount, currency) % minorPerUnit(currency)).toBe(0);
}

/**
 * The charge is the fare at sell price plus the seats at the airline's price, rounded up to what a
 * card takes: exactly that sum in JPY and USD; in KWD the next multiple of 10 fils.
 */
function expectCharge(
  amount: string,
  offer: SearchOffer,
  seatsMinor: number,
  currency: (typeof CURRENCIES)[number],
) {
  expect(amount).toMatch(DECIMALS[currency]);
  const sum = toMinorUnits(offer.total_amount, currency) + seatsMinor;
  const charged = toMinorUnits(amount, currency);
  expect(isChargeableAmount(charged, currency)).toBe(true);
  if (currency === 'KWD') {
    expect(charged).toBe(Math.ceil(sum / 10) * 10);
    // The seats cost fils that do not end in 0 here, so the rounding is exercised.
    expect(seatsMinor % 10).not.toBe(0);
    expect(charged).toBeGreaterThan(sum);
  } else {
    expect(charged).toBe(sum);
  }
}

/** The cancellation: quoted, confirmed for the quoted amount, shown and e-mailed in the currency. */
async function cancelAndCheck(
  t: TestApp,
  c: TestClient,
  bookingId: string,
  currency: (typeof CURRENCIES)[number],
): Promise<number> {
  const quote = cancellationQuoteSchema.parse(
    (await c.get(`/api/bookings/${bookingId}/cancellation`)).json(),
  );
  expect(quote.refund?.currency).toBe(currency);
  expect(quote.refund?.amount).toMatch(DECIMALS[currency]);
  const refundMinor = toMinorUnits(quote.refund?.amount ?? '', currency);
  expect(isChargeableAmount(refundMinor, currency)).toBe(true);
  const cancelled = await c.post(`/api/bookings/${bookingId}/cancel`);
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const view: BookingView = bookingViewSchema.parse(cancelled.json<{ booking: unknown }>().booking);
  expect(view.cancellation?.refund).toEqual(quote.refund);
  const [row] = await queryRows(
    t.database,
    sql`select refund_minor, sell_total_minor from bookings where id = ${bookingId}`,
  );
  expect(Number(row?.refund_minor)).toBe(refundMinor);
  expect(refundMinor).toBeLessThanOrEqual(Number(row?.sell_total_minor));
  const [email] = await queryRows(
    t.database,
    sql`select text from email_outbox where kind = 'booking_cancellation' and related_id = ${bookingId}`,
  );
  expect(String(email?.text)).toContain(emailMoney(refundMinor, currency));
  return refundMinor;
}

/** How the e-mails write an amount: the currency's own decimals. */
function emailMoney(minor: number, currency: string): string {
  const digits = currencyExponent(currency);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number(fromMinorUnits(minor, currency)));
}

describe('money in every currency: the sandbox airline and the sandbox payments', () => {
  const t = useTestApp({}, { clock });

  const setBrandCurrency = async (currency: string) => {
    await t.database.db.execute(
      sql`update brands set currency = ${currency} where domain = 'default'`,
    );
    t.app.dropCaches();
  };

  it.each(CURRENCIES)(
    'books with seats and cancels in %s, every amount in its own decimals',
    async (currency) => {
      await setBrandCurrency(currency);
      const c = await traveller(t.app, `sandbox${currency.toLowerCase()}`);
      const offers = await searchAll(c, { adults: 2 });
      const offer = offers.find((o) => o.conditions.refundable) ?? offers[0];
      if (!offer) throw new Error('no offer');
      expectOfferIn(offer, currency);
      const { seats, totalMinor: seatsMinor } = await pickSeats(c, offer);
      const amount = amountOf(offer, seatsMinor);
      expectCharge(amount, offer, seatsMinor, currency);
      const passengers = passengersFor(offer, `sandbox${currency.toLowerCase()}@example.com`);

      const payment = await c.post('/api/payments/process-card', {
        offerId: offer.id,
        amount,
        currency,
        seats,
        passengers,
        cardDetails: TEST_CARD,
      });
      expect(payment.statusCode, payment.body).toBe(200);
      expect(payment.json()).toMatchObject({ amount, currency });
      const paymentId = payment.json<{ paymentId: string }>().paymentId;
      const [hold] = await queryRows(
        t.database,
        sql`select amount_minor, currency from sandbox_payment_intents where metadata->>'offer' = ${offer.id}`,
      );
      // 17103 JPY is held as 17103, not 1,710,300.
      expect(hold).toEqual({ amount_minor: toMinorUnits(amount, currency), currency });

      const booked = await c.post(
        '/api/bookings',
        { offerId: offer.id, passengers, seats, paymentDetails: { paymentId, amount, currency } },
        { 'idempotency-key': randomUUID() },
      );
      expect(booked.statusCode, booked.body).toBe(201);
      const bookingId = booked.json<{ id: string }>().id;
      const [row] = await queryRows(
        t.database,
        sql`select sell_total_minor, provider_total_minor, markup_minor, currency from bookings where id = ${bookingId}`,
      );
      expect(row).toMatchObject({ currency, sell_total_minor: toMinorUnits(amount, currency) });
      // What the airline is paid plus the brand's markup (with any card rounding) is the charge.
      expect(Number(row?.provider_total_minor) + Number(row?.markup_minor)).toBe(
        toMinorUnits(amount, currency),
      );
      const detail = bookingViewSchema.parse((await c.get(`/api/bookings/${bookingId}`)).json());
      expect(detail.total).toEqual({ amount, currency });
      const [confirmation] = await queryRows(
        t.database,
        sql`select text from email_outbox where kind = 'booking_confirmation' and related_id = ${bookingId}`,
      );
      expect(String(confirmation?.text)).toContain(
        emailMoney(toMinorUnits(amount, currency), currency),
      );

      const refundMinor = await cancelAndCheck(t, c, bookingId, currency);
      const [refunded] = await queryRows(
        t.database,
        sql`select refunded_minor from sandbox_payment_intents where id = (select provider_payment_id from bookings where id = ${bookingId})`,
      );
      expect(Number(refunded?.refunded_minor)).toBe(refundMinor);

      // The back office shows the same amounts, in the currency's own decimals.
      await createAdmin(t.database, `root${currency.toLowerCase()}`);
      const operator = new TestClient(t.app);
      expect(
        (
          await operator.post('/api/auth/login', {
            username: `root${currency.toLowerCase()}`,
            password: ADMIN_PASSWORD,
          })
        ).statusCode,
      ).toBe(200);
      const adminView = adminBookingDetailSchema.parse(
        (await operator.get(`/api/admin/bookings/${bookingId}`)).json(),
      );
      expect(adminView.money.sell).toEqual({ amount, currency });
      expect(adminView.money.refund).toEqual({
        amount: fromMinorUnits(refundMinor, currency),
        currency,
      });
      for (const part of [
        adminView.money.providerCost,
        adminView.money.seats,
        adminView.money.margin,
      ]) {
        expect(part?.amount).toMatch(DECIMALS[currency]);
      }
    },
  );

  it('refuses a currency the product cannot charge before anything is held', async () => {
    // A brand row from before the list of chargeable currencies: the airline prices in INR.
    await setBrandCurrency('INR');
    const c = new TestClient(t.app);
    const response = await c.post('/api/flights/search', {
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2026-12-20',
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      childrenAges: [],
      infantsCount: 0,
      tripType: 'one-way',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: {
        code: 'currency_not_supported',
        message:
          'These flights are priced in INR, a currency we cannot take payment in, so they cannot be booked here. Please contact us and we will help you book.',
        details: { currency: 'INR' },
      },
    });
    const holds = await queryRows(t.database, sql`select id from sandbox_payment_intents`);
    expect(holds).toEqual([]);
  });

  it('refuses a request amount written with decimals its currency does not have', async () => {
    await setBrandCurrency('JPY');
    const c = new TestClient(t.app);
    const offer = (await searchAll(c, { oneWay: true }))[0];
    if (!offer) throw new Error('no offer');
    const response = await c.post('/api/payments/process-card', {
      offerId: offer.id,
      amount: `${offer.total_amount}.00`,
      currency: 'JPY',
      passengers: passengersFor(offer),
      cardDetails: TEST_CARD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { fields: { amount: 'Enter an amount such as 51240' } },
    });
  });
});

const STRIPE_KEY = 'sk_test_contrail00000000currencies';
const DUFFEL_TOKEN = 'duffel_test_currencies0123456789';

describe.each(CURRENCIES)('money in %s: Duffel and Stripe through their SDKs', (currency) => {
  let duffel: DuffelServer;
  let stripe: StripeServer;
  let stripeUrl = '';
  let browser: Stripe;
  const env: Record<string, string> = { DUFFEL_TEST_TOKEN: DUFFEL_TOKEN };

  beforeAll(async () => {
    duffel = createDuffelServer({ clock, tokens: [DUFFEL_TOKEN], currency });
    env.DUFFEL_API_URL = await duffel.listen(0, '127.0.0.1');
    stripe = createStripeServer({ clock, apiKeys: [STRIPE_KEY] });
    stripeUrl = await stripe.listen();
    browser = createStripeClient({
      secretKey: STRIPE_KEY,
      apiUrl: stripeUrl,
      maxNetworkRetries: 0,
    });
  });
  afterAll(async () => {
    await duffel.close();
    await stripe.close();
  });

  const t = useTestApp(env, {
    clock,
    get paymentProvider() {
      return createStripePaymentProvider({
        secretKey: STRIPE_KEY,
        publishableKey: 'pk_test_contrail00000000currencies',
        apiUrl: stripeUrl,
        maxNetworkRetries: 0,
      });
    },
  });

  it('books with seats and cancels, the PaymentIntent and the refund in the currency’s minor units', async () => {
    const c = await traveller(t.app, `duffel${currency.toLowerCase()}`);
    const offers = await searchAll(c, { adults: 2 });
    const offer = offers.find((o) => o.conditions.refundable) ?? offers[0];
    if (!offer) throw new Error('no offer');
    expectOfferIn(offer, currency);
    const { seats, totalMinor: seatsMinor } = await pickSeats(c, offer);
    const amount = amountOf(offer, seatsMinor);
    expectCharge(amount, offer, seatsMinor, currency);
    const passengers = passengersFor(offer, `duffel${currency.toLowerCase()}@example.com`);
    const key = randomUUID();
    const created = await c.post(
      '/api/payments/intents',
      { offerId: offer.id, amount, currency, seats, passengers },
      { 'idempotency-key': key },
    );
    expect(created.statusCode, created.body).toBe(200);
    const intent = createIntentResponseSchema.parse(created.json());
    expect(intent).toMatchObject({ amount, currency });
    const atStripe = await browser.paymentIntents.retrieve(intent.paymentId);
    // Stripe's amount is the currency's minor units: whole yen, cents, fils ending in 0.
    expect(atStripe).toMatchObject({
      amount: toMinorUnits(amount, currency),
      currency: currency.toLowerCase(),
    });
    expect(isChargeableAmount(atStripe.amount, currency)).toBe(true);
    await browser.paymentIntents.confirm(intent.paymentId, { payment_method: 'pm_card_visa' });

    const booked = await c.post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers,
        seats,
        paymentDetails: { paymentId: intent.paymentId, amount, currency },
      },
      { 'idempotency-key': key },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json<{ id: string }>().id;
    const captured = await browser.paymentIntents.retrieve(intent.paymentId);
    expect(captured).toMatchObject({
      status: 'succeeded',
      amount_received: toMinorUnits(amount, currency),
    });
    const [row] = await queryRows(
      t.database,
      sql`select provider_order_id, provider_total_minor from bookings where id = ${bookingId}`,
    );
    // Duffel was paid its own total, in its own decimals: the order's total is what we recorded.
    const order = await fetch(
      `${env.DUFFEL_API_URL}/air/orders/${String(row?.provider_order_id).replace(/^duffel-test~/, '')}`,
      {
        headers: { authorization: `Bearer ${DUFFEL_TOKEN}`, 'duffel-version': 'v2' },
      },
    );
    expect(order.status).toBe(200);
    const orderBody = (await order.json()) as {
      data: { total_amount: string; total_currency: string };
    };
    expect(orderBody.data.total_currency).toBe(currency);
    expect(toMinorUnits(orderBody.data.total_amount, currency)).toBe(
      Number(row?.provider_total_minor),
    );

    const refundMinor = await cancelAndCheck(t, c, bookingId, currency);
    const refunds = await browser.refunds.list({ payment_intent: intent.paymentId });
    expect(refunds.data.map((refund) => [refund.amount, refund.currency])).toEqual(
      refundMinor > 0 ? [[refundMinor, currency.toLowerCase()]] : [],
    );
  });
});

describe('a Duffel account priced in a currency the product cannot charge', () => {
  let duffel: DuffelServer;
  const env: Record<string, string> = { DUFFEL_TEST_TOKEN: DUFFEL_TOKEN };
  beforeAll(async () => {
    duffel = createDuffelServer({ clock, tokens: [DUFFEL_TOKEN], currency: 'INR' as CurrencyCode });
    env.DUFFEL_API_URL = await duffel.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await duffel.close();
  });
  const t = useTestApp(env, { clock });

  it('answers the traveller 422 currency_not_supported, and sells nothing', async () => {
    const response = await new TestClient(t.app).post('/api/flights/search', {
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2026-12-20',
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      childrenAges: [],
      infantsCount: 0,
      tripType: 'one-way',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { code: 'currency_not_supported', details: { currency: 'INR' } },
    });
  });
});
