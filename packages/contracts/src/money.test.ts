import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CHARGEABLE_CURRENCIES,
  chargeStep,
  currencyExponent,
  fromMinorUnits,
  isChargeableAmount,
  MAX_MINOR_UNITS,
  roundUpToChargeable,
  UnsupportedCurrencyError,
  withSellPrice,
  percentToBasisPoints,
  sellPrice,
  toMinorUnits,
} from './money';
import { moneyAmountSchema, refineAmountInCurrency } from './money-schemas';

describe('money', () => {
  it('converts decimal strings and minor units both ways', () => {
    expect(toMinorUnits('512.40', 'USD')).toBe(51240);
    expect(toMinorUnits('512.4', 'USD')).toBe(51240);
    expect(toMinorUnits('7', 'USD')).toBe(700);
    expect(toMinorUnits('0.05', 'USD')).toBe(5);
    expect(fromMinorUnits(51240, 'USD')).toBe('512.40');
    expect(fromMinorUnits(5, 'USD')).toBe('0.05');
    expect(fromMinorUnits(-1250, 'USD')).toBe('-12.50');
  });

  it('refuses what is not money', () => {
    expect(() => toMinorUnits('1.234', 'USD')).toThrow();
    expect(() => toMinorUnits('12,50', 'USD')).toThrow();
    expect(() => toMinorUnits('abc', 'USD')).toThrow();
    expect(() => fromMinorUnits(1.5, 'USD')).toThrow();
    // Spellings the quick reading of "digits.dd" must leave to the full one, or refuse.
    expect(() => toMinorUnits('.50', 'USD')).toThrow();
    expect(() => toMinorUnits('1a.50', 'USD')).toThrow();
    expect(() => toMinorUnits('12.5x', 'USD')).toThrow();
    expect(toMinorUnits(' 12.50 ', 'USD')).toBe(1250);
    expect(toMinorUnits('-12.50', 'USD')).toBe(-1250);
    expect(toMinorUnits('0012.50', 'USD')).toBe(1250);
  });

  it("takes request amounts in the currency's own decimals whose minor units a PostgreSQL integer holds", () => {
    const INTEGER_MAX = 2 ** 31 - 1;
    const request = z
      .object({ amount: moneyAmountSchema, currency: z.string() })
      .superRefine(refineAmountInCurrency);
    const good: [string, string][] = [
      ['0.00', 'USD'],
      ['512.40', 'usd'],
      ['9999999.99', 'USD'],
      ['17103', 'JPY'],
      ['999999999', 'JPY'],
      ['12.345', 'KWD'],
      ['999999.999', 'KWD'],
    ];
    for (const [amount, currency] of good) {
      expect(request.safeParse({ amount, currency }).success, `${amount} ${currency}`).toBe(true);
      expect(toMinorUnits(amount, currency)).toBeLessThanOrEqual(INTEGER_MAX);
    }
    const bad: [string, string][] = [
      ['10000000.00', 'USD'],
      ['21474836.48', 'USD'],
      ['512.4', 'USD'],
      ['512.400', 'USD'],
      ['-1.00', 'USD'],
      ['17103.00', 'JPY'],
      ['1000000000', 'JPY'],
      ['12.34', 'KWD'],
      ['1000000.000', 'KWD'],
    ];
    for (const [amount, currency] of bad) {
      expect(request.safeParse({ amount, currency }).success, `${amount} ${currency}`).toBe(false);
    }
    const jpy = request.safeParse({ amount: '512.40', currency: 'JPY' });
    expect(jpy.error?.issues[0]).toMatchObject({
      path: ['amount'],
      message: 'Enter an amount such as 51240',
    });
  });

  it('reads every amount it writes back to the same minor units', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (minor) => {
          expect(toMinorUnits(fromMinorUnits(minor, 'USD'), 'USD')).toBe(minor);
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
    const price = sellPrice({ baseMinor: 40000, taxMinor: 11240, totalMinor: 51240 }, 2300, 'USD');
    expect(price).toEqual({
      totalMinor: 60500,
      taxMinor: 11240,
      baseMinor: 49260,
      markupMinor: 9260,
    });
  });

  it('keeps an exact whole total as it is', () => {
    const price = sellPrice({ baseMinor: 10000, taxMinor: 0, totalMinor: 10000 }, 2300, 'USD');
    expect(price.totalMinor).toBe(12300);
  });

  it('rounds up even a fraction of a cent', () => {
    // 0.01 base × 23% = 0.0023 → total 100.0123 → 101.00
    const price = sellPrice({ baseMinor: 1, taxMinor: 9999, totalMinor: 10000 }, 2300, 'USD');
    expect(price.totalMinor).toBe(10100);
  });

  it('with no markup still rounds up to a whole unit', () => {
    expect(
      sellPrice({ baseMinor: 10050, taxMinor: 0, totalMinor: 10050 }, 0, 'USD').totalMinor,
    ).toBe(10100);
  });

  it('sell base + sell tax = sell total and the markup is never negative', () => {
    for (let base = 0; base < 50_000; base += 1_237) {
      for (const tax of [0, 1, 999, 12_345]) {
        for (const bp of [0, 1, 1550, 2300, 10_000]) {
          const p = sellPrice(
            { baseMinor: base, taxMinor: tax, totalMinor: base + tax },
            bp,
            'USD',
          );
          expect(p.baseMinor + p.taxMinor).toBe(p.totalMinor);
          expect(p.totalMinor % 100).toBe(0);
          expect(p.markupMinor).toBeGreaterThanOrEqual(Math.ceil((base * bp) / 10_000) - 0);
          expect(p.markupMinor - (base * bp) / 10_000).toBeLessThan(100);
        }
      }
    }
  });

  it('refuses a provider price whose parts do not add up', () => {
    expect(() =>
      sellPrice({ baseMinor: 100, taxMinor: 10, totalMinor: 111 }, 2300, 'USD'),
    ).toThrow();
  });
});

