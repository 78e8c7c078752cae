/**
 * Money in integer minor units. Fares are modelled in US cents and converted once, per priced
 * component, into the requested currency at fixed rates, so a price never depends on the day's
 * exchange rate and base + tax = total holds exactly. Two-decimal amounts are written and read
 * by the contracts' money module; the currencies, rates and roundings here are the airline's own.
 */
import { fromMinorUnits, toMinorUnits } from '@contrail/contracts/money';

export const supportedCurrencies = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SGD',
  'JPY',
] as const;
export type CurrencyCode = (typeof supportedCurrencies)[number];

interface CurrencyInfo {
  /** Digits after the decimal point (ISO 4217 minor unit). */
  readonly exponent: 0 | 2;
  /** Units of this currency per US dollar, times 1,000,000 (a fixed sandbox rate). */
  readonly perUsdMicros: number;
}

const currencyInfo: Record<CurrencyCode, CurrencyInfo> = {
  USD: { exponent: 2, perUsdMicros: 1_000_000 },
  EUR: { exponent: 2, perUsdMicros: 920_000 },
  GBP: { exponent: 2, perUsdMicros: 790_000 },
  CAD: { exponent: 2, perUsdMicros: 1_370_000 },
  AUD: { exponent: 2, perUsdMicros: 1_520_000 },
  NZD: { exponent: 2, perUsdMicros: 1_660_000 },
  CHF: { exponent: 2, perUsdMicros: 880_000 },
  SGD: { exponent: 2, perUsdMicros: 1_340_000 },
  JPY: { exponent: 0, perUsdMicros: 150_000_000 },
};

export function isSupportedCurrency(value: string): value is CurrencyCode {
  return (supportedCurrencies as readonly string[]).includes(value);
}

export function currencyExponent(currency: CurrencyCode): 0 | 2 {
  return currencyInfo[currency].exponent;
}

/** Integer division rounding half away from zero; both operands must be safe integers. */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`Unsafe money arithmetic: ${numerator} / ${denominator}`);
  }
  const quotient = Math.trunc(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  if (Math.abs(remainder) * 2 >= denominator) return quotient + Math.sign(numerator);
  return quotient;
}

/** Scales an integer amount by basis points (10,000 = ×1), rounding to the nearest unit. */
export function applyBasisPoints(amount: number, basisPoints: number): number {
  return divideRounded(amount * Math.round(basisPoints), 10_000);
}

/** US cents → minor units of `currency` at the sandbox's fixed rate. */
export function fromUsdCents(usdCents: number, currency: CurrencyCode): number {
  const info = currencyInfo[currency];
  // cents × (units per USD × 1e6) × 10^exponent / (100 × 1e6), as one integer division.
  const denominator = info.exponent === 2 ? 1_000_000 : 100_000_000;
  return divideRounded(Math.round(usdCents) * info.perUsdMicros, denominator);
}

/** Rounds minor units to whole currency units (airlines file base fares in whole units). */
export function roundToWholeUnits(minor: number, currency: CurrencyCode): number {
  const unit = currencyInfo[currency].exponent === 2 ? 100 : 1;
  return Math.max(unit, divideRounded(minor, unit) * unit);
}

/** Minor units → Duffel's decimal string: 51240 GBP → "512.40", 51240 JPY → "51240". */
export function formatAmount(minor: number, currency: CurrencyCode): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount: ${minor}`);
  return currencyInfo[currency].exponent === 0 ? String(minor) : fromMinorUnits(minor);
}

/**
 * Duffel's decimal string → minor units, or null when it is not a plain non-negative amount with
 * at most the currency's number of decimals ("512.4" and "512.40" are both 51240).
 */
export function parseAmount(value: string, currency: CurrencyCode): number | null {
  if (currencyInfo[currency].exponent === 0) return /^\d{1,12}$/.test(value) ? Number(value) : null;
  return /^\d{1,12}(?:\.\d{1,2})?$/.test(value) ? toMinorUnits(value) : null;
}
