import type { Airport } from '@contrail/contracts/airports';
import { fromMinorUnits, toMinorUnits } from '@contrail/contracts/money';
import type { Offer, Place, Segment, Slice } from '@contrail/contracts/offers';
import { compactSearchResults } from '@contrail/contracts/search-results';
import type { SearchResults } from '@contrail/contracts/search-results-schema';

/** Test data in the contracts' shapes, with overrides (STYLE rule 10). */

const LOGO = 'data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22/%3E';

export const places = {
  LHR: {
    iata_code: 'LHR',
    name: 'London Heathrow Airport',
    city_name: 'London',
    country_code: 'GB',
    time_zone: 'Europe/London',
  },
  JFK: {
    iata_code: 'JFK',
    name: 'John F Kennedy International Airport',
    city_name: 'New York',
    country_code: 'US',
    time_zone: 'America/New_York',
  },
  KEF: {
    iata_code: 'KEF',
    name: 'Keflavik International Airport',
    city_name: 'Reykjavík',
    country_code: 'IS',
    time_zone: 'Atlantic/Reykjavik',
  },
  DUB: {
    iata_code: 'DUB',
    name: 'Dublin Airport',
    city_name: 'Dublin',
    country_code: 'IE',
    time_zone: 'Europe/Dublin',
  },
  CDG: {
    iata_code: 'CDG',
    name: 'Paris Charles de Gaulle Airport',
    city_name: 'Paris',
    country_code: 'FR',
    time_zone: 'Europe/Paris',
  },
} satisfies Record<string, Place>;

const airlines = {
  BA: { id: 'arl_ba', name: 'British Airways', iata_code: 'BA', icao_code: 'BAW', logo_url: LOGO },
  AA: {
    id: 'arl_aa',
    name: 'American Airlines',
    iata_code: 'AA',
    icao_code: 'AAL',
    logo_url: LOGO,
  },
  FI: { id: 'arl_fi', name: 'Icelandair', iata_code: 'FI', icao_code: null, logo_url: LOGO },
} as const;
export type AirlineCode = keyof typeof airlines;

let sequence = 0;
const nextId = (prefix: string) => `${prefix}_${String(++sequence).padStart(4, '0')}`;

export function buildSegment(overrides: Partial<Segment> = {}): Segment {
  const airline = overrides.airline ?? airlines.BA;
  return {
    id: nextId('seg'),
    origin: places.LHR,
    destination: places.JFK,
    origin_terminal: '5',
    destination_terminal: '7',
    departing_at: '2026-12-13T09:00:00',
    arriving_at: '2026-12-13T12:00:00',
    duration: 'PT8H',
    flight_number: `${airline.iata_code}117`,
    aircraft: { name: 'Boeing 777-300ER' },
    airline,
    operating_carrier: { iata_code: airline.iata_code, name: airline.name },
    cabin_class: 'economy',
    cabin_class_marketing_name: 'Economy',
    baggages: [
      { type: 'checked', quantity: 1 },
      { type: 'carry_on', quantity: 1 },
    ],
    services: [
      { type: 'wifi', description: 'Wi-Fi available on board' },
      { type: 'meal', description: 'Meal included' },
    ],
    distance_km: 5540,
    ...overrides,
  };
}

export function buildSlice(overrides: Partial<Slice> = {}): Slice {
  const segments = overrides.segments ?? [buildSegment()];
  const first = segments[0];
  const last = segments.at(-1);
  return {
    id: nextId('sli'),
    origin: first?.origin ?? places.LHR,
    destination: last?.destination ?? places.JFK,
    duration: 'PT8H',
    fare_brand_name: 'Standard',
    segments,
    ...overrides,
  };
}

/**
 * A slice from `from` to `to`: non-stop, or through the given stops, each flight 3 hours with
 * 1 hour on the ground, departing at `departAt` local time.
 */
