import { randomUUID } from 'node:crypto';
import {
  firstDepartureInstant,
  offerMessages,
  offerSchema,
  seatMapsResponseSchema,
} from '@contrail/contracts/offers';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import {
  adminBookingDetailSchema,
  adminBookingListSchema,
} from '@contrail/contracts/back-office-bookings';
import { ageOn, assistanceLabels } from '@contrail/contracts/passenger-types';
import { passengerMessages } from '@contrail/contracts/passenger-messages';
import { seatRuleMessages } from '@contrail/contracts/passengers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import {
  CHILD_BORN_ON,
  TEST_CARD,
  amountOf,
  passengersFor,
  pickSeats,
  searchAll,
  searchOffer,
} from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { ADMIN_PASSWORD, createAdmin } from '../../../test/users';

const now = new Date('2026-11-22T09:00:00Z');

/**
 * Every rule is checked before the card is touched: a traveller whose booking would fail is told
 * so at the passenger or seat, and no money is held.
 */
describe('checkout rules before any money', () => {
  const t = useTestApp({}, { clock: () => now });
  const rows = (query: ReturnType<typeof sql>) => queryRows(t.database, query);
  const held = async () => ({
    authorizations: await rows(sql`select id from payment_authorizations`),
    intents: await rows(sql`select status from sandbox_payment_intents`),
  });
  const nothingHeld = { authorizations: [], intents: [] };

  function authorize(
    c: TestClient,
    offer: SearchOffer,
    passengers: unknown[],
    { amount = amountOf(offer), seats = [] as unknown[] } = {},
  ) {
    return c.post('/api/payments/process-card', {
      offerId: offer.id,
      amount,
      currency: offer.total_currency,
      seats,
      passengers,
      cardDetails: TEST_CARD,
    });
  }

  // The return flight of the default search (LHR→JFK, back on 2026-12-27) is in the test data.
  it.each<[string, Record<string, string>, string, string]>([
    [
      'a full stop in a name',
      { firstName: 'St. John' },
      'firstName',
      passengerMessages.nameCharacters,
    ],
    [
      'a local phone number without its country',
      { phone: '07911 123456' },
      'phone',
      passengerMessages.phoneCountryRequired,
    ],
    [
      'a phone number that does not exist',
      { phone: '+44 123' },
      'phone',
      passengerMessages.phoneInvalid,
    ],
    [
      'a passport that expires before the return flight',
      { passportExpiryDate: '2026-12-24' },
      'passportExpiryDate',
      passengerMessages.passportBeyondTravel,
    ],
    ['no title', { title: '' }, 'title', passengerMessages.titleRequired],
    ['no gender', { gender: '' }, 'gender', passengerMessages.genderRequired],
    [
      'an adult too young on the date of travel',
      { dateOfBirth: '2015-01-01' },
      'dateOfBirth',
      passengerMessages.ageAdult,
    ],
    ['no e-mail for the lead passenger', { email: '' }, 'email', passengerMessages.primaryEmail],
    [
      'an unknown issuing country',
      { passportIssuingCountry: 'QQ' },
      'passportIssuingCountry',
      passengerMessages.countryUnknown,
    ],
  ])(
    'refuses %s with 422 at its field, authorising nothing',
    async (_case, change, field, message) => {
      const c = new TestClient(t.app);
      const offer = await searchOffer(c);
      const [lead, ...others] = passengersFor(offer);
      const response = await authorize(c, offer, [{ ...lead, ...change }, ...others]);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: {
          code: 'passengers_invalid',
          message,
          fields: { [`passengers.0.${field}`]: message },
        },
      });
      expect(await held()).toEqual(nothingHeld);
    },
  );

  it('refuses a child title for an adult-only choice and a date of birth that is no child', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c, { adults: 1, children: 1 });
    const [lead, child] = passengersFor(offer);
    const response = await authorize(c, offer, [
      lead,
      { ...child, title: 'mrs', dateOfBirth: '2010-01-01' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      'passengers.1.title': passengerMessages.titleForChild,
      'passengers.1.dateOfBirth': passengerMessages.ageChild,
    });
    expect(await held()).toEqual(nothingHeld);
  });

  it('refuses a child’s date of birth that does not give the age searched on the travel date', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c, { adults: 1, children: 1 });
    const [lead, child] = passengersFor(offer);
    const searched = offer.passengers[1]?.age;
    expect(searched).toBe(ageOn(CHILD_BORN_ON, '2026-12-27'));
    // A year older than searched, still a child.
    const response = await authorize(c, offer, [lead, { ...child, dateOfBirth: '2017-05-10' }]);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      'passengers.1.dateOfBirth': passengerMessages.ageSearched(
        searched ?? -1,
        (searched ?? 0) + 1,
      ),
    });
    expect(await held()).toEqual(nothingHeld);
  });

  it('refuses passengers that are not the offer passengers', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    const response = await authorize(c, offer, [
      { ...passengersFor(offer)[0], id: 'pas_someone_else' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'passengers_mismatch' } });
    expect(await held()).toEqual(nothingHeld);
  });

  it('passes a frequent flyer number to the airline, and keeps an assistance request as a task for the operator', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    const airline = offer.slices[0]?.segments[0]?.airline.iata_code ?? '';
    const [lead] = passengersFor(offer);
    const passengers = [
      {
        ...lead,
        frequentFlyerAirline: airline,
        frequentFlyerNumber: '1234 5678',
        assistance: 'WCHR',
      },
    ];
    const payment = await authorize(c, offer, passengers);
    expect(payment.statusCode).toBe(200);
    const amount = amountOf(offer);
    const booked = await c.post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers,
        paymentDetails: {
          paymentId: payment.json<{ paymentId: string }>().paymentId,
          amount,
          currency: 'USD',
        },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(booked.statusCode).toBe(201);
    const [booking] = await rows(sql`select passengers from bookings`);
    expect(booking?.passengers).toEqual([
      expect.objectContaining({
        frequentFlyer: { airlineIataCode: airline, number: '12345678' },
        assistance: 'WCHR',
        phone: '+442079460000',
      }),
    ]);
    const [order] = await rows(sql`select document from sandbox_orders`);
    const document = order?.document as {
      passengers: { loyalty_programme_accounts: unknown[] }[];
      metadata: Record<string, string>;
    };
    expect(document.passengers[0]?.loyalty_programme_accounts).toEqual([
      { airline_iata_code: airline, account_number: '12345678' },
    ]);
    // The airline's order takes no assistance request: it is the operator's to pass on.
    expect(Object.keys(document.metadata)).toEqual(['contrail_booking']);
    await createAdmin(t.database);
    const admin = new TestClient(t.app);
    await admin.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD });
    const queue = adminBookingListSchema.parse(
      (await admin.get('/api/admin/bookings?queue=assistance')).json(),
    );
    expect(queue.items).toHaveLength(1);
    const detail = adminBookingDetailSchema.parse(
      (await admin.get(`/api/admin/bookings/${queue.items[0]?.id ?? ''}`)).json(),
    );
    expect(detail.assistance).toEqual([
      {
        passenger: `${lead?.firstName ?? ''} ${lead?.lastName ?? ''}`,
        code: 'WCHR',
        label: assistanceLabels.WCHR,
      },
    ]);
  });

  it('refuses an exit row seat for a passenger under 16 before authorising', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c, { oneWay: true });
    const maps = seatMapsResponseSchema.parse(
      (await c.get(`/api/flights/seatmaps/${offer.id}`)).json(),
    ).data;
    const [lead] = passengersFor(offer);
    const map = maps[0];
    const exit = map?.cabins
      .flatMap((cabin) => cabin.rows.flatMap((row) => row.sections.flatMap((s) => s.elements)))
      .find(
        (element) => element.type === 'seat' && element.available && element.disclosures.length > 0,
      );
    if (!map || exit?.type !== 'seat') throw new Error('no exit row seat on sale');
    const price = Math.round(Number(exit.available_services[0]?.total_amount ?? 0) * 100);
    const seats = [
      { passengerId: lead?.id, segmentId: map.segment_id, designator: exit.designator },
    ];
    const amount = amountOf(offer, price);
    // 13 on the day of the flight: an adult fare, but too young for an exit row.
    const teenager = { ...lead, dateOfBirth: '2013-06-01' };
    const refused = await authorize(c, offer, [teenager], { amount, seats });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: {
        code: 'seat_not_allowed',
        message: `${exit.designator}: ${seatRuleMessages.exitRowAge}`,
        fields: { 'seats.0': `${exit.designator}: ${seatRuleMessages.exitRowAge}` },
      },
    });
    expect(await held()).toEqual(nothingHeld);
    expect((await authorize(c, offer, [lead], { amount, seats })).statusCode).toBe(200);
  });
});

