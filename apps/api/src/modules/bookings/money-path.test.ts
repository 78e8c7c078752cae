import { randomUUID } from 'node:crypto';
import { bookingMessages } from '@contrail/contracts/bookings';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/app';
import { TEST_CARD, amountOf, passengersFor, searchOffer } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { createSandboxPayments } from '../../providers/payments/sandbox/sandbox-payments';
import type { BookingStep } from './bookings.service';

const START = new Date('2026-11-22T09:00:00Z');
let now = START;
const later = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

let crashAt: BookingStep | null = null;
/** Set to make the processor place the hold and then lose the answer. */
let loseAuthorizationAnswer = false;

/**
 * The sandbox processor, but able to lose an answer after placing the hold (a timeout, a dropped
 * connection), as a real processor's network can.
 */
function flakyProcessor(t: TestApp): PaymentProvider {
  let inner: PaymentProvider | undefined;
  const processor = () => (inner ??= createSandboxPayments(t.database.db, () => now));
  return {
    name: 'sandbox',
    live: false,
    collection: 'card_form',
    createIntent: (input) => processor().createIntent(input),
    async authorize(input) {
      const authorization = await processor().authorize(input);
      if (loseAuthorizationAnswer) throw new Error('read ECONNRESET');
      return authorization;
    },
    capture: (id) => processor().capture(id),
    void: (id) => processor().void(id),
    refund: (...args) => processor().refund(...args),
    refundStanding: (id) => processor().refundStanding(id),
    get: (id) => processor().get(id),
    listOpenHolds: (before, limit) => processor().listOpenHolds(before, limit),
    findByMetadata: (key, value) => processor().findByMetadata(key, value),
  };
}

