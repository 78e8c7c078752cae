import { bookingViewSchema } from '@contrail/contracts/bookings';
import { multiCityMessages, searchMessages } from '@contrail/contracts/flight-search';
import { searchOffersOf } from '@contrail/contracts/search-results';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { payAndBook } from '../../../test/booking-flow';
import { TestClient } from '../../../test/http';
import { signUpAndSignIn } from '../../../test/users';

const now = new Date('2026-11-22T09:00:00Z');

/** London, Paris, Rome and home: three flights a few days apart. */
const THREE_CITIES = [
  { origin: 'LHR', destination: 'CDG', departureDate: '2026-12-10' },
  { origin: 'CDG', destination: 'FCO', departureDate: '2026-12-13' },
  { origin: 'FCO', destination: 'LHR', departureDate: '2026-12-17' },
];

const search = (c: TestClient, slices: unknown, extra: Record<string, unknown> = {}) =>
  c.post('/api/flights/search', {
    tripType: 'multi-city',
    slices,
    cabinClass: 'economy',
    adultsCount: 1,
    childrenCount: 0,
    infantsCount: 0,
    ...extra,
  });

describe('a multi-city trip', () => {
  const t = useTestApp({}, { clock: () => now });

  it('searches its slices alone, and every offer flies all of them in order', async () => {
    const c = new TestClient(t.app);
    const response = await search(c, THREE_CITIES);
    expect(response.statusCode, response.body).toBe(200);
    const offers = searchOffersOf(response.json());
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers.slice(0, 20)) {
      expect(offer.slices.map((s) => `${s.origin.iata_code}-${s.destination.iata_code}`)).toEqual([
        'LHR-CDG',
        'CDG-FCO',
        'FCO-LHR',
      ]);
      expect(offer.slices.map((s) => s.segments[0]?.departing_at.slice(0, 10))).toEqual([
        '2026-12-10',
        '2026-12-13',
        '2026-12-17',
      ]);
    }
  });

  it('books a three-city trip and shows every flight on the trip', async () => {
    const c = new TestClient(t.app);
    await signUpAndSignIn(c);
    const [offer] = searchOffersOf((await search(c, THREE_CITIES)).json());
    if (!offer) throw new Error('no offer');
    const booked = await payAndBook(c, offer);
    expect(booked.statusCode, booked.body).toBe(201);
    const { id, emailContent } = booked.json<{ id: string; emailContent: { text: string } }>();
    expect(emailContent.text).toContain('London (LHR) to Paris');
    expect(emailContent.text).toContain('Rome');
    // Every flight by its number: the second one is no "Return" on a trip that goes on to Rome.
    expect(emailContent.text).toMatch(/Flight 2: Paris[^\n]* to Rome/);
    expect(emailContent.text).not.toContain('Return:');
    const trip = await c.get(`/api/bookings/${id}`);
    expect(trip.statusCode).toBe(200);
    const view = bookingViewSchema.parse(trip.json());
    expect(view.slices.map((s) => s.destination.iata_code)).toEqual(['CDG', 'FCO', 'LHR']);
  });

  it('refuses slices out of order, the same city, the past, and fewer than two, per slice', async () => {
    const c = new TestClient(t.app);
    const late = [THREE_CITIES[0], { ...THREE_CITIES[1], departureDate: '2026-12-05' }];
    const outOfOrder = await search(c, late);
    expect(outOfOrder.statusCode).toBe(422);
    expect(outOfOrder.json()).toMatchObject({
      error: {
        code: 'invalid_search',
        fields: { 'slices.1.departureDate': multiCityMessages.sliceBeforePrevious },
      },
    });

    // From Paris (the city, any airport) to Charles de Gaulle goes nowhere.
    const sameCity = await search(c, [
      THREE_CITIES[0],
      { origin: 'PAR', destination: 'CDG', departureDate: '2026-12-12' },
    ]);
    expect(sameCity.statusCode).toBe(422);
    expect(sameCity.json()).toMatchObject({
      error: { fields: { 'slices.1.destination': searchMessages.sameAirports } },
    });

    const past = await search(c, [
      { ...THREE_CITIES[0], departureDate: '2026-11-20' },
      THREE_CITIES[1],
    ]);
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({
      error: { fields: { 'slices.0.departureDate': searchMessages.departureInPast } },
    });

    const one = await search(c, [THREE_CITIES[0]]);
    expect(one.statusCode).toBe(400);
    const unknown = await search(c, [
      THREE_CITIES[0],
      { origin: 'CDG', destination: 'ZZZ', departureDate: '2026-12-12' },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: { fields: { 'slices.1.destination': searchMessages.destinationRequired } },
    });
  });

  it('has no date strip and cannot be tracked by a price alert', async () => {
    const c = new TestClient(t.app);
    const strip = await c.post('/api/flights/date-prices', {
      tripType: 'multi-city',
      slices: THREE_CITIES,
      adultsCount: 1,
    });
    expect(strip.statusCode).toBe(200);
    expect(strip.json()).toMatchObject({ days: [] });
    const alert = await c.post('/api/alerts', {
      tripType: 'multi-city',
      slices: THREE_CITIES,
      origin: 'LHR',
      destination: 'CDG',
      departureDate: '2026-12-10',
      email: 'ada@example.com',
    });
    // Alerts track one-way and return trips: the request is refused as it stands.
    expect(alert.statusCode).toBe(400);
    const refused = alert.json<{ error: { fields?: Record<string, string> } }>();
    expect(Object.keys(refused.error.fields ?? {})).toContain('tripType');
  });
});
