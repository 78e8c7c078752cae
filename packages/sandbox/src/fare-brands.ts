/**
 * Fare brands: the brands each cabin sells (Basic to Flex in economy, fewer in the premium
 * cabins) with their bags, change and refund penalties and included seats, and the fare basis
 * code a brand files a fare under.
 */
import type { CabinClass } from '@contrail/reference-data/data/aircraft';
import { weekday, type LocalDate } from './time-zones';

/** Per passenger, US cents, by haul (long = any slice of 3,000 km or more). */
interface Penalty {
  readonly allowed: boolean;
  readonly shortHaul: number;
  readonly longHaul: number;
}

export interface FareBrand {
  readonly name: string;
  /** Booking class letter (reservation booking designator). */
  readonly bookingClass: string;
  readonly multiplierBp: number;
  readonly carryOn: number;
  readonly checkedShortHaul: number;
  readonly checkedLongHaul: number;
  readonly change: Penalty;
  readonly refund: Penalty;
  /** Which seats the fare includes at no charge. */
  readonly includedSeats: 'none' | 'standard' | 'all';
}

const notAllowed: Penalty = { allowed: false, shortHaul: 0, longHaul: 0 };
const free: Penalty = { allowed: true, shortHaul: 0, longHaul: 0 };

/** Three brands where the cabin allows, fewer in the premium cabins. */
export const fareBrands: Readonly<Record<CabinClass, readonly FareBrand[]>> = {
  economy: [
    {
      name: 'Basic',
      bookingClass: 'O',
      multiplierBp: 10_000,
      carryOn: 1,
      checkedShortHaul: 0,
      checkedLongHaul: 0,
      change: notAllowed,
      refund: notAllowed,
      includedSeats: 'none',
    },
    {
      name: 'Standard',
      bookingClass: 'V',
      multiplierBp: 12_600,
      carryOn: 1,
      checkedShortHaul: 1,
      checkedLongHaul: 1,
      change: { allowed: true, shortHaul: 7_500, longHaul: 20_000 },
      refund: notAllowed,
      includedSeats: 'none',
    },
    {
      name: 'Flex',
      bookingClass: 'Y',
      multiplierBp: 21_500,
      carryOn: 1,
      checkedShortHaul: 1,
      checkedLongHaul: 2,
      change: free,
      refund: free,
      includedSeats: 'standard',
    },
  ],
  premium_economy: [
    {
      name: 'Premium',
      bookingClass: 'E',
      multiplierBp: 10_000,
      carryOn: 1,
      checkedShortHaul: 2,
      checkedLongHaul: 2,
      change: { allowed: true, shortHaul: 10_000, longHaul: 20_000 },
      refund: { allowed: true, shortHaul: 20_000, longHaul: 35_000 },
      includedSeats: 'standard',
    },
    {
      name: 'Premium Flex',
      bookingClass: 'W',
      multiplierBp: 14_500,
      carryOn: 1,
      checkedShortHaul: 2,
      checkedLongHaul: 2,
      change: free,
      refund: free,
      includedSeats: 'all',
    },
  ],
  business: [
    {
      name: 'Business',
      bookingClass: 'I',
      multiplierBp: 10_000,
      carryOn: 2,
      checkedShortHaul: 2,
      checkedLongHaul: 2,
      change: { allowed: true, shortHaul: 10_000, longHaul: 25_000 },
      refund: { allowed: true, shortHaul: 20_000, longHaul: 40_000 },
      includedSeats: 'all',
    },
    {
      name: 'Business Flex',
      bookingClass: 'J',
      multiplierBp: 13_500,
      carryOn: 2,
      checkedShortHaul: 2,
      checkedLongHaul: 3,
      change: free,
      refund: free,
      includedSeats: 'all',
    },
  ],
  first: [
    {
      name: 'First',
      bookingClass: 'F',
      multiplierBp: 10_000,
      carryOn: 2,
      checkedShortHaul: 3,
      checkedLongHaul: 3,
      change: free,
      refund: free,
      includedSeats: 'all',
    },
  ],
};

/** Fare basis code in the usual shape: booking class, season, weekday, brand. */
export function fareBasisCode(
  brand: FareBrand,
  days: number,
  date: LocalDate,
  longHaul: boolean,
): string {
  const high = days < 14;
  const day = weekday(date);
  const weekend = day === 0 || day === 5 || day === 6;
  // Eight codes per brand; every segment of every offer asks for one.
  let codes = fareBasisCodes.get(brand);
  if (codes === undefined) {
    codes = [];
    fareBasisCodes.set(brand, codes);
  }
  const index = (high ? 4 : 0) + (weekend ? 2 : 0) + (longHaul ? 1 : 0);
  let code = codes[index];
  if (code === undefined) {
    const season = high ? 'H' : 'L';
    const haul = longHaul ? 'LH' : 'SH';
    code = `${brand.bookingClass}${season}${weekend ? 'W' : 'X'}${brand.name.slice(0, 2).toUpperCase()}${haul}`;
    codes[index] = code;
  }
  return code;
}

const fareBasisCodes = new WeakMap<FareBrand, (string | undefined)[]>();
