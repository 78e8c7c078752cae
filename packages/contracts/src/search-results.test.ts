import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from './money';
import type { Offer, Place, Segment } from './offers';
import { compactSearchResults, expandSearchResults } from './search-results';
import { searchResultsSchema, type SearchOffer } from './search-results-schema';

const place = (iata_code: string, time_zone = 'Europe/London'): Place => ({
  iata_code,
  name: `${iata_code} Airport`,
  city_name: `${iata_code} City`,
  country_code: 'GB',
  time_zone,
});
const airline = (iata_code: string, name: string): Segment['airline'] => ({
  id: `arl_${iata_code.toLowerCase()}`,
  name,
  iata_code,
  icao_code: null,
  logo_url: `/api/airlines/${iata_code}/logo.svg`,
});
const BA = airline('BA', 'British Airways');
const AA = airline('AA', 'American Airlines');
let ids = 0;

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing test data');
  return value;
}

function segment(overrides: Partial<Segment> = {}): Segment {
  const marketing = overrides.airline ?? BA;
  return {
    id: `seg_${++ids}`,
    origin: place('LHR'),
    destination: place('JFK', 'America/New_York'),
    origin_terminal: '5',
    destination_terminal: null,
    departing_at: '2027-01-10T09:00:00',
    arriving_at: '2027-01-10T12:00:00',
    duration: 'PT8H',
    flight_number: `${marketing.iata_code}117`,
    aircraft: { name: 'Boeing 777-300ER' },
    airline: marketing,
    operating_carrier: { iata_code: marketing.iata_code, name: marketing.name },
    cabin_class: 'economy',
    cabin_class_marketing_name: 'Economy',
    baggages: [{ type: 'carry_on', quantity: 1 }],
    services: [],
    distance_km: 5540,
    ...overrides,
  };
}

