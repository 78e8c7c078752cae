import { describe, expect, it } from 'vitest';
import {
  applyBasisPoints,
  divideRounded,
  formatAmount,
  fromUsdCents,
  parseAmount,
  roundToWholeUnits,
  supportedCurrencies,
} from './money';

describe('formatAmount', () => {
  it('writes minor units as Duffel decimal strings', () => {
    expect(formatAmount(51240, 'GBP')).toBe('512.40');
    expect(formatAmount(5, 'USD')).toBe('0.05');
    expect(formatAmount(0, 'EUR')).toBe('0.00');
    expect(formatAmount(-1050, 'USD')).toBe('-10.50');
    expect(formatAmount(51240, 'JPY')).toBe('51240');
    expect(formatAmount(51245, 'KWD')).toBe('51.245');
    expect(formatAmount(5, 'BHD')).toBe('0.005');
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => formatAmount(1.5, 'USD')).toThrow(RangeError);
  });
});

describe('parseAmount', () => {
  it('reads plain decimal strings into minor units', () => {
    expect(parseAmount('512.40', 'GBP')).toBe(51240);
    expect(parseAmount('512.4', 'GBP')).toBe(51240);
    expect(parseAmount('512', 'GBP')).toBe(51200);
    expect(parseAmount('0.05', 'USD')).toBe(5);
    expect(parseAmount('51240', 'JPY')).toBe(51240);
    expect(parseAmount('51.245', 'KWD')).toBe(51245);
    expect(parseAmount('51.2', 'KWD')).toBe(51200);
  });

  it('refuses anything that is not a plain non-negative amount', () => {
    for (const bad of ['', '-1.00', '1.005', '1e3', ' 1.00', '1,00', 'NaN', '.50', '1.']) {
      expect(parseAmount(bad, 'USD'), bad).toBeNull();
    }
    expect(parseAmount('100.50', 'JPY')).toBeNull();
    expect(parseAmount('1.2345', 'KWD')).toBeNull();
  });

  it('round-trips with formatAmount for every currency', () => {
    for (const currency of supportedCurrencies) {
      for (const minor of [0, 1, 99, 100, 123456]) {
        expect(parseAmount(formatAmount(minor, currency), currency)).toBe(minor);
      }
    }
  });
});

describe('integer arithmetic', () => {
  it('rounds half away from zero', () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(4, 3)).toBe(1);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(() => divideRounded(1.5, 2)).toThrow(RangeError);
  });

  it('applies basis points', () => {
    expect(applyBasisPoints(10_000, 12_600)).toBe(12_600);
    expect(applyBasisPoints(333, 5_000)).toBe(167);
  });
});

describe('fromUsdCents', () => {
  it('converts at fixed rates, into the currency’s minor units', () => {
    expect(fromUsdCents(10_000, 'USD')).toBe(10_000);
    expect(fromUsdCents(10_000, 'GBP')).toBe(7_900);
    expect(fromUsdCents(10_000, 'EUR')).toBe(9_200);
    expect(fromUsdCents(10_000, 'JPY')).toBe(15_000);
    expect(fromUsdCents(10_000, 'KRW')).toBe(135_000);
    // 100.00 USD = 30.700 KWD: three decimals, in fils.
    expect(fromUsdCents(10_000, 'KWD')).toBe(30_700);
    expect(fromUsdCents(1, 'KWD')).toBe(3);
  });

  it('is deterministic and integral for every currency', () => {
    for (const currency of supportedCurrencies) {
      const value = fromUsdCents(123_457, currency);
      expect(Number.isSafeInteger(value)).toBe(true);
      expect(fromUsdCents(123_457, currency)).toBe(value);
    }
  });
});

describe('roundToWholeUnits', () => {
  it('files base fares in whole units, never zero', () => {
    expect(roundToWholeUnits(51249, 'GBP')).toBe(51200);
    expect(roundToWholeUnits(51250, 'GBP')).toBe(51300);
    expect(roundToWholeUnits(10, 'GBP')).toBe(100);
    expect(roundToWholeUnits(51249, 'JPY')).toBe(51249);
    expect(roundToWholeUnits(51499, 'KWD')).toBe(51000);
    expect(roundToWholeUnits(51500, 'KWD')).toBe(52000);
  });
});
