import { describe, expect, it } from 'vitest';
import { aircraftTypes } from './data/aircraft';
import {
  airlineLogo,
  findAirport,
  listAircraft,
  listAirlines,
  listAirports,
  regionOf,
  resolvePlace,
} from './reference-data';
import { seatsOf } from './seat-maps';

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
    expect(findAirport('TXL')).toBeUndefined();
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

  it('numbers seats uniquely, with exit rows and wings inside the cabin', () => {
    for (const type of aircraftTypes) {
      const designators = seatsOf(type).map((s) => s.designator);
      expect(new Set(designators).size, type.iataCode).toBe(designators.length);
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