function offer(
  segments: Segment[][],
  fare: { brand: string; total: string; refundable?: boolean },
  overrides: Partial<Offer> = {},
): Offer {
  return {
    id: `off_${++ids}`,
    slices: segments.map((flights) => ({
      id: `sli_${++ids}`,
      origin: must(flights[0]).origin,
      destination: must(flights.at(-1)).destination,
      duration: 'PT9H',
      fare_brand_name: fare.brand,
      segments: flights.map((flight) => ({ ...flight, id: `seg_${++ids}` })),
    })),
    passengers: [
      { id: 'pas_1', type: 'adult', age: null },
      { id: 'pas_2', type: 'child', age: 7 },
    ],
    conditions: {
      refundable: fare.refundable ?? false,
      changeable: true,
      refund_penalty: null,
      change_penalty: { amount: '75.00', currency: 'GBP' },
    },
    base_amount: fromMinorUnits(toMinorUnits(fare.total, 'GBP') - 2000, 'GBP'),
    base_currency: 'GBP',
    tax_amount: '20.00',
    tax_currency: 'GBP',
    total_amount: fare.total,
    total_currency: 'GBP',
    available_services: [],
    passenger_identity_documents_required: true,
    payment_requirements: { price_guarantee_expires_at: null, payment_required_by: null },
    owner: { name: 'British Airways', iata_code: 'BA', logo_url: BA.logo_url },
    total_emissions_kg: '812',
    expires_at: '2026-12-01T10:30:00.000Z',
    created_at: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An offer as a search result keeps it. */
function asResult(full: Offer): SearchOffer {
  const { available_services: _services, slices, ...rest } = full;
  return {
    ...rest,
    slices: slices.map(({ id: _slice, segments, ...slice }) => ({
      ...slice,
      segments: segments.map(({ id: _segment, ...kept }) => kept),
    })),
  };
}

function compact(offers: Offer[]) {
  return compactSearchResults({
    searchId: 'orq_1',
    offers,
    expiresAt: '2026-12-01T10:30:00.000Z',
    createdAt: '2026-12-01T10:00:00.000Z',
    currency: 'USD',
  });
}

describe('compact search results', () => {
  const outbound = [segment()];
  const connecting = [
    segment({ destination: place('DUB', 'Europe/Dublin'), arriving_at: '2027-01-10T10:20:00' }),
    segment({
      origin: place('DUB', 'Europe/Dublin'),
      departing_at: '2027-01-10T12:00:00',
      flight_number: 'AA291',
      airline: AA,
      // A codeshare: sold as American, flown by Aer Lingus.
      operating_carrier: { iata_code: 'EI', name: 'Aer Lingus' },
      aircraft: null,
      stops: [
        {
          airport: place('SNN', 'Europe/Dublin'),
          arriving_at: '2027-01-10T12:40:00',
          departing_at: '2027-01-10T13:30:00',
          duration: 'PT50M',
        },
      ],
    }),
  ];
  const offers = [
    offer([outbound], { brand: 'Basic', total: '120.00' }),
    offer([connecting], { brand: 'Basic', total: '130.00' }),
    offer(
      [outbound.map((flight) => ({ ...flight, cabin_class_marketing_name: 'Flex' }))],
      { brand: 'Flex', total: '310.00', refundable: true },
      // A fare with its own CO₂ figure (another cabin's share of the aircraft).
      { total_emissions_kg: '1520' },
    ),
    // The same flight numbers at the same times, from another terminal: another itinerary.
    offer(
      [[segment({ origin_terminal: '3' })]],
      { brand: 'Basic', total: '140.00' },
      // A fare that expires before the others says so.
      { expires_at: '2026-12-01T10:20:00.000Z' },
    ),
  ];

  it('gives back every offer, less slice and segment ids and extra services', () => {
    const results = compact(offers);
    expect(searchResultsSchema.parse(JSON.parse(JSON.stringify(results)))).toEqual(results);
    const expanded = expandSearchResults(results);
    // Itinerary by itinerary: the Flex fare comes right after its Basic one.
    const order = [0, 2, 1, 3];
    expect(expanded).toEqual(order.map((index) => asResult(must(offers[index]))));
  });

  it('writes each itinerary once with its fares, and each airport and airline once', () => {
    const results = compact(offers);
    expect(results.itineraries.map((itinerary) => itinerary.fares.length)).toEqual([2, 1, 1]);
    expect(results.itineraries.flatMap((it) => it.fares.map((fare) => fare.expires_at))).toEqual([
      undefined,
      undefined,
      undefined,
      '2026-12-01T10:20:00.000Z',
    ]);
    expect(Object.keys(results.airports).sort()).toEqual(['DUB', 'JFK', 'LHR', 'SNN']);
    expect(Object.keys(results.airlines).sort()).toEqual(['AA', 'BA']);
    expect(results.aircraft).toEqual(['Boeing 777-300ER']);
    expect(results.slices).toHaveLength(3);
    expect(results.terms).toHaveLength(2);
    expect(results.cabins).toHaveLength(2);
    expect(results.currency).toBe('GBP');
    expect(results.passengers).toHaveLength(2);
  });

  it('answers no itinerary, in the given currency, when nothing was found', () => {
    const results = compact([]);
    expect(results.itineraries).toEqual([]);
    expect(results.currency).toBe('USD');
    expect(expandSearchResults(results)).toEqual([]);
  });

  it('writes a direction shared by several itineraries once', () => {
    const back = (hour: string) =>
      segment({
        origin: place('JFK', 'America/New_York'),
        destination: place('LHR'),
        departing_at: `2027-01-17T${hour}:00:00`,
        arriving_at: `2027-01-18T0${String(Number(hour) - 10)}:00:00`,
        flight_number: 'BA178',
      });
    const trips = [
      offer([outbound, [back('18')]], { brand: 'Basic', total: '400.00' }),
      offer([outbound, [back('19')]], { brand: 'Basic', total: '410.00' }),
    ];
    const results = compact(trips);
    expect(results.itineraries.map((itinerary) => itinerary.slices)).toEqual([
      [0, 1],
      [0, 2],
    ]);
    expect(expandSearchResults(results)).toEqual(trips.map(asResult));
  });

  it("keeps a fare's own CO₂ figure, and the itinerary's for the others", () => {
    const results = compact(offers);
    const [first] = results.itineraries;
    expect(first?.total_emissions_kg).toBe('812');
    expect(first?.fares.map((fare) => fare.total_emissions_kg)).toEqual([undefined, '1520']);
  });

  it('refuses an offer whose base and taxes do not add up to its total', () => {
    expect(() => compact([{ ...must(offers[0]), base_amount: '99.00' }])).toThrow(/add up/);
  });

  it('refuses an answer that mixes currencies or travellers', () => {
    expect(() => compact([must(offers[0]), { ...must(offers[1]), total_currency: 'USD' }])).toThrow(
      /currencies/,
    );
    expect(() => compact([must(offers[0]), { ...must(offers[1]), passengers: [] }])).toThrow(
      /travellers/,
    );
  });

  it('names a seller that flies none of the flights, and keeps its flights in full later', () => {
    const IB = airline('IB', 'Iberia');
    const sellerOnly = { name: 'Iberia', iata_code: 'IB', logo_url: IB.logo_url };
    const sold = offer([outbound], { brand: 'Basic', total: '99.00' }, { owner: sellerOnly });
    const flown = offer(
      [[segment({ airline: IB, flight_number: 'IB6251' })]],
      { brand: 'Basic', total: '105.00' },
      { owner: sellerOnly },
    );
    const results = compact([sold, flown]);
    expect(expandSearchResults(results)).toEqual([sold, flown].map(asResult));
    expect(results.airlines.IB?.id).toBe('arl_ib');
  });

  it('refuses a reference to an entry the answer does not have', () => {
    const results = compact(offers);
    const broken = { ...results, airports: {} };
    expect(() => expandSearchResults(broken)).toThrow(/missing entry/);
  });
});
