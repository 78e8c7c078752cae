import { readFileSync } from 'node:fs';
import { DuffelError } from '@duffel/api';
import { offerSchema, seatMapSchema } from '@contrail/contracts/offers';
import { describe, expect, it } from 'vitest';
import { cancellationOf } from './duffel-cancellation-mapping';
import { offerOf } from './duffel-offer-mapping';
import { orderOf, orderReference } from './duffel-order-mapping';
import { seatMapOf } from './duffel-seat-map-mapping';
import { supplierErrorOf } from './duffel-errors';

/** Duffel's own example payloads (fixtures/README.md), mapped to the contract. */

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
}

const now = new Date('2020-01-17T10:15:00Z');

/** A deep copy with the fields at the given paths removed. */
function without(value: Record<string, unknown>, ...paths: string[]): Record<string, unknown> {
  const copy = structuredClone(value);
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop() ?? '';
    let target: unknown = copy;
    for (const key of keys) target = (target as Record<string, unknown>)[key];
    Reflect.deleteProperty(target as Record<string, unknown>, last);
  }
  return copy;
}

describe('Duffel’s offer as the contract’s Offer', () => {
  it('maps the SDK’s example offer: fare brand, conditions, bags, emissions, carriers, passengers', () => {
    const offer = offerOf(fixture('sdk-offer.json'), { now });
    expect(offer).not.toBeNull();
    expect(() => offerSchema.parse(offer)).not.toThrow();
    expect(offer).toMatchObject({
      id: 'off_00009htYpSCXrwaB9DnUm0',
      total_amount: '45.00',
      total_currency: 'GBP',
      total_emissions_kg: '460',
      passengers: [{ id: 'pas_00009hj8USM7Ncg31cBCL', type: 'adult', age: 14 }],
      conditions: {
        refundable: true,
        changeable: true,
        refund_penalty: { amount: '100.00', currency: 'GBP' },
        change_penalty: { amount: '100.00', currency: 'GBP' },
      },
      passenger_identity_documents_required: false,
      owner: {
        name: 'British Airways',
        iata_code: 'BA',
        logo_url:
          'https://assets.duffel.com/img/airlines/for-light-background/full-color-logo/BA.svg',
      },
      expires_at: '2020-01-17T10:42:14.545Z',
    });
    // Duffel's example says base 30.20 + tax 40.80 for a 45.00 total: taxes make up the rest.
    expect([offer?.base_amount, offer?.tax_amount]).toEqual(['30.20', '14.80']);
    const slice = offer?.slices[0];
    expect(slice).toMatchObject({ id: 'sli_00009htYpSCXrwaB9Dn123', fare_brand_name: 'Basic' });
    expect(slice?.segments[0]).toMatchObject({
      id: 'seg_00009htYpSCXrwaB9Dn456',
      flight_number: 'BA1234',
      origin: { iata_code: 'LHR', time_zone: 'Europe/London', city_name: 'London' },
      origin_terminal: 'B',
      destination_terminal: '5',
      duration: 'PT02H26M',
      distance_km: 424,
      aircraft: { name: 'Airbus Industries A380' },
      airline: {
        name: 'British Airways',
        iata_code: 'BA',
        logo_url:
          'https://assets.duffel.com/img/airlines/for-light-background/full-color-logo/BA.svg',
      },
      operating_carrier: { iata_code: 'BA', name: 'British Airways' },
      cabin_class: 'economy',
      cabin_class_marketing_name: 'Economy Basic',
      baggages: [{ type: 'checked', quantity: 1 }],
      services: [{ type: 'baggage', description: '1 checked bag included' }],
      stops: [],
    });
    // A cabin bag for sale; cancel-for-any-reason cover is no bag and is not offered.
    expect(offer?.available_services).toEqual([
      {
        id: 'ase_00009UhD4ongolulWd9123',
        type: 'baggage',
        name: 'Extra cabin bag',
        description: 'One additional cabin bag up to 23 kg',
        total_amount: '15.00',
        total_currency: 'GBP',
        maximum_quantity: 1,
        passenger_ids: ['pas_00009hj8USM7Ncg31cBCL'],
        segment_ids: ['seg_00009htYpSCXrwaB9Dn456'],
      },
    ]);
  });

  it('maps a return offer from Duffel’s components: two slices, no refund, a change for a fee', () => {
    const offer = offerOf(fixture('components-offer.json'), { now });
    expect(() => offerSchema.parse(offer)).not.toThrow();
    expect(offer?.slices).toHaveLength(2);
    expect(offer?.conditions).toEqual({
      refundable: false,
      changeable: true,
      refund_penalty: null,
      change_penalty: { amount: '98.00', currency: 'GBP' },
    });
    expect(offer?.available_services.map((s) => s.type)).toEqual(['baggage', 'baggage', 'baggage']);
    expect(offer?.passengers).toEqual([
      { id: 'pas_0000AeTBGtRP5cG5Vax8s8', type: 'adult', age: null },
    ]);
  });

  it('gives a safe default for every field Duffel may leave out', () => {
    const sparse = without(
      fixture('sdk-offer.json'),
      'base_amount',
      'tax_amount',
      'conditions',
      'owner',
      'total_emissions_kg',
      'payment_requirements',
      'expires_at',
      'passenger_identity_documents_required',
      'available_services',
      'slices.0.duration',
      'slices.0.fare_brand_name',
      'slices.0.segments.0.duration',
      'slices.0.segments.0.distance',
      'slices.0.segments.0.aircraft',
      'slices.0.segments.0.passengers',
      'slices.0.segments.0.stops',
      'slices.0.segments.0.origin.time_zone',
      'slices.0.segments.0.origin_terminal',
      'slices.0.segments.0.marketing_carrier.logo_symbol_url',
      'slices.0.segments.0.operating_carrier',
      'passengers.0.type',
    );
    const offer = offerOf(sparse, { now, cabin: 'business' });
    expect(() => offerSchema.parse(offer)).not.toThrow();
    expect(offer).toMatchObject({
      base_amount: '45.00',
      tax_amount: '0.00',
      total_emissions_kg: null,
      // Change and refund only when Duffel says so; the slice's change condition says so.
      conditions: { refundable: false, changeable: true, refund_penalty: null },
      owner: { iata_code: 'BA', name: 'British Airways', logo_url: '/api/airlines/BA/logo.svg' },
      passengers: [{ type: 'adult', age: 14 }],
      available_services: [],
      payment_requirements: { price_guarantee_expires_at: null, payment_required_by: null },
      expires_at: '2020-01-17T10:32:14.545Z',
    });
    const segment = offer?.slices[0]?.segments[0];
    expect(segment).toMatchObject({
      // Heathrow's zone from the reference data of real airports.
      origin: { iata_code: 'LHR', time_zone: 'Europe/London' },
      duration: 'PT0H0M',
      distance_km: null,
      aircraft: null,
      origin_terminal: null,
      cabin_class: 'business',
      cabin_class_marketing_name: 'Business',
      baggages: [],
      operating_carrier: { iata_code: 'BA', name: 'British Airways' },
      airline: { logo_url: '/api/airlines/BA/logo.svg' },
      stops: [],
    });
    expect(offer?.slices[0]).toMatchObject({ fare_brand_name: null, duration: 'PT0H0M' });
  });

  it('leaves out an offer without a price, flights or passengers instead of showing it wrong', () => {
    const offer = fixture('sdk-offer.json');
    expect(offerOf(without(offer, 'total_amount'), { now })).toBeNull();
    expect(offerOf({ ...offer, total_amount: 'free' }, { now })).toBeNull();
    expect(offerOf({ ...offer, slices: [] }, { now })).toBeNull();
    expect(offerOf(without(offer, 'slices.0.segments.0.departing_at'), { now })).toBeNull();
    expect(offerOf({ ...offer, passengers: [] }, { now })).toBeNull();
    expect(offerOf('not an offer', { now })).toBeNull();
  });

  it('maps technical stops', () => {
    const offer = structuredClone(fixture('sdk-offer.json')) as {
      slices: { segments: { stops: unknown[] }[] }[];
    };
    const segment = offer.slices[0]?.segments[0];
    if (segment) {
      segment.stops = [
        {
          id: 'sto_00009htYpSCXrwaB9Dn456',
          airport: { iata_code: 'SNN', name: 'Shannon Airport', time_zone: 'Europe/Dublin' },
          arriving_at: '2020-06-13T17:20:00',
          departing_at: '2020-06-13T18:35:00',
          duration: 'PT1H15M',
        },
      ];
    }
    expect(offerOf(offer, { now })?.slices[0]?.segments[0]?.stops).toEqual([
      {
        airport: expect.objectContaining({
          iata_code: 'SNN',
          time_zone: 'Europe/Dublin',
        }) as unknown,
        arriving_at: '2020-06-13T17:20:00',
        departing_at: '2020-06-13T18:35:00',
        duration: 'PT1H15M',
      },
    ]);
  });
});

