import { randomUUID } from 'node:crypto';
import { bookingMessages } from '@contrail/contracts/bookings';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import { cardMessages } from '@contrail/contracts/payments';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import {
  TEST_CARD,
  amountOf,
  passengersFor,
  pickSeats,
  searchOffer,
} from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import type { BookingStep } from './bookings.service';

let now = new Date('2026-11-22T09:00:00Z');
const clock = () => now;
let crashAt: BookingStep | null = null;

describe('booking with payment', () => {
  const t = useTestApp(
    {},
    {
      clock,
      afterBookingStep: (step) => {
        if (step === crashAt) throw new Error(`simulated crash after ${step}`);
      },
    },
  );
  const client = (brand?: string) => new TestClient(t.app, brand ? { brand } : {});
  const rows = (query: ReturnType<typeof sql>) => queryRows(t.database, query);

  async function authorize(
    c: TestClient,
    offer: SearchOffer,
    amount: string,
    seats: unknown[] = [],
    card = TEST_CARD,
  ) {
    return c.post('/api/payments/process-card', {
      offerId: offer.id,
      amount,
      currency: 'USD',
      seats,
      passengers: passengersFor(offer),
      cardDetails: card,
    });
  }

  async function book(c: TestClient, body: Record<string, unknown>, key = randomUUID()) {
    return c.post('/api/bookings', body, { 'idempotency-key': key });
  }

  async function paidOffer(c: TestClient, withSeats = false) {
    const offer = await searchOffer(c);
    const { seats, totalMinor } = withSeats
      ? await pickSeats(c, offer)
      : { seats: [], totalMinor: 0 };
    const amount = amountOf(offer, totalMinor);
    const payment = await authorize(c, offer, amount, seats);
    expect(payment.statusCode).toBe(200);
    const paymentId = payment.json<{ paymentId: string }>().paymentId;
    return {
      offer,
      seats,
      amount,
      paymentId,
      body: {
        offerId: offer.id,
        passengers: passengersFor(offer),
        seats,
        paymentDetails: { paymentId, amount, currency: 'USD' },
      },
    };
  }

  const intentStatus = async () =>
    (await rows(sql`select status from sandbox_payment_intents`)).map((r) => r.status);
  const orderCount = async () =>
    Number(
      (
        await rows(
          sql`select count(*)::int as n from sandbox_orders where document->>'cancelled_at' is null`,
        )
      )[0]?.n,
    );

  it('books with seats: authorises the server price, orders, captures; a guest stays signed out', async () => {
    const c = client();
    const { offer, seats, amount, body } = await paidOffer(c, true);
    expect(seats.length).toBe(offer.slices.flatMap((s) => s.segments).length);
    const response = await book(c, body);
    expect(response.statusCode).toBe(201);
    const result = response.json<{
      id: string;
      bookingReference: string;
      duffelBookingId: string;
      emailContent: { subject: string; html: string };
    }>();
    expect(Object.keys(result).sort()).toEqual([
      'bookingReference',
      'duffelBookingId',
      'emailContent',
      'id',
      'status',
    ]);
    expect(result.bookingReference).toMatch(/^[A-Z0-9]{6}$/);
    expect(result.duffelBookingId).toMatch(/^ord_/);
    expect(result.emailContent.subject).toContain(result.bookingReference);
    expect(result.emailContent.html).toContain('Contrail');
    // No session: one opened for a new address only would tell which addresses have accounts.
    expect(response.cookies.find((cookie) => cookie.name === 'contrail_session')).toBeUndefined();
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);

    const [booking] = await rows(
      sql`select status, sell_total_minor, provider_total_minor, markup_minor, seats_total_minor, card_last4, booking_reference from bookings`,
    );
    expect(booking).toMatchObject({
      status: 'confirmed',
      card_last4: '4242',
      booking_reference: result.bookingReference,
    });
    expect(Number(booking?.sell_total_minor)).toBe(Math.round(Number(amount) * 100));
    expect(Number(booking?.sell_total_minor) - Number(booking?.provider_total_minor)).toBe(
      Number(booking?.markup_minor),
    );
    expect(await intentStatus()).toEqual(['succeeded']);
    const [order] = await rows(sql`select document from sandbox_orders`);
    const services = (order?.document as { services: { type: string }[] }).services.filter(
      (s) => s.type === 'seat',
    );
    expect(services).toHaveLength(seats.length);
    expect(await rows(sql`select recipient, kind from email_outbox order by kind`)).toEqual([
      { recipient: 'ada@example.com', kind: 'booking_confirmation' },
      { recipient: 'ada@example.com', kind: 'guest_booking_account' },
    ]);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', cardMessages.declined],
    ['4000 0000 0000 9995', 'insufficient_funds', cardMessages.insufficientFunds],
    ['4000 0000 0000 0069', 'expired_card', cardMessages.expiredCard],
    ['4000 0000 0000 0127', 'incorrect_cvc', cardMessages.incorrectCvc],
    ['4111 1111 1111 1111', 'test_cards_only', cardMessages.testCardsOnly],
  ])('refuses card %s: nothing authorised, nothing booked', async (number, code, message) => {
    const c = client();
    const offer = await searchOffer(c);
    const response = await authorize(c, offer, amountOf(offer), [], { ...TEST_CARD, number });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: { code, message } });
    // The attempt is recorded as declined; no hold exists.
    expect(await rows(sql`select status, provider_payment_id from payment_authorizations`)).toEqual(
      [{ status: 'declined', provider_payment_id: null }],
    );
    expect(await intentStatus()).toEqual([]);
    expect(await orderCount()).toBe(0);
  });

  it('refuses a tampered amount with 409 and the current price', async () => {
    const c = client();
    const offer = await searchOffer(c);
    const response = await authorize(c, offer, amountOf(offer, -100));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'amount_changed',
        message: cardMessages.amountChanged,
        details: { amount: offer.total_amount, currency: 'USD' },
      },
    });
    expect(await intentStatus()).toEqual([]);
  });

  it('refuses a booking whose amount differs from the authorisation, and voids nothing it did not claim', async () => {
    const c = client();
    const { body } = await paidOffer(c);
    const response = await book(c, {
      ...body,
      paymentDetails: { ...body.paymentDetails, amount: '1.00' },
    });
    expect(response.statusCode).toBe(409);
    expect(await orderCount()).toBe(0);
  });

  it('answers 410 for an offer that expired after payment, and releases the hold', async () => {
    const c = client();
    const { body } = await paidOffer(c);
    now = new Date(now.getTime() + 31 * 60 * 1000);
    try {
      const response = await book(c, body);
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({ error: { code: 'offer_expired' } });
    } finally {
      now = new Date('2026-11-22T09:00:00Z');
    }
    expect(await intentStatus()).toEqual(['canceled']);
    expect(await orderCount()).toBe(0);
    expect((await rows(sql`select status from bookings`))[0]).toEqual({ status: 'failed' });
  });

  it('books once for the same key sent 10 times at once: one order, one capture', async () => {
    const c = client();
    const { body } = await paidOffer(c);
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 10 }, () => book(c, body, key)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((r) => r.json<{ id: string }>().id)).size).toBe(1);
    expect(await orderCount()).toBe(1);
    expect(await intentStatus()).toEqual(['succeeded']);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
  });

  it('replays a booking only to who made it: another caller with the same key and body learns nothing', async () => {
    const c = client();
    const { body } = await paidOffer(c);
    const key = randomUUID();
    const first = await book(c, body, key);
    expect(first.statusCode).toBe(201);
    expect((await book(c, body, key)).body).toBe(first.body);
    for (const stranger of [client(), client().withIp('203.0.113.5')]) {
      const replay = await book(stranger, body, key);
      expect(replay.statusCode).toBe(422);
      expect(replay.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
      expect(replay.body).not.toContain(first.json<{ id: string }>().id);
    }
    // Signed in, the same browser is another caller too.
    await c.post('/api/auth/register', {
      username: 'adal',
      email: 'adal@example.com',
      firstName: 'Ada',
      lastName: 'L',
      password: 'Blue-Horizon-42',
    });
    await c.post('/api/auth/login', { username: 'adal', password: 'Blue-Horizon-42' });
    expect((await book(c, body, key)).statusCode).toBe(422);
    expect(await orderCount()).toBe(1);
  });

  it("replays a signed-in traveller's booking to that account only", async () => {
    const c = client();
    const other = client();
    for (const [browser, username] of [
      [c, 'grace'],
      [other, 'hopper'],
    ] as const) {
      await browser.post('/api/auth/register', {
        username,
        email: `${username}@example.com`,
        firstName: 'Grace',
        lastName: 'H',
        password: 'Blue-Horizon-42',
      });
      await browser.post('/api/auth/login', { username, password: 'Blue-Horizon-42' });
    }
    const { body } = await paidOffer(c);
    const key = randomUUID();
    const first = await book(c, body, key);
    expect(first.statusCode).toBe(201);
    expect((await book(c, body, key)).body).toBe(first.body);
    expect((await book(other, body, key)).statusCode).toBe(422);
  });

  it('refuses a key reused for a different booking', async () => {
    const c = client();
    const first = await paidOffer(c);
    const key = randomUUID();
    expect((await book(c, first.body, key)).statusCode).toBe(201);
    const second = await paidOffer(c);
    const response = await book(c, second.body, key);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
  });

  it('needs an Idempotency-Key', async () => {
    const c = client();
    const { body } = await paidOffer(c);
    const response = await c.post('/api/bookings', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { message: bookingMessages.idempotencyKeyRequired },
    });
  });

  it('voids the authorisation when the airline refuses the order', async () => {
    const c = client();
    const offer = await searchOffer(c, { origin: 'LHR', destination: 'LCY', oneWay: true });
    const amount = amountOf(offer);
    const payment = await authorize(c, offer, amount);
    const paymentId = payment.json<{ paymentId: string }>().paymentId;
    const response = await book(c, {
      offerId: offer.id,
      passengers: passengersFor(offer),
      paymentDetails: { paymentId, amount, currency: 'USD' },
    });
    expect(response.statusCode).toBe(422);
    expect(await intentStatus()).toEqual(['canceled']);
    expect(await orderCount()).toBe(0);
  });

  it.each([
    ['claimed', 'failed', 'canceled', 0],
    ['ordered', 'confirmed', 'succeeded', 1],
    ['captured', 'confirmed', 'succeeded', 1],
  ] as const)(
    'recovers a crash after %s: the reconciler ends it %s with the payment %s',
    async (step, status, intent, orders) => {
      const c = client();
      const { body } = await paidOffer(c);
      crashAt = step;
      try {
        const response = await book(c, body);
        expect(response.statusCode).toBe(500);
      } finally {
        crashAt = null;
      }
      now = new Date(now.getTime() + 3 * 60 * 1000);
      try {
        expect(await t.app.jobs.reconcileBookings()).toBe(1);
      } finally {
        now = new Date('2026-11-22T09:00:00Z');
      }
      expect((await rows(sql`select status from bookings`))[0]).toEqual({ status });
      expect(await intentStatus()).toEqual([intent]);
      expect(await orderCount()).toBe(orders);
    },
  );

  it('lets exactly one of two bookings racing for the last seat win', async () => {
    const buyerA = client();
    const buyerB = client();
    const offer = await searchOffer(buyerA, { oneWay: true });
    const { seats, totalMinor } = await pickSeats(buyerA, offer);
    const amount = amountOf(offer, totalMinor);
    const payA = (await authorize(buyerA, offer, amount, seats)).json<{ paymentId: string }>()
      .paymentId;
    const payB = (await authorize(buyerB, offer, amount, seats)).json<{ paymentId: string }>()
      .paymentId;
    const bodyFor = (paymentId: string, email: string) => ({
      offerId: offer.id,
      passengers: passengersFor(offer, email),
      seats,
      paymentDetails: { paymentId, amount, currency: 'USD' },
    });
    const [a, b] = await Promise.all([
      book(buyerA, bodyFor(payA, 'a@example.com')),
      book(buyerB, bodyFor(payB, 'b@example.com')),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({ error: { code: 'seat_unavailable' } });
    expect((await intentStatus()).sort()).toEqual(['canceled', 'succeeded']);
    expect(await orderCount()).toBe(1);
  });

  it('releases a card hold no booking claimed', async () => {
    const c = client();
    await paidOffer(c);
    now = new Date(now.getTime() + 31 * 60 * 1000);
    try {
      expect(await t.app.jobs.sweepHolds()).toBe(1);
    } finally {
      now = new Date('2026-11-22T09:00:00Z');
    }
    expect(await intentStatus()).toEqual(['canceled']);
  });

  it("makes a signed-in traveller's booking theirs", async () => {
    const c = client();
    await c.post('/api/auth/register', {
      username: 'grace',
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'H',
      password: 'Blue-Horizon-42',
    });
    await c.post('/api/auth/login', { username: 'grace', password: 'Blue-Horizon-42' });
    const { body } = await paidOffer(c);
    const response = await book(c, body);
    expect(response.statusCode).toBe(201);
    expect(
      await rows(sql`select u.username from bookings b join users u on u.id = b.user_id`),
    ).toEqual([{ username: 'grace' }]);
    // Signed in, no e-mail about an account: the trip is in it.
    expect(await rows(sql`select kind from email_outbox order by kind`)).toEqual([
      { kind: 'booking_confirmation' },
      { kind: 'email_verification' },
    ]);
  });
});
