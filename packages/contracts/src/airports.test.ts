import { describe, expect, it } from 'vitest';
import {
  AIRPORT_RESULTS_LIMIT,
  airportSchema,
  exactAirportMatch,
  foldText,
  isUnderCity,
  searchAirports,
  type Airport,
} from './airports';

let nextRank = 1;

/** A place with overrides; ranks follow the order of creation unless given. */
function place(
  iata_code: string,
  name: string,
  city_name: string,
  country_code: string,
  overrides: Partial<Airport> = {},
): Airport {
  return airportSchema.parse({
    id: `arp_${iata_code.toLowerCase()}`,
    type: 'airport',
    iata_code,
    name,
    city_name,
    country_code,
    country_name: { GB: 'United Kingdom', US: 'United States', FR: 'France' }[country_code] ?? '',
    tier: 2,
    time_zone: 'UTC',
    rank: nextRank++,
    aliases: [],
    city_code: null,
    ...overrides,
  });
}

const london = { city_code: 'LON' };
const places = [
  place('LON', 'London (all airports)', 'London', 'GB', { type: 'city', tier: 1 }),
  place('LHR', 'London Heathrow Airport', 'London', 'GB', london),
  place('CDG', 'Paris Charles de Gaulle Airport', 'Paris', 'FR'),
  place('LGW', 'London Gatwick Airport', 'London', 'GB', london),
  place('BOM', 'Chhatrapati Shivaji Maharaj International Airport', 'Mumbai', 'IN', {
    aliases: ['Bombay', 'Sahar'],
  }),
  place('GRU', 'São Paulo/Guarulhos International Airport', 'São Paulo', 'BR'),
  place('ORD', "Chicago O'Hare International Airport", 'Chicago', 'US'),
  place('LCY', 'London City Airport', 'London', 'GB', london),
  place('KEF', 'Keflavik International Airport', 'Reykjavík', 'IS'),
  place('YXU', 'London International Airport', 'London', 'CA'),
  place('LDY', 'City of Derry Airport', 'Londonderry', 'GB'),
  place('LSP', 'Josefa Camejo International Airport', 'Paraguana', 'VE'),
  place('SEN', 'London Southend Airport', 'London', 'GB', london),
  place('PWM', 'Portland International Jetport', 'Portland', 'US'),
  place('PDX', 'Portland International Airport', 'Portland', 'US'),
];

const codes = (query: string) => searchAirports(places, query).map((p) => p.iata_code);

describe('foldText', () => {
  it('folds case, accents, special letters and punctuation', () => {
    expect(foldText('São Paulo')).toBe('sao paulo');
    expect(foldText('Reykjavík')).toBe('reykjavik');
    expect(foldText('Tromsø  Ålesund')).toBe('tromso alesund');
    expect(foldText('Łódź Straße')).toBe('lodz strasse');
    expect(foldText("O'Hare")).toBe('ohare');
    expect(foldText('St. Petersburg-Pulkovo')).toBe('st petersburg pulkovo');
  });
});

describe('searchAirports', () => {
  it('answers nothing under 2 characters', () => {
    expect(codes('')).toEqual([]);
    expect(codes('l')).toEqual([]);
    expect(codes(' l ')).toEqual([]);
    expect(codes('..')).toEqual([]);
  });

  it('needs every word in the city, name or a former name, or equal to a code', () => {
    expect(codes('heathrow')).toEqual(['LHR']);
    expect(codes('jf')).toEqual([]);
    expect(codes('london ca')).toEqual(['YXU']);
    expect(codes('gatwick gb')).toEqual(['LGW']);
    // A word may start the country's name; "london" is also inside Londonderry.
    expect(codes('london united')).toEqual(['LON', 'LHR', 'LGW', 'LCY', 'SEN', 'LDY']);
  });

  it('ignores case and accents', () => {
    expect(codes('sao paulo')).toEqual(['GRU']);
    expect(codes('SÃO')).toEqual(['GRU']);
    expect(codes('reykjavik')).toEqual(['KEF']);
    expect(codes('ohare')).toEqual(['ORD']);
    expect(codes("o'hare")).toEqual(['ORD']);
  });

  it('finds former and common names', () => {
    expect(codes('bombay')).toEqual(['BOM']);
    expect(codes('bomb')).toEqual(['BOM']);
  });

  it('puts a code first, then the city, then by size', () => {
    expect(codes('bom')).toEqual(['BOM']);
    // LON is the city's code; London Ontario (YXU) is smaller than every London GB airport.
    expect(codes('lon')).toEqual(['LON', 'LHR', 'LGW', 'LCY', 'SEN', 'YXU', 'LDY']);
    expect(codes('par')).toEqual(['CDG', 'LSP']);
    expect(codes('portland')).toEqual(['PWM', 'PDX']);
  });

  it('shows every airport of a city under it, even those the query does not name', () => {
    const found = searchAirports(places, 'lon');
    expect(found.map((p) => isUnderCity(p, found))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    // "Heathrow" alone: no city entry, so nothing is indented.
    const heathrow = searchAirports(places, 'heathrow');
    expect(heathrow.map((p) => isUnderCity(p, heathrow))).toEqual([false]);
  });

  it('ranks the start of a name or word before a match inside a word', () => {
    const list = [
      place('AAA', 'Upnomad Field', 'Anywhere', 'US', { rank: 1 }),
      place('BBB', 'Field of Nomads', 'Elsewhere', 'US', { rank: 2 }),
      place('CCC', 'Nomad Regional', 'Somewhere', 'US', { rank: 3 }),
      place('DDD', 'Big Airport', 'Nomadville', 'US', { rank: 4 }),
    ];
    expect(searchAirports(list, 'nomad').map((p) => p.iata_code)).toEqual([
      'DDD',
      'BBB',
      'CCC',
      'AAA',
    ]);
  });

  it('answers at most 15', () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      place(`A${String(i).padStart(2, '0')}`, `Field ${i}`, `Town ${i}`, 'US'),
    );
    expect(searchAirports(many, 'field')).toHaveLength(AIRPORT_RESULTS_LIMIT);
  });
});

describe('exactAirportMatch', () => {
  const exact = (typed: string) => exactAirportMatch(places, typed)?.iata_code;

  it('takes a code, a label, a name or a city with one airport or an all-airports entry', () => {
    expect(exact('jfk')).toBeUndefined();
    expect(exact('lhr')).toBe('LHR');
    expect(exact(' LGW ')).toBe('LGW');
    expect(exact('London (LCY)')).toBe('LCY');
    expect(exact('London City Airport')).toBe('LCY');
    expect(exact('london')).toBe('LON');
    expect(exact('Reykjavik')).toBe('KEF');
    expect(exact('bombay')).toBe('BOM');
  });

  it('takes nothing ambiguous or partial', () => {
    expect(exact('portland')).toBeUndefined();
    expect(exact('lond')).toBeUndefined();
    expect(exact('Paris (LHR)')).toBeUndefined();
    expect(exact('')).toBeUndefined();
  });
});
