import type { Offer, Place, Slice } from '@contrail/contracts/offers';
import type { Passenger, PassengerInput } from '@contrail/contracts/passenger-check';
import type { SeatSelection } from '@contrail/contracts/payments';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { StoredJsonError } from '../../lib/stored-json';
import type { SupplierOrder } from '../../providers/flights/flight-supplier';
import {
  readOrderUncertainty,
  readStoredAirlineCredits,
  readStoredBags,
  readStoredBookingResult,
  readStoredOrder,
  readStoredPassengers,
  readStoredSeats,
  readStoredSiteUrl,
  type StoredOrder,
} from './bookings.columns';

const LHR: Place = {
  iata_code: 'LHR',
  name: 'Heathrow',
  city_name: 'London',
  country_code: 'GB',
  time_zone: 'Europe/London',
};
const JFK: Place = {
  iata_code: 'JFK',
  name: 'John F. Kennedy International',
  city_name: 'New York',
  country_code: 'US',
  time_zone: 'America/New_York',
};

const slice: Slice = {
  id: 'sli_1',
  origin: LHR,
  destination: JFK,
  duration: 'PT8H5M',
  fare_brand_name: 'Basic',
  segments: [
    {
      id: 'seg_1',
      origin: LHR,
      destination: JFK,
      origin_terminal: '5',
      destination_terminal: null,
      departing_at: '2026-12-20T09:05:00',
      arriving_at: '2026-12-20T12:10:00',
      duration: 'PT8H5M',
      flight_number: '117',
      aircraft: { name: 'Airbus A350' },
      airline: {
        id: 'arl_ba',
        name: 'British Airways',
        iata_code: 'BA',
        icao_code: 'BAW',
        logo_url: '/api/airlines/BA/logo.svg',
      },
      operating_carrier: { iata_code: 'BA', name: 'British Airways' },
      cabin_class: 'economy',
      cabin_class_marketing_name: 'Economy',
      baggages: [{ type: 'checked', quantity: 1 }],
      services: [{ type: 'wifi', description: 'Wi-Fi' }],
      distance_km: 5540,
    },
  ],
};

/** The airline's order as a supplier answers it and the order step stores it. */
const order: SupplierOrder = {
  id: 'ord_1',
  bookingReference: 'ABC123',
  createdAt: '2026-12-01T10:00:00Z',
  cancelledAt: null,
  totalAmount: '412.30',
  totalCurrency: 'USD',
  slices: [slice],
  seats: [
    {
      passengerId: 'pas_1',
      segmentId: 'seg_1',
      designator: '12A',
      totalAmount: '25.00',
      totalCurrency: 'USD',
    },
  ],
  refundable: true,
};

/** What a store and a read through JSON do to a value (as jsonb does). */
const stored = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('bookings.order', () => {
  it('is the supplier order, type for type, with the fare conditions shown when booking', () => {
    expectTypeOf<Omit<StoredOrder, 'conditions'>>().toEqualTypeOf<SupplierOrder>();
    expectTypeOf<StoredOrder['conditions']>().toEqualTypeOf<Offer['conditions'] | undefined>();
  });

  it('reads an order with the fare conditions it was booked on, and one kept before them', () => {
    const conditions = {
      refundable: true,
      changeable: true,
      refund_penalty: { amount: '50.00', currency: 'USD' },
      change_penalty: null,
    };
    expect(readStoredOrder(stored({ ...order, conditions }))).toEqual({ ...order, conditions });
    expect(readStoredOrder(stored(order))).not.toHaveProperty('conditions');
  });

  it('reads an order as the order step stores it, whole', () => {
    expect(readStoredOrder(stored(order))).toEqual(order);
  });

  it('reads an order with a technical stop, and none yet as null', () => {
    const withStop = {
      ...order,
      slices: [
        {
          ...slice,
          segments: slice.segments.map((segment) => ({
            ...segment,
            stops: [
              {
                airport: JFK,
                arriving_at: '2026-12-20T11:00:00',
                departing_at: '2026-12-20T11:40:00',
                duration: 'PT40M',
              },
            ],
          })),
        },
      ],
    };
    expect(readStoredOrder(stored(withStop))).toEqual(withStop);
    expect(readStoredOrder(null)).toBeNull();
  });

  it('throws a corrupt order, naming the column and what is wrong', () => {
    const corrupt = { ...order, slices: [{ ...slice, segments: 'none' }] };
    expect(() => readStoredOrder(stored(corrupt))).toThrow(StoredJsonError);
    expect(() => readStoredOrder(stored(corrupt))).toThrow(/bookings\.order[\s\S]*segments/);
    expect(() => readStoredOrder({ slices: [] })).toThrow(/bookingReference/);
    expect(() => readStoredOrder('ord_1')).toThrow(/bookings\.order/);
  });
});

