import { describe, expect, it } from 'vitest';
import { must } from './test-factories';
import {
  cabinBasisPoints,
  daysToDepartureBasisPoints,
  departureTaxUsdCents,
  distanceFareUsdCents,
  marketBasisPoints,
  priceSlice,
  simulatedLoadBasisPoints,
  weekdayFactor,
} from './fares';
import { fareBrands } from './fare-brands';
import { getNetwork } from './network';
import { findAirport } from '@contrail/reference-data';
import { flightsOn } from './schedule';

describe('fare ingredients', () => {
  it('taper with distance', () => {
    let previous = 0;
    let previousPerKm = Infinity;
    for (const km of [300, 1000, 3000, 6000, 12_000]) {
      const fare = distanceFareUsdCents(km);
      expect(fare).toBeGreaterThan(previous);
      expect(fare / km).toBeLessThan(previousPerKm);
      previous = fare;
      previousPerKm = fare / km;
    }
  });

  it('rank the cabins', () => {
    for (const km of [800, 3000, 9000]) {
      expect(cabinBasisPoints('economy', km)).toBeLessThan(cabinBasisPoints('premium_economy', km));
      expect(cabinBasisPoints('premium_economy', km)).toBeLessThan(
        cabinBasisPoints('business', km),
      );
      expect(cabinBasisPoints('business', km)).toBeLessThan(cabinBasisPoints('first', km));
    }
  });

  it('rise as departure nears', () => {
    let previous = 0;
    for (const days of [300, 90, 45, 25, 15, 10, 4, 0]) {
      const factor = daysToDepartureBasisPoints(days);
      expect(factor).toBeGreaterThan(previous);
      previous = factor;
    }
  });

  it('are lower in cheaper markets', () => {
    expect(marketBasisPoints('US', 'GB')).toBe(10_000);
    expect(marketBasisPoints('IN', 'IN')).toBeLessThan(marketBasisPoints('GB', 'IN'));
    expect(marketBasisPoints('GB', 'IN')).toBeLessThan(10_000);
  });

  it('make Fridays dearer than Tuesdays', () => {
    expect(weekdayFactor('2026-03-06')).toBeGreaterThan(weekdayFactor('2026-03-03'));
  });

  it('fill flights as departure nears, never past capacity', () => {
    for (const key of ['BA137-20260304', 'FR1234-20260304', 'QF1-20261201']) {
      const far = simulatedLoadBasisPoints('contrail', key, 200);
      const near = simulatedLoadBasisPoints('contrail', key, 1);
      expect(near).toBeGreaterThan(far);
      expect(far).toBeGreaterThanOrEqual(4500);
      expect(near).toBeLessThanOrEqual(9600);
    }
  });

  it('tax long-haul departures from the UK more than short ones', () => {
    const lhr = must(findAirport('LHR'));
    const jfk = must(findAirport('JFK'));
    const cdg = must(findAirport('CDG'));
    expect(departureTaxUsdCents(lhr, jfk, 5540, false)).toBeGreaterThan(
      departureTaxUsdCents(lhr, cdg, 344, false),
    );
    expect(departureTaxUsdCents(lhr, jfk, 5540, true)).toBeGreaterThan(
      departureTaxUsdCents(lhr, jfk, 5540, false),
    );
  });
});

describe('fare brands', () => {
  it('offer three economy brands with rising flexibility', () => {
    const [basic, standard, flex] = fareBrands.economy;
    expect([basic?.name, standard?.name, flex?.name]).toEqual(['Basic', 'Standard', 'Flex']);
    expect(basic?.change.allowed).toBe(false);
    expect(basic?.refund.allowed).toBe(false);
    expect(basic?.checkedShortHaul).toBe(0);
    expect(standard?.change.allowed).toBe(true);
    expect(standard?.change.longHaul).toBeGreaterThan(0);
    expect(standard?.refund.allowed).toBe(false);
    expect(flex?.refund).toEqual({ allowed: true, shortHaul: 0, longHaul: 0 });
    expect(flex?.checkedLongHaul).toBe(2);
  });

  it('offer fewer brands in the front cabins', () => {
    expect(fareBrands.premium_economy).toHaveLength(2);
    expect(fareBrands.business).toHaveLength(2);
    expect(fareBrands.first).toHaveLength(1);
  });
});

describe('priceSlice', () => {
  const network = getNetwork('contrail');
  const lhr = must(findAirport('LHR'));
  const jfk = must(findAirport('JFK'));
  const route = must(network.routesBetween(lhr.index, jfk.index)[0]);
  const flights = flightsOn(route, '2026-03-04').slice(0, 1);
  const slice = { flights, distanceKm: route.distanceKm };
  const input = {
    seed: 'contrail',
    cabin: 'economy' as const,
    priceLevelBp: 10_000,
    searchDate: '2026-01-10',
    currency: 'GBP' as const,
  };

  it('prices brands in order, and children and infants below adults', () => {
    const [basic, standard, flex] = fareBrands.economy.map((brand) =>
      priceSlice(slice, { ...input, brand }),
    );
    expect(must(basic).adult.base).toBeLessThan(must(standard).adult.base);
    expect(must(standard).adult.base).toBeLessThan(must(flex).adult.base);
    expect(must(basic).child.base).toBeLessThan(must(basic).adult.base);
    expect(must(basic).infant.base).toBeLessThan(must(basic).child.base);
    expect(must(basic).infant.tax).toBeLessThan(must(basic).adult.tax);
    expect(must(basic).adult.base % 100).toBe(0);
  });

  it('is a pure function of its inputs', () => {
    const brand = must(fareBrands.economy[1]);
    expect(priceSlice(slice, { ...input, brand })).toEqual(
      priceSlice({ ...slice, flights: [...flights] }, { ...input, brand }),
    );
  });

  it('costs more closer to departure and in dearer cabins', () => {
    const brand = must(fareBrands.economy[0]);
    const early = priceSlice(slice, { ...input, brand, searchDate: '2025-10-01' });
    const late = priceSlice(slice, { ...input, brand, searchDate: '2026-03-02' });
    expect(late.adult.base).toBeGreaterThan(early.adult.base);
    const business = priceSlice(slice, {
      ...input,
      brand: must(fareBrands.business[0]),
      cabin: 'business',
    });
    expect(business.adult.base).toBeGreaterThan(
      priceSlice(slice, { ...input, brand }).adult.base * 3,
    );
  });
});
