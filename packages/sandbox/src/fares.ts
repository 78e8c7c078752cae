/**
 * Fares: prices as pure functions of distance, cabin, fare brand, days to departure, weekday,
 * time of day, simulated load and the airline's price level.
 * Everything is integer arithmetic in US cents with basis-point factors (10,000 = ×1), converted
 * once per priced component into the requested currency.
 */
import type { CabinClass } from '@contrail/reference-data/data/aircraft';
import type { FareBrand } from './fare-brands';
import { applyBasisPoints, fromUsdCents, roundToWholeUnits, type CurrencyCode } from './money';
import type { AirportRecord } from '@contrail/reference-data';
import { hashString, mixInts } from './random';
import type { Flight } from './schedule';
import type { PassengerType } from './types';
import { daysBetween, weekday, type LocalDate } from './time-zones';

export const longHaulKm = 3000;

/** Distance taper: cheaper per kilometre the further you fly. */
export function distanceFareUsdCents(distanceKm: number): number {
  const first = Math.min(distanceKm, 1500);
  const middle = Math.min(Math.max(distanceKm - 1500, 0), 3500);
  const rest = Math.max(distanceKm - 5000, 0);
  return 2500 + 7 * first + Math.round((45 * middle) / 10) + 3 * rest;
}

export function cabinBasisPoints(cabin: CabinClass, distanceKm: number): number {
  switch (cabin) {
    case 'economy':
      return 10_000;
    case 'premium_economy':
      return 19_000;
    case 'business':
      return distanceKm < 2000 ? 26_000 : distanceKm < 4000 ? 34_000 : 42_000;
    case 'first':
      return distanceKm < 4000 ? 50_000 : 68_000;
  }
}

/** Fares rise as departure nears: the airline's booking curve. */
export function daysToDepartureBasisPoints(days: number): number {
  if (days >= 120) return 8_800;
  if (days >= 60) return 9_200;
  if (days >= 30) return 10_000;
  if (days >= 21) return 10_800;
  if (days >= 14) return 12_000;
  if (days >= 7) return 13_800;
  if (days >= 3) return 16_000;
  return 19_000;
}

/**
 * Where fares are lower than in North America and Western Europe, in basis points: domestic and
 * regional markets of lower-income countries, where airlines price for local travellers.
 */
const marketBasisPointsByCountry: Readonly<Record<string, number>> = {
  IN: 4_500,
  PK: 5_000,
  BD: 5_000,
  LK: 5_500,
  NP: 5_500,
  ID: 5_500,
  VN: 5_000,
  PH: 5_500,
  TH: 6_000,
  MY: 6_000,
  CN: 7_000,
  BR: 7_000,
  MX: 7_000,
  CO: 6_500,
  PE: 6_500,
  AR: 7_000,
  TR: 7_000,
  EG: 6_000,
  MA: 6_500,
  RU: 6_000,
  KZ: 6_000,
  UZ: 6_000,
  NG: 7_500,
  KE: 7_500,
  ET: 7_000,
  ZA: 8_000,
  PL: 8_500,
  RO: 8_000,
  HU: 8_500,
  BG: 8_000,
};

/** The market price level of a route: the mean of its two countries'. */
export function marketBasisPoints(fromCountry: string, toCountry: string): number {
  const from = marketBasisPointsByCountry[fromCountry] ?? 10_000;
  const to = marketBasisPointsByCountry[toCountry] ?? 10_000;
  return Math.round((from + to) / 2);
}

/** Sunday … Saturday: Fridays and Sundays are dearest, Tuesdays and Wednesdays cheapest. */
const weekdayBasisPoints = [11_000, 10_500, 9_300, 9_200, 10_000, 11_200, 9_600] as const;

export function weekdayFactor(date: LocalDate): number {
  return weekdayBasisPoints[weekday(date)] ?? 10_000;
}