describe('Duffel’s seat maps', () => {
  it('maps the SDK’s example: seats with their prices per passenger, exits and facilities', () => {
    const map = seatMapOf(fixture('sdk-seat-map.json'));
    expect(() => seatMapSchema.parse(map)).not.toThrow();
    const elements = map?.cabins.flatMap((c) =>
      c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)),
    );
    const seats = elements?.filter((e) => e.type === 'seat') ?? [];
    expect(seats.length).toBeGreaterThan(10);
    const forSale = seats.find((s) => s.available);
    expect(forSale?.available_services[0]).toMatchObject({
      id: expect.stringMatching(/^ase_/) as unknown,
      total_currency: 'GBP',
    });
    expect(seats.some((s) => !s.available && s.available_services.length === 0)).toBe(true);
  });

  it('draws a restricted seat (Duffel gives it no designator) in its place, never for sale', () => {
    const raw = fixture('components-seat-map-restricted.json') as {
      cabins: { rows: { sections: { elements: { type: string }[] }[] }[] }[];
    };
    const map = seatMapOf(raw);
    expect(() => seatMapSchema.parse(map)).not.toThrow();
    const rawElements = raw.cabins.flatMap((c) =>
      c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)),
    );
    const mapped = map?.cabins.flatMap((c) =>
      c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)),
    );
    expect(mapped).toHaveLength(rawElements.length);
    const restricted = rawElements.flatMap((e, i) =>
      e.type === 'restricted_seat_general' ? [i] : [],
    );
    expect(restricted.length).toBeGreaterThan(0);
    for (const i of restricted) expect(mapped?.[i]).toEqual({ type: 'empty' });
    expect(mapped?.some((e) => e.type === 'seat' && e.available)).toBe(true);
  });

  it('keeps an upper deck apart from the main deck', () => {
    const raw = structuredClone(fixture('sdk-seat-map.json')) as { cabins: { deck: number }[] };
    const [main] = raw.cabins;
    if (main) raw.cabins.push({ ...structuredClone(main), deck: 1 });
    const map = seatMapOf(raw);
    expect(map?.cabins.map((c) => c.deck)).toEqual([0, 1]);
    expect(() => seatMapSchema.parse(map)).not.toThrow();
  });
});

