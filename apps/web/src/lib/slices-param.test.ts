import { describe, expect, it } from 'vitest';
import { slicesFromParam, slicesToParam, sliceTextsOf } from './slices-param';

const threeCities = [
  { origin: 'LHR', destination: 'CDG', departureDate: '2027-01-10' },
  { origin: 'CDG', destination: 'FCO', departureDate: '2027-01-14' },
  { origin: 'FCO', destination: 'LHR', departureDate: '2027-01-18' },
];
const text = 'LHR.CDG.2027-01-10_CDG.FCO.2027-01-14_FCO.LHR.2027-01-18';

describe('the slices parameter', () => {
  it('writes each flight as origin.destination.date, in order, joined by _', () => {
    expect(slicesToParam(threeCities)).toBe(text);
  });

  it('reads back what it writes', () => {
    expect(slicesFromParam(slicesToParam(threeCities))).toEqual(threeCities);
  });

  it('passes through a URL as it is, so the address reads as written', () => {
    expect(new URLSearchParams({ slices: text }).toString()).toBe(`slices=${text}`);
  });

  it('takes codes in any case and writes them in capitals', () => {
    const read = slicesFromParam('lhr.cdg.2027-01-10_cdg.fco.2027-01-14');
    expect(read?.map((slice) => slice.origin)).toEqual(['LHR', 'CDG']);
  });

  it.each([
    ['nothing', undefined],
    ['an empty text', ''],
    ['a number', 42],
    ['one flight', 'LHR.CDG.2027-01-10'],
    ['six flights', Array.from({ length: 6 }, () => 'LHR.CDG.2027-01-10').join('_')],
    ['an impossible date', 'LHR.CDG.2027-02-30_CDG.FCO.2027-03-01'],
    ['a flight without a date', 'LHR.CDG_CDG.FCO.2027-01-14'],
    ['a city name for a code', 'London.CDG.2027-01-10_CDG.FCO.2027-01-14'],
    ['another separator', 'LHR-CDG-2027-01-10,CDG-FCO-2027-01-14'],
  ])('refuses %s', (_case, value) => {
    expect(slicesFromParam(value)).toBeNull();
  });

  it('splits a bad parameter flight by flight, each part as written, for the page to explain', () => {
    expect(sliceTextsOf('LHR.CDG_CDG.xx.2027-13-01')).toEqual([
      { origin: 'LHR', destination: 'CDG', departureDate: '' },
      { origin: 'CDG', destination: 'xx', departureDate: '2027-13-01' },
    ]);
    expect(sliceTextsOf('  ')).toBeNull();
  });
});