describe('the money path', () => {
  const t: TestApp = useTestApp(
    {},
    {
      clock: () => now,
      get paymentProvider() {
        return flakyProcessor(t);
      },
      afterBookingStep: (step) => {
        if (step === crashAt) throw new Error(`simulated crash after ${step}`);
      },
    },
  );
  const rows = (query: ReturnType<typeof sql>) => queryRows(t.database, query);
  const intents = async () =>
    (await rows(sql`select status from sandbox_payment_intents order by created_at`)).map(
      (r) => r.status,
    );

  async function authorize(c: TestClient, offer: SearchOffer, email = 'ada@example.com') {
    return c.post('/api/payments/process-card', {
      offerId: offer.id,
      amount: amountOf(offer),
      currency: 'USD',
      passengers: passengersFor(offer, email),
      cardDetails: TEST_CARD,
    });
  }

  function book(c: TestClient, offer: SearchOffer, paymentId: string, key = randomUUID()) {
    return c.post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers: passengersFor(offer),
        paymentDetails: { paymentId, amount: amountOf(offer), currency: 'USD' },
      },
      { 'idempotency-key': key },
    );
  }

  async function withClock<T>(at: Date, run: () => Promise<T>): Promise<T> {
    now = at;
    try {
      return await run();
    } finally {
      now = START;
    }
  }

  it('lets only the guest browser that authorised a payment book with it, never another traveller', async () => {
    const guest = new TestClient(t.app);
    const offer = await searchOffer(guest);
    const payment = await authorize(guest, offer);
    expect(payment.statusCode).toBe(200);
    expect(guest.cookie('contrail_checkout')).toMatch(/^[\w-]{43}$/);
    const { paymentId } = payment.json<{ paymentId: string }>();

    // Someone who learnt the payment id, signed in or not, cannot spend it.
    const stranger = new TestClient(t.app);
    const refused = await book(stranger, offer, paymentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'payment_not_usable', message: bookingMessages.paymentNotUsable },
    });
    expect(await intents()).toEqual(['requires_capture']);

    expect((await book(guest, offer, paymentId)).statusCode).toBe(201);
    expect(await intents()).toEqual(['succeeded']);
  });

  it("binds a signed-in traveller's payment to the account", async () => {
    const register = async (c: TestClient, username: string) => {
      await c.post('/api/auth/register', {
        username,
        email: `${username}@example.com`,
        firstName: 'Ada',
        lastName: 'L',
        password: 'Blue-Horizon-42',
      });
      await c.post('/api/auth/login', { username, password: 'Blue-Horizon-42' });
    };
    const owner = new TestClient(t.app);
    const other = new TestClient(t.app);
    await register(owner, 'owner');
    await register(other, 'other');
    const offer = await searchOffer(owner);
    const { paymentId } = (await authorize(owner, offer)).json<{ paymentId: string }>();

    expect((await book(other, offer, paymentId)).statusCode).toBe(409);
    expect((await book(owner, offer, paymentId)).statusCode).toBe(201);
  });

  it('writes the payment before asking the processor, so a hold whose answer was lost is found and released', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    loseAuthorizationAnswer = true;
    try {
      expect((await authorize(c, offer)).statusCode).toBe(500);
    } finally {
      loseAuthorizationAnswer = false;
    }
    expect(await rows(sql`select status, provider_payment_id from payment_authorizations`)).toEqual(
      [{ status: 'authorizing', provider_payment_id: null }],
    );
    expect(await intents()).toEqual(['requires_capture']);

    // Not before an authorisation's lifetime: a slow answer may still be on its way.
    expect(await withClock(later(10), () => t.app.jobs.sweepHolds())).toBe(0);
    expect(await withClock(later(31), () => t.app.jobs.sweepHolds())).toBe(1);
    expect(await intents()).toEqual(['canceled']);
    expect(await rows(sql`select status from payment_authorizations`)).toEqual([
      { status: 'voided' },
    ]);
  });

  it('releases holds the processor has and we have no row for, and holds of failed bookings', async () => {
    const processor = createSandboxPayments(t.database.db, () => now);
    // Placed by us (our metadata), but the row was never written: a crash, a restore from backup.
    await processor.authorize({
      amountMinor: 12_345,
      currency: 'USD',
      card: {
        number: '4242424242424242',
        expiryMonth: '12',
        expiryYear: '30',
        cvc: '123',
        holderName: 'A B',
      },
      metadata: { contrail_payment: 'pay_lost' },
    });
    // A booking that failed with its hold still open.
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    const { paymentId } = (await authorize(c, offer)).json<{ paymentId: string }>();
    crashAt = 'claimed';
    try {
      expect((await book(c, offer, paymentId)).statusCode).toBe(500);
    } finally {
      crashAt = null;
    }
    await t.database.db.execute(
      sql`update bookings set status = 'failed', provider_payment_id = null`,
    );
    expect(await intents()).toEqual(['requires_capture', 'requires_capture']);

    expect(await withClock(later(31), () => t.app.jobs.sweepHolds())).toBe(2);
    expect(await intents()).toEqual(['canceled', 'canceled']);
  });

  it('voids the hold of a booking rolled back after a crash between claiming the payment and noting it', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    const { paymentId } = (await authorize(c, offer)).json<{ paymentId: string }>();
    crashAt = 'claimed';
    try {
      expect((await book(c, offer, paymentId)).statusCode).toBe(500);
    } finally {
      crashAt = null;
    }
    // As if the process had died before the processor's id reached the booking.
    await t.database.db.execute(sql`update bookings set provider_payment_id = null`);
    expect(await withClock(later(3), () => t.app.jobs.reconcileBookings())).toBe(1);
    expect(await rows(sql`select status from bookings`)).toEqual([{ status: 'failed' }]);
    expect(await intents()).toEqual(['canceled']);
  });

  it.each(['ordered', 'captured'] as const)(
    'gives a booking the reconciler finishes after a crash once %s what a live request gives it',
    async (step) => {
      const c = new TestClient(t.app);
      const offer = await searchOffer(c);
      const { paymentId } = (await authorize(c, offer, 'grace@example.com')).json<{
        paymentId: string;
      }>();
      const key = randomUUID();
      crashAt = step;
      try {
        expect((await book(c, offer, paymentId, key)).statusCode).toBe(500);
      } finally {
        crashAt = null;
      }
      expect(await withClock(later(3), () => t.app.jobs.reconcileBookings())).toBe(1);

      const [booking] = await rows(
        sql`select status, response is not null as answered, user_id from bookings`,
      );
      expect(booking).toEqual({ status: 'confirmed', answered: true, user_id: null });
      expect(await intents()).toEqual(['succeeded']);
      expect(await rows(sql`select recipient, kind from email_outbox order by kind`)).toEqual([
        { recipient: 'ada@example.com', kind: 'booking_confirmation' },
        { recipient: 'ada@example.com', kind: 'guest_booking_account' },
      ]);
      // The guest's address got an account, unconfirmed until its password is chosen.
      expect(await rows(sql`select username, email_verified_at from users`)).toEqual([
        { username: 'ada', email_verified_at: null },
      ]);

      // The traveller's retry with the same key now answers the booking.
      const retry = await book(c, offer, paymentId, key);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toMatchObject({ status: 'confirmed' });
    },
  );

  it('tells the traveller of a booking confirmed and captured whose request died before answering', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    const { paymentId } = (await authorize(c, offer)).json<{ paymentId: string }>();
    const key = randomUUID();
    expect((await book(c, offer, paymentId, key)).statusCode).toBe(201);
    // As if the process had died between the capture and the answer.
    await t.database.db.execute(sql`update bookings set response = null`);
    await t.database.db.execute(sql`delete from email_outbox`);

    expect(await withClock(later(3), () => t.app.jobs.reconcileBookings())).toBe(1);
    expect(await rows(sql`select kind from email_outbox order by kind`)).toEqual([
      { kind: 'booking_confirmation' },
      { kind: 'guest_booking_account' },
    ]);
    expect((await book(c, offer, paymentId, key)).statusCode).toBe(201);
  });
});