describe('Duffel’s order and cancellation', () => {
  it('maps the SDK’s example order: reference, seats, totals, refundability', () => {
    const order = orderOf(fixture('sdk-order.json'), { now });
    expect(order).toMatchObject({
      bookingReference: 'RZPNX8',
      totalAmount: '90.80',
      totalCurrency: 'GBP',
      refundable: true,
      seats: [
        {
          passengerId: 'passenger_0',
          segmentId: expect.stringMatching(/^seg_/) as unknown,
          designator: '14B',
          totalAmount: '0.00',
          totalCurrency: 'GBP',
        },
      ],
    });
    expect(order?.slices[0]?.segments[0]?.flight_number).toMatch(/^BA/);
    expect(orderReference(fixture('sdk-order.json'), 'customer_prefs')).toBe('window seat');
    expect(orderReference(fixture('sdk-order.json'), 'contrail_booking')).toBeNull();
  });

  it('passes on only the money refunded to the balance', () => {
    const quote = fixture('sdk-order-cancellation.json');
    expect(cancellationOf(quote, { now, currency: 'USD' })).toEqual({
      id: 'ore_00009qzZWzjDipIkqpaUAj',
      orderId: 'ord_00009hthhsUZ8W4LxQgkjo',
      refundAmount: '90.80',
      refundCurrency: 'GBP',
      refundTo: 'original_payment',
      airlineCredits: [],
      expiresAt: '2020-01-17T10:42:14.545Z',
      confirmedAt: '2020-01-17T11:51:43.114Z',
    });
    const credits = cancellationOf(
      { ...quote, refund_to: 'airline_credits' },
      { now, currency: 'USD' },
    );
    expect(credits?.refundAmount).toBe('0.00');
    const unsaid = cancellationOf(
      without(quote, 'refund_amount', 'refund_currency', 'expires_at'),
      {
        now,
        currency: 'USD',
      },
    );
    // A refund not stated is unknown, never nothing: it is asked for again later.
    expect(unsaid).toMatchObject({
      refundAmount: null,
      refundCurrency: 'USD',
      confirmedAt: expect.any(String) as unknown,
    });
  });
});

