/**
 * Money is a decimal string ("512.40") or integer minor units with an ISO currency, never a float.
 * Minor units follow the currency's ISO 4217 exponent: JPY and KRW have none ("17103" is 17103
 * minor units), USD and GBP two ("512.40" is 51240), KWD and BHD three ("12.345" is 12345). Every
 * conversion names its currency, and only the currencies below can be sold and charged: any other
 * code is refused (`UnsupportedCurrencyError`) before a price is shown or a card is touched.
 * Zod-free (the results page formats prices on its first render); the request schemas' amount
 * rules are in `money-schemas.ts`.
 */

/**
 * The currencies the product sells and charges in: each has a fixed ISO 4217 exponent that Stripe
 * uses for its amounts too (Stripe's special cases — ISK, HUF, TWD, UGX, whose Stripe amounts are
 * not their ISO minor units — are left out on purpose).
 */
export const CHARGEABLE_CURRENCIES = [
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
] as const;
export type ChargeableCurrency = (typeof CHARGEABLE_CURRENCIES)[number];
export type CurrencyExponent = 0 | 2 | 3;

const EXPONENTS: Readonly<Record<ChargeableCurrency, CurrencyExponent>> = {
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
};

/** A currency the product cannot sell or charge in (unknown, or outside `CHARGEABLE_CURRENCIES`). */
export class UnsupportedCurrencyError extends Error {
  constructor(readonly currency: string) {
    super(`Currency not supported: ${currency}`);
    this.name = 'UnsupportedCurrencyError';
  }
}

export function isChargeableCurrency(code: string): code is ChargeableCurrency {
  return Object.hasOwn(EXPONENTS, code);
}

function exponentOf(currency: string): CurrencyExponent {
  if (isChargeableCurrency(currency)) return EXPONENTS[currency];
  const upper = currency.toUpperCase();
  if (isChargeableCurrency(upper)) return EXPONENTS[upper];
  throw new UnsupportedCurrencyError(currency);
}

/** Digits after the decimal point: JPY 0, USD 2, KWD 3. Throws for a currency not sold. */
export function currencyExponent(currency: string): CurrencyExponent {
  return exponentOf(currency);
}

/** Minor units in one whole unit: JPY 1, USD 100, KWD 1000. */
export function minorPerUnit(currency: string): number {
  return 10 ** exponentOf(currency);
}

/**
 * The largest amount, in minor units, any price, charge or refund may be in every currency: nine
 * digits (9,999,999.99 USD, 999,999,999 JPY, 999,999.999 KWD). It keeps every amount within the
 * PostgreSQL integer columns that store them (2^31 − 1) without a wider type, and is far above
 * any fare: Stripe itself charges at most 99,999,999 minor units at once.
 */
export const MAX_MINOR_UNITS = 999_999_999;

/**
 * The step a card amount must be a multiple of, in minor units. Stripe takes three-decimal
 * currencies (BHD, JOD, KWD, OMR, TND) only with a last digit of 0 ("5.124 KWD must be rounded to
 * 5120 or 5130"); every other currency is charged to the minor unit.
 */
export function chargeStep(currency: string): number {
  return exponentOf(currency) === 3 ? 10 : 1;
}

/** Whether a card amount is one Stripe (and the sandbox payments) accepts in the currency. */
export function isChargeableAmount(minor: number, currency: string): boolean {
  return Number.isSafeInteger(minor) && minor % chargeStep(currency) === 0;
}

/** Rounds an amount up to the next one a card can be charged or refunded: 12345 KWD → 12350. */
export function roundUpToChargeable(minor: number, currency: string): number {
  const step = chargeStep(currency);
  return Math.ceil(minor / step) * step;
}

/** "Enter an amount such as 17103" in the currency's own spelling. */
export function amountExample(currency: string): string {
  return fromMinorUnits(51240, isChargeableCurrency(currency) ? currency : 'USD');
}

const ZERO = 48;
const POINT = 46;

/**
 * "512.40" (digits, a point, the currency's decimals: what every price in an answer looks like, a
 * few hundred times a search) read without a regular expression; null for any other spelling.
 */
