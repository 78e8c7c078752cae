import { describe, expect, it } from 'vitest';
import {
  createRandom,
  hashString,
  idFromHash,
  idFromKey,
  intFromKey,
  mixInts,
  unitFromKey,
} from './random';

describe('seeded randomness', () => {
  it('is a pure function of the key', () => {
    expect(hashString('LHR-JFK')).toBe(hashString('LHR-JFK'));
    expect(hashString('LHR-JFK')).not.toBe(hashString('JFK-LHR'));
    expect(mixInts(1, 2)).toBe(mixInts(1, 2));
    expect(idFromKey('a')).toBe(idFromKey('a'));
    const a = createRandom('seed');
    const b = createRandom('seed');
    expect([a.next(), a.next(), a.int(1, 6)]).toEqual([b.next(), b.next(), b.int(1, 6)]);
  });

  it('spreads values evenly enough', () => {
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const value = unitFromKey(`key-${i}`);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      buckets[Math.floor(value * 10)] = (buckets[Math.floor(value * 10)] ?? 0) + 1;
    }
    for (const count of buckets) expect(count).toBeGreaterThan(850);
    for (let i = 0; i < 200; i++) {
      const n = intFromKey(`int-${i}`, 3, 5);
      expect([3, 4, 5]).toContain(n);
    }
  });

  it('makes Duffel-like ids', () => {
    expect(idFromKey('x')).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(idFromHash(42)).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(idFromHash(42, 10)).toHaveLength(10);
    expect(idFromHash(42)).not.toBe(idFromHash(43));
  });

  it('refuses to pick from nothing', () => {
    expect(() => createRandom('x').pick([])).toThrow(RangeError);
  });
});
