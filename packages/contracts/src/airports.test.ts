import { describe, expect, it } from 'vitest';
import { AIRPORT_RESULTS_LIMIT, searchAirports } from './airports';

const airport = (
  iata_code: string,
  name: string,
  city_name: string,
  country_code: string,
  tier = 2,
) => ({
  iata_code,
  name,
  city_name,
  country_code,
  tier,
});

const airports = [
  airport('LHR', 'London Heathrow Airport', 'London', 'GB', 1),
  airport('LGW', 'London Gatwick Airport', 'London', 'GB', 1),
  airport('LCY', 'London City Airport', 'London', 'GB', 3),
  airport('YXU', 'London International Airport', 'London', 'CA', 3),
  airport('JFK', 'John F Kennedy International Airport', 'New York', 'US', 1),
  airport('LGA', 'LaGuardia Airport', 'New York', 'US', 2),
  airport('EWR', 'Newark Liberty International Airport', 'Newark', 'US', 1),
  airport('SEN', 'London Southend Airport', 'Southend', 'GB', 3),
  airport('LDY', 'City of Derry Airport', 'Londonderry', 'GB', 3),
  airport('PAR', 'Paris', 'Paris Ville', 'FR', 3),
  airport('CDG', 'Charles de Gaulle Airport', 'Paris', 'FR', 1),
  airport('BSL', 'Paris', 'Basel', 'CH', 3),
];

const codes = (query: string) => searchAirports(airports, query).map((a) => a.iata_code);

describe('searchAirports (spec 000 §5)', () => {
  it('answers nothing under 2 characters', () => {
    expect(codes('')).toEqual([]);
    expect(codes('l')).toEqual([]);
    expect(codes(' l ')).toEqual([]);
  });

  it('matches city or name substrings, or the exact IATA or country code, for every word', () => {
    // EWR too: 'new' is in Newark and 'y' in Liberty.
    expect(codes('new y')).toEqual(['JFK', 'LGA', 'EWR']);
    expect(codes('heathrow')).toEqual(['LHR']);
    expect(codes('jfk')).toEqual(['JFK']);
    expect(codes('jf')).toEqual([]);
    expect(codes('london ca')).toEqual(['YXU']);
    expect(codes('LONDON gb')).toEqual(['LGW', 'LHR', 'LCY', 'LDY', 'SEN']);
  });

  it('ranks an exact city first', () => {
    expect(codes('paris')[0]).toBe('CDG');
  });

  it('ranks an exact name before an exact code and a city prefix', () => {
    // "Paris" is BSL's and PAR's name, CDG's city; PAR's city "Paris Ville" starts with it.
    expect(codes('paris')).toEqual(['CDG', 'BSL', 'PAR']);
  });

  it('ranks an exact code before a city prefix', () => {
    const list = [
      airport('AAA', 'Somewhere Field', 'Lonx', 'GB'),
      airport('LON', 'Another Field', 'Elsewhere', 'GB'),
    ];
    expect(searchAirports(list, 'lon').map((a) => a.iata_code)).toEqual(['LON', 'AAA']);
  });

  it('ranks a city prefix before a name prefix, then a city substring, then the rest', () => {
    // London and Londonderry are city prefixes; London Southend Airport only a name prefix.
    expect(codes('lond')).toEqual(['LGW', 'LHR', 'LCY', 'YXU', 'LDY', 'SEN']);
    const list = [
      airport('NMP', 'Field of Nomad', 'Anywhere', 'US'),
      airport('SUB', 'Big Airport', 'Upnomad', 'US'),
      airport('NPX', 'Nomad Regional', 'Elsewhere', 'US'),
    ];
    expect(searchAirports(list, 'nomad').map((a) => a.iata_code)).toEqual(['NPX', 'SUB', 'NMP']);
  });

  it('orders ties alphabetically by city, bigger airports first within a city', () => {
    expect(codes('airport')).toEqual([
      'LGW',
      'LHR',
      'LCY',
      'YXU',
      'LDY',
      'JFK',
      'LGA',
      'EWR',
      'CDG',
      'SEN',
    ]);
  });

  it('answers at most 15', () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      airport(`A${String(i).padStart(2, '0')}`, `Field ${i}`, `Town ${i}`, 'US'),
    );
    expect(searchAirports(many, 'field')).toHaveLength(AIRPORT_RESULTS_LIMIT);
  });
});