function plainMinorUnits(amount: string, exponent: CurrencyExponent): number | null {
  const point = exponent === 0 ? -1 : amount.length - exponent - 1;
  if (exponent === 0 ? amount.length < 1 || amount.length > 15 : point < 1 || point > 13)
    return null;
  if (point > 0 && amount.charCodeAt(point) !== POINT) return null;
  let minor = 0;
  for (let i = 0; i < amount.length; i++) {
    if (i === point) continue;
    const digit = amount.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return null;
    minor = minor * 10 + digit;
  }
  return minor;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,3}))?$/;

/**
 * A decimal string in `currency` → its minor units: ("512.4", "USD") → 51240, ("17103", "JPY") →
 * 17103, ("12.345", "KWD") → 12345. Throws on anything that is not a plain decimal with at most
 * the currency's decimals (trailing zeros beyond them are the same amount: "17103.00" JPY), and
 * `UnsupportedCurrencyError` for a currency the product does not sell.
 */
export function toMinorUnits(amount: string, currency: string): number {
  const exponent = exponentOf(currency);
  const fast = plainMinorUnits(amount, exponent);
  if (fast !== null) return fast;
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new Error(`Not a money amount: ${amount}`);
  const [, sign, whole = '0', written = ''] = match;
  const fraction = written.replace(/0+$/, '');
  if (fraction.length > exponent) throw new Error(`Too many decimals for ${currency}: ${amount}`);
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  if (!Number.isSafeInteger(minor)) throw new Error(`Amount out of range: ${amount}`);
  return sign ? -minor : minor;
}

/** Minor units → the decimal string Duffel writes: 51240 USD "512.40", 17103 JPY "17103", 12345 KWD "12.345". */
export function fromMinorUnits(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`Not whole minor units: ${minor}`);
  const exponent = exponentOf(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (exponent === 0) return `${sign}${abs}`;
  const unit = 10 ** exponent;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(exponent, '0')}`;
}

/** Percentages such as "23.00" or 15.5 → basis points (2300, 1550). */
export function percentToBasisPoints(percent: string | number): number {
  const value = typeof percent === 'number' ? percent.toFixed(2) : percent;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a percentage: ${value}`);
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export interface ProviderPrice {
  baseMinor: number;
  taxMinor: number;
  totalMinor: number;
}

export interface SellPrice extends ProviderPrice {
  /** What the brand earns: sell total − provider total. */
  markupMinor: number;
}

/**
 * The sell price, applied once on the server: markup = provider base × markup%; sell total =
 * provider total + markup, rounded up to a whole unit of `currency` (1 JPY, 1.00 USD, 1.000 KWD,
 * so a sell total is always an amount a card can be charged); sell taxes = provider taxes; sell
 * base = sell total − sell taxes. Integer arithmetic only.
 */
export function sellPrice(
  provider: ProviderPrice,
  markupBasisPoints: number,
  currency: string,
): SellPrice {
  if (provider.baseMinor + provider.taxMinor !== provider.totalMinor) {
    throw new Error('Provider base and tax do not add up to the total');
  }
  const unit = minorPerUnit(currency);
  // total + base × bp / 10 000, rounded up to a multiple of one unit, in one division.
  const scaled = provider.totalMinor * 10_000 + provider.baseMinor * markupBasisPoints;
  const totalMinor = Math.ceil(scaled / (10_000 * unit)) * unit;
  return {
    totalMinor,
    taxMinor: provider.taxMinor,
    baseMinor: totalMinor - provider.taxMinor,
    markupMinor: totalMinor - provider.totalMinor,
  };
}

/** Amounts written as decimal strings, as an offer carries them, in its `total_currency`. */
export interface OfferAmounts {
  base_amount: string;
  tax_amount: string;
  total_amount: string;
  total_currency: string;
}

/** An offer's amounts with the brand's markup applied once, never compounded (`sellPrice`). */
export function withSellPrice<T extends OfferAmounts>(offer: T, markupPercent: string): T {
  const currency = offer.total_currency;
  const price = sellPrice(
    {
      baseMinor: toMinorUnits(offer.base_amount, currency),
      taxMinor: toMinorUnits(offer.tax_amount, currency),
      totalMinor: toMinorUnits(offer.total_amount, currency),
    },
    percentToBasisPoints(markupPercent),
    currency,
  );
  return {
    ...offer,
    base_amount: fromMinorUnits(price.baseMinor, currency),
    tax_amount: fromMinorUnits(price.taxMinor, currency),
    total_amount: fromMinorUnits(price.totalMinor, currency),
  };
}
