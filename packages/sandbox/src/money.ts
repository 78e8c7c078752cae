/**
 * Money in integer minor units. Fares are modelled in US cents and converted once, per priced
 * component, into the requested currency at fixed rates, so a price never depends on the day's
 * exchange rate and base + tax = total holds exactly. Amounts are written and read in each
 * currency's ISO 4217 exponent (JPY "17103", GBP "512.40", KWD "12.345"); the currencies, rates
 * and roundings here are the airline's own. The airline also prices in INR, which the product
 * does not charge: a Duffel account in such a currency is one the product must refuse.
 */

export const supportedCurrencies = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SGD',
  'HKD',
  'SEK',
  'NOK',
  'DKK',
  'JPY',
  'KRW',
  'BHD',
  'JOD',
  'KWD',
  'OMR',
  'TND',
  'INR',
] as const;
export type CurrencyCode = (typeof supportedCurrencies)[number];

/** Units of each currency per US dollar, times 1,000,000 (fixed sandbox rates). */
const perUsdMicros: Record<CurrencyCode, number> = {
  USD: 1_000_000,
  EUR: 920_000,
  GBP: 790_000,
  CAD: 1_370_000,
  AUD: 1_520_000,
  NZD: 1_660_000,
  CHF: 880_000,
  SGD: 1_340_000,
  HKD: 7_800_000,
  SEK: 10_500_000,
  NOK: 10_600_000,
  DKK: 6_870_000,
  JPY: 150_000_000,
  KRW: 1_350_000_000,
  BHD: 376_000,
  JOD: 709_000,
  KWD: 307_000,
  OMR: 385_000,
  TND: 3_100_000,
  INR: 83_000_000,
};

type Exponent = 0 | 2 | 3;

/** Digits after the decimal point (ISO 4217 minor unit) of each currency. */
const exponents: Record<CurrencyCode, Exponent> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  CHF: 2,
  SGD: 2,
  HKD: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  JPY: 0,
  KRW: 0,
  BHD: 3,
  JOD: 3,
  KWD: 3,
  OMR: 3,
  TND: 3,
  INR: 2,
};

export function isSupportedCurrency(value: string): value is CurrencyCode {
  return (supportedCurrencies as readonly string[]).includes(value);
}

/** Digits after the decimal point (ISO 4217 minor unit): JPY 0, GBP 2, KWD 3. */
export function currencyExponent(currency: CurrencyCode): Exponent {
  return exponents[currency];
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
  // cents × (units per USD × 1e6) × 10^exponent / (100 × 1e6), as one integer division.
  const denominator = 100_000_000 / 10 ** currencyExponent(currency);
  return divideRounded(Math.round(usdCents) * perUsdMicros[currency], denominator);
}

/** Rounds minor units to whole currency units (airlines file base fares in whole units). */
export function roundToWholeUnits(minor: number, currency: CurrencyCode): number {
  const unit = 10 ** currencyExponent(currency);
  return Math.max(unit, divideRounded(minor, unit) * unit);
}

/** Minor units → Duffel's decimal string: 51240 GBP → "512.40", 51240 JPY → "51240", KWD "51.240". */
export function formatAmount(minor: number, currency: CurrencyCode): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount: ${minor}`);
  const exponent = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (exponent === 0) return `${sign}${abs}`;
  const unit = 10 ** exponent;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(exponent, '0')}`;
}

/**
 * Duffel's decimal string → minor units, or null when it is not a plain non-negative amount with
 * at most the currency's number of decimals ("512.4" and "512.40" are both 51240 in GBP).
 */
export function parseAmount(value: string, currency: CurrencyCode): number | null {
  const exponent = currencyExponent(currency);
  if (!amountPatterns[exponent].test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
}

const amountPatterns: Record<Exponent, RegExp> = {
  0: /^\d{1,12}$/,
  2: /^\d{1,12}(?:\.\d{1,2})?$/,
  3: /^\d{1,12}(?:\.\d{1,3})?$/,
};
