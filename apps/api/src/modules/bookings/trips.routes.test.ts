import { randomUUID } from 'node:crypto';
import {
  bookingViewSchema,
  cancellationQuoteSchema,
  tripMessages,
  type BookingView,
} from '@contrail/contracts/bookings';
import { toMinorUnits } from '@contrail/contracts/money';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { payAndBook, searchAll } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';

let now = new Date('2026-11-22T09:00:00Z');
const clock = () => now;
const PASSWORD = 'Blue-Horizon-42';

describe('my trips, retrieval and cancellation', () => {
  const t = useTestApp({}, { clock });

  async function traveller(username: string, brand?: string): Promise<TestClient> {
    const c = new TestClient(t.app, brand ? { brand } : {});
    await c.post('/api/auth/register', {
      username,
      email: `${username}@example.com`,
      firstName: 'T',
      lastName: 'R',
      password: PASSWORD,
    });
    expect((await c.post('/api/auth/login', { username, password: PASSWORD })).statusCode).toBe(
      200,
    );
    return c;
  }

  async function book(
    c: TestClient,
    pick: (offers: SearchOffer[]) => SearchOffer | undefined = (o) => o[0],
  ): Promise<{ id: string; bookingReference: string; offer: SearchOffer }> {
    const offer = pick(await searchAll(c));
    if (!offer) throw new Error('no offer');
    const user = (await c.get('/api/auth/user')).json<{ email: string }>();
    const response = await payAndBook(c, offer, user.email);
    expect(response.statusCode).toBe(201);
    return { ...response.json<{ id: string; bookingReference: string }>(), offer };
  }

  const view = (body: unknown): BookingView => bookingViewSchema.parse(body);

  it("lists the signed-in user's bookings of the brand, upcoming and confirmed", async () => {
    const c = await traveller('amelia');
    const { id, bookingReference } = await book(c);
    const response = await c.get('/api/bookings');
    expect(response.statusCode).toBe(200);
    const { bookings } = response.json<{ bookings: unknown[] }>();
    expect(bookings.map(view)).toMatchObject([
      { id, bookingReference, status: 'confirmed', canCancel: true, card: { last4: '4242' } },
    ]);
    const detail = view((await c.get(`/api/bookings/${id}`)).json());
    expect(detail.slices).toHaveLength(2);
    expect(detail.passengers[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('answers 401 when signed out', async () => {
    expect((await new TestClient(t.app).get('/api/bookings')).statusCode).toBe(401);
  });

  it("never shows one user's booking to another, nor across brands: the same 404 as a missing one", async () => {
    const owner = await traveller('owner');
    const { id } = await book(owner);
    const other = await traveller('other');
    const elsewhere = await traveller('owner', 'skyhop.localhost');
    const missing = randomUUID();
    const answers = [
      await other.get(`/api/bookings/${id}`),
      await other.get(`/api/bookings/${id}/cancellation`),
      await other.post(`/api/bookings/${id}/cancel`),
      await elsewhere.get(`/api/bookings/${id}`),
      await owner.get(`/api/bookings/${missing}`),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'booking_not_found', message: tripMessages.notFound },
      });
    }
    expect((await other.get('/api/bookings')).json()).toEqual({ bookings: [] });
    expect((await owner.get(`/api/bookings/${id}`)).statusCode).toBe(200);
  });

  it('finds a booking by reference and e-mail, and gives nothing away for a wrong pair', async () => {
    const owner = await traveller('ada');
    const { bookingReference } = await book(owner);
    const guest = new TestClient(t.app);
    const found = await guest.get(
      `/api/bookings/lookup?reference=${bookingReference.toLowerCase()}&email=ADA@example.com`,
    );
    expect(found.statusCode).toBe(200);
    expect(view(found.json()).bookingReference).toBe(bookingReference);
    for (const query of [
      `reference=${bookingReference}&email=eve@example.com`,
      'reference=ZZZZZZ&email=ada@example.com',
    ]) {
      const response = await guest.get(`/api/bookings/lookup?${query}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'booking_not_found', message: tripMessages.lookupNotFound },
      });
    }
    const otherBrand = await new TestClient(t.app, { brand: 'skyhop.localhost' }).get(
      `/api/bookings/lookup?reference=${bookingReference}&email=ada@example.com`,
    );
    expect(otherBrand.statusCode).toBe(404);
  });

  it('rate limits look-ups', async () => {
    const guest = new TestClient(t.app).withIp('10.9.9.9');
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await guest.get(`/api/bookings/lookup?reference=AAA${i}AA&email=x@example.com`))
          .statusCode,
      ).toBe(404);
    }
    expect(
      (await guest.get('/api/bookings/lookup?reference=AAAAAA&email=x@example.com')).statusCode,
    ).toBe(429);
  });

  it('quotes and refunds by fare brand: a flexible fare refunds the fare less its penalty, a basic one only taxes', async () => {
    const c = await traveller('fares');
    const flex = await book(c, (o) => o.find((offer) => offer.conditions.refundable));
    const basic = await book(c, (o) => o.find((offer) => !offer.conditions.refundable));
    const [flexRow] = await queryRows(
      t.database,
      sql`select provider_total_minor from bookings where id = ${flex.id}`,
    );
    const flexQuote = cancellationQuoteSchema.parse(
      (await c.get(`/api/bookings/${flex.id}/cancellation`)).json(),
    );
    const penalty = flex.offer.conditions.refund_penalty
      ? toMinorUnits(flex.offer.conditions.refund_penalty.amount, 'USD')
      : 0;
    expect(toMinorUnits(flexQuote.refund?.amount ?? '', 'USD')).toBe(
      Number(flexRow?.provider_total_minor) - penalty,
    );
    expect(flexQuote.refundable).toBe(true);
    const basicQuote = cancellationQuoteSchema.parse(
      (await c.get(`/api/bookings/${basic.id}/cancellation`)).json(),
    );
    expect(basicQuote.refund?.amount).toBe(basic.offer.tax_amount);
    expect(basicQuote.refundTo).toBe('card');
    expect(basicQuote.refundable).toBe(false);

    const cancelled = await c.post(`/api/bookings/${flex.id}/cancel`, { quoteId: flexQuote.id });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      success: true,
      message: tripMessages.cancelled,
      booking: {
        status: 'cancelled',
        canCancel: false,
        cancellation: { refund: flexQuote.refund, refundStatus: 'refunded', credits: [] },
      },
    });
    const [intent] = await queryRows(
      t.database,
      sql`select refunded_minor from sandbox_payment_intents where metadata->>'offer' = ${flex.offer.id}`,
    );
    expect(Number(intent?.refunded_minor)).toBe(
      toMinorUnits(flexQuote.refund?.amount ?? '', 'USD'),
    );
    const emails = await queryRows(
      t.database,
      sql`select kind, subject from email_outbox where kind = 'booking_cancellation'`,
    );
    expect(emails).toEqual([
      {
        kind: 'booking_cancellation',
        subject: `Contrail booking cancelled: ${flex.bookingReference}`,
      },
    ]);
    const list = (await c.get('/api/bookings')).json<{
      bookings: { id: string; status: string }[];
    }>().bookings;
    expect(list.find((b) => b.id === flex.id)?.status).toBe('cancelled');
  });

  it('cancels once: a second cancel, even at the same moment, is a conflict and refunds nothing more', async () => {
    const c = await traveller('twice');
    const { id } = await book(c, (o) => o.find((offer) => offer.conditions.refundable));
    const [a, b] = await Promise.all([
      c.post(`/api/bookings/${id}/cancel`),
      c.post(`/api/bookings/${id}/cancel`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const again = await c.post(`/api/bookings/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'already_cancelled', message: tripMessages.alreadyCancelled },
    });
    const refunds = await queryRows(
      t.database,
      sql`select count(*)::int as n from sandbox_refunds`,
    );
    expect(refunds).toEqual([{ n: 1 }]);
  });

  it('shows a trip as completed once its last flight has left, and no longer cancellable', async () => {
    const c = await traveller('past');
    const { id } = await book(c);
    now = new Date('2027-01-02T00:00:00Z');
    try {
      // The session has lapsed by then: sign in again.
      await c.post('/api/auth/login', { username: 'past', password: PASSWORD });
      const trip = view((await c.get(`/api/bookings/${id}`)).json());
      expect(trip).toMatchObject({ status: 'completed', canCancel: false });
      const response = await c.post(`/api/bookings/${id}/cancel`);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: { code: 'not_cancellable' } });
    } finally {
      now = new Date('2026-11-22T09:00:00Z');
    }
  });
});
