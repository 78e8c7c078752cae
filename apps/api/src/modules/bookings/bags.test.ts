import { randomUUID } from 'node:crypto';
import { bookingViewSchema } from '@contrail/contracts/bookings';
import { offerSchema, type Offer } from '@contrail/contracts/offers';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
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
import { ADMIN_PASSWORD, createAdmin, signUpAndSignIn } from '../../../test/users';
import { adminBookingDetailSchema } from '@contrail/contracts/back-office-bookings';
import { pricingMessages } from '../checkout';

const now = new Date('2026-11-22T09:00:00Z');

describe('extra checked bags', () => {
  const t = useTestApp({}, { clock: () => now });
  const rows = (query: ReturnType<typeof sql>) => queryRows(t.database, query);

  async function offerWithBags(client: TestClient, search: SearchOffer): Promise<Offer> {
    const response = await client.get(`/api/flights/offer/${search.id}`);
    expect(response.statusCode).toBe(200);
    return offerSchema.parse(response.json());
  }

  const minor = (amount: string) => Math.round(Number(amount) * 100);

  async function pay(
    client: TestClient,
    search: SearchOffer,
    body: { services?: unknown; seats?: unknown; extraMinor: number },
  ) {
    return client.post('/api/payments/process-card', {
      offerId: search.id,
      amount: amountOf(search, body.extraMinor),
      currency: search.total_currency,
      passengers: passengersFor(search),
      ...(body.services === undefined ? {} : { services: body.services }),
      ...(body.seats === undefined ? {} : { seats: body.seats }),
      cardDetails: TEST_CARD,
    });
  }

  it('lists a bag service per passenger and slice, with its price and maximum', async () => {
    const client = new TestClient(t.app);
    const search = await searchOffer(client, { adults: 2 });
    const offer = await offerWithBags(client, search);
    const bags = offer.available_services;
    // Two passengers, two slices (out and back).
    expect(bags).toHaveLength(4);
    for (const bag of bags) {
      expect(bag.maximum_quantity).toBeGreaterThanOrEqual(1);
      expect(bag.passenger_ids).toHaveLength(1);
      expect(offer.passengers.map((p) => p.id)).toContain(bag.passenger_ids[0]);
      expect(bag.segment_ids.length).toBeGreaterThan(0);
      expect(minor(bag.total_amount)).toBeGreaterThan(0);
    }
  });

  it('charges the fare, seats and bags, orders the bags and shows them on the trip', async () => {
    const client = new TestClient(t.app);
    await signUpAndSignIn(client, 'adal');
    const search = await searchOffer(client, { adults: 1 });
    const offer = await offerWithBags(client, search);
    const [outbound, inbound] = offer.available_services;
    if (!outbound || !inbound) throw new Error('no bags');
    const bagsMinor = minor(outbound.total_amount) * 2 + minor(inbound.total_amount);
    const { seats, totalMinor: seatsMinor } = await pickSeats(client, search);
    const services = [
      { id: outbound.id, quantity: 2 },
      { id: inbound.id, quantity: 1 },
    ];

    // Without the bags in the amount, the price is refused with the real one.
    const short = await pay(client, search, { services, seats, extraMinor: seatsMinor });
    expect(short.statusCode).toBe(409);

    const payment = await pay(client, search, {
      services,
      seats,
      extraMinor: seatsMinor + bagsMinor,
    });
    expect(payment.statusCode).toBe(200);
    const paid = payment.json<{ paymentId: string; amount: string }>();
    expect(minor(paid.amount)).toBe(minor(search.total_amount) + seatsMinor + bagsMinor);

    const booked = await client.post(
      '/api/bookings',
      {
        offerId: search.id,
        passengers: passengersFor(search),
        seats,
        services,
        paymentDetails: { paymentId: paid.paymentId, amount: paid.amount, currency: 'USD' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(booked.statusCode).toBe(201);
    const { id, emailContent } = booked.json<{ id: string; emailContent: { text: string } }>();
    expect(emailContent.text).toContain('Ada Lovelace: 2 extra checked bags');
    expect(emailContent.text).toContain('Ada Lovelace: 1 extra checked bag,');

    const [row] = await rows(
      sql`select bags_total_minor, provider_total_minor, sell_total_minor, "order" from bookings where id = ${id}`,
    );
    expect(row?.bags_total_minor).toBe(bagsMinor);
    expect(row?.sell_total_minor).toBe(minor(paid.amount));

    const trip = await client.get(`/api/bookings/${id}`);
    expect(trip.statusCode).toBe(200);
    const view = bookingViewSchema.parse(trip.json());
    expect(view.bags).toEqual([
      {
        passengerId: outbound.passenger_ids[0],
        segmentIds: outbound.segment_ids,
        quantity: 2,
        amount: ((minor(outbound.total_amount) * 2) / 100).toFixed(2),
        currency: 'USD',
      },
      {
        passengerId: inbound.passenger_ids[0],
        segmentIds: inbound.segment_ids,
        quantity: 1,
        amount: inbound.total_amount,
        currency: 'USD',
      },
    ]);

    // The back office sees them too, with what they cost.
    await createAdmin(t.database);
    const staff = new TestClient(t.app);
    expect(
      (await staff.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const detail = adminBookingDetailSchema.parse(
      (await staff.get(`/api/admin/bookings/${id}`)).json(),
    );
    // Each bag is for every flight of its slice (`LHR–KEF, KEF–JFK` with a connection).
    expect(detail.bags.map((b) => [b.passenger, b.quantity])).toEqual([
      ['Ada Lovelace', 2],
      ['Ada Lovelace', 1],
    ]);
    expect(detail.bags[0]?.route).toMatch(/^LHR–(.*–)?JFK$/);
    expect(detail.bags[1]?.route).toMatch(/^JFK–(.*–)?LHR$/);
    expect(minor(detail.money.bags?.amount ?? '0')).toBe(bagsMinor);
  });

  it('refuses a bag the offer does not sell, the same bag twice and more than its maximum', async () => {
    const client = new TestClient(t.app);
    const search = await searchOffer(client);
    const offer = await offerWithBags(client, search);
    const bag = offer.available_services[0];
    if (!bag) throw new Error('no bags');
    const price = minor(bag.total_amount);

    const unknown = await pay(client, search, {
      services: [{ id: 'ase_not_this_offers', quantity: 1 }],
      extraMinor: price,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: {
        message: pricingMessages.bagUnknown,
        fields: { 'services.0': pricingMessages.bagUnknown },
      },
    });

    const twice = await pay(client, search, {
      services: [
        { id: bag.id, quantity: 1 },
        { id: bag.id, quantity: 1 },
      ],
      extraMinor: price * 2,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      error: { fields: { 'services.1': pricingMessages.bagTwice } },
    });

    const tooMany = bag.maximum_quantity + 1;
    const over = await pay(client, search, {
      services: [{ id: bag.id, quantity: tooMany }],
      extraMinor: price * tooMany,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      error: { fields: { 'services.0': pricingMessages.bagTooMany(bag.maximum_quantity) } },
    });

    const none = await pay(client, search, {
      services: [{ id: bag.id, quantity: 0 }],
      extraMinor: 0,
    });
    expect(none.statusCode).toBe(400);

    // Nothing was held on the card for any of them.
    expect(await rows(sql`select id from payment_authorizations`)).toEqual([]);
  });

  it('refuses a booking whose bags are not the ones the card holds', async () => {
    const client = new TestClient(t.app);
    const search = await searchOffer(client);
    const offer = await offerWithBags(client, search);
    const bag = offer.available_services[0];
    if (!bag) throw new Error('no bags');
    const payment = await pay(client, search, { extraMinor: 0 });
    expect(payment.statusCode).toBe(200);
    const paid = payment.json<{ paymentId: string; amount: string }>();
    // The hold is for the fare alone; a booking that adds a bag cannot use it.
    const booked = await client.post(
      '/api/bookings',
      {
        offerId: search.id,
        passengers: passengersFor(search),
        services: [{ id: bag.id, quantity: 1 }],
        paymentDetails: { paymentId: paid.paymentId, amount: paid.amount, currency: 'USD' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(booked.statusCode).toBe(409);
    expect(booked.json()).toMatchObject({ error: { code: 'payment_not_usable' } });
    expect(await rows(sql`select id from bookings where status = 'confirmed'`)).toEqual([]);
  });
});
