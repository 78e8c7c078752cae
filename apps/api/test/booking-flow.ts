import { fromMinorUnits, roundUpToChargeable, toMinorUnits } from '@contrail/contracts/money';
import { searchOffersOf } from '@contrail/contracts/search-results';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import { randomUUID } from 'node:crypto';
import { ageOn } from '@contrail/contracts/passenger-types';
import { seatMapsResponseSchema } from '@contrail/contracts/offers';
import { expect } from 'vitest';
import type { TestClient } from './http';

export const TEST_CARD = {
  number: '4242 4242 4242 4242',
  holderName: 'Ada Lovelace',
  expiryMonth: '12',
  expiryYear: '30',
  cvv: '123',
};

/** The date of birth `passengersFor` gives every child. */
export const CHILD_BORN_ON = '2018-05-10';

interface TripOptions {
  origin?: string;
  destination?: string;
  departureDate?: string;
  returnDate?: string;
  adults?: number;
  children?: number;
  oneWay?: boolean;
}

export async function searchAll(
  client: TestClient,
  options: TripOptions = {},
): Promise<SearchOffer[]> {
  const {
    origin = 'LHR',
    destination = 'JFK',
    departureDate = '2026-12-20',
    returnDate = '2026-12-27',
    adults = 1,
    children = 0,
    oneWay = false,
  } = options;
  // Children are searched with the age that `passengersFor`'s date of birth gives on the last flight.
  const lastFlight = oneWay ? departureDate : returnDate;
  const response = await client.post('/api/flights/search', {
    origin,
    destination,
    departureDate,
    ...(oneWay ? {} : { returnDate }),
    cabinClass: 'economy',
    adultsCount: adults,
    childrenCount: children,
    childrenAges: Array.from({ length: children }, () => ageOn(CHILD_BORN_ON, lastFlight)),
    infantsCount: 0,
    tripType: oneWay ? 'one-way' : 'round-trip',
  });
  expect(response.statusCode).toBe(200);
  return searchOffersOf(response.json());
}

export async function searchOffer(
  client: TestClient,
  options: TripOptions = {},
): Promise<SearchOffer> {
  const offer = (await searchAll(client, options))[0];
  if (!offer) throw new Error('no offer');
  return offer;
}

/** Authorises the card for the offer's price and books it for the passengers, with a fresh key. */
export async function payAndBook(
  client: TestClient,
  offer: SearchOffer,
  email = 'ada@example.com',
) {
  const amount = amountOf(offer);
  const passengers = passengersFor(offer, email);
  const payment = await client.post('/api/payments/process-card', {
    offerId: offer.id,
    amount,
    currency: offer.total_currency,
    passengers,
    cardDetails: TEST_CARD,
  });
  expect(payment.statusCode).toBe(200);
  const paymentId = payment.json<{ paymentId: string }>().paymentId;
  return client.post(
    '/api/bookings',
    {
      offerId: offer.id,
      passengers,
      paymentDetails: { paymentId, amount, currency: offer.total_currency },
    },
    { 'idempotency-key': randomUUID() },
  );
}

export function passengersFor(offer: SearchOffer, email = 'ada@example.com') {
  return offer.passengers.map((p, i) => ({
    id: p.id,
    type: p.type,
    title: i === 0 ? 'ms' : 'mr',
    firstName: i === 0 ? 'Ada' : `Companion${String.fromCharCode(65 + i)}`,
    lastName: 'Lovelace',
    gender: i === 0 ? 'female' : 'male',
    dateOfBirth: p.type === 'child' ? CHILD_BORN_ON : '1985-12-10',
    email: i === 0 ? email : '',
    phone: i === 0 ? '+44 20 7946 0000' : '',
    passportNumber: `P${String(1234567 + i)}`,
    passportExpiryDate: '2032-01-01',
    passportIssuingCountry: 'GB',
  }));
}

/** One available seat per seated passenger on every segment, with its price. */
export async function pickSeats(client: TestClient, offer: SearchOffer, skip = 0) {
  const response = await client.get(`/api/flights/seatmaps/${offer.id}`);
  const { data } = seatMapsResponseSchema.parse(response.json());
  const seated = offer.passengers.filter((p) => p.type !== 'infant_without_seat');
  const seats: { passengerId: string; segmentId: string; designator: string }[] = [];
  let totalMinor = 0;
  for (const map of data) {
    const free = map.cabins.flatMap((cabin) =>
      cabin.rows.flatMap((row) =>
        row.sections.flatMap((section) =>
          section.elements.filter((e) => e.type === 'seat' && e.available),
        ),
      ),
    );
    seated.forEach((passenger, i) => {
      const seat = free
        .slice(skip)
        .find(
          (candidate, j) =>
            j >= i &&
            candidate.type === 'seat' &&
            candidate.available_services.some((s) => s.passenger_id === passenger.id),
        );
      if (seat?.type !== 'seat') throw new Error('no free seat');
      free.splice(free.indexOf(seat), 1);
      const service = seat.available_services.find((s) => s.passenger_id === passenger.id);
      totalMinor += service ? toMinorUnits(service.total_amount, service.total_currency) : 0;
      seats.push({
        passengerId: passenger.id,
        segmentId: map.segment_id,
        designator: seat.designator,
      });
    });
  }
  return { seats, totalMinor };
}

/** What the card is charged for the offer plus seats and bags: rounded as the server rounds. */
export const amountOf = (offer: SearchOffer, extraMinor = 0) =>
  fromMinorUnits(
    roundUpToChargeable(
      toMinorUnits(offer.total_amount, offer.total_currency) + extraMinor,
      offer.total_currency,
    ),
    offer.total_currency,
  );
