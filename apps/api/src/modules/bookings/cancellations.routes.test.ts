import {
  bookingViewSchema,
  cancellationQuoteSchema,
  tripMessages,
  type CancellationQuote,
} from '@contrail/contracts/bookings';
import { toMinorUnits } from '@contrail/contracts/money';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { payAndBook, searchAll } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';

/**
 * Cancellations as the traveller sees them: quoted once and honoured, an expired quote shown
 * again rather than a different amount confirmed, a refund the airline has not stated followed up
 * until it is, and a refund to airline credits shown as credits (the sandbox's LCY→STN and
 * LTN→STN routes).
 */

const START = new Date('2026-11-22T09:00:00Z');
let now = START;
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);
const PASSWORD = 'Blue-Horizon-42';

describe('cancellation quotes and refunds', () => {
  const t = useTestApp({}, { clock: () => now });

  async function traveller(): Promise<TestClient> {
    now = START;
    const c = new TestClient(t.app);
    await c.post('/api/auth/register', {
      username: 'quotes',
      email: 'quotes@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: PASSWORD,
    });
    await c.post('/api/auth/login', { username: 'quotes', password: PASSWORD });
    return c;
  }

  async function book(
    c: TestClient,
    route: { origin?: string; destination?: string; adults?: number } = {},
  ) {
    const offers = await searchAll(c, { ...route, oneWay: route.origin !== undefined });
    const offer = offers.find((o) => o.conditions.refundable) ?? offers[0];
    if (!offer) throw new Error('no offer');
    const response = await payAndBook(c, offer, 'quotes@example.com');
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  async function quote(c: TestClient, id: string): Promise<CancellationQuote> {
    const response = await c.get(`/api/bookings/${id}/cancellation`);
    expect(response.statusCode, response.body).toBe(200);
    return cancellationQuoteSchema.parse(response.json());
  }

  const refunds = () =>
    queryRows(t.database, sql`select amount_minor, idempotency_key from sandbox_refunds`);
  const cancellations = () =>
    queryRows(
      t.database,
      sql`select subject, text from email_outbox where kind = 'booking_cancellation' order by created_at`,
    );

  it('confirms exactly the quote the traveller was shown, and asks the airline for no other', async () => {
    const c = await traveller();
    const id = await book(c);
    const shown = await quote(c, id);
    now = minutes(5);
    const response = await c.post(`/api/bookings/${id}/cancel`, { quoteId: shown.id });
    expect(response.statusCode, response.body).toBe(200);
    const booking = bookingViewSchema.parse(response.json<{ booking: unknown }>().booking);
    expect(booking.cancellation).toMatchObject({ refund: shown.refund, refundStatus: 'refunded' });
    const [row] = await queryRows(
      t.database,
      sql`select cancellation_id, provider_order_id from bookings where id = ${id}`,
    );
    expect(row?.cancellation_id).toBe(shown.id);
    // The one quote shown: none made at the confirmation.
    const quotes = await queryRows(t.database, sql`select id from sandbox_cancellations`);
    expect(quotes).toHaveLength(1);
    expect(await refunds()).toEqual([
      {
        amount_minor: toMinorUnits(shown.refund?.amount ?? '', 'USD'),
        idempotency_key: `cancel-${id}`,
      },
    ]);
  });

  it('answers an expired quote with 409 and cancels nothing; the new quote shown is then honoured', async () => {
    const c = await traveller();
    const id = await book(c);
    const shown = await quote(c, id);
    now = minutes(16);
    const late = await c.post(`/api/bookings/${id}/cancel`, { quoteId: shown.id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: { code: 'cancellation_quote_expired', message: tripMessages.quoteExpired },
    });
    const still = bookingViewSchema.parse((await c.get(`/api/bookings/${id}`)).json());
    expect(still).toMatchObject({ status: 'confirmed', canCancel: true, cancellation: null });
    expect(await refunds()).toEqual([]);

    const again = await quote(c, id);
    expect(again.id).not.toBe(shown.id);
    const done = await c.post(`/api/bookings/${id}/cancel`, { quoteId: again.id });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('refuses a quote of another booking as an expired one', async () => {
    const c = await traveller();
    const mine = await book(c);
    const other = await book(c);
    const foreign = await quote(c, other);
    const response = await c.post(`/api/bookings/${mine}/cancel`, { quoteId: foreign.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'cancellation_quote_expired' } });
    const forged = await c.post(`/api/bookings/${mine}/cancel`, { quoteId: 'sandbox~ore_nope' });
    expect(forged.statusCode).toBe(409);
    const views = (await c.get('/api/bookings')).json<{ bookings: { status: string }[] }>();
    expect(views.bookings.map((b) => b.status)).toEqual(['confirmed', 'confirmed']);
  });

  it('says the airline will tell us a refund it has not stated, then refunds and e-mails it once it does', async () => {
    const c = await traveller();
    const id = await book(c, { origin: 'LCY', destination: 'STN' });
    const shown = await quote(c, id);
    expect(shown).toMatchObject({ refund: null, refundTo: 'card', credits: [] });
    const response = await c.post(`/api/bookings/${id}/cancel`, { quoteId: shown.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      booking: {
        status: 'cancelled',
        cancellation: { refund: null, refundStatus: 'awaiting_airline' },
      },
    });
    expect(await refunds()).toEqual([]);
    const [first] = await cancellations();
    expect(first?.text).toContain(`Refund: ${tripMessages.refundUnknown}.`);
    expect(first?.text).not.toContain('$0.00');

    // Asked again on the hour: not stated yet at 30 minutes, stated after the hour.
    now = minutes(30);
    await t.app.jobs.reconcileBookings();
    expect(await refunds()).toEqual([]);
    now = minutes(61);
    await t.app.jobs.reconcileBookings();
    const [refund] = await refunds();
    expect(refund?.amount_minor).toBeGreaterThan(0);
    const trip = bookingViewSchema.parse((await c.get(`/api/bookings/${id}`)).json());
    expect(trip.cancellation).toMatchObject({ refundStatus: 'refunded' });
    expect(toMinorUnits(trip.cancellation?.refund?.amount ?? '', 'USD')).toBe(refund?.amount_minor);
    const emails = await cancellations();
    expect(emails).toHaveLength(2);
    expect(emails[1]?.subject).toMatch(/^Contrail refund for booking /);
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    expect(emails[1]?.text).toContain(
      `Refund: ${usd.format(Number(trip.cancellation?.refund?.amount))} to the card`,
    );

    // Settled: nothing more is asked or refunded.
    now = minutes(200);
    await t.app.jobs.reconcileBookings();
    expect(await refunds()).toHaveLength(1);
    expect(await cancellations()).toHaveLength(2);
  });

  it('shows a refund to airline credits as credits, with amount, code and expiry, and refunds no card', async () => {
    const c = await traveller();
    const id = await book(c, { origin: 'LTN', destination: 'STN', adults: 2 });
    const shown = await quote(c, id);
    expect(shown.refundTo).toBe('airline_credits');
    expect(shown.credits).toHaveLength(2);
    for (const credit of shown.credits) {
      expect(credit).toMatchObject({
        name: 'Future Flight Credit',
        code: expect.stringMatching(/^\d{13}$/) as unknown,
        currency: 'USD',
        expiresAt: expect.any(String) as unknown,
        passengerName: expect.stringMatching(/Lovelace$/) as unknown,
      });
    }
    const response = await c.post(`/api/bookings/${id}/cancel`, { quoteId: shown.id });
    expect(response.statusCode, response.body).toBe(200);
    const booking = bookingViewSchema.parse(response.json<{ booking: unknown }>().booking);
    expect(booking.cancellation).toMatchObject({ refundStatus: 'credits', credits: shown.credits });
    expect(await refunds()).toEqual([]);
    const [email] = await cancellations();
    expect(email?.text).toContain('as airline credits, not to your card');
    expect(email?.text).toContain(`code ${shown.credits[0]?.code ?? ''}`);
    expect(email?.text).not.toContain('Refund: $0.00');
  });
});
