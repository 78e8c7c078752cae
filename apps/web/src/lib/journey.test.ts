import { describe, expect, it } from 'vitest';
import { places } from '../test/offers';
import { journeyAirports, journeyCities, journeyKind, sliceLabel } from './journey';

const PARIS = { ...places.LHR, iata_code: 'CDG', city_name: 'Paris', country_code: 'FR' };
const GATWICK = { ...places.LHR, iata_code: 'LGW' };
const leg = (origin: typeof places.LHR, destination: typeof places.LHR) => ({
  origin,
  destination,
});

describe('journeys', () => {
  it('tells one way, a round trip and a multi-city trip apart by their slices', () => {
    expect(journeyKind([leg(places.LHR, places.JFK)])).toBe('one-way');
    expect(journeyKind([leg(places.LHR, places.JFK), leg(places.JFK, places.LHR)])).toBe(
      'round-trip',
    );
    // Back to another airport of the same city is still a return.
    expect(journeyKind([leg(places.LHR, places.JFK), leg(places.JFK, GATWICK)])).toBe('round-trip');
    // Two flights that do not come back are two cities.
    expect(journeyKind([leg(places.LHR, PARIS), leg(PARIS, places.DUB)])).toBe('multi-city');
    expect(
      journeyKind([leg(places.LHR, PARIS), leg(PARIS, places.DUB), leg(places.DUB, places.LHR)]),
    ).toBe('multi-city');
  });

  it('names the slices Outbound and Return, or each flight of a multi-city trip by number', () => {
    const roundTrip = [leg(places.LHR, places.JFK), leg(places.JFK, places.LHR)];
    expect([0, 1].map((index) => sliceLabel(index, roundTrip))).toEqual(['Outbound', 'Return']);
    expect(sliceLabel(0, [leg(places.LHR, places.JFK)])).toBe('Outbound');
    const threeCities = [
      leg(places.LHR, PARIS),
      leg(PARIS, places.DUB),
      leg(places.DUB, places.LHR),
    ];
    expect([0, 1, 2].map((index) => sliceLabel(index, threeCities))).toEqual([
      'Flight 1',
      'Flight 2',
      'Flight 3',
    ]);
  });

  it('names the cities and airports in the order flown, a new run where a flight starts elsewhere', () => {
    const threeCities = [
      leg(places.LHR, PARIS),
      leg(PARIS, places.DUB),
      leg(places.DUB, places.LHR),
    ];
    expect(journeyCities(threeCities)).toBe('London → Paris → Dublin → London');
    expect(journeyAirports(threeCities)).toBe('LHR – CDG – DUB – LHR');
    expect(journeyCities([leg(places.LHR, PARIS), leg(places.DUB, places.LHR)])).toBe(
      'London → Paris, Dublin → London',
    );
  });
});
