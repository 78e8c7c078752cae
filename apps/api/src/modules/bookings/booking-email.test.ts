import { defaultBrand } from '@contrail/contracts/brands';
import type { BookingView } from '@contrail/contracts/bookings';
import type { Place, Slice } from '@contrail/contracts/offers';
import { describe, expect, it } from 'vitest';
import { demoBrand } from '../brands/brands.seed';
import { renderCancellationEmail, renderConfirmationEmail } from './booking-email';

const place = (iata: string, name: string, city: string, zone: string): Place => ({
  iata_code: iata,
  name,
  city_name: city,
  country_code: 'GB',
  time_zone: zone,
});
const LHR = place('LHR', 'Heathrow', 'London', 'Europe/London');
const JFK = place('JFK', 'John F. Kennedy International', 'New York', 'America/New_York');

function slice(id: string, from: Place, to: Place, departing: string, arriving: string): Slice {
  return {
    id,
    origin: from,
    destination: to,
    duration: 'PT8H',
    fare_brand_name: 'Standard',
    segments: [
      {
        id: `seg_${id}`,
        origin: from,
        destination: to,
        origin_terminal: null,
        destination_terminal: null,
        departing_at: departing,
        arriving_at: arriving,
        duration: 'PT8H',
        flight_number: 'BA117',
        aircraft: null,
        airline: {
          id: 'arl_ba',
          name: 'British Airways',
          iata_code: 'BA',
          icao_code: 'BAW',
          logo_url: '',
        },
        operating_carrier: { iata_code: 'BA', name: 'British Airways' },
        cabin_class: 'economy',
        cabin_class_marketing_name: 'Economy',
        baggages: [],
        services: [],
        distance_km: 5540,
      },
    ],
  };
}

const confirmation = (overrides: Partial<Parameters<typeof renderConfirmationEmail>[0]> = {}) =>
  renderConfirmationEmail({
    brand: demoBrand,
    to: 'ada@example.com',
    bookingReference: 'QX7P2L',
    bookingId: '6d1f0d6e-2f0a-4b53-9a55-5b0d0f1f7f01',
    passengers: [
      { id: 'pas_1', type: 'adult', firstName: 'Ada', lastName: 'Lovelace' },
      { id: 'pas_2', type: 'adult', firstName: 'Charles', lastName: 'Babbage' },
    ],
    seats: [],
    seatsMinor: null,
    bagsMinor: null,
    slices: [
      slice('out', LHR, JFK, '2026-12-20T09:05:00', '2026-12-20T12:10:00'),
      slice('back', JFK, LHR, '2026-12-27T21:30:00', '2026-12-28T09:40:00'),
    ],
    bags: [],
    totalMinor: 123456,
    currency: 'USD',
    card: { brand: 'visa', last4: '4242' },
    guest: false,
    siteUrl: { origin: 'http://localhost:3000', brandParam: 'skyhop.localhost' },
    ...overrides,
  });

const MANAGE =
  'http://localhost:3000/manage-booking?reference=QX7P2L&email=ada%40example.com&brand=skyhop.localhost';

