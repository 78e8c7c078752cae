/**
 * Offers: what is known of a priced offer, and the rules its Duffel shape follows: the passengers
 * a search shares, a fare brand's conditions and bags, the cabins' names, whether passports are
 * asked for, and the CO₂ of its flights. Offers are priced in offer-pricing.ts and made Duffel's
 * objects in offer-objects.ts.
 */
import { Memo } from '@contrail/contracts/pair-memo';
import type { CabinClass } from '@contrail/reference-data/data/aircraft';
import type { FareBrand } from './fare-brands';
import type { SliceFare } from './fares';
import { formatAmount, fromUsdCents, type CurrencyCode } from './money';
import type { OfferSpec, PassengerSpec } from './offer-id';
import { hashString, idFromHash } from './random';
import type { AirlineRecord } from '@contrail/reference-data';
import type { Flight } from './schedule';
import { daysBetween } from './time-zones';
import type { Baggage, Conditions, FlightCondition, OfferPassenger } from './types';

export const offerLifetimeMs = 30 * 60 * 1000;

export function passengerIds(searchKey: string, count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `pas_${idFromHash(hashString(`pas|${searchKey}|${i}`))}`,
  );
}

/** The passengers of a search; frozen, because every offer of the search shares them. */
export function offerPassengers(
  searchKey: string,
  passengers: readonly PassengerSpec[],
): readonly OfferPassenger[] {
  const ids = passengerIds(searchKey, passengers.length);
  return Object.freeze(
    passengers.map((passenger, i) =>
      Object.freeze({
        id: ids[i] ?? '',
        type: passenger.type,
        age: passenger.age,
        given_name: null,
        family_name: null,
        fare_type: null,
        loyalty_programme_accounts: [],
      }),
    ),
  );
}

/** Everything known about an offer: its spec, flights, brand, prices and ids. */
export interface PricedOffer {
  readonly id: string;
  readonly spec: OfferSpec;
  readonly owner: AirlineRecord;
  readonly brand: FareBrand;
  readonly slices: readonly (readonly Flight[])[];
  /** Per slice, per segment: the cabin each passenger sits in. */
  readonly cabins: readonly (readonly CabinClass[])[];
  readonly sliceFares: readonly SliceFare[];
  readonly sliceDistances: readonly number[];
  readonly baseAmount: number;
  readonly taxAmount: number;
  readonly totalAmount: number;
  readonly passengers: readonly OfferPassenger[];
  readonly sliceIds: readonly string[];
  readonly segmentIds: readonly (readonly string[])[];
  readonly searchDate: string;
  readonly offerHash: number;
}

function condition(
  allowed: boolean,
  perPassengerUsdCents: number,
  seated: number,
  currency: CurrencyCode,
): FlightCondition {
  if (!allowed) {
    return Object.freeze({ allowed: false, penalty_amount: null, penalty_currency: null });
  }
  return Object.freeze({
    allowed: true,
    penalty_amount: formatAmount(fromUsdCents(perPassengerUsdCents, currency) * seated, currency),
    penalty_currency: currency,
  });
}

// One object per fare brand, haul, seated travellers (1-9) and currency: some 1,500 in all,
// kept within 2,000.
const conditionsMemo = new Memo<string, Conditions>(2_000);

/** Offer or slice conditions; shared, frozen objects (a search asks for the same few). */
export function conditionsFor(
  brand: FareBrand,
  longHaul: boolean,
  seated: number,
  currency: CurrencyCode,
): Conditions {
  const key = `${brand.bookingClass}|${longHaul}|${seated}|${currency}`;
  let conditions = conditionsMemo.get(key);
  if (conditions === undefined) {
    conditions = Object.freeze(buildConditions(brand, longHaul, seated, currency));
    conditionsMemo.set(key, conditions);
  }
  return conditions;
}

function buildConditions(
  brand: FareBrand,
  longHaul: boolean,
  seated: number,
  currency: CurrencyCode,
): Conditions {
  return {
    refund_before_departure: condition(
      brand.refund.allowed,
      longHaul ? brand.refund.longHaul : brand.refund.shortHaul,
      seated,
      currency,
    ),
    change_before_departure: condition(
      brand.change.allowed,
      longHaul ? brand.change.longHaul : brand.change.shortHaul,
      seated,
      currency,
    ),
  };
}

