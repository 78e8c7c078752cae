import { expandSearchResults } from '@contrail/contracts/search-results';
import { searchResultsSchema } from '@contrail/contracts/search-results-schema';
import { searchMessages, type SearchCriteria } from '@contrail/contracts/flight-search';
import { toMinorUnits } from '@contrail/contracts/money';
import { airportListSchema } from '@contrail/contracts/airports';
import {
  datePricesResponseSchema,
  offerMessages,
  offerSchema,
  seatMapsResponseSchema,
} from '@contrail/contracts/offers';
import { priceCalendarMessages, priceCalendarSchema } from '@contrail/contracts/price-calendar';
import { createMemoryStore } from '@contrail/sandbox/memory-store';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { TestClient } from '../../../test/http';
import type { FlightSupplier } from '../../providers/flights/flight-supplier';
import { createSandboxSupplier } from '../../providers/flights/sandbox/sandbox-supplier';
import { withSellPrice } from '@contrail/contracts/money';

let now = new Date('2026-11-22T09:00:00Z');
const clock = () => now;
const sandboxSupplier = createSandboxSupplier({
  store: createMemoryStore(),
  clock,
  secret: 'flights-test-secret-0123456789abcdef',
});
let supplierSearches = 0;
const supplier: FlightSupplier = {
  ...sandboxSupplier,
  search: (request) => {
    supplierSearches += 1;
    return sandboxSupplier.search(request);
  },
  // The sandbox writes most of its answers itself: each one written is the supplier asked too.
  answerSearch: (request, terms) => {
    const written = sandboxSupplier.answerSearch?.(request, terms) ?? null;
    if (written) supplierSearches += 1;
    return written;
  },
};

const criteria = (overrides: Partial<Record<keyof SearchCriteria, unknown>> = {}) => ({
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-12-20',
  returnDate: '2026-12-27',
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  tripType: 'round-trip',
  ...overrides,
});

