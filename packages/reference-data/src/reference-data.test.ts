import { describe, expect, it } from 'vitest';
import { aircraftTypes } from './data/aircraft';
import {
  airlineLogo,
  findAirport,
  listAircraft,
  listAirlines,
  listAirports,
  listCities,
  regionOf,
  resolvePlace,
} from './reference-data';

function search(query: string): string[] {
  const q = query.toLowerCase();
  return listAirports()
    .filter((a) => a.city_name.toLowerCase().startsWith(q) || a.name.toLowerCase().includes(q))
    .map((a) => a.iata_code);
}

describe('airports', () => {
  const airports = listAirports();

  it('lists over a thousand real airports with unique IATA codes', () => {
    expect(airports.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(airports.map((a) => a.iata_code)).size).toBe(airports.length);
  });

  it('gives every airport the fields autocomplete and offers need', () => {
    for (const airport of airports) {
      expect(airport.iata_code).toMatch(/^[A-Z]{3}$/);
      expect(airport.id).toBe(
        `arp_${airport.iata_code.toLowerCase()}_${airport.country_code.toLowerCase()}`,
      );
      expect(airport.name.length).toBeGreaterThan(2);
      expect(airport.city_name.length).toBeGreaterThan(1);
      expect(airport.country_code).toMatch(/^[A-Z]{2}$/);
      expect(airport.iata_country_code).toBe(airport.country_code);
      expect(airport.country_name.length).toBeGreaterThan(1);
      expect(Math.abs(airport.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(airport.longitude)).toBeLessThanOrEqual(180);
      expect([1, 2, 3]).toContain(airport.tier);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: airport.time_zone })).not.toThrow();
    }
  });

  it('tiers the big hubs first and keeps sensible proportions', () => {
    for (const hub of ['LHR', 'JFK', 'CDG', 'DXB', 'HND', 'SIN', 'LAX', 'FRA', 'AMS', 'ORD']) {
      expect(findAirport(hub)?.tier, hub).toBe(1);
    }
    const counts = [1, 2, 3].map((tier) => airports.filter((a) => a.tier === tier).length);
    expect(counts[0]).toBeLessThan(counts[1] ?? 0);
    expect(counts[1]).toBeLessThan(counts[2] ?? 0);
  });

  it('finds every London and New York airport by city', () => {
    expect(search('lond')).toEqual(expect.arrayContaining(['LHR', 'LGW', 'STN', 'LCY', 'LTN']));
    expect(search('new y')).toEqual(expect.arrayContaining(['JFK', 'LGA', 'EWR']));
    expect(resolvePlace('LON').map((a) => a.iata)).toEqual(
      expect.arrayContaining(['LHR', 'LGW', 'STN', 'LCY', 'LTN']),
    );
    expect(findAirport('EWR')?.place.iata_city_code).toBe('NYC');
    expect(findAirport('EWR')?.place.city).toMatchObject({
      type: 'city',
      iata_code: 'NYC',
      name: 'New York',
    });
  });

  it('carries the corrected records, not the source’s mistakes', () => {
    expect(findAirport('JNB')?.place.name).toBe('O. R. Tambo International Airport');
    expect(findAirport('IST')?.place.name).toBe('Istanbul Airport');
    expect(findAirport('BER')?.place.city_name).toBe('Berlin');
  });

  it('keeps only airports open to passengers, with the code’s current airport', () => {
    // Closed (Mirabel, Tegel, Schönefeld, Rygge, Dakar-Yoff, Manston, Doncaster) or without
    // scheduled passenger service (Băneasa, Sion, Alice).
    for (const code of ['YMX', 'TXL', 'SXF', 'RYG', 'DKR', 'MSE', 'DSA', 'BBU', 'SIR', 'ALI']) {
      expect(findAirport(code), code).toBeUndefined();
    }
    expect(findAirport('DSS')?.place.city_name).toBe('Dakar');
    expect(findAirport('PKX')?.place.iata_city_code).toBe('BJS');
    // Kunming's code moved to Changshui, 23 km from the old Wujiaba field, in 2012.
    expect(findAirport('KMG')?.place.name).toBe('Kunming Changshui International Airport');
    expect(findAirport('KMG')?.latitude).toBeCloseTo(25.11, 1);
    // Hong Kong is Chek Lap Kok and Denver the 1995 airport, not Kai Tak or Stapleton.
    expect(findAirport('HKG')?.latitude).toBeCloseTo(22.309, 2);
    expect(findAirport('DEN')?.longitude).toBeCloseTo(-104.673, 2);
  });

  it('ranks airports by size: the busiest first, a city before its airports', () => {
    const rank = (code: string) => findAirport(code)?.rank ?? Infinity;
    expect(rank('LHR')).toBeLessThan(rank('LGW'));
    expect(rank('LGW')).toBeLessThan(rank('STN'));
    expect(rank('CDG')).toBeLessThan(rank('LSP'));
    expect(rank('JFK')).toBeLessThan(rank('EWR'));
    expect(rank('HND')).toBeLessThan(rank('NRT'));
    const ranks = [...airports.map((a) => a.rank), ...listCities().map((c) => c.rank)];
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(Math.min(...ranks)).toBe(1);
    for (const city of listCities()) {
      for (const code of city.airport_iata_codes) {
        expect(city.rank, `${city.iata_code} ${code}`).toBeLessThan(rank(code));
      }
    }
  });

  it('knows common and former names', () => {
    expect(findAirport('BOM')?.listItem.aliases).toContain('Bombay');
    expect(findAirport('MAA')?.listItem.aliases).toContain('Madras');
    expect(findAirport('JFK')?.listItem.aliases).toContain('Idlewild');
    expect(findAirport('SGN')?.listItem.aliases).toContain('Saigon');
    expect(findAirport('LHR')?.listItem.aliases).toEqual([]);
  });

  it('lists each metropolitan area with two airports or more and a code of its own', () => {
    const cities = listCities();
    const codes = cities.map((city) => city.iata_code);
    for (const code of ['LON', 'NYC', 'PAR', 'TYO', 'MIL', 'WAS', 'CHI', 'ROM', 'STO', 'OSA']) {
      expect(codes, code).toContain(code);
    }
    for (const code of ['SEL', 'MOW', 'BUE', 'SAO', 'RIO', 'YTO', 'BJS', 'JKT']) {
      expect(codes, code).toContain(code);
    }
    for (const city of cities) {
      expect(findAirport(city.iata_code), city.iata_code).toBeUndefined();
      expect(city.airport_iata_codes.length).toBeGreaterThanOrEqual(2);
      expect(
        resolvePlace(city.iata_code)
          .map((a) => a.iata)
          .sort(),
      ).toEqual([...city.airport_iata_codes].sort());
      for (const code of city.airport_iata_codes) {
        expect(findAirport(code)?.listItem.listed_city_code).toBe(city.iata_code);
      }
    }
    expect(cities.find((city) => city.iata_code === 'LON')?.airport_iata_codes).toEqual([
      'LHR',
      'LGW',
      'STN',
      'LTN',
      'LCY',
      'SEN',
    ]);
    // Bangkok's code is also Suvarnabhumi's: as a city it could not be told from the airport.
    expect(codes).not.toContain('BKK');
    expect(findAirport('DMK')?.listItem.listed_city_code).toBeNull();
  });

  it('places airports in world regions', () => {
    expect(regionOf('GB', 'Europe/London')).toBe('europe');
    expect(regionOf('US', 'Pacific/Honolulu')).toBe('north_america');
    expect(regionOf('BR', 'America/Sao_Paulo')).toBe('south_america');
    expect(regionOf('AE', 'Asia/Dubai')).toBe('middle_east');
    expect(regionOf('ES', 'Atlantic/Canary')).toBe('europe');
    expect(regionOf('MU', 'Indian/Mauritius')).toBe('africa');
    expect(regionOf('NZ', 'Pacific/Auckland')).toBe('oceania');
    expect(regionOf('JP', 'Asia/Tokyo')).toBe('asia');
  });
});

