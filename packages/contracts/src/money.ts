import { z } from 'zod';

/**
 * Money is a decimal string ("512.40") or integer minor units with an ISO currency, never a float.
 * Every currency Contrail sells in has two decimals.
 */

const MINOR_PER_UNIT = 100;
const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A sell amount a request may carry: up to 9,999,999.99, two decimals. Larger figures are no
 * fare anyone sells, and bounding them keeps every amount's minor units within a PostgreSQL
 * integer (2^31 − 1), as the columns that keep them are: 21,474,836.48 was refused there (500).
 */
export const moneyAmountSchema = z
  .string()
  .regex(/^\d{1,7}\.\d{2}$/, 'Enter an amount such as 512.40');

const ZERO = 48;

/**
 * "512.40" (digits, a point, two digits: what every price in an answer looks like, a few hundred
 * times a search) read without a regular expression; null for any other spelling.
 */
function plainMinorUnits(amount: string): number | null {
  const point = amount.length - 3;
  if (point < 1 || point > 13 || amount.charCodeAt(point) !== 46) return null;
  let minor = 0;
  for (let i = 0; i < amount.length; i++) {
    if (i === point) continue;
    const digit = amount.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return null;
    minor = minor * 10 + digit;
  }
  return minor;
}

/** "512.4" → 51240. Throws on anything that is not a plain decimal with at most 2 places. */
export function toMinorUnits(amount: string): number {
  const fast = plainMinorUnits(amount);
  if (fast !== null) return fast;
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new Error(`Not a money amount: ${amount}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = Number(whole) * MINOR_PER_UNIT + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) throw new Error(`Amount out of range: ${amount}`);
  return sign ? -minor : minor;
}

/** 51240 → "512.40". */
export function fromMinorUnits(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`Not whole minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / MINOR_PER_UNIT)}.${String(abs % MINOR_PER_UNIT).padStart(2, '0')}`;
}

/** Percentages such as "23.00" or 15.5 → basis points (2300, 1550). */
export function percentToBasisPoints(percent: string | number): number {
  const value = typeof percent === 'number' ? percent.toFixed(2) : percent;
  return toMinorUnits(value);
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
 * provider total + markup, rounded up to a whole currency unit; sell taxes = provider taxes; sell
 * base = sell total − sell taxes. Integer arithmetic only.
 */
export function sellPrice(provider: ProviderPrice, markupBasisPoints: number): SellPrice {
  if (provider.baseMinor + provider.taxMinor !== provider.totalMinor) {
    throw new Error('Provider base and tax do not add up to the total');
  }
  // total + base × bp / 10 000, rounded up to a multiple of 100 minor units, in one division.
  const scaled = provider.totalMinor * 10_000 + provider.baseMinor * markupBasisPoints;
  const divisor = 10_000 * MINOR_PER_UNIT;
  const totalMinor = Math.ceil(scaled / divisor) * MINOR_PER_UNIT;
  return {
    totalMinor,
    taxMinor: provider.taxMinor,
    baseMinor: totalMinor - provider.taxMinor,
    markupMinor: totalMinor - provider.totalMinor,
  };
}

/** Amounts written as decimal strings, as an offer carries them. */
export interface OfferAmounts {
  base_amount: string;
  tax_amount: string;
  total_amount: string;
}

/** An offer's amounts with the brand's markup applied once, never compounded (`sellPrice`). */
export function withSellPrice<T extends OfferAmounts>(offer: T, markupPercent: string): T {
  const price = sellPrice(
    {
      baseMinor: toMinorUnits(offer.base_amount),
      taxMinor: toMinorUnits(offer.tax_amount),
      totalMinor: toMinorUnits(offer.total_amount),
    },
    percentToBasisPoints(markupPercent),
  );
  return {
    ...offer,
    base_amount: fromMinorUnits(price.baseMinor),
    tax_amount: fromMinorUnits(price.taxMinor),
    total_amount: fromMinorUnits(price.totalMinor),
  };
}