describe('flights API', () => {
  const t = useTestApp({}, { clock, flightSupplier: supplier, searchTimeoutMs: 200 });
  const client = (brand?: string) => new TestClient(t.app, brand ? { brand } : {});

  async function searchOffers(body = criteria(), brand?: string) {
    const response = await client(brand).post('/api/flights/search', body);
    expect(response.statusCode).toBe(200);
    const results = searchResultsSchema.parse(response.json());
    return { ...results, offers: expandSearchResults(results) };
  }

  describe('GET /api/airports', () => {
    it('lists at least 1,000 airports, cacheable, with an ETag', async () => {
      const response = await client().get('/api/airports');
      expect(response.statusCode).toBe(200);
      const { airports } = airportListSchema.parse(response.json());
      expect(airports.length).toBeGreaterThanOrEqual(1000);
      expect(airports.find((a) => a.iata_code === 'LHR')).toMatchObject({
        city_name: 'London',
        country_code: 'GB',
        tier: 1,
      });
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      const again = await client().get('/api/airports', {
        'if-none-match': String(response.headers.etag),
      });
      expect(again.statusCode).toBe(304);
    });

    it('lists cities as all-airports entries and no closed airport', async () => {
      const { airports } = airportListSchema.parse((await client().get('/api/airports')).json());
      const byCode = new Map(airports.map((a) => [a.iata_code, a]));
      expect(byCode.get('LON')).toMatchObject({
        type: 'city',
        name: 'London (all airports)',
        city_name: 'London',
        country_code: 'GB',
        city_code: null,
      });
      for (const code of ['NYC', 'PAR', 'TYO', 'MIL', 'WAS', 'SAO', 'BJS']) {
        expect(byCode.get(code)?.type, code).toBe('city');
      }
      expect(byCode.get('LHR')).toMatchObject({ type: 'airport', city_code: 'LON' });
      expect(byCode.get('BOM')?.aliases).toContain('Bombay');
      expect((byCode.get('LON')?.rank ?? 0) < (byCode.get('LHR')?.rank ?? 0)).toBe(true);
      for (const closed of ['YMX', 'TXL', 'SXF', 'RYG', 'DKR']) {
        expect(byCode.has(closed), closed).toBe(false);
      }
    });

    it('is compressed for clients that accept it', async () => {
      const response = await client().get('/api/airports', { 'accept-encoding': 'gzip' });
      expect(response.headers['content-encoding']).toBe('gzip');
    });
  });

  describe('POST /api/flights/search', () => {
    it('answers LHR→JFK return with at least 50 offers at sell prices', async () => {
      const result = await searchOffers();
      expect(result.offers.length).toBeGreaterThanOrEqual(50);
      expect(result.searchId).toMatch(/^orq_/);
      expect(Date.parse(result.expiresAt)).toBe(now.getTime() + 30 * 60 * 1000);
      for (const offer of result.offers.slice(0, 10)) {
        expect(offer.slices).toHaveLength(2);
        expect(offer.total_currency).toBe('USD');
        expect(toMinorUnits(offer.total_amount, 'USD') % 100).toBe(0);
        expect(toMinorUnits(offer.base_amount, 'USD') + toMinorUnits(offer.tax_amount, 'USD')).toBe(
          toMinorUnits(offer.total_amount, 'USD'),
        );
      }
    });

    it("applies the brand's markup once to the provider's price", async () => {
      const provider = await supplier.search({
        slices: [
          { origin: 'LHR', destination: 'JFK', departureDate: '2026-12-20' },
          { origin: 'JFK', destination: 'LHR', departureDate: '2026-12-27' },
        ],
        passengers: [{ type: 'adult' }],
        cabinClass: 'economy',
        currency: 'USD',
      });
      const [cheapest] = provider.offers;
      if (!cheapest) throw new Error('no offers');
      const expected = (markup: number) =>
        Math.ceil(
          (toMinorUnits(cheapest.total_amount, 'USD') +
            (toMinorUnits(cheapest.base_amount, 'USD') * markup) / 100) /
            100,
        ) * 100;
      const contrail = (await searchOffers()).offers.find((o) => o.id === cheapest.id);
      const skyhop = (await searchOffers(criteria(), 'skyhop.localhost')).offers.find(
        (o) => o.id === cheapest.id,
      );
      expect(toMinorUnits(contrail?.total_amount ?? '0', 'USD')).toBe(expected(23));
      expect(toMinorUnits(skyhop?.total_amount ?? '0', 'USD')).toBe(expected(18));
      expect(contrail?.tax_amount).toBe(cheapest.tax_amount);
    });

    it("answers a repeated search from its cache within the supplier's window, anew after it", async () => {
      const before = supplierSearches;
      const first = await client().post('/api/flights/search', criteria());
      now = new Date('2026-11-22T09:00:59Z');
      try {
        const again = await client().post('/api/flights/search', criteria());
        expect(again.body).toBe(first.body);
        expect(supplierSearches - before).toBe(1);
        // Another brand has its own prices, so its own answer.
        await client('skyhop.localhost').post('/api/flights/search', criteria());
        expect(supplierSearches - before).toBe(2);
        now = new Date('2026-11-22T09:01:00Z');
        const next = searchResultsSchema.parse(
          (await client().post('/api/flights/search', criteria())).json(),
        );
        expect(supplierSearches - before).toBe(3);
        expect(next.searchId).not.toBe(searchResultsSchema.parse(first.json()).searchId);
      } finally {
        now = new Date('2026-11-22T09:00:00Z');
      }
    });

    it("writes each itinerary once with its fares, losing nothing of the provider's offers", async () => {
      const request = {
        slices: [
          { origin: 'LHR', destination: 'JFK', departureDate: '2026-12-20' },
          { origin: 'JFK', destination: 'LHR', departureDate: '2026-12-27' },
        ],
        passengers: [{ type: 'adult' as const }],
        cabinClass: 'economy' as const,
        currency: 'USD',
      };
      const provider = await sandboxSupplier.search(request);
      const response = await client().post('/api/flights/search', criteria());
      const results = searchResultsSchema.parse(response.json());
      // Economy comes in three fare brands: three offers per itinerary.
      expect(results.itineraries.length * 3).toBe(provider.offers.length);
      const expanded = expandSearchResults(results);
      expect(expanded.map((offer) => offer.id)).toEqual(
        results.itineraries.flatMap((itinerary) => itinerary.fares.map((fare) => fare.id)),
      );
      const byId = new Map(provider.offers.map((offer) => [offer.id, offer]));
      for (const offer of expanded) {
        const sold = byId.get(offer.id);
        if (!sold) throw new Error(`${offer.id} is not one of the provider's offers`);
        const { available_services: _none, slices, ...rest } = withSellPrice(sold, '23.00');
        expect(offer).toEqual({
          ...rest,
          slices: slices.map(({ id: _slice, segments, ...slice }) => ({
            ...slice,
            segments: segments.map(({ id: _segment, ...segment }) => segment),
          })),
        });
      }
    });

    it('keeps a 150-fare answer within 120 KB of JSON and 20 KB compressed', async () => {
      const plain = await client().post('/api/flights/search', criteria());
      const fares = searchResultsSchema
        .parse(plain.json())
        .itineraries.reduce((sum, itinerary) => sum + itinerary.fares.length, 0);
      expect(fares).toBe(150);
      expect(plain.rawPayload.length).toBeLessThanOrEqual(120 * 1024);
      for (const encoding of ['br', 'gzip']) {
        const packed = await client().post('/api/flights/search', criteria(), {
          'accept-encoding': encoding,
        });
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.rawPayload.length).toBeLessThanOrEqual(20 * 1024);
      }
    });

    it('compresses the answer for clients that accept brotli or gzip', async () => {
      const plain = await client().post('/api/flights/search', criteria());
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await client().post('/api/flights/search', criteria(), {
        'accept-encoding': 'gzip, deflate, br',
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await client().post('/api/flights/search', criteria(), {
        'accept-encoding': 'gzip, br;q=0',
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    });

    it('points airline logos at the logo files the API serves', async () => {
      const [offer] = (await searchOffers()).offers;
      const airline = offer?.slices[0]?.segments[0]?.airline;
      expect(airline?.logo_url).toBe(`/api/airlines/${airline?.iata_code ?? ''}/logo.svg`);
      const logo = await client().get(airline?.logo_url ?? '');
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toContain('image/svg+xml');
      expect(logo.headers['cache-control']).toBe('public, max-age=604800');
      expect(logo.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      for (const unknown of ['/api/airlines/Q9/logo.svg', '/api/airlines/bad!/logo.svg']) {
        expect((await client().get(unknown)).statusCode).toBeGreaterThanOrEqual(400);
      }
    });

    it('answers one way with one slice', async () => {
      const result = await searchOffers(criteria({ tripType: 'one-way', returnDate: undefined }));
      expect(result.offers.every((offer) => offer.slices.length === 1)).toBe(true);
    });

    it('prices children and infants', async () => {
      const result = await searchOffers(
        criteria({
          adultsCount: 2,
          childrenCount: 1,
          childrenAges: [7],
          infantsCount: 1,
          infantsAges: [1],
        }),
      );
      expect(result.offers[0]?.passengers.map((p) => [p.type, p.age])).toEqual([
        ['adult', null],
        ['adult', null],
        ['child', 7],
        ['infant_without_seat', 1],
      ]);
    });

    it.each([
      [{ origin: '' }, 400, searchMessages.originRequired],
      [{ origin: 'XXX' }, 400, searchMessages.originRequired],
      [{ destination: 'NY' }, 400, searchMessages.destinationRequired],
      [{ departureDate: '' }, 400, searchMessages.departureDateRequired],
      [{ departureDate: '2026-02-30' }, 400, searchMessages.departureDateRequired],
      [{ adultsCount: 0 }, 400, searchMessages.adultsRequired],
      [{ cabinClass: 'steerage' }, 400, undefined],
      [{ destination: 'LHR' }, 422, searchMessages.sameAirports],
      [{ departureDate: '2026-11-21' }, 422, searchMessages.departureInPast],
      [{ returnDate: '2026-12-19' }, 422, searchMessages.returnBeforeDeparture],
      [{ returnDate: undefined }, 422, searchMessages.returnDateRequired],
      [{ departureDate: '2027-11-01', returnDate: '2027-11-08' }, 422, searchMessages.tooFarAhead],
      [{ adultsCount: 1, infantsCount: 2 }, 422, searchMessages.infantsExceedAdults],
      [
        { adultsCount: 5, childrenCount: 5, childrenAges: [2, 3, 4, 5, 6] },
        422,
        searchMessages.tooManyPassengers,
      ],
      [{ childrenCount: 1 }, 422, searchMessages.childAgesRequired],
      [{ infantsCount: 1, infantsAges: [0, 1] }, 422, searchMessages.infantAgesRequired],
      [{ childrenCount: 1, childrenAges: [12] }, 400, searchMessages.childAgeRange],
    ])('refuses %o with %i and the spec message', async (override, status, message) => {
      const response = await client().post('/api/flights/search', criteria(override));
      expect(response.statusCode).toBe(status);
      if (message) expect(response.json()).toMatchObject({ error: { message } });
    });

    it('searches every airport of a city given by its code', async () => {
      const result = await searchOffers(
        criteria({ origin: 'LON', destination: 'NYC', tripType: 'one-way', returnDate: undefined }),
      );
      expect(result.offers.length).toBeGreaterThan(0);
      const origins = new Set<string>();
      for (const offer of result.offers) {
        const [slice] = offer.slices;
        origins.add(slice?.origin.iata_code ?? '');
        expect(['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN']).toContain(slice?.origin.iata_code);
        expect(['JFK', 'LGA', 'EWR']).toContain(slice?.destination.iata_code);
      }
      expect(origins.size).toBeGreaterThan(1);
    });

    it('refuses a city and one of its own airports', async () => {
      for (const body of [
        criteria({ origin: 'LON', destination: 'LHR' }),
        criteria({ destination: 'LON' }),
      ]) {
        const response = await client().post('/api/flights/search', body);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ error: { message: searchMessages.sameAirports } });
      }
    });

    it("judges 'past' by the date at the origin airport", async () => {
      // 12:00 UTC on the 22nd is already 01:00 on the 23rd in Auckland.
      now = new Date('2026-11-22T12:00:00Z');
      const response = await client().post(
        '/api/flights/search',
        criteria({
          origin: 'AKL',
          destination: 'SYD',
          departureDate: '2026-11-22',
          tripType: 'one-way',
          returnDate: undefined,
        }),
      );
      now = new Date('2026-11-22T09:00:00Z');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: { message: searchMessages.departureInPast } });
      const londonSameDay = await client().post(
        '/api/flights/search',
        criteria({ departureDate: '2026-11-22' }),
      );
      expect(londonSameDay.statusCode).toBe(200);
    });

    it('answers an empty list when the airline has nothing', async () => {
      const result = await searchOffers(
        criteria({ origin: 'PVD', destination: 'RAI', tripType: 'one-way', returnDate: undefined }),
      );
      expect(result.offers).toEqual([]);
    });

    it('gives up on a provider that does not answer in time', async () => {
      const response = await client().post(
        '/api/flights/search',
        criteria({ origin: 'STN', destination: 'LHR', tripType: 'one-way', returnDate: undefined }),
      );
      expect(response.statusCode).toBe(504);
      expect(response.json()).toMatchObject({ error: { code: 'supplier_timeout' } });
    });
  });

  describe('POST /api/flights/date-prices', () => {
    it('answers the cheapest price for each day from 3 before to 3 after, keeping the trip length', async () => {
      const response = await client().post('/api/flights/date-prices', criteria());
      expect(response.statusCode).toBe(200);
      const body = datePricesResponseSchema.parse(response.json());
      expect(body.currency).toBe('USD');
      expect(body.days.map((d) => [d.departureDate, d.returnDate])).toEqual([
        ['2026-12-17', '2026-12-24'],
        ['2026-12-18', '2026-12-25'],
        ['2026-12-19', '2026-12-26'],
        ['2026-12-20', '2026-12-27'],
        ['2026-12-21', '2026-12-28'],
        ['2026-12-22', '2026-12-29'],
        ['2026-12-23', '2026-12-30'],
      ]);
      const cheapestToday = (await searchOffers()).offers
        .map((o) => toMinorUnits(o.total_amount, 'USD'))
        .sort((a, b) => a - b)[0];
      expect(toMinorUnits(body.days[3]?.cheapestAmount ?? '0', 'USD')).toBe(cheapestToday);
    });

    it('prices the strip from the fare model, searching no day, each day as its search would', async () => {
      const before = supplierSearches;
      const response = await client('skyhop.localhost').post(
        '/api/flights/date-prices',
        criteria({ departureDate: '2027-01-12', returnDate: '2027-01-19' }),
      );
      const { days } = datePricesResponseSchema.parse(response.json());
      expect(supplierSearches).toBe(before);
      for (const day of days) {
        const found = await searchOffers(
          criteria({ departureDate: day.departureDate, returnDate: day.returnDate }),
          'skyhop.localhost',
        );
        const cheapest = Math.min(...found.offers.map((o) => toMinorUnits(o.total_amount, 'USD')));
        expect(toMinorUnits(day.cheapestAmount ?? '0', 'USD')).toBe(cheapest);
      }
    });

    it('has no price for days in the past', async () => {
      const response = await client().post(
        '/api/flights/date-prices',
        criteria({ departureDate: '2026-11-23', returnDate: '2026-11-30' }),
      );
      const { days } = datePricesResponseSchema.parse(response.json());
      expect(days.slice(0, 2).map((d) => d.cheapestAmount)).toEqual([null, null]);
      expect(days[2]?.cheapestAmount).not.toBeNull();
    });
  });

  describe('GET /api/flights/calendar', () => {
    const calendar = async (query: string, brand?: string) => {
      const response = await client(brand).get(`/api/flights/calendar?${query}`);
      expect(response.statusCode).toBe(200);
      return priceCalendarSchema.parse(response.json());
    };
    const cheapestOf = async (body: ReturnType<typeof criteria>, brand?: string) =>
      Math.min(
        ...(await searchOffers(body, brand)).offers.map((o) => toMinorUnits(o.total_amount, 'USD')),
      );

    it('prices every date of a month one way as its search would, searching no day', async () => {
      const before = supplierSearches;
      const days = await calendar('origin=LHR&destination=JFK&month=2027-01', 'skyhop.localhost');
      expect(supplierSearches).toBe(before);
      expect(days.map((day) => day.date)).toEqual(
        Array.from({ length: 31 }, (_, i) => `2027-01-${String(i + 1).padStart(2, '0')}`),
      );
      expect(new Set(days.map((day) => day.currency))).toEqual(new Set(['USD']));
      for (const day of [days[0], days[14], days[30]]) {
        const oneWay = criteria({
          departureDate: day?.date,
          returnDate: undefined,
          tripType: 'one-way',
        });
        expect(toMinorUnits(day?.amount ?? '0', 'USD')).toBe(
          await cheapestOf(oneWay, 'skyhop.localhost'),
        );
      }
    });

    it('prices a return of tripLength days, and each cabin apart', async () => {
      const days = await calendar('origin=CDG&destination=JFK&month=2026-12&tripLength=7');
      const day = days.find((d) => d.date === '2026-12-10');
      const trip = criteria({
        origin: 'CDG',
        departureDate: '2026-12-10',
        returnDate: '2026-12-17',
      });
      expect(toMinorUnits(day?.amount ?? '0', 'USD')).toBe(await cheapestOf(trip));
      const business = await calendar(
        'origin=CDG&destination=JFK&month=2026-12&tripLength=7&cabinClass=business',
      );
      const businessDay = business.find((d) => d.date === '2026-12-10');
      expect(toMinorUnits(businessDay?.amount ?? '0', 'USD')).toBe(
        await cheapestOf({ ...trip, cabinClass: 'business' }),
      );
      expect(toMinorUnits(businessDay?.amount ?? '0', 'USD')).toBeGreaterThan(
        toMinorUnits(day?.amount ?? '0', 'USD'),
      );
    });

    it('leaves out the days already past and those beyond the booking horizon', async () => {
      // The clock reads 2026-11-22 09:00 UTC; flights are booked up to 11 months ahead.
      const november = await calendar('origin=LHR&destination=JFK&month=2026-11');
      expect(november[0]?.date).toBe('2026-11-22');
      expect(november.at(-1)?.date).toBe('2026-11-30');
      const october = await calendar('origin=LHR&destination=JFK&month=2027-10');
      expect(october.at(-1)?.date).toBe('2027-10-22');
      expect(await calendar('origin=LHR&destination=JFK&month=2026-10')).toEqual([]);
    });

    it('refuses a malformed month, trip length or airport, and a trip to the same city', async () => {
      const refused = async (query: string, message: string, status = 400) => {
        const response = await client().get(`/api/flights/calendar?${query}`);
        expect(response.statusCode).toBe(status);
        expect(JSON.stringify(response.json())).toContain(message);
      };
      await refused('origin=LHR&destination=JFK&month=2027-13', priceCalendarMessages.month);
      await refused('origin=LHR&destination=JFK', priceCalendarMessages.month);
      await refused(
        'origin=LHR&destination=JFK&month=2027-01&tripLength=31',
        priceCalendarMessages.tripLength,
      );
      await refused('origin=ZZZ&destination=JFK&month=2027-01', searchMessages.originRequired);
      // As the search answers it: criteria that cannot be flown, 422.
      await refused('origin=LHR&destination=LON&month=2027-01', searchMessages.sameAirports, 422);
    });
  });

  describe('offers', () => {
    it('GET /api/flights/offer/:id answers the offer at the sell price', async () => {
      const [offer] = (await searchOffers()).offers;
      const response = await client().get(`/api/flights/offer/${offer?.id ?? ''}`);
      expect(response.statusCode).toBe(200);
      const detail = offerSchema.parse(response.json());
      expect(detail.id).toBe(offer?.id);
      expect(detail.total_amount).toBe(offer?.total_amount);
      expect(detail.available_services.length).toBeGreaterThan(0);
    });

    it('answers 410 with the spec text once the offer has expired', async () => {
      const [offer] = (await searchOffers()).offers;
      // Read (and cached) while valid: the cache must not outlive the offer.
      expect((await client().get(`/api/flights/offer/${offer?.id ?? ''}`)).statusCode).toBe(200);
      now = new Date(now.getTime() + 31 * 60 * 1000);
      try {
        for (const path of ['offer', 'verify-offer']) {
          const response = await client().get(`/api/flights/${path}/${offer?.id ?? ''}`);
          expect(response.statusCode).toBe(410);
          expect(response.json()).toEqual({
            error: { code: 'offer_expired', message: offerMessages.expired },
          });
        }
      } finally {
        now = new Date('2026-11-22T09:00:00Z');
      }
    });

    it('answers 404 for a forged or edited offer id', async () => {
      const [offer] = (await searchOffers()).offers;
      const id = offer?.id ?? '';
      const edited = `${id.slice(0, -3)}${id.at(-3) === 'A' ? 'B' : 'A'}${id.slice(-2)}`;
      for (const bad of [edited, 'off_0000forged', 'not-an-offer']) {
        const response = await client().get(`/api/flights/offer/${bad}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          error: { code: 'offer_not_found', message: offerMessages.notFound },
        });
      }
    });

    it('GET /api/flights/verify-offer/:id says how many whole minutes remain', async () => {
      const [offer] = (await searchOffers()).offers;
      now = new Date(now.getTime() + 10 * 60 * 1000 + 30 * 1000);
      try {
        const response = await client().get(`/api/flights/verify-offer/${offer?.id ?? ''}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          valid: true,
          offer_id: offer?.id,
          minutes_remaining: 19,
        });
      } finally {
        now = new Date('2026-11-22T09:00:00Z');
      }
    });

    it('answers 410 when the airline no longer sells the offer', async () => {
      const [offer] = (
        await searchOffers(
          criteria({
            origin: 'LGW',
            destination: 'LHR',
            tripType: 'one-way',
            returnDate: undefined,
          }),
        )
      ).offers;
      const response = await client().get(`/api/flights/offer/${offer?.id ?? ''}`);
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({ error: { code: 'offer_unavailable' } });
    });
  });

  describe('GET /api/flights/seatmaps/:id', () => {
    it('answers one seat map per segment with unique designators', async () => {
      const [offer] = (await searchOffers()).offers;
      const response = await client().get(`/api/flights/seatmaps/${offer?.id ?? ''}`);
      expect(response.statusCode).toBe(200);
      const { data } = seatMapsResponseSchema.parse(response.json());
      const full = offerSchema.parse(
        (await client().get(`/api/flights/offer/${offer?.id ?? ''}`)).json(),
      );
      const segments = full.slices.flatMap((slice) => slice.segments.map((segment) => segment.id));
      expect(data.map((map) => map.segment_id)).toEqual(segments);
      for (const map of data) {
        const seats = map.cabins.flatMap((cabin) =>
          cabin.rows.flatMap((row) =>
            row.sections.flatMap((section) => section.elements.filter((e) => e.type === 'seat')),
          ),
        );
        expect(seats.length).toBeGreaterThan(50);
        expect(new Set(seats.map((seat) => seat.designator)).size).toBe(seats.length);
        expect(seats.some((seat) => seat.available)).toBe(true);
      }
    });
  });
});
