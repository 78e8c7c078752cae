import { describe, expect, it } from 'vitest';
import { blockMinutes, greatCircleKm, windBasisPoints } from './geo';

const lhr = [51.4706, -0.4619] as const;
const jfk = [40.6398, -73.7789] as const;
const syd = [-33.946, 151.177] as const;

describe('greatCircleKm', () => {
  it('measures real distances', () => {
    expect(greatCircleKm(...lhr, ...jfk)).toBeGreaterThan(5520);
    expect(greatCircleKm(...lhr, ...jfk)).toBeLessThan(5560);
    expect(greatCircleKm(...lhr, ...syd)).toBeGreaterThan(17_000);
    expect(greatCircleKm(...lhr, ...lhr)).toBe(0);
  });

  it('is symmetric', () => {
    expect(greatCircleKm(...lhr, ...jfk)).toBe(greatCircleKm(...jfk, ...lhr));
  });
});

describe('block times', () => {
  it('are slower westbound than eastbound across the Atlantic, as with real jet streams', () => {
    const west = blockMinutes(5540, 815, windBasisPoints(...lhr, ...jfk));
    const east = blockMinutes(5540, 815, windBasisPoints(...jfk, ...lhr));
    expect(west).toBeGreaterThan(east);
    expect(west).toBeGreaterThanOrEqual(7 * 60 + 30);
    expect(west).toBeLessThanOrEqual(8 * 60 + 45);
    expect(east).toBeGreaterThanOrEqual(6 * 60 + 30);
    expect(east).toBeLessThanOrEqual(7 * 60 + 30);
  });

  it('grow with distance and come in whole 5 minutes', () => {
    let previous = 0;
    for (const km of [200, 800, 2000, 5000, 9000, 14_000]) {
      const minutes = blockMinutes(km, 800, 10_000);
      expect(minutes % 5).toBe(0);
      expect(minutes).toBeGreaterThan(previous);
      previous = minutes;
    }
  });
});
