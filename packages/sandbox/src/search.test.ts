import { addDays } from '@contrail/contracts/flight-search';
import { describe, expect, it } from 'vitest';
import { SandboxError } from './errors';
import { parseAmount } from './money';
import { createSandbox } from './sandbox';
import type { SandboxStore } from './store';
import { createTestSandbox, testSecret, must } from './test-factories';
import { parseIsoDuration } from './time-zones';
import type { Offer, SearchOffersInput } from './types';

const { sandbox } = createTestSandbox({ now: '2026-01-10T09:00:00Z' });

function returnTrip(
  date: string,
  back: string,
  extra: Partial<SearchOffersInput> = {},
): SearchOffersInput {
  return {
    slices: [
      { origin: 'LHR', destination: 'JFK', departure_date: date },
      { origin: 'JFK', destination: 'LHR', departure_date: back },
    ],
    passengers: [{ type: 'adult' }],
    cabin_class: 'economy',
    ...extra,
  };
}

async function rejection(promise: Promise<unknown>): Promise<SandboxError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SandboxError) return error;
    throw error;
  }
  throw new Error('expected a SandboxError');
}

/** The calendar date at an airport at an instant. */
function localDate(iata: string, instant: string): string {
  const zone =
    iata === 'LHR' ? 'Europe/London' : iata === 'NRT' ? 'Asia/Tokyo' : 'America/New_York';
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(instant));
}

