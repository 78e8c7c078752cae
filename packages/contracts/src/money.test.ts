import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromMinorUnits,
  moneyAmountSchema,
  percentToBasisPoints,
  sellPrice,
  toMinorUnits,
} from './money';

describe('money', () => {
  it('converts decimal strings and minor units both ways', () => {
    expect(toMinorUnits('512.40')).toBe(51240);
    expect(toMinorUnits('512.4')).toBe(51240);
    expect(toMinorUnits('7')).toBe(700);
    expect(toMinorUnits('0.05')).toBe(5);
    expect(fromMinorUnits(51240)).toBe('512.40');
    expect(fromMinorUnits(5)).toBe('0.05');
    expect(fromMinorUnits(-1250)).toBe('-12.50');
  });

  it('refuses what is not money', () => {
    expect(() => toMinorUnits('1.234')).toThrow();
    expect(() => toMinorUnits('12,50')).toThrow();
    expect(() => toMinorUnits('abc')).toThrow();
    expect(() => fromMinorUnits(1.5)).toThrow();
    // Spellings the quick reading of "digits.dd" must leave to the full one, or refuse.
    expect(() => toMinorUnits('.50')).toThrow();
    expect(() => toMinorUnits('1a.50')).toThrow();
    expect(() => toMinorUnits('12.5x')).toThrow();
    expect(toMinorUnits(' 12.50 ')).toBe(1250);
    expect(toMinorUnits('-12.50')).toBe(-1250);
    expect(toMinorUnits('0012.50')).toBe(1250);
  });

  it('takes request amounts whose minor units a PostgreSQL integer holds', () => {
    const INTEGER_MAX = 2 ** 31 - 1;
    for (const amount of ['0.00', '512.40', '9999999.99']) {
      expect(moneyAmountSchema.safeParse(amount).success, amount).toBe(true);
      expect(toMinorUnits(amount)).toBeLessThanOrEqual(INTEGER_MAX);
    }
    for (const amount of ['10000000.00', '21474836.48', '999999999.99', '512.4', '-1.00']) {
      expect(moneyAmountSchema.safeParse(amount).success, amount).toBe(false);
    }
  });

  it('reads every amount it writes back to the same minor units', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (minor) => {
          expect(toMinorUnits(fromMinorUnits(minor))).toBe(minor);
        },
      ),
    );
  });

  it('turns percentages into basis points', () => {
    expect(percentToBasisPoints('23.00')).toBe(2300);
    expect(percentToBasisPoints(15.5)).toBe(1550);
    expect(percentToBasisPoints('0')).toBe(0);
  });
});

describe('sellPrice (PRODUCT.md §5)', () => {
  it('adds the markup on the base and rounds the total up to a whole unit', () => {
    // base 400.00, tax 112.40, total 512.40; markup 23% of base = 92.00 → 604.40 → 605.00
    const price = sellPrice({ baseMinor: 40000, taxMinor: 11240, totalMinor: 51240 }, 2300);
    expect(price).toEqual({
      totalMinor: 60500,
      taxMinor: 11240,
      baseMinor: 49260,
      markupMinor: 9260,
    });
  });

  it('keeps an exact whole total as it is', () => {
    const price = sellPrice({ baseMinor: 10000, taxMinor: 0, totalMinor: 10000 }, 2300);
    expect(price.totalMinor).toBe(12300);
  });

  it('rounds up even a fraction of a cent', () => {
    // 0.01 base × 23% = 0.0023 → total 100.0123 → 101.00
    const price = sellPrice({ baseMinor: 1, taxMinor: 9999, totalMinor: 10000 }, 2300);
    expect(price.totalMinor).toBe(10100);
  });

  it('with no markup still rounds up to a whole unit', () => {
    expect(sellPrice({ baseMinor: 10050, taxMinor: 0, totalMinor: 10050 }, 0).totalMinor).toBe(
      10100,
    );
  });

  it('sell base + sell tax = sell total and the markup is never negative', () => {
    for (let base = 0; base < 50_000; base += 1_237) {
      for (const tax of [0, 1, 999, 12_345]) {
        for (const bp of [0, 1, 1550, 2300, 10_000]) {
          const p = sellPrice({ baseMinor: base, taxMinor: tax, totalMinor: base + tax }, bp);
          expect(p.baseMinor + p.taxMinor).toBe(p.totalMinor);
          expect(p.totalMinor % 100).toBe(0);
          expect(p.markupMinor).toBeGreaterThanOrEqual(Math.ceil((base * bp) / 10_000) - 0);
          expect(p.markupMinor - (base * bp) / 10_000).toBeLessThan(100);
        }
      }
    }
  });

  it('refuses a provider price whose parts do not add up', () => {
    expect(() => sellPrice({ baseMinor: 100, taxMinor: 10, totalMinor: 111 }, 2300)).toThrow();
  });
});