describe('Duffel’s errors', () => {
  const headers = new Headers() as unknown as ConstructorParameters<
    typeof DuffelError
  >[0]['headers'];
  const duffelError = (status: number, errors: Record<string, unknown>[]) =>
    new DuffelError({
      meta: { status, request_id: 'FZW0H3HdJwKk5HMAAKxB' },
      errors: errors as unknown as ConstructorParameters<typeof DuffelError>[0]['errors'],
      headers,
    });

  it('names the checkout form’s fields for the passengers Duffel refuses', () => {
    const error = supplierErrorOf(
      duffelError(422, [
        {
          type: 'validation_error',
          code: 'invalid_phone_number',
          title: 'Invalid phone number',
          message: 'The phone number is not valid',
          source: { field: 'phone_number', pointer: '/passengers/1/phone_number' },
        },
        {
          type: 'validation_error',
          code: 'invalid_value',
          title: 'Invalid data',
          message: 'The passport has expired',
          source: { field: 'expires_on', pointer: '/passengers/0/identity_documents/0/expires_on' },
        },
      ]),
    );
    expect(error.code).toBe('validation');
    expect(error.details).toEqual({
      fields: {
        'passengers.1.phone': 'The phone number is not valid',
        'passengers.0.passportExpiryDate': 'The passport has expired',
      },
      requestId: 'FZW0H3HdJwKk5HMAAKxB',
      providerCode: 'invalid_phone_number',
    });
  });

  it.each([
    [422, 'airline_error', 'offer_no_longer_available', 'offer_unavailable'],
    [422, 'airline_error', 'price_changed', 'price_changed'],
    [422, 'invalid_state_error', 'offer_request_already_booked', 'offer_unavailable'],
    [404, 'invalid_request_error', 'not_found', 'not_found'],
    [422, 'airline_error', 'something_new', 'order_refused'],
    [429, 'rate_limit_error', 'rate_limit_exceeded', 'rate_limited'],
    [401, 'authentication_error', 'access_token_not_found', 'provider_error'],
    [500, 'api_error', 'internal_server_error', 'provider_error'],
    [504, 'api_error', 'gateway_timeout', 'timeout'],
  ])('%i %s %s → %s', (status, type, code, expected) => {
    const error = supplierErrorOf(duffelError(status, [{ type, code, title: 't', message: 'm' }]));
    expect(error.code).toBe(expected);
    expect(error.details.requestId).toBe('FZW0H3HdJwKk5HMAAKxB');
  });

  it('reads a body that is no Duffel error (a proxy’s page) as the provider failing', () => {
    const html = new DuffelError({
      ...({} as { meta: never; errors: never }),
      headers,
    });
    expect(supplierErrorOf(html).code).toBe('provider_error');
    expect(supplierErrorOf(new Error('ECONNREFUSED')).code).toBe('provider_error');
  });
});