/** A local wall-clock time (`YYYY-MM-DDTHH:mm:ss`) in a time zone, as an instant. */
function localToInstant(local: string, timeZone: string): number {
  const guess = Date.parse(`${local}Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(guess));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const shown = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return guess - (shown - guess);
}

function minor(amount: string, currency = 'GBP'): number {
  const value = parseAmount(amount, currency as 'GBP');
  if (value === null) throw new Error(`bad amount ${amount}`);
  return value;
}

describe('searchOffers', () => {
  it('finds at least 50 LHR→JFK return offers on dates across the next 11 months', async () => {
    for (let days = 1; days <= 335; days += 26) {
      const date = addDays('2026-01-10', days);
      const request = await sandbox.searchOffers(returnTrip(date, addDays(date, 7)));
      expect(request.offers.length, date).toBeGreaterThanOrEqual(50);
    }
  });

  it('never offers a flight leaving less than 2 hours after the search, at any time of day', async () => {
    // Searching today, at several clock times on the origin's own day: only later flights.
    for (const instant of [
      '2026-01-10T06:00:00Z',
      '2026-01-10T12:30:00Z',
      '2026-01-10T19:45:00Z',
      '2026-01-10T23:10:00Z',
    ]) {
      const clocked = createTestSandbox({ now: instant }).sandbox;
      for (const [origin, destination] of [
        ['LHR', 'JFK'],
        ['NRT', 'SIN'],
        ['JFK', 'LAX'],
      ] as const) {
        const { offers } = await clocked.searchOffers({
          slices: [{ origin, destination, departure_date: localDate(origin, instant) }],
          passengers: [{ type: 'adult' }],
        });
        for (const offer of offers) {
          const first = must(offer.slices[0]?.segments[0]);
          const leaves = localToInstant(first.departing_at, first.origin.time_zone);
          expect(leaves - Date.parse(instant)).toBeGreaterThanOrEqual(2 * 60 * 60 * 1000);
        }
      }
    }
  });

  it('answers the same offers to the same request within a clock minute, new ones after it', async () => {
    const test = createTestSandbox({ now: '2026-01-10T09:00:12.345Z' });
    const first = await test.sandbox.searchOffers(returnTrip('2026-03-04', '2026-03-11'));
    test.setNow('2026-01-10T09:00:59.999Z');
    const again = await test.sandbox.searchOffers(returnTrip('2026-03-04', '2026-03-11'));
    expect(again).toEqual(first);
    expect(first.created_at).toBe('2026-01-10T09:00:00.000Z');
    expect(must(first.offers[0]).expires_at).toBe('2026-01-10T09:30:00.000Z');
    test.setNow('2026-01-10T09:01:00.000Z');
    const later = await test.sandbox.searchOffers(returnTrip('2026-03-04', '2026-03-11'));
    expect(later.created_at).toBe('2026-01-10T09:01:00.000Z');
    expect(must(later.offers[0]).id).not.toBe(must(first.offers[0]).id);
  });

  it('answers Duffel’s offer request shape', async () => {
    const request = await sandbox.searchOffers(
      returnTrip('2026-03-04', '2026-03-11', { currency: 'GBP' }),
    );
    expect(request.id).toMatch(/^orq_/);
    expect(request.live_mode).toBe(false);
    expect(request.created_at).toBe('2026-01-10T09:00:00.000Z');
    expect(request.slices[0]).toMatchObject({
      origin: { iata_code: 'LHR', type: 'airport' },
      destination: { iata_code: 'JFK' },
      departure_date: '2026-03-04',
    });
    expect(request.passengers).toHaveLength(1);
    expect(request.passengers[0]?.id).toMatch(/^pas_[0-9A-Za-z]{22}$/);
    expect(request.passengers[0]?.type).toBe('adult');
    const offer = must(request.offers[0]);
    expect(offer.id).toMatch(/^off_/);
    expect(offer.expires_at).toBe('2026-01-10T09:30:00.000Z');
    expect(offer.total_currency).toBe('GBP');
    expect(offer.passengers).toEqual(request.passengers);
    expect(offer.passenger_identity_documents_required).toBe(true);
    expect(offer.available_services).toEqual([]);
    expect(offer.payment_requirements.requires_instant_payment).toBe(true);
    expect(offer.slices).toHaveLength(2);
    for (const slice of offer.slices) {
      expect(slice.id).toMatch(/^sli_/);
      expect(['Basic', 'Standard', 'Flex']).toContain(slice.fare_brand_name);
      expect(parseIsoDuration(slice.duration)).not.toBeNull();
      for (const segment of slice.segments) {
        expect(segment.id).toMatch(/^seg_/);
        expect(segment.departing_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
        expect(segment.arriving_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
        expect(segment.duration).toMatch(/^PT(\d+H)?(\d+M)?$/);
        expect(segment.marketing_carrier.logo_symbol_url).toMatch(/^data:image\/svg\+xml,/);
        expect(segment.marketing_carrier_flight_number).toMatch(/^\d{1,4}$/);
        expect(segment.aircraft.iata_code).toMatch(/^[0-9A-Z]{3}$/);
        expect(segment.origin.time_zone).toBeTruthy();
        expect(segment.passengers[0]).toMatchObject({
          passenger_id: must(request.passengers[0]).id,
          cabin_class: 'economy',
        });
      }
    }
  });

  it('prices every offer with base + tax = total, cheapest first', async () => {
    const request = await sandbox.searchOffers(
      returnTrip('2026-04-14', '2026-04-21', { currency: 'EUR' }),
    );
    let previous = 0;
    for (const offer of request.offers) {
      const total = minor(offer.total_amount, 'EUR');
      expect(minor(offer.base_amount, 'EUR') + minor(offer.tax_amount, 'EUR')).toBe(total);
      expect(total).toBeGreaterThanOrEqual(previous);
      previous = total;
      expect(offer.base_currency).toBe('EUR');
      expect(offer.tax_currency).toBe('EUR');
    }
  });

  it('offers three brands with different conditions on the same flights', async () => {
    const request = await sandbox.searchOffers(returnTrip('2026-04-14', '2026-04-21'));
    const first = must(request.offers[0]);
    const key = first.slices.map((s) => s.comparison_key).join();
    const same = request.offers.filter((o) => o.slices.map((s) => s.comparison_key).join() === key);
    const brands = new Map(same.map((o) => [must(o.slices[0]).fare_brand_name, o]));
    expect([...brands.keys()].sort()).toEqual(['Basic', 'Flex', 'Standard']);
    const basic = must(brands.get('Basic'));
    const flex = must(brands.get('Flex'));
    expect(basic.conditions.refund_before_departure).toEqual({
      allowed: false,
      penalty_amount: null,
      penalty_currency: null,
    });
    expect(flex.conditions.refund_before_departure).toMatchObject({
      allowed: true,
      penalty_amount: '0.00',
    });
    expect(must(brands.get('Standard')).conditions.change_before_departure?.allowed).toBe(true);
    const checked = (offer: Offer) =>
      must(must(must(offer.slices[0]).segments[0]).passengers[0]).baggages.find(
        (b) => b.type === 'checked',
      )?.quantity;
    expect(checked(basic)).toBe(0);
    expect(checked(flex)).toBe(2);
    expect(minor(basic.total_amount)).toBeLessThan(minor(flex.total_amount));
  });

  it('prices children and infants by type', async () => {
    const request = await sandbox.searchOffers({
      ...returnTrip('2026-05-05', '2026-05-12'),
      passengers: [{ type: 'adult' }, { age: 7 }, { type: 'infant_without_seat' }],
    });
    expect(request.passengers.map((p) => [p.type, p.age])).toEqual([
      ['adult', null],
      ['child', 7],
      ['infant_without_seat', null],
    ]);
    const solo = await sandbox.searchOffers(returnTrip('2026-05-05', '2026-05-12'));
    const family = must(
      request.offers.find(
        (o) =>
          must(o.slices[0]).comparison_key ===
            must(must(solo.offers[0]).slices[0]).comparison_key &&
          must(o.slices[1]).comparison_key ===
            must(must(solo.offers[0]).slices[1]).comparison_key &&
          must(o.slices[0]).fare_brand_name ===
            must(must(solo.offers[0]).slices[0]).fare_brand_name,
      ),
    );
    const adult = minor(must(solo.offers[0]).base_amount, 'USD');
    const all = minor(family.base_amount, 'USD');
    expect(all).toBeGreaterThan(adult * 1.7);
    expect(all).toBeLessThan(adult * 2);
  });

  it('searches one-way, multi-city and by city code', async () => {
    const oneWay = await sandbox.searchOffers({
      slices: [{ origin: 'CDG', destination: 'FCO', departure_date: '2026-02-14' }],
      passengers: [{ type: 'adult' }],
    });
    expect(oneWay.offers.length).toBeGreaterThan(0);
    expect(oneWay.offers.every((o) => o.slices.length === 1)).toBe(true);
    const multi = await sandbox.searchOffers({
      slices: [
        { origin: 'LHR', destination: 'SIN', departure_date: '2026-06-01' },
        { origin: 'SIN', destination: 'SYD', departure_date: '2026-06-05' },
        { origin: 'SYD', destination: 'LHR', departure_date: '2026-06-15' },
      ],
      passengers: [{ type: 'adult' }],
    });
    expect(multi.offers.length).toBeGreaterThan(0);
    for (const offer of multi.offers) {
      expect(offer.slices.map((s) => [s.origin.iata_code, s.destination.iata_code])).toEqual([
        ['LHR', 'SIN'],
        ['SIN', 'SYD'],
        ['SYD', 'LHR'],
      ]);
    }
    const cities = await sandbox.searchOffers({
      slices: [{ origin: 'LON', destination: 'NYC', departure_date: '2026-03-04' }],
      passengers: [{ type: 'adult' }],
    });
    expect(cities.slices[0]).toMatchObject({
      origin_type: 'city',
      origin: { iata_code: 'LON', type: 'city' },
    });
    const origins = new Set(cities.offers.map((o) => must(o.slices[0]).origin.iata_code));
    const destinations = new Set(cities.offers.map((o) => must(o.slices[0]).destination.iata_code));
    expect(origins.size).toBeGreaterThan(1);
    expect([...destinations].every((code) => ['JFK', 'EWR', 'LGA'].includes(code))).toBe(true);
  });

  it('sells premium cabins only where the aircraft has them', async () => {
    const first = await sandbox.searchOffers(
      returnTrip('2026-03-04', '2026-03-11', { cabin_class: 'first' }),
    );
    expect(first.offers.length).toBeGreaterThan(0);
    for (const offer of first.offers) {
      expect(offer.slices.every((s) => s.fare_brand_name === 'First')).toBe(true);
      expect(
        offer.slices.every((s) =>
          s.segments.some((g) => must(g.passengers[0]).cabin_class === 'first'),
        ),
      ).toBe(true);
    }
    // Narrowbodies have no premium economy: short-haul offers sell it only on a widebody leg.
    const premium = await sandbox.searchOffers({
      slices: [{ origin: 'BRS', destination: 'EDI', departure_date: '2026-03-04' }],
      passengers: [{ type: 'adult' }],
      cabin_class: 'premium_economy',
    });
    for (const offer of premium.offers) {
      const cabins = must(offer.slices[0]).segments.map((g) => must(g.passengers[0]).cabin_class);
      expect(cabins).toContain('premium_economy');
      expect(cabins.every((c) => c === 'premium_economy' || c === 'economy')).toBe(true);
    }
  });

  it('converts prices into the asked currency', async () => {
    const usd = await sandbox.searchOffers(
      returnTrip('2026-03-04', '2026-03-11', { currency: 'USD' }),
    );
    const jpy = await sandbox.searchOffers(
      returnTrip('2026-03-04', '2026-03-11', { currency: 'JPY' }),
    );
    expect(must(jpy.offers[0]).total_amount).toMatch(/^\d+$/);
    const ratio =
      minor(must(jpy.offers[0]).total_amount, 'JPY') /
      (minor(must(usd.offers[0]).total_amount, 'USD') / 100);
    expect(ratio).toBeGreaterThan(145);
    expect(ratio).toBeLessThan(155);
  });

  it('gives the same answer to the same request at the same time', async () => {
    const a = await sandbox.searchOffers(returnTrip('2026-07-01', '2026-07-09'));
    const b = await sandbox.searchOffers(returnTrip('2026-07-01', '2026-07-09'));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('keeps networks of different seeds apart in one process', async () => {
    const input = returnTrip('2026-07-01', '2026-07-09');
    const first = await sandbox.searchOffers(input);
    const reseeded = createTestSandbox({ now: '2026-01-10T09:00:00Z', seed: 'another-network' });
    const other = await reseeded.sandbox.searchOffers(input);
    expect(JSON.stringify(other.offers)).not.toBe(JSON.stringify(first.offers));
    expect(JSON.stringify(await sandbox.searchOffers(input))).toBe(JSON.stringify(first));
  });

  it('never touches the store', async () => {
    const forbidden = new Proxy({} as SandboxStore, {
      get: () => {
        throw new Error('search used the store');
      },
    });
    const isolated = createSandbox({
      store: forbidden,
      clock: () => new Date('2026-01-10T09:00:00Z'),
      secret: testSecret,
    });
    const request = await isolated.searchOffers(returnTrip('2026-03-04', '2026-03-11'));
    expect(request.offers.length).toBeGreaterThan(0);
    await expect(isolated.getOffer(must(request.offers[0]).id)).resolves.toMatchObject({
      id: must(request.offers[0]).id,
    });
  });
});

describe('searchOffers validation', () => {
  const cases: [string, SearchOffersInput, string][] = [
    [
      'same origin and destination',
      returnTrip('2026-03-04', '2026-03-11', {
        slices: [{ origin: 'LHR', destination: 'LHR', departure_date: '2026-03-04' }],
      }),
      'slices[0].destination',
    ],
    [
      'same city',
      returnTrip('2026-03-04', '2026-03-11', {
        slices: [{ origin: 'LHR', destination: 'LON', departure_date: '2026-03-04' }],
      }),
      'slices[0].destination',
    ],
    ['a past date', returnTrip('2026-01-09', '2026-01-20'), 'slices[0].departure_date'],
    [
      'a date beyond the horizon',
      returnTrip('2027-03-04', '2027-03-11'),
      'slices[0].departure_date',
    ],
    [
      'a return before the outbound',
      returnTrip('2026-03-04', '2026-03-01'),
      'slices[1].departure_date',
    ],
    ['an impossible date', returnTrip('2026-02-30', '2026-03-11'), 'slices[0].departure_date'],
    [
      'an unknown airport',
      returnTrip('2026-03-04', '2026-03-11', {
        slices: [{ origin: 'QQQ', destination: 'JFK', departure_date: '2026-03-04' }],
      }),
      'slices[0].origin',
    ],
    ['no slices', returnTrip('2026-03-04', '2026-03-11', { slices: [] }), 'slices'],
    [
      'more infants than adults',
      returnTrip('2026-03-04', '2026-03-11', {
        passengers: [{ type: 'adult' }, { age: 0 }, { age: 1 }],
      }),
      'passengers',
    ],
    [
      'ten seated passengers',
      returnTrip('2026-03-04', '2026-03-11', {
        passengers: Array.from({ length: 10 }, () => ({ type: 'adult' as const })),
      }),
      'passengers',
    ],
    [
      'a bad cabin',
      returnTrip('2026-03-04', '2026-03-11', { cabin_class: 'luxury' as 'first' }),
      'cabin_class',
    ],
    [
      'three connections',
      returnTrip('2026-03-04', '2026-03-11', { max_connections: 3 }),
      'max_connections',
    ],
    [
      'an unsupported currency',
      returnTrip('2026-03-04', '2026-03-11', { currency: 'XAU' as 'USD' }),
      'currency',
    ],
  ];
  for (const [name, input, field] of cases) {
    it(`refuses ${name}`, async () => {
      const error = await rejection(sandbox.searchOffers(input));
      expect(error.code).toBe('validation_error');
      expect(error.status).toBe(422);
      expect(Object.keys(error.details.fields ?? {})).toContain(field);
    });
  }
});