export function buildJourney({
  from = places.LHR,
  to = places.JFK,
  via = [],
  date = '2026-12-13',
  departAt = '09:00',
  airline = 'BA',
  checkedBags = 1,
}: {
  from?: Place;
  to?: Place;
  via?: Place[];
  date?: string;
  departAt?: string;
  airline?: AirlineCode;
  checkedBags?: number;
} = {}): Slice {
  const stops = [from, ...via, to];
  const [hours = 9, minutes = 0] = departAt.split(':').map(Number);
  let clock = hours * 60 + minutes;
  const time = (total: number) => {
    const dayOffset = Math.floor(total / (24 * 60));
    const day = new Date(`${date}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + dayOffset);
    const inDay = total % (24 * 60);
    const hh = String(Math.floor(inDay / 60)).padStart(2, '0');
    const mm = String(inDay % 60).padStart(2, '0');
    return `${day.toISOString().slice(0, 10)}T${hh}:${mm}:00`;
  };
  const segments = stops.slice(0, -1).map((origin, index) => {
    const destination = stops[index + 1] ?? to;
    const departing = clock;
    clock += 180;
    const segment = buildSegment({
      origin,
      destination,
      departing_at: time(departing),
      arriving_at: time(clock),
      duration: 'PT3H',
      airline: airlines[airline],
      operating_carrier: { iata_code: airlines[airline].iata_code, name: airlines[airline].name },
      flight_number: `${airline}${100 + index}`,
      baggages: [
        { type: 'checked', quantity: checkedBags },
        { type: 'carry_on', quantity: 1 },
      ],
    });
    clock += 60;
    return segment;
  });
  const total = segments.length * 180 + (segments.length - 1) * 60;
  return buildSlice({
    origin: from,
    destination: to,
    segments,
    duration: `PT${Math.floor(total / 60)}H${total % 60 ? `${total % 60}M` : ''}`,
  });
}

export function buildOffer(overrides: Partial<Offer> = {}): Offer {
  const id = overrides.id ?? nextId('off');
  const slices = overrides.slices ?? [buildJourney()];
  const owner = slices[0]?.segments[0]?.airline ?? airlines.BA;
  // As every provider price is: the base is the total less the taxes.
  const total = overrides.total_amount ?? '1072.00';
  const tax = overrides.tax_amount ?? '222.50';
  return {
    id,
    slices,
    passengers: [{ id: 'pas_0001', type: 'adult', age: null }],
    conditions: {
      refundable: false,
      changeable: true,
      refund_penalty: null,
      change_penalty: { amount: '75.00', currency: 'USD' },
    },
    base_amount: fromMinorUnits(toMinorUnits(total, 'USD') - toMinorUnits(tax, 'USD'), 'USD'),
    base_currency: 'USD',
    tax_amount: tax,
    tax_currency: 'USD',
    total_amount: total,
    total_currency: 'USD',
    available_services: [],
    passenger_identity_documents_required: true,
    payment_requirements: { price_guarantee_expires_at: null, payment_required_by: null },
    owner: { name: owner.name, iata_code: owner.iata_code, logo_url: owner.logo_url },
    total_emissions_kg: null,
    expires_at: '2099-01-01T00:30:00.000Z',
    created_at: '2099-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function buildAirport(overrides: Partial<Airport> = {}): Airport {
  return {
    id: nextId('arp'),
    type: 'airport',
    iata_code: 'LHR',
    name: 'London Heathrow Airport',
    city_name: 'London',
    country_code: 'GB',
    country_name: 'United Kingdom',
    tier: 1,
    time_zone: 'Europe/London',
    rank: 7,
    aliases: [],
    city_code: null,
    ...overrides,
  };
}

/**
 * A few real places: London as a city ("all airports") with its airports, New York's, Paris and
 * Dublin, ranked by size as the API ranks them.
 */
export const testAirports: Airport[] = [
  buildAirport({
    type: 'city',
    iata_code: 'LON',
    name: 'London (all airports)',
    rank: 1,
  }),
  buildAirport({ rank: 7, city_code: 'LON' }),
  buildAirport({
    iata_code: 'LGW',
    name: 'London Gatwick Airport',
    tier: 2,
    rank: 50,
    city_code: 'LON',
  }),
  buildAirport({
    iata_code: 'STN',
    name: 'London Stansted Airport',
    tier: 2,
    rank: 70,
    city_code: 'LON',
  }),
  buildAirport({
    iata_code: 'LCY',
    name: 'London City Airport',
    tier: 3,
    rank: 300,
    city_code: 'LON',
  }),
  buildAirport({
    iata_code: 'JFK',
    name: 'John F Kennedy International Airport',
    city_name: 'New York',
    country_code: 'US',
    country_name: 'United States',
    time_zone: 'America/New_York',
    rank: 20,
    aliases: ['Idlewild'],
  }),
  buildAirport({
    iata_code: 'LGA',
    name: 'LaGuardia Airport',
    city_name: 'New York',
    country_code: 'US',
    country_name: 'United States',
    tier: 2,
    time_zone: 'America/New_York',
    rank: 80,
  }),
  buildAirport({
    iata_code: 'CDG',
    name: 'Paris Charles de Gaulle Airport',
    city_name: 'Paris',
    country_code: 'FR',
    country_name: 'France',
    time_zone: 'Europe/Paris',
    rank: 12,
  }),
  buildAirport({
    iata_code: 'DUB',
    name: 'Dublin Airport',
    city_name: 'Dublin',
    country_code: 'IE',
    country_name: 'Ireland',
    tier: 2,
    time_zone: 'Europe/Dublin',
    rank: 60,
  }),
  buildAirport({
    iata_code: 'GRU',
    name: 'São Paulo/Guarulhos International Airport',
    city_name: 'São Paulo',
    country_code: 'BR',
    country_name: 'Brazil',
    time_zone: 'America/Sao_Paulo',
    rank: 40,
  }),
];

/** A fare brand of an itinerary, for `buildFares`. */
export interface FareSpec {
  name: string;
  total: string;
  checkedBags?: number;
  carryOnBags?: number;
  changeable?: boolean;
  changePenalty?: string | null;
  refundable?: boolean;
  refundPenalty?: string | null;
}

/** Basic, Standard and Flex from a base price, as the sandbox sells economy. */
export function economyFares(base: number): FareSpec[] {
  return [
    { name: 'Basic', total: `${base}.00`, checkedBags: 0 },
    {
      name: 'Standard',
      total: `${base + 150}.00`,
      checkedBags: 1,
      changeable: true,
      changePenalty: '75.00',
    },
    {
      name: 'Flex',
      total: `${base + 500}.00`,
      checkedBags: 2,
      changeable: true,
      refundable: true,
    },
  ];
}

/**
 * One offer per fare of the same flights, as an airline answers a search: ids `{id}_{fare}`
 * (`off_1_basic`), each with its own price, bags and conditions.
 */
export function buildFares({
  id,
  slices,
  fares,
  ...overrides
}: Partial<Offer> & { id: string; slices: Slice[]; fares: FareSpec[] }): Offer[] {
  return fares.map((fare) =>
    buildOffer({
      ...overrides,
      id: `${id}_${fare.name.toLowerCase()}`,
      total_amount: fare.total,
      slices: slices.map((slice) => ({
        ...slice,
        fare_brand_name: fare.name,
        segments: slice.segments.map((segment) => ({
          ...segment,
          baggages: [
            { type: 'checked', quantity: fare.checkedBags ?? 0 },
            { type: 'carry_on', quantity: fare.carryOnBags ?? 1 },
          ],
        })),
      })),
      conditions: {
        changeable: fare.changeable ?? false,
        refundable: fare.refundable ?? false,
        change_penalty: fare.changePenalty ? { amount: fare.changePenalty, currency: 'USD' } : null,
        refund_penalty: fare.refundPenalty ? { amount: fare.refundPenalty, currency: 'USD' } : null,
      },
    }),
  );
}

/** A search answer (`POST /api/flights/search`) with these offers, as the API writes it. */
export function searchAnswer(
  offers: readonly Offer[],
  expiresAt = '2099-01-01T00:30:00.000Z',
  searchId = 's',
): SearchResults {
  return compactSearchResults({
    searchId,
    offers,
    expiresAt,
    createdAt: offers[0]?.created_at ?? '2099-01-01T00:00:00.000Z',
    currency: 'USD',
  });
}