describe('airlines', () => {
  const airlines = listAirlines();

  it('has about forty real airlines whose hubs are airports of the network', () => {
    expect(airlines.length).toBeGreaterThanOrEqual(38);
    expect(new Set(airlines.map((a) => a.iata_code)).size).toBe(airlines.length);
    for (const airline of airlines) {
      expect(airline.iata_code).toMatch(/^[A-Z0-9]{2}$/);
      expect(airline.hub_iata_codes.length).toBeGreaterThan(0);
      for (const hub of airline.hub_iata_codes)
        expect(findAirport(hub), `${airline.iata_code} ${hub}`).toBeDefined();
      expect(airline.brand_colour).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });

  it('draws each logo as an SVG data URL in the brand colour', () => {
    for (const airline of airlines) {
      expect(airline.logo_url).toMatch(/^data:image\/svg\+xml,/);
      expect(airline.logo_symbol_url).toBe(airline.logo_url);
      const svg = decodeURIComponent(airline.logo_url.slice('data:image/svg+xml,'.length));
      expect(svg).toContain('<svg');
      expect(svg).toContain(airline.brand_colour);
      expect(svg).toContain(`>${airline.iata_code}</text>`);
    }
    expect(airlineLogo('BA')).toMatch(/^<svg /);
    expect(airlineLogo('??')).toBeUndefined();
  });
});

describe('aircraft', () => {
  it('lists about ten real types with their cabins', () => {
    const aircraft = listAircraft();
    expect(aircraft.length).toBeGreaterThanOrEqual(10);
    const names = aircraft.map((a) => a.name);
    for (const name of [
      'Airbus A320',
      'Airbus A321neo',
      'Boeing 737-800',
      'Boeing 787-9',
      'Boeing 777-300ER',
      'Airbus A350-900',
      'Airbus A380-800',
      'Embraer 190',
      'Airbus A220-300',
      'ATR 72-600',
    ]) {
      expect(names).toContain(name);
    }
    const a380 = aircraft.find((a) => a.iata_code === '388');
    expect(a380?.total_seats).toBeGreaterThan(450);
    const atr = aircraft.find((a) => a.iata_code === 'AT7');
    expect(atr?.total_seats).toBe(72);
  });

  it('keeps exit rows and wings inside the cabin, and facilities as wide as its sections', () => {
    for (const type of aircraftTypes) {
      for (const cabin of type.cabins) {
        for (const row of cabin.exitRows ?? []) {
          expect(row).toBeGreaterThanOrEqual(cabin.firstRow);
          expect(row).toBeLessThanOrEqual(cabin.lastRow);
        }
        if (cabin.wingRows !== undefined)
          expect(cabin.wingRows[0]).toBeLessThanOrEqual(cabin.wingRows[1]);
        const sections = cabin.columns.split(' ').length;
        for (const facility of [...(cabin.front ?? []), ...(cabin.rear ?? [])]) {
          expect(facility.length, `${type.iataCode} ${cabin.cabinClass}`).toBe(sections);
        }
      }
    }
  });
});
