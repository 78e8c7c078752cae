import { randomUUID } from 'node:crypto';
import { offerMessages } from '@contrail/contracts/offers';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxLiveProviders, useTestApp } from '../../../test/app';
import {
  TEST_CARD,
  amountOf,
  passengersFor,
  payAndBook,
  searchOffer,
} from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { ADMIN_PASSWORD, USER_PASSWORD, createAdmin } from '../../../test/users';

// Each mode has its providers (here the sandbox airline and card processor stand in for live
// ones); what one mode made keeps its provider and mode after a switch.

let now = new Date('2026-11-22T09:00:00Z');
const clock = () => now;

describe('booking modes', () => {
  const t = useTestApp({}, (database) => ({ clock, ...sandboxLiveProviders(database, clock) }));

  async function switchTo(mode: 'test' | 'live'): Promise<void> {
    const admin = new TestClient(t.app);
    await admin.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD });
    await admin.post('/api/admin/login', { password: ADMIN_PASSWORD });
    const response = await admin.post('/api/admin/settings', { enableLiveMode: mode === 'live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ enableLiveMode: mode === 'live' });
  }

  async function traveller(username: string): Promise<TestClient> {
    const c = new TestClient(t.app);
    await c.post('/api/auth/register', {
      username,
      email: `${username}@example.com`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: USER_PASSWORD,
    });
    await c.post('/api/auth/login', { username, password: USER_PASSWORD });
    return c;
  }

  async function authorise(c: TestClient, offer: SearchOffer): Promise<string> {
    const response = await c.post('/api/payments/process-card', {
      offerId: offer.id,
      amount: amountOf(offer),
      currency: offer.total_currency,
      passengers: passengersFor(offer, 'ada@example.com'),
      cardDetails: TEST_CARD,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ paymentId: string }>().paymentId;
  }

  it('names the live provider in live offers, and books and cancels in live mode', async () => {
    now = new Date('2026-11-22T09:00:00Z');
    await createAdmin(t.database);
    const c = await traveller('ada');
    const testOffer = await searchOffer(c);
    expect(testOffer.id).toMatch(/^off_/);

    await switchTo('live');
    const liveOffer = await searchOffer(c);
    expect(liveOffer.id).toMatch(/^sandbox-live~off_/);
    expect((await c.get(`/api/flights/offer/${liveOffer.id}`)).statusCode).toBe(200);
    expect((await c.get(`/api/flights/seatmaps/${liveOffer.id}`)).statusCode).toBe(200);

    const booked = await payAndBook(c, liveOffer, 'ada@example.com');
    expect(booked.statusCode).toBe(201);
    const { id, duffelBookingId } = booked.json<{ id: string; duffelBookingId: string }>();
    expect(duffelBookingId).toMatch(/^sandbox-live~ord_/);
    expect(
      await queryRows(t.database, sql`select mode, flight_provider from bookings where id = ${id}`),
    ).toEqual([{ mode: 'live', flight_provider: 'sandbox' }]);
    const cancelled = await c.post(`/api/bookings/${id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
  });

  it('refuses an offer found before the switch with 409, holding and charging nothing', async () => {
    now = new Date('2026-11-22T09:00:00Z');
    await createAdmin(t.database);
    const c = await traveller('ada');
    const offer = await searchOffer(c);
    const paymentId = await authorise(c, offer);

    await switchTo('live');
    const modeChanged = { error: { code: 'mode_changed', message: offerMessages.modeChanged } };
    for (const path of ['offer', 'verify-offer', 'seatmaps']) {
      const response = await c.get(`/api/flights/${path}/${offer.id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject(modeChanged);
    }
    const again = await c.post('/api/payments/process-card', {
      offerId: offer.id,
      amount: amountOf(offer),
      currency: offer.total_currency,
      passengers: passengersFor(offer, 'ada@example.com'),
      cardDetails: TEST_CARD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject(modeChanged);

    const booking = await c.post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers: passengersFor(offer, 'ada@example.com'),
        paymentDetails: { paymentId, amount: amountOf(offer), currency: offer.total_currency },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(booking.statusCode).toBe(409);
    expect(booking.json()).toMatchObject(modeChanged);
    // The hold made before the switch is released, and no order exists.
    expect(await queryRows(t.database, sql`select status from sandbox_payment_intents`)).toEqual([
      { status: 'canceled' },
    ]);
    expect(await queryRows(t.database, sql`select id from sandbox_orders`)).toEqual([]);
    expect(await queryRows(t.database, sql`select status from bookings`)).toEqual([
      { status: 'failed' },
    ]);
  });

  it('keeps a test booking viewable and cancellable after the switch to live', async () => {
    now = new Date('2026-11-22T09:00:00Z');
    await createAdmin(t.database);
    const c = await traveller('ada');
    const booked = await payAndBook(c, await searchOffer(c), 'ada@example.com');
    expect(booked.statusCode).toBe(201);
    const { id } = booked.json<{ id: string }>();

    await switchTo('live');
    const trip = await c.get(`/api/bookings/${id}`);
    expect(trip.statusCode).toBe(200);
    expect(trip.json()).toMatchObject({ id, status: 'confirmed', canCancel: true });
    const quote = await c.get(`/api/bookings/${id}/cancellation`);
    expect(quote.statusCode).toBe(200);
    const cancelled = await c.post(`/api/bookings/${id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ booking: { id, status: 'cancelled' } });
    expect(
      await queryRows(t.database, sql`select mode, flight_provider from bookings where id = ${id}`),
    ).toEqual([{ mode: 'test', flight_provider: 'sandbox' }]);
  });
});