describe('no silent price change', () => {
  const t = useTestApp({}, { clock: () => now });
  const rows = (query: ReturnType<typeof sql>) => queryRows(t.database, query);

  it('answers a price rise with the new price before authorising, and books at the price agreed', async () => {
    const c = new TestClient(t.app);
    // The sandbox's price-changed route: the airline re-prices the offer after the search.
    const searched = await searchOffer(c, { origin: 'LHR', destination: 'STN', oneWay: true });
    const passengers = passengersFor(searched);
    const stale = await c.post('/api/payments/process-card', {
      offerId: searched.id,
      amount: searched.total_amount,
      currency: 'USD',
      passengers,
      cardDetails: TEST_CARD,
    });
    expect(stale.statusCode).toBe(409);
    const details = stale.json<{ error: { code: string; details: { amount: string } } }>().error;
    expect(details.code).toBe('amount_changed');
    expect(Number(details.details.amount)).toBeGreaterThan(Number(searched.total_amount));
    expect(await rows(sql`select id from sandbox_payment_intents`)).toEqual([]);

    const agreed = details.details.amount;
    const payment = await c.post('/api/payments/process-card', {
      offerId: searched.id,
      amount: agreed,
      currency: 'USD',
      passengers,
      cardDetails: TEST_CARD,
    });
    expect(payment.statusCode).toBe(200);
    const booked = await c.post(
      '/api/bookings',
      {
        offerId: searched.id,
        passengers,
        paymentDetails: {
          paymentId: payment.json<{ paymentId: string }>().paymentId,
          amount: agreed,
          currency: 'USD',
        },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(booked.statusCode).toBe(201);
    expect(await rows(sql`select amount_minor, status from sandbox_payment_intents`)).toEqual([
      { amount_minor: Math.round(Number(agreed) * 100), status: 'succeeded' },
    ]);
  });

  it('never books at a price other than the one authorised: a rise meanwhile voids the hold and answers the new price', async () => {
    const c = new TestClient(t.app);
    const offer = await searchOffer(c);
    const passengers = passengersFor(offer);
    const amount = amountOf(offer);
    const payment = await c.post('/api/payments/process-card', {
      offerId: offer.id,
      amount,
      currency: 'USD',
      passengers,
      cardDetails: TEST_CARD,
    });
    expect(payment.statusCode).toBe(200);
    // The operator raises the brand's markup between the payment and the booking.
    await t.database.db.execute(
      sql`update brands set markup_percent = 40 where domain = 'default'`,
    );
    t.app.dropCaches();
    const atPricePaid = { sent: amount, key: randomUUID() };
    const atAnyPrice = { sent: '9999.00', key: randomUUID() };
    for (const { sent, key } of [atPricePaid, atAnyPrice]) {
      const response = await c.post(
        '/api/bookings',
        {
          offerId: offer.id,
          passengers,
          paymentDetails: {
            paymentId: payment.json<{ paymentId: string }>().paymentId,
            amount: sent,
            currency: 'USD',
          },
        },
        { 'idempotency-key': key },
      );
      expect(response.statusCode).toBe(409);
    }
    // The clock stands still, so both attempts have the same created_at: each is found by its key.
    const failureOf = async (key: string) =>
      rows(sql`select failure_code from bookings where idempotency_key = ${key}`);
    // The first, at the price paid, meets the new price and voids the hold; the second finds it void.
    expect(await failureOf(atPricePaid.key)).toEqual([{ failure_code: 'amount_changed' }]);
    expect(await failureOf(atAnyPrice.key)).toEqual([{ failure_code: 'payment_not_usable' }]);
    expect(await rows(sql`select status from sandbox_payment_intents`)).toEqual([
      { status: 'canceled' },
    ]);
    expect(await rows(sql`select id from sandbox_orders`)).toEqual([]);
  });
});

describe('seats someone else took meanwhile', () => {
  const t = useTestApp({}, { clock: () => now });
  const rows = (query: ReturnType<typeof sql>) => queryRows(t.database, query);

  it('are named with their flight, before any authorisation', async () => {
    const first = new TestClient(t.app);
    const offer = await searchOffer(first, { oneWay: true });
    const { seats, totalMinor } = await pickSeats(first, offer);
    const amount = amountOf(offer, totalMinor);
    const passengers = passengersFor(offer);
    const pay = async (c: TestClient, email: string) =>
      c.post('/api/payments/process-card', {
        offerId: offer.id,
        amount,
        currency: 'USD',
        seats,
        passengers: passengersFor(offer, email),
        cardDetails: TEST_CARD,
      });
    const payment = await pay(first, 'first@example.com');
    const booked = await first.post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers: passengersFor(offer, 'first@example.com'),
        seats,
        paymentDetails: {
          paymentId: payment.json<{ paymentId: string }>().paymentId,
          amount,
          currency: 'USD',
        },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(booked.statusCode).toBe(201);

    const second = new TestClient(t.app);
    const response = await pay(second, passengers[0]?.email ?? '');
    expect(response.statusCode).toBe(409);
    // The flights by segment id, as the offer page has them (a search result names no segment).
    const full = offerSchema.parse((await second.get(`/api/flights/offer/${offer.id}`)).json());
    const flights = new Map(
      full.slices.flatMap((slice) => slice.segments.map((s) => [s.id, s.flight_number])),
    );
    const names = seats.map((seat) => `${seat.designator} (${flights.get(seat.segmentId)})`);
    const message =
      names.length === 1
        ? `Seat ${names[0]} has just been taken by someone else. Please choose another seat.`
        : `Seats ${names.slice(0, -1).join(', ')} and ${names.at(-1)} have just been taken by someone else. Please choose other seats.`;
    expect(response.json()).toEqual({
      error: {
        code: 'seat_unavailable',
        message,
        fields: Object.fromEntries(seats.map((_, i) => [`seats.${i}`, message])),
        details: { taken: seats.map((s) => `${s.segmentId}:${s.designator}`).join(',') },
      },
    });
    expect(await rows(sql`select id from payment_authorizations`)).toHaveLength(1);
  });
});

describe('never selling the past', () => {
  let clockNow = new Date('2026-11-22T06:00:00Z');
  const t = useTestApp({}, { clock: () => clockNow });
  const rows = (query: ReturnType<typeof sql>) => queryRows(t.database, query);

  it('offers nothing leaving within 2 hours, and refuses a booking whose flight now would, charging nothing', async () => {
    const c = new TestClient(t.app);
    // Search today, early: the first offers leave a little over 2 hours later.
    const offers = await searchAll(c, { departureDate: '2026-11-22', oneWay: true });
    expect(offers.length).toBeGreaterThan(0);
    const leaves = offers.map((offer) => firstDepartureInstant(offer));
    for (const instant of leaves)
      expect(instant - clockNow.getTime()).toBeGreaterThanOrEqual(2 * 60 * 60 * 1000);

    // The soonest flight: 29 minutes later (the offer still holds) it may leave within 2 hours.
    const soonest = leaves.indexOf(Math.min(...leaves));
    const offer = offers[soonest];
    if (!offer) throw new Error('no offer');
    const started = clockNow;
    clockNow = new Date(firstDepartureInstant(offer) - 2 * 60 * 60 * 1000 + 60_000);
    try {
      if (clockNow.getTime() - started.getTime() > 29 * 60 * 1000)
        throw new Error('the soonest offer leaves too late for this test; move the search time');
      const payment = await c.post('/api/payments/process-card', {
        offerId: offer.id,
        amount: amountOf(offer),
        currency: 'USD',
        passengers: passengersFor(offer),
        cardDetails: TEST_CARD,
      });
      expect(payment.statusCode).toBe(410);
      expect(payment.json()).toEqual({
        error: { code: 'departs_too_soon', message: offerMessages.departsTooSoon },
      });
      expect((await c.get(`/api/flights/verify-offer/${offer.id}`)).statusCode).toBe(410);
      expect(await rows(sql`select id from sandbox_payment_intents`)).toEqual([]);
    } finally {
      clockNow = started;
    }
  });
});