describe('money in every currency (ISO 4217 exponents)', () => {
  it('reads and writes each currency with its own decimals', () => {
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KRW')).toBe(0);
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('gbp')).toBe(2);
    for (const code of ['BHD', 'JOD', 'KWD', 'OMR', 'TND']) expect(currencyExponent(code)).toBe(3);
    expect(toMinorUnits('17103', 'JPY')).toBe(17103);
    expect(toMinorUnits('17103.00', 'JPY')).toBe(17103);
    expect(fromMinorUnits(17103, 'JPY')).toBe('17103');
    expect(toMinorUnits('12.345', 'KWD')).toBe(12345);
    expect(toMinorUnits('12.3', 'KWD')).toBe(12300);
    expect(toMinorUnits('12', 'KWD')).toBe(12000);
    expect(fromMinorUnits(12345, 'KWD')).toBe('12.345');
    expect(fromMinorUnits(5, 'KWD')).toBe('0.005');
    expect(fromMinorUnits(-12345, 'KWD')).toBe('-12.345');
    expect(() => toMinorUnits('17103.5', 'JPY')).toThrow();
    expect(() => toMinorUnits('12.3456', 'KWD')).toThrow();
  });

  it('refuses a currency the product does not sell, with its code', () => {
    for (const code of ['XXX', 'HUF', 'ISK', '', 'usdx']) {
      expect(() => toMinorUnits('1', code)).toThrow(UnsupportedCurrencyError);
      expect(() => fromMinorUnits(1, code)).toThrow(UnsupportedCurrencyError);
    }
    expect(() => currencyExponent('constructor')).toThrow(UnsupportedCurrencyError);
    try {
      toMinorUnits('1.00', 'INR');
    } catch (error) {
      expect(error).toBeInstanceOf(UnsupportedCurrencyError);
      expect((error as UnsupportedCurrencyError).currency).toBe('INR');
    }
  });

  it('reads every amount it writes back, in every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHARGEABLE_CURRENCIES),
        fc.integer({ min: -MAX_MINOR_UNITS, max: MAX_MINOR_UNITS }),
        (currency, minor) => {
          expect(toMinorUnits(fromMinorUnits(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });

  it('rounds the sell total up to a whole unit of each currency', () => {
    // 17103 JPY (base 15000) + 23% of 15000 = 20553 JPY: already whole yen.
    expect(sellPrice({ baseMinor: 15000, taxMinor: 2103, totalMinor: 17103 }, 2300, 'JPY')).toEqual(
      { totalMinor: 20553, taxMinor: 2103, baseMinor: 18450, markupMinor: 3450 },
    );
    // 1 yen of base at 23%: 0.23 yen rounds up to 1 yen, not to 100 minor units.
    expect(sellPrice({ baseMinor: 1, taxMinor: 0, totalMinor: 1 }, 2300, 'JPY').totalMinor).toBe(2);
    // 52.345 KWD (base 40.000) + 9.200 = 61.545 → 62.000.
    expect(
      sellPrice({ baseMinor: 40000, taxMinor: 12345, totalMinor: 52345 }, 2300, 'KWD'),
    ).toEqual({ totalMinor: 62000, taxMinor: 12345, baseMinor: 49655, markupMinor: 9655 });
  });

  it('prices an offer written as Duffel writes it (a JPY total is not 100 times over)', () => {
    const offer = {
      base_amount: '15000',
      tax_amount: '2103',
      total_amount: '17103',
      total_currency: 'JPY',
    };
    expect(withSellPrice(offer, '0.00')).toEqual(offer);
    expect(withSellPrice(offer, '23.00')).toMatchObject({ total_amount: '20553' });
    const kwd = {
      base_amount: '40.000',
      tax_amount: '12.345',
      total_amount: '52.345',
      total_currency: 'KWD',
    };
    expect(withSellPrice(kwd, '23.00')).toMatchObject({
      base_amount: '49.655',
      tax_amount: '12.345',
      total_amount: '62.000',
    });
  });

  it('charges three-decimal currencies only in tens of minor units, as Stripe requires', () => {
    expect(chargeStep('KWD')).toBe(10);
    expect(chargeStep('JPY')).toBe(1);
    expect(chargeStep('USD')).toBe(1);
    expect(isChargeableAmount(5120, 'KWD')).toBe(true);
    expect(isChargeableAmount(5124, 'KWD')).toBe(false);
    expect(isChargeableAmount(5124, 'USD')).toBe(true);
    expect(roundUpToChargeable(5124, 'KWD')).toBe(5130);
    expect(roundUpToChargeable(5120, 'KWD')).toBe(5120);
    expect(roundUpToChargeable(17103, 'JPY')).toBe(17103);
  });
});