describe('bookings.passengers', () => {
  const requested: PassengerInput[] = [
    { id: 'pas_1', type: 'adult', firstName: 'Ada', email: 'ada@example.com' },
    { id: 'pas_2', type: 'infant_without_seat' },
  ];
  const checked: Passenger[] = [
    {
      id: 'pas_1',
      type: 'adult',
      title: 'ms',
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'female',
      dateOfBirth: '1990-12-10',
      email: 'ada@example.com',
      phone: '+442071234567',
      frequentFlyer: { airlineIataCode: 'BA', number: '12345678' },
      assistance: 'WCHR',
    },
  ];

  it('reads the passengers as the request carried them, before the order step', () => {
    expect(readStoredPassengers(stored(requested))).toEqual(requested);
  });

  it('reads the checked passengers the order step stores', () => {
    expect(readStoredPassengers(stored(checked))).toEqual(checked);
  });

  it('reads checked passengers stored before titles and genders were required', () => {
    const early = [
      {
        id: 'pas_1',
        type: 'adult',
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1990-12-10',
      },
    ];
    expect(readStoredPassengers(early)).toEqual(early);
  });

  it('throws passengers without an id or type, or with a name that is no text', () => {
    expect(() => readStoredPassengers([{ type: 'adult', firstName: 'Ada' }])).toThrow(
      /bookings\.passengers[\s\S]*id/,
    );
    expect(() => readStoredPassengers([{ id: 'pas_1', type: 'pilot' }])).toThrow(/type/);
    expect(() => readStoredPassengers([{ id: 'pas_1', type: 'adult', firstName: 42 }])).toThrow(
      /firstName/,
    );
    expect(() => readStoredPassengers({ id: 'pas_1' })).toThrow(StoredJsonError);
  });
});

describe("the bookings table's other JSON columns", () => {
  it('reads seats, bags and airline credits as written, and throws corrupt ones', () => {
    const seats: SeatSelection[] = [
      { passengerId: 'pas_1', segmentId: 'seg_1', designator: '12A' },
    ];
    expect(readStoredSeats(stored(seats))).toEqual(seats);
    expect(() => readStoredSeats([{ passengerId: 'pas_1' }])).toThrow(/bookings\.seats/);

    const bags = [
      {
        serviceId: 'ase_1',
        passengerId: 'pas_1',
        segmentIds: ['seg_1'],
        quantity: 2,
        amountMinor: 9000,
      },
    ];
    expect(readStoredBags(stored(bags))).toEqual(bags);
    expect(readStoredBags([])).toEqual([]);
    expect(() => readStoredBags([{ ...bags[0], quantity: '2' }])).toThrow(/bookings\.bags/);

    const credits = [
      {
        id: 'acd_1',
        name: 'Travel credit',
        code: null,
        amountMinor: 20000,
        currency: 'GBP',
        expiresAt: null,
        passengerId: 'pas_1',
      },
    ];
    expect(readStoredAirlineCredits(stored(credits))).toEqual(credits);
    expect(() => readStoredAirlineCredits([{ id: 'acd_1' }])).toThrow(/bookings\.airline_credits/);
  });

  it('reads the site, the stored answer and an uncertain order, each null when absent', () => {
    const site = { origin: 'https://skyhop.example', brandParam: null };
    expect(readStoredSiteUrl(stored(site))).toEqual(site);
    expect(readStoredSiteUrl(null)).toBeNull();
    expect(() => readStoredSiteUrl({ origin: 1 })).toThrow(/bookings\.site_url/);

    const answer = {
      id: 'bkg_1',
      duffelBookingId: 'ord_1',
      bookingReference: 'ABC123',
      status: 'confirmed',
      emailContent: { to: 'ada@example.com', subject: 'Booked', html: '<p>', text: 'Booked' },
    };
    expect(readStoredBookingResult(stored(answer))).toEqual(answer);
    expect(readStoredBookingResult(null)).toBeNull();
    expect(() => readStoredBookingResult({ ...answer, status: 'failed' })).toThrow(
      /bookings\.response/,
    );

    const uncertainty = { providerCode: 'timeout', requestId: null };
    expect(readOrderUncertainty(stored(uncertainty))).toEqual(uncertainty);
    expect(readOrderUncertainty(null)).toBeNull();
    expect(() => readOrderUncertainty({ requestId: 'req_1' })).toThrow(
      /bookings\.order_uncertainty/,
    );
  });
});