/**
 * Seats sold on a flight, in basis points of capacity: a flight-specific base load (45–85%)
 * rising along the booking curve to about 96% at departure. Shared by fares and seat maps.
 */
export function simulatedLoadBasisPoints(
  seed: string,
  flightKey: string,
  daysToDeparture: number,
): number {
  const base = 4500 + (hashString(`${seed}|load|${flightKey}`) % 4000);
  const progress = Math.max(0, 120 - Math.max(0, daysToDeparture));
  return base + Math.floor(((9600 - base) * progress * progress) / 14_400);
}

export function loadBasisPoints(loadBp: number): number {
  return 8500 + Math.floor((loadBp * 45) / 100);
}

/** Government and airport charges for one passenger departing `from`, US cents. */
export function departureTaxUsdCents(
  from: AirportRecord,
  to: AirportRecord,
  distanceKm: number,
  premiumCabin: boolean,
): number {
  const airportCharge = from.tier === 1 ? 3500 : from.tier === 2 ? 2200 : 1200;
  const international = from.country !== to.country;
  let government: number;
  switch (from.country) {
    case 'GB': // Air Passenger Duty bands A and B, doubled and more in premium cabins.
      government =
        distanceKm < 3200 ? (premiumCabin ? 3300 : 1650) : premiumCabin ? 25_000 : 11_100;
      break;
    case 'US': // Security fee and facility charge, plus the international departure tax.
      government = 1_300 + (international ? 2_300 : 0);
      break;
    case 'DE':
      government = distanceKm < 2500 ? 1_700 : distanceKm < 6000 ? 4_300 : 7_800;
      break;
    case 'FR':
      government = distanceKm < 5000 ? (premiumCabin ? 3_000 : 900) : premiumCabin ? 9_000 : 2_700;
      break;
    case 'NL':
      government = 3_200;
      break;
    case 'AU':
      government = international ? 4_300 : 900;
      break;
    default:
      government = international ? 1_500 : 800;
  }
  return airportCharge + government;
}

export interface SliceForPricing {
  readonly flights: readonly Flight[];
  /** Great-circle distance from the slice's origin to its destination. */
  readonly distanceKm: number;
}

export interface FareInput {
  readonly seed: string;
  readonly cabin: CabinClass;
  readonly brand: FareBrand;
  /** The selling airline's price level. */
  readonly priceLevelBp: number;
  /** The date of the search at the origin of the first slice. */
  readonly searchDate: LocalDate;
  readonly currency: CurrencyCode;
}

/** One passenger type's price for one slice, in minor units of the offer currency. */
export interface PassengerSliceFare {
  readonly base: number;
  readonly tax: number;
}

export interface SliceFare {
  readonly adult: PassengerSliceFare;
  readonly child: PassengerSliceFare;
  readonly infant: PassengerSliceFare;
}

/** The adult base fare for a slice in US cents, before brand and currency. */
export function sliceBaseUsdCents(
  slice: SliceForPricing,
  input: Omit<FareInput, 'brand' | 'currency'>,
): number {
  const first = slice.flights[0];
  if (first === undefined) throw new RangeError('A slice needs flights');
  const days = daysBetween(input.searchDate, first.date);
  const last = slice.flights[slice.flights.length - 1] ?? first;
  let fare = distanceFareUsdCents(slice.distanceKm);
  fare = applyBasisPoints(fare, marketBasisPoints(first.route.from.country, last.route.to.country));
  fare = applyBasisPoints(fare, cabinBasisPoints(input.cabin, slice.distanceKm));
  const stops = slice.flights.length - 1;
  if (stops > 0) fare = applyBasisPoints(fare, stops === 1 ? 8_800 : 8_000);
  fare = applyBasisPoints(fare, input.priceLevelBp);
  fare = applyBasisPoints(fare, daysToDepartureBasisPoints(days));
  fare = applyBasisPoints(fare, weekdayFactor(first.date));
  const minute = first.service.departureMinute;
  if (minute < 7 * 60 || minute >= 21 * 60) fare = applyBasisPoints(fare, 9_300);
  let busiest = 0;
  let itineraryHash = hashString(input.seed);
  for (const flight of slice.flights) {
    busiest = Math.max(busiest, simulatedLoadBasisPoints(input.seed, flight.key, days));
    itineraryHash = mixInts(itineraryHash, hashString(flight.key));
  }
  fare = applyBasisPoints(fare, loadBasisPoints(busiest));
  // Airlines file slightly different fares for near-identical itineraries.
  fare = applyBasisPoints(fare, 9_300 + (itineraryHash % 1_400));
  return Math.max(1_500, fare);
}