export function baggagesFor(
  brand: FareBrand,
  longHaul: boolean,
  lowCost: boolean,
  passenger: OfferPassenger,
): Baggage[] {
  if (passenger.type === 'infant_without_seat') {
    return [
      { type: 'checked', quantity: 0 },
      { type: 'carry_on', quantity: 0 },
    ];
  }
  // Low-cost basic fares include only a small under-seat bag.
  const carryOn = lowCost && brand.name === 'Basic' ? 0 : brand.carryOn;
  return [
    { type: 'checked', quantity: longHaul ? brand.checkedLongHaul : brand.checkedShortHaul },
    { type: 'carry_on', quantity: carryOn },
  ];
}

/**
 * CO₂ of one seated passenger per kilometre flown on a typical airliner, by cabin (a business
 * seat takes the floor space, and so the fuel, of about three economy seats).
 */
const emissionGramsPerKm: Readonly<Record<CabinClass, number>> = {
  economy: 90,
  premium_economy: 135,
  business: 260,
  first: 360,
};

/** Take-off, climb and landing burn about as much as this much cruise: short hops cost more. */
const takeoffAndLandingKm = 250;

/**
 * One seated passenger's CO₂ on one flight, in grams: (distance + take-off and landing) × the
 * cabin's grams per km × the aircraft's factor. Close to the ICAO calculator's figures (London
 * to New York in economy about 520 kg, London to Amsterdam about 55 kg), and deterministic, so a
 * connection, an older aircraft or a bigger seat show in the offer's `total_emissions_kg`.
 */
function flightEmissionsGrams(flight: Flight, cabin: CabinClass): number {
  return (
    (flight.route.distanceKm + takeoffAndLandingKm) *
    emissionGramsPerKm[cabin] *
    flight.service.aircraft.type.emissionsFactor
  );
}

const defaultCabinNames: Readonly<Record<CabinClass, string>> = {
  economy: 'Economy',
  premium_economy: 'Premium Economy',
  business: 'Business',
  first: 'First',
};

export function cabinName(airline: AirlineRecord, cabin: CabinClass): string {
  return airline.seed.cabinNames?.[cabin] ?? defaultCabinNames[cabin];
}

/** Any flight crosses a border: the travellers' passports are asked for. */
export function isInternational(priced: PricedOffer): boolean {
  return priced.slices.some((flights) =>
    flights.some((flight) => flight.route.from.country !== flight.route.to.country),
  );
}

/** What every slice and segment of an offer is built from besides its own flights. */
export interface OfferFacts {
  readonly priced: PricedOffer;
  readonly seated: number;
  readonly lowCost: boolean;
  /** Days from the search to the first departure (fare basis codes name the advance purchase). */
  readonly days: number;
}

/** CO₂ of every seated passenger on every flight, in grams. */
export function offerEmissionsGrams({ priced, seated }: OfferFacts): number {
  let grams = 0;
  priced.slices.forEach((flights, sliceIndex) => {
    flights.forEach((flight, segmentIndex) => {
      const cabin = segmentCabin(priced, sliceIndex, segmentIndex);
      grams += flightEmissionsGrams(flight, cabin) * seated;
    });
  });
  return grams;
}

export function offerFacts(priced: PricedOffer): OfferFacts {
  return {
    priced,
    seated: priced.spec.passengers.filter((p) => p.type !== 'infant_without_seat').length,
    lowCost: priced.owner.seed.kind === 'low_cost',
    days: daysBetween(priced.searchDate, priced.slices[0]?.[0]?.date ?? priced.searchDate),
  };
}

/** The cabin a segment's travellers sit in: the requested one, or the next lower the aircraft has. */
export function segmentCabin(priced: PricedOffer, sliceIndex: number, segmentIndex: number) {
  return priced.cabins[sliceIndex]?.[segmentIndex] ?? priced.spec.cabin;
}