describe('the confirmation e-mail', () => {
  it('says it all in the plain-text part: reference, local times, passengers, total, link', async () => {
    const email = await confirmation();
    expect(email.to).toBe('ada@example.com');
    expect(email.subject).toBe('SkyHop booking confirmed: QX7P2L');
    expect(email.text).toContain('QX7P2L');
    expect(email.text).toContain('Outbound: London (LHR) to New York (JFK)');
    expect(email.text).toContain('Sun, Dec 20, 2026 · British Airways BA117');
    expect(email.text).toContain(
      '09:05 Heathrow (LHR) → 12:10 John F. Kennedy International (JFK)',
    );
    // The overnight return lands the next day, in London's time.
    expect(email.text).toContain('21:30 John F. Kennedy International (JFK) → 09:40+1 Heathrow');
    expect(email.text).toContain('All times are local to each airport.');
    expect(email.text).toMatch(/Ada Lovelace · Adult\s+Charles Babbage · Adult/);
    expect(email.text).toContain('$1,234.56 (Visa ending 4242)');
    expect(email.text).toContain(MANAGE);
    expect(email.text).toContain('hello@skyhop.example');
  });

  it('is in the brand’s name and colours, with the manage-booking button', async () => {
    const { html } = await confirmation();
    expect(html).toMatch(/^<!DOCTYPE html/i);
    expect(html).toContain('SkyHop');
    expect(html).toContain('background-color:#0f766e');
    expect(html).toContain(`href="${MANAGE.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('Manage your booking');
    expect(html).toContain('$1,234.56');
    expect(html).not.toContain('Contrail');
  });

  it('tells a guest that another e-mail is about the account, naming none', async () => {
    const email = await confirmation({
      brand: defaultBrand,
      guest: true,
      siteUrl: { origin: 'https://fly.example', brandParam: null },
    });
    expect(email.text).toContain('We have sent you a separate e-mail about seeing this trip');
    expect(email.text).toContain(
      'https://fly.example/manage-booking?reference=QX7P2L&email=ada%40example.com',
    );
    expect(email.text).not.toMatch(/username|password/i);
    const signedIn = await confirmation({ guest: false });
    expect(signedIn.text).not.toContain('separate e-mail');
  });

  it('lists the extra bags bought, each with its passenger, flights and price', async () => {
    const email = await confirmation({
      bags: [
        { passengerId: 'pas_2', segmentIds: ['seg_back'], quantity: 2, amountMinor: 9000 },
        { passengerId: 'pas_1', segmentIds: ['seg_out'], quantity: 1, amountMinor: 4500 },
      ],
    });
    expect(email.text).toContain('Extra bags');
    expect(email.text).toContain(
      'Charles Babbage: 2 extra checked bags, New York to London, $90.00',
    );
    expect(email.text).toContain('Ada Lovelace: 1 extra checked bag, London to New York, $45.00');
    expect(email.html).toContain('Ada Lovelace: 1 extra checked bag, London to New York, $45.00');
  });

  it('names each passenger’s type, each flight’s terminals, cabin, bags included and seats', async () => {
    const out = slice('out', LHR, JFK, '2026-12-20T09:05:00', '2026-12-20T12:10:00');
    const back = slice('back', JFK, LHR, '2026-12-27T21:30:00', '2026-12-28T09:40:00');
    if (!out.segments[0] || !back.segments[0]) throw new Error('no segments');
    Object.assign(out.segments[0], {
      origin_terminal: '5',
      destination_terminal: '7',
      aircraft: { name: 'Boeing 777-300ER' },
      baggages: [
        { type: 'checked', quantity: 1 },
        { type: 'carry_on', quantity: 1 },
      ],
    });
    Object.assign(back.segments[0], {
      operating_carrier: { iata_code: 'AA', name: 'American Airlines' },
    });
    const email = await confirmation({
      slices: [out, back],
      passengers: [
        { id: 'pas_1', type: 'adult', firstName: 'Ada', lastName: 'Lovelace' },
        { id: 'pas_2', type: 'child', firstName: 'Byron', lastName: 'Lovelace' },
        { id: 'pas_3', type: 'infant_without_seat', firstName: 'Ida', lastName: 'Lovelace' },
      ],
      seats: [
        { passengerId: 'pas_1', segmentId: 'seg_out', designator: '23A' },
        { passengerId: 'pas_2', segmentId: 'seg_out', designator: '23B' },
      ],
    });
    expect(email.text).toMatch(
      /Ada Lovelace · Adult\s+Byron Lovelace · Child\s+Ida Lovelace · Infant on an adult’s lap/,
    );
    expect(email.text).toContain(
      '09:05 Heathrow (LHR), Terminal 5 → 12:10 John F. Kennedy International (JFK), Terminal 7',
    );
    expect(email.text).toContain('Economy · Standard · Boeing 777-300ER');
    expect(email.text).toContain('Included: 1 checked bag, 1 carry-on bag');
    expect(email.text).toContain(
      'Seats: Ada Lovelace 23A, Byron Lovelace 23B, Ida Lovelace on an adult’s lap',
    );
    // The return: no seats chosen, no bag included, flown by another airline.
    expect(email.text).toContain('British Airways BA117 (operated by American Airlines)');
    expect(email.text).toContain('Included: no checked bag');
    expect(email.text).toContain(
      'Seats: Ada Lovelace at check-in, Byron Lovelace at check-in, Ida Lovelace on an adult’s lap',
    );
  });

  it('breaks the total into flights, seats and bags when any were bought, and not otherwise', async () => {
    const email = await confirmation({ seatsMinor: 4000, bagsMinor: 9000 });
    expect(email.text).toMatch(/Flights: \$1,104\.56\s+Seats: \$40\.00\s+Extra bags: \$90\.00/);
    expect(email.text).toContain('$1,234.56 (Visa ending 4242)');
    const plain = await confirmation();
    expect(plain.text).not.toContain('Flights: ');
  });

  it('states the fare’s refund and change rules with their fees, and nothing when unknown', async () => {
    const email = await confirmation({
      conditions: {
        refundable: true,
        changeable: true,
        refund_penalty: { amount: '50.00', currency: 'USD' },
        change_penalty: null,
      },
    });
    expect(email.text).toMatch(
      /Fare conditions\s+Refundable \(fee \$50\.00\)\s+Changes allowed, fees may apply/,
    );
    const strict = await confirmation({
      conditions: {
        refundable: false,
        changeable: true,
        refund_penalty: null,
        change_penalty: { amount: '30.00', currency: 'GBP' },
      },
    });
    expect(strict.text).toMatch(/Non-refundable\s+Changes allowed \(fee £30\.00\)/);
    const none = await confirmation({
      conditions: {
        refundable: false,
        changeable: false,
        refund_penalty: null,
        change_penalty: null,
      },
    });
    expect(none.text).toMatch(/Non-refundable\s+No changes allowed/);
    expect((await confirmation()).text).not.toContain('Fare conditions');
  });

  it('has no bag section when none was bought', async () => {
    const email = await confirmation();
    expect(email.text).not.toContain('Extra bags');
  });

  it('escapes what travellers typed', async () => {
    const { html } = await confirmation({
      passengers: [
        {
          id: 'pas_1',
          type: 'adult',
          firstName: '<img src=x onerror=alert(1)>',
          lastName: 'O"Brien',
        },
      ],
    });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('the cancellation e-mail', () => {
  const booking: BookingView = {
    id: 'b1',
    bookingReference: 'QX7P2L',
    status: 'cancelled',
    createdAt: '2026-11-20T10:00:00.000Z',
    total: { amount: '1234.56', currency: 'USD' },
    slices: [slice('out', LHR, JFK, '2026-12-20T09:05:00', '2026-12-20T12:10:00')],
    passengers: [{ id: 'pas_1', type: 'adult', firstName: 'Ada', lastName: 'Lovelace' }],
    seats: [],
    bags: [],
    card: { brand: 'visa', last4: '4242' },
    contactEmail: 'ada@example.com',
    refundable: true,
    canCancel: false,
    cancellation: {
      refund: { amount: '812.00', currency: 'USD' },
      refundStatus: 'refunded',
      credits: [],
      cancelledAt: '2026-11-21T10:00:00.000Z',
    },
  };

  it('gives the refund and a link to the booking', async () => {
    const email = await renderCancellationEmail({
      brand: demoBrand,
      booking,
      siteUrl: { origin: 'https://skyhop.example', brandParam: null },
    });
    expect(email.subject).toBe('SkyHop booking cancelled: QX7P2L');
    expect(email.text).toContain('Refund: $812.00 to the card you paid with (Visa ending 4242).');
    expect(email.text).toContain(
      'https://skyhop.example/manage-booking?reference=QX7P2L&email=ada%40example.com',
    );
    expect(email.html).toContain('background-color:#0f766e');
  });

  it('says the airline will tell us a refund it has not stated, never 0.00', async () => {
    const email = await renderCancellationEmail({
      brand: demoBrand,
      booking: {
        ...booking,
        cancellation: {
          refund: null,
          refundStatus: 'awaiting_airline',
          credits: [],
          cancelledAt: '2026-11-21T10:00:00.000Z',
        },
      },
      siteUrl: null,
    });
    expect(email.text).toContain(
      'Refund: The airline will tell us the refund. We will e-mail you as soon as it does, and refund it to the card you paid with (Visa ending 4242).',
    );
    expect(email.text).not.toContain('$0.00');
  });

  it('lists airline credits with their amount, code and expiry instead of a card refund', async () => {
    const email = await renderCancellationEmail({
      brand: demoBrand,
      booking: {
        ...booking,
        cancellation: {
          refund: { amount: '0.00', currency: 'USD' },
          refundStatus: 'credits',
          credits: [
            {
              name: 'Future Flight Credit',
              code: '1234567890123',
              amount: '812.00',
              currency: 'USD',
              expiresAt: '2027-11-20T10:00:00.000Z',
              passengerName: 'Ada Lovelace',
            },
          ],
          cancelledAt: '2026-11-21T10:00:00.000Z',
        },
      },
      siteUrl: null,
    });
    expect(email.text).toContain('as airline credits, not to your card');
    expect(email.text).toContain(
      'Future Flight Credit for Ada Lovelace: $812.00, code 1234567890123, valid until Nov 20, 2027',
    );
    expect(email.text).not.toContain('Refund: $0.00');
  });

  it('leaves the link out when no request said where the site is', async () => {
    const email = await renderCancellationEmail({ brand: demoBrand, booking, siteUrl: null });
    expect(email.text).not.toContain('manage-booking');
    expect(email.text).toContain('QX7P2L');
  });
});