export function sliceTaxUsdCents(slice: SliceForPricing, cabin: CabinClass): number {
  const premium = cabin !== 'economy';
  let tax = 0;
  for (const flight of slice.flights) {
    tax += departureTaxUsdCents(
      flight.route.from,
      flight.route.to,
      flight.route.distanceKm,
      premium,
    );
  }
  return tax;
}

/**
 * A search prices the same itinerary for several brands and pairings; the brand-independent part
 * is kept per flight list (a pure function of its inputs, so caching never changes a price).
 */
const slicePriceMemo = new WeakMap<readonly Flight[], Map<string, BrandlessSlicePrice>>();

/** A slice's adult base fare and taxes in US cents, before brand and currency. */
export interface BrandlessSlicePrice {
  readonly base: number;
  readonly tax: number;
}

export function brandlessSlicePrice(
  slice: SliceForPricing,
  input: Omit<FareInput, 'brand' | 'currency'>,
): BrandlessSlicePrice {
  const key = `${input.seed}|${input.cabin}|${input.priceLevelBp}|${input.searchDate}|${slice.distanceKm}`;
  let byKey = slicePriceMemo.get(slice.flights);
  if (byKey === undefined) {
    byKey = new Map();
    slicePriceMemo.set(slice.flights, byKey);
  }
  let price = byKey.get(key);
  if (price === undefined) {
    price = { base: sliceBaseUsdCents(slice, input), tax: sliceTaxUsdCents(slice, input.cabin) };
    byKey.set(key, price);
  }
  return price;
}

/** Prices one slice for each passenger type, in the offer currency. */
export function priceSlice(slice: SliceForPricing, input: FareInput): SliceFare {
  return brandSlicePrice(brandlessSlicePrice(slice, input), input.brand, input.currency);
}

/** priceSlice from the slice's brandless price: the fare brand and currency applied. */
export function brandSlicePrice(
  brandless: BrandlessSlicePrice,
  brand: FareBrand,
  currency: CurrencyCode,
): SliceFare {
  const baseUsd = applyBasisPoints(brandless.base, brand.multiplierBp);
  const adultBase = roundToWholeUnits(fromUsdCents(baseUsd, currency), currency);
  const adultTax = fromUsdCents(brandless.tax, currency);
  return {
    adult: { base: adultBase, tax: adultTax },
    // Children pay 75% of the adult fare and full taxes; infants on a lap 10% and part of them.
    child: {
      base: roundToWholeUnits(applyBasisPoints(adultBase, 7_500), currency),
      tax: adultTax,
    },
    infant: {
      base: roundToWholeUnits(applyBasisPoints(adultBase, 1_000), currency),
      tax: applyBasisPoints(adultTax, 3_000),
    },
  };
}

export function fareFor(fare: SliceFare, type: PassengerType): PassengerSliceFare {
  if (type === 'adult') return fare.adult;
  if (type === 'child') return fare.child;
  return fare.infant;
}

/** Price of one extra checked bag on one slice, US cents. */
export function extraBagUsdCents(distanceKm: number, lowCost: boolean): number {
  if (lowCost) return distanceKm < 1500 ? 3_000 : 4_500;
  return distanceKm < longHaulKm ? 4_000 : 7_500;
}
