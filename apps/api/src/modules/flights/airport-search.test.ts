import { exactAirportMatch, searchAirports } from '@contrail/contracts/airports';
import { describe, expect, it } from 'vitest';
import { airportList } from '../../providers/flights/reference';

// The list `GET /api/airports` serves, searched the way the web client searches it.
const places = airportList();
const codes = (query: string) => searchAirports(places, query).map((place) => place.iata_code);

describe('airport autocomplete over the served list', () => {
  it.each([
    // Codes, whatever the case.
    ['jfk', 'JFK'],
    ['JFK', 'JFK'],
    ['lhr', 'LHR'],
    ['cdg', 'CDG'],
    ['kef', 'KEF'],
    ['bom', 'BOM'],
    ['san', 'SAN'],
    ['dub', 'DUB'],
    ['man', 'MAN'],
    ['del', 'DEL'],
    ['ist', 'IST'],
    // City codes: the whole city.
    ['nyc', 'NYC'],
    ['lon', 'LON'],
    ['par', 'PAR'],
    ['mil', 'MIL'],
    ['was', 'WAS'],
    ['chi', 'CHI'],
    ['rom', 'ROM'],
    ['sao', 'SAO'],
    // The start of a city: the place most people mean.
    ['new', 'NYC'],
    ['tok', 'TYO'],
    ['ban', 'BKK'],
    ['san f', 'SFO'],
    ['tor', 'YTO'],
    ['mos', 'MOW'],
    ['lo', 'LON'],
    // Cities.
    ['london', 'LON'],
    ['paris', 'PAR'],
    ['new york', 'NYC'],
    ['tokyo', 'TYO'],
    ['chicago', 'CHI'],
    ['rome', 'ROM'],
    ['osaka', 'OSA'],
    ['seoul', 'SEL'],
    ['beijing', 'BJS'],
    ['tenerife', 'TCI'],
    ['istanbul', 'IST'],
    ['dubai', 'DXB'],
    ['delhi', 'DEL'],
    ['montreal', 'YUL'],
    ['san francisco', 'SFO'],
    ['los angeles', 'LAX'],
    ['bengaluru', 'BLR'],
    // Accents, either way.
    ['sao paulo', 'SAO'],
    ['são paulo', 'SAO'],
    ['reykjavik', 'KEF'],
    ['reykjavík', 'KEF'],
    ['munchen', 'MUC'],
    ['münchen', 'MUC'],
    ['koln', 'CGN'],
    // Common and former names.
    ['bombay', 'BOM'],
    ['madras', 'MAA'],
    ['calcutta', 'CCU'],
    ['bangalore', 'BLR'],
    ['peking', 'BJS'],
    ['saigon', 'SGN'],
    ['leningrad', 'LED'],
    ['milano', 'MIL'],
    ['idlewild', 'JFK'],
    // Airport names.
    ['heathrow', 'LHR'],
    ['gatwick', 'LGW'],
    ['haneda', 'HND'],
    ['guarulhos', 'GRU'],
    ['ohare', 'ORD'],
    ['newark', 'EWR'],
  ])('"%s" puts %s first', (query, first) => {
    expect(codes(query)[0]).toBe(first);
  });

  it.each([
    ['lon', 'LHR', 'LGW'],
    ['lon', 'LGW', 'STN'],
    ['par', 'CDG', 'ORY'],
    ['par', 'CDG', 'LSP'],
    ['new', 'JFK', 'EWR'],
    ['new', 'NYC', 'DEL'],
    ['tokyo', 'HND', 'NRT'],
    ['chicago', 'ORD', 'MDW'],
    ['istanbul', 'IST', 'SAW'],
    ['ban', 'BKK', 'DMK'],
    ['san', 'SFO', 'SJC'],
    ['sao', 'GRU', 'CGH'],
  ])('"%s" puts %s before %s', (query, before, after) => {
    const found = codes(query);
    expect(found).toContain(before);
    const afterAt = found.indexOf(after);
    if (afterAt >= 0) expect(found.indexOf(before)).toBeLessThan(afterAt);
  });

  it('lists a city with all its airports under it, busiest first', () => {
    expect(codes('lon').slice(0, 7)).toEqual(['LON', 'LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN']);
    expect(codes('nyc')).toEqual(['NYC', 'JFK', 'EWR', 'LGA']);
  });

  it('offers no closed or non-passenger airport', () => {
    for (const query of ['ymx', 'mirabel', 'txl', 'tegel', 'sxf', 'rygge', 'dkr']) {
      expect(codes(query), query).toEqual([]);
    }
    expect(codes('montreal')).toEqual(['YUL']);
  });

  it('takes what a traveller typed and left as the place it names', () => {
    expect(exactAirportMatch(places, 'JFK')?.iata_code).toBe('JFK');
    expect(exactAirportMatch(places, 'London')?.iata_code).toBe('LON');
    expect(exactAirportMatch(places, 'Bombay')?.iata_code).toBe('BOM');
  });
});
