import { searchOffersOf } from '@contrail/contracts/search-results';
import { searchResultsSchema } from '@contrail/contracts/search-results-schema';
import { toMinorUnits } from '@contrail/contracts/money';
import { datePricesResponseSchema } from '@contrail/contracts/offers';
import { priceCalendarSchema } from '@contrail/contracts/price-calendar';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig, useTestApp } from '../../../test/app';
import { payAndBook } from '../../../test/booking-flow';
import { TestClient } from '../../../test/http';
import { signUpAndSignIn } from '../../../test/users';

// The app with DUFFEL_TEST_TOKEN set: test mode's flights come from Duffel (here the
// Duffel-compatible server over HTTP, through the official SDK), shared and booked through it.

const TOKEN = 'duffel_test_appsearch0123456789';
let now = new Date('2026-11-22T09:00:00Z');
const clock = () => now;
const calls: { method: string; path: string; status: number }[] = [];
let duffel: DuffelServer | undefined;
const env: Record<string, string> = { DUFFEL_TEST_TOKEN: TOKEN };

beforeAll(async () => {
  duffel = createDuffelServer({ clock, tokens: [TOKEN], onRequest: (entry) => calls.push(entry) });
  env.DUFFEL_API_URL = await duffel.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await duffel?.close();
});

const criteria = {
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-12-20',
  returnDate: '2026-12-27',
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  tripType: 'round-trip',
};
const offerRequests = () =>
  calls.filter((c) => c.method === 'POST' && c.path.startsWith('/air/offer_requests')).length;

describe('flights from Duffel', () => {
  const t = useTestApp(env, { clock, sharedSearches: 'database' });

  it('shares one offer request among identical searches, across travellers and processes', async () => {
    now = new Date('2026-11-22T09:00:00Z');
    const before = offerRequests();
    const a = new TestClient(t.app);
    const b = new TestClient(t.app, { brand: 'skyhop.localhost' });
    const [first, second] = await Promise.all([
      a.post('/api/flights/search', criteria),
      b.post('/api/flights/search', criteria),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const offers = searchOffersOf(first.json());
    expect(offers.length).toBeGreaterThan(0);
    expect(offers[0]?.id).toMatch(/^duffel-test~off_/);
    expect(searchOffersOf(second.json()).map((o) => o.id)).toEqual(offers.map((o) => o.id));
    expect(offerRequests() - before).toBe(1);

    // Another process on the same database finds the answer stored.
    const other = await buildApp({
      config: testConfig(env),
      database: t.database,
      logger: false,
      clock,
      settlingJobs: false,
      sharedSearches: 'database',
    });
    try {
      const again = await new TestClient(other).post('/api/flights/search', criteria);
      expect(searchOffersOf(again.json())[0]?.id).toBe(offers[0]?.id);
      expect(offerRequests() - before).toBe(1);
      // Also while the first process's offer request is still under way.
      const oneWay = { ...criteria, tripType: 'one-way', returnDate: undefined };
      const [here, there] = await Promise.all([
        a.post('/api/flights/search', oneWay),
        new TestClient(other).post('/api/flights/search', oneWay),
      ]);
      expect(searchResultsSchema.parse(there.json()).searchId).toBe(
        searchResultsSchema.parse(here.json()).searchId,
      );
    } finally {
      await other.close();
    }
    expect(offerRequests() - before).toBe(2);

    // Five minutes on, the search is made again; other criteria are their own search.
    now = new Date('2026-11-22T09:05:01Z');
    await a.post('/api/flights/search', criteria);
    await a.post('/api/flights/search', { ...criteria, cabinClass: 'business' });
    expect(offerRequests() - before).toBe(4);
  });

  it('prices the date strip from searches made, asking Duffel only within its budget', async () => {
    now = new Date('2026-11-22T10:00:00Z');
    const a = new TestClient(t.app);
    await a.post('/api/flights/search', criteria);
    const before = offerRequests();
    const strip = datePricesResponseSchema.parse(
      (await a.post('/api/flights/date-prices', criteria)).json(),
    );
    const priced = strip.days.filter((day) => day.cheapestAmount !== null);
    expect(priced.length).toBe(7);
    // The chosen day came from the search already made: six new offer requests, no more.
    expect(offerRequests() - before).toBe(6);

    // The budget (12 a minute) is spent on the next trip's six days; the one after gets
    // only the day searched, and asks Duffel for nothing more.
    await a.post('/api/flights/date-prices', { ...criteria, destination: 'BOS' });
    await a.post('/api/flights/search', { ...criteria, destination: 'ORD' });
    const counted = offerRequests();
    const starved = datePricesResponseSchema.parse(
      (await a.post('/api/flights/date-prices', { ...criteria, destination: 'ORD' })).json(),
    );
    expect(offerRequests()).toBe(counted);
    expect(starved.days.map((day) => day.cheapestAmount !== null)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
  });

  it('prices the calendar from searches made only, never asking Duffel', async () => {
    now = new Date('2026-11-22T11:00:00Z');
    const a = new TestClient(t.app);
    const oneWay = { ...criteria, destination: 'MIA', tripType: 'one-way', returnDate: undefined };
    const searched = await a.post('/api/flights/search', oneWay);
    expect(searched.statusCode).toBe(200);
    const cheapest = Math.min(
      ...searchOffersOf(searched.json()).map((offer) => toMinorUnits(offer.total_amount, 'USD')),
    );
    const before = offerRequests();
    const response = await a.get('/api/flights/calendar?origin=LHR&destination=MIA&month=2026-12');
    expect(response.statusCode).toBe(200);
    const calendar = priceCalendarSchema.parse(response.json());
    expect(offerRequests()).toBe(before);
    expect(calendar.map((day) => day.date)).toEqual(['2026-12-20']);
    expect(toMinorUnits(calendar[0]?.amount ?? '0', 'USD')).toBe(cheapest);
  });

  it('books once when Duffel answers 500 after it made the order (found by our booking id)', async () => {
    now = new Date('2026-11-22T12:00:00Z');
    const c = new TestClient(t.app);
    const oneWay = { ...criteria, destination: 'LGW', tripType: 'one-way', returnDate: undefined };
    const offer = searchOffersOf((await c.post('/api/flights/search', oneWay)).json())[0];
    if (!offer) throw new Error('no offer');
    const before = calls.length;
    const booked = await payAndBook(c, offer);
    expect(booked.statusCode).toBe(201);
    const made = calls
      .slice(before)
      .filter((c) => c.method === 'POST' && c.path.startsWith('/air/orders'));
    expect(made.map((c) => c.status)).toEqual([500]);
    expect(
      calls.slice(before).some((c) => c.method === 'GET' && c.path.startsWith('/air/orders')),
    ).toBe(true);
  });

  it('books and cancels a Duffel order, paid from the balance', async () => {
    now = new Date('2026-11-22T11:00:00Z');
    const c = new TestClient(t.app);
    await signUpAndSignIn(c);
    const offers = searchOffersOf((await c.post('/api/flights/search', criteria)).json());
    const offer = offers[0];
    if (!offer) throw new Error('no offer');
    expect((await c.get(`/api/flights/offer/${offer.id}`)).statusCode).toBe(200);
    const booked = await payAndBook(c, offer);
    expect(booked.statusCode).toBe(201);
    const { id, duffelBookingId, bookingReference } = booked.json<{
      id: string;
      duffelBookingId: string;
      bookingReference: string;
    }>();
    expect(duffelBookingId).toMatch(/^duffel-test~ord_/);
    expect(bookingReference).toMatch(/^[A-Z0-9]{6}$/);
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/air/orders'))).toBe(true);

    const trip = await c.get(`/api/bookings/${id}`);
    expect(trip.statusCode).toBe(200);
    const cancelled = await c.post(`/api/bookings/${id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(calls.some((c) => c.path.startsWith('/air/order_cancellations/'))).toBe(true);
  });
});
