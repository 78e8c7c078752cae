/**
 * Offers: turning itineraries into priced, signed, Duffel-shaped offers, and rebuilding an offer
 * from its id. Search and rebuild share one code path, so `getOffer(id)` answers exactly what
 * the search answered for that id.
 */
import { Memo } from '@contrail/contracts/pair-memo';
import type { CabinClass } from '@contrail/reference-data/data/aircraft';
import { sandboxErrorCodes, SandboxError } from './errors';
import { fareBasisCode, fareBrands, type FareBrand } from './fare-brands';
import {
  brandlessSlicePrice,
  brandSlicePrice,
  extraBagUsdCents,
  fareFor,
  longHaulKm,
  type BrandlessSlicePrice,
  type SliceFare,
} from './fares';
import { greatCircleKm } from './geo';
import { formatAmount, fromUsdCents, type CurrencyCode } from './money';
import type { Network } from './network';
import { createOfferId, type OfferSpec, type PassengerSpec, type SegmentSpec } from './offer-id';
import { hashString, idFromHash, mixInts } from './random';
import type { AircraftRecord, AirlineRecord, AirportRecord } from '@contrail/reference-data';
import { findAirline } from '@contrail/reference-data';
import { canConnect, datedFlight, operatesOn, type Flight, type Itinerary } from './schedule';
import { offerHashOf, serviceId } from './service-ids';
import {
  daysBetween,
  formatIsoDuration,
  localDateAt,
  toIsoInstant,
  type LocalDate,
} from './time-zones';
import type {
  AvailableService,
  Baggage,
  Conditions,
  FlightCondition,
  Offer,
  OfferPassenger,
  Segment,
  Slice,
} from './types';

export const offerLifetimeMs = 30 * 60 * 1000;

const cabinOrder: readonly CabinClass[] = ['first', 'business', 'premium_economy', 'economy'];

/** The requested cabin if the aircraft has it, else the next lower one it has. */
export function cabinOnAircraft(aircraft: AircraftRecord, requested: CabinClass): CabinClass {
  if (aircraft.cabinClasses.has(requested)) return requested;
  for (let i = cabinOrder.indexOf(requested) + 1; i < cabinOrder.length; i++) {
    const cabin = cabinOrder[i];
    if (cabin !== undefined && aircraft.cabinClasses.has(cabin)) return cabin;
  }
  return 'economy';
}

function longestFlight(flights: readonly Flight[]): Flight {
  let longest = flights[0];
  for (const flight of flights) {
    if (longest === undefined || flight.route.distanceKm > longest.route.distanceKm) {
      longest = flight;
    }
  }
  if (longest === undefined) throw new RangeError('An itinerary needs flights');
  return longest;
}

/** Sold in the requested cabin when its longest flight has that cabin. */
export function servesCabin(itinerary: Itinerary, cabin: CabinClass): boolean {
  return longestFlight(itinerary.flights).service.aircraft.cabinClasses.has(cabin);
}

/** The airline selling an itinerary: the one flying its longest flight. */
export function ownerOf(itinerary: Itinerary): AirlineRecord {
  return longestFlight(itinerary.flights).route.airline;
}

/** Whether `owner` may sell every flight of an itinerary (its own or an alliance partner's). */
export function ownerCanSell(owner: AirlineRecord, itinerary: Itinerary): boolean {
  return itinerary.flights.every(
    (flight) =>
      flight.route.airline.index === owner.index || canConnect(owner, flight.route.airline),
  );
}

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

/** Rebuilds the dated flights an offer spec names; null when the schedule no longer has one. */
export function resolveFlights(network: Network, spec: OfferSpec): Flight[][] | null {
  const slices: Flight[][] = [];
  for (const segments of spec.slices) {
    const flights: Flight[] = [];
    for (const segment of segments) {
      const found = network.findService(segment.carrier, segment.flightNumber);
      if (
        found?.route.from.iata !== segment.origin ||
        found.route.to.iata !== segment.destination ||
        !operatesOn(found.service, segment.date)
      ) {
        return null;
      }
      flights.push(datedFlight(found.route, found.service, segment.date));
    }
    slices.push(flights);
  }
  return slices;
}

export function segmentSpecs(flights: readonly Flight[]): SegmentSpec[] {
  return flights.map((flight) => ({
    carrier: flight.route.airline.seed.iataCode,
    flightNumber: flight.service.flightNumber,
    origin: flight.route.from.iata,
    destination: flight.route.to.iata,
    date: flight.date,
  }));
}

/** Facts an offer needs besides its spec. */
export interface OfferContext {
  readonly seed: string;
  readonly secret: string;
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

export function sliceDistance(flights: readonly Flight[]): number {
  const first = flights[0];
  const last = flights[flights.length - 1];
  if (first === undefined || last === undefined) throw new RangeError('A slice needs flights');
  const from = first.route.from;
  const to = last.route.to;
  return greatCircleKm(from.latitude, from.longitude, to.latitude, to.longitude);
}

/** What pricing a journey needs whatever its fare brand. */
interface JourneyFacts {
  readonly seed: string;
  readonly owner: AirlineRecord;
  readonly cabin: CabinClass;
  readonly createdAt: number;
  readonly searchDate: LocalDate;
  readonly sliceDistances: readonly number[];
  readonly brandless: readonly BrandlessSlicePrice[];
  readonly cabins: readonly (readonly CabinClass[])[];
}

/**
 * A search prices each journey in every fare brand of the cabin, passing the same flight lists;
 * the brand-independent facts are kept per flight lists (pure functions of the inputs checked
 * here, so reusing them never changes a price).
 */
const journeyFactsMemo = new WeakMap<readonly (readonly Flight[])[], JourneyFacts>();

function journeyFacts(
  context: OfferContext,
  spec: OfferSpec,
  owner: AirlineRecord,
  firstFlight: Flight,
  slices: readonly (readonly Flight[])[],
): JourneyFacts {
  const known = journeyFactsMemo.get(slices);
  if (
    known?.seed === context.seed &&
    known.owner === owner &&
    known.cabin === spec.cabin &&
    known.createdAt === spec.createdAt
  ) {
    return known;
  }
  const searchDate = localDateAt(firstFlight.route.from.timeZone, spec.createdAt);
  const sliceDistances = slices.map(sliceDistance);
  const input = {
    seed: context.seed,
    cabin: spec.cabin,
    priceLevelBp: owner.seed.priceLevelBp,
    searchDate,
  };
  const facts: JourneyFacts = {
    seed: context.seed,
    owner,
    cabin: spec.cabin,
    createdAt: spec.createdAt,
    searchDate,
    sliceDistances,
    brandless: slices.map((flights, i) =>
      brandlessSlicePrice({ flights, distanceKm: sliceDistances[i] ?? 0 }, input),
    ),
    cabins: slices.map((flights) =>
      flights.map((f) => cabinOnAircraft(f.service.aircraft, spec.cabin)),
    ),
  };
  journeyFactsMemo.set(slices, facts);
  return facts;
}

/**
 * What an offer costs, base and taxes for every passenger in minor units, without building the
 * offer: `priceOffer` and the prices-only search both price through here.
 */
export function fareTotals(
  context: OfferContext,
  spec: OfferSpec,
  slices: readonly (readonly Flight[])[],
) {
  const owner = findAirline(spec.owner);
  const brand = fareBrands[spec.cabin][spec.brandIndex];
  const firstFlight = slices[0]?.[0];
  if (owner === undefined || brand === undefined || firstFlight === undefined) {
    throw new SandboxError(sandboxErrorCodes.notFound, 'No offer with this id exists.');
  }
  const facts = journeyFacts(context, spec, owner, firstFlight, slices);
  const sliceFares = facts.brandless.map((brandless) =>
    brandSlicePrice(brandless, brand, spec.currency),
  );
  let base = 0;
  let tax = 0;
  for (const fare of sliceFares) {
    for (const passenger of spec.passengers) {
      const price = fareFor(fare, passenger.type);
      base += price.base;
      tax += price.tax;
    }
  }
  return { owner, brand, facts, sliceFares, base, tax };
}

/**
 * Prices an offer. `adjustment` (minor units) is added to the base fare for the price-changed
 * special route, so the rebuilt offer costs more than the search said.
 */
export function priceOffer(
  context: OfferContext,
  spec: OfferSpec,
  slices: readonly (readonly Flight[])[],
  passengers: readonly OfferPassenger[],
  adjustment = 0,
): PricedOffer {
  const { owner, brand, facts, sliceFares, base, tax } = fareTotals(context, spec, slices);
  const id = createOfferId(spec, context.secret);
  const offerHash = offerHashOf(id);
  let counter = 0;
  const subId = (prefix: string): string =>
    `${prefix}_${idFromHash(mixInts(offerHash, counter++))}`;
  const sliceIds = slices.map(() => subId('sli'));
  const segmentIds = slices.map((flights) => flights.map(() => subId('seg')));
  return {
    id,
    spec,
    owner,
    brand,
    slices,
    cabins: facts.cabins,
    sliceFares,
    sliceDistances: facts.sliceDistances,
    baseAmount: base + adjustment,
    taxAmount: tax,
    totalAmount: base + adjustment + tax,
    passengers,
    sliceIds,
    segmentIds,
    searchDate: facts.searchDate,
    offerHash,
  };
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

const comparisonKeys = new WeakMap<readonly Flight[], string>();

/** The same flights give the same key in every offer (Duffel's `comparison_key`). */
function comparisonKey(flights: readonly Flight[]): string {
  let key = comparisonKeys.get(flights);
  if (key === undefined) {
    key = idFromHash(hashString(flights.map((f) => f.key).join('+')), 16);
    comparisonKeys.set(flights, key);
  }
  return key;
}

function placeOf(airport: AirportRecord): AirportRecord['place'] {
  return airport.place;
}

/** The bags for sale with an offer: one extra-bag service per slice and seated passenger. */
export function bagServices(priced: PricedOffer): AvailableService[] {
  const currency = priced.spec.currency;
  const lowCost = priced.owner.seed.kind === 'low_cost';
  const services: AvailableService[] = [];
  priced.slices.forEach((_, sliceIndex) => {
    const unit = fromUsdCents(
      extraBagUsdCents(priced.sliceDistances[sliceIndex] ?? 0, lowCost),
      currency,
    );
    priced.passengers.forEach((passenger, passengerIndex) => {
      if (passenger.type === 'infant_without_seat') return;
      services.push({
        id: serviceId(priced.offerHash, {
          kind: 'bag',
          slice: sliceIndex,
          passenger: passengerIndex,
        }),
        type: 'baggage',
        maximum_quantity: 2,
        passenger_ids: [passenger.id],
        segment_ids: [...(priced.segmentIds[sliceIndex] ?? [])],
        total_amount: formatAmount(unit, currency),
        total_currency: currency,
        metadata: {
          type: 'checked',
          maximum_weight_kg: 23,
          maximum_length_cm: null,
          maximum_height_cm: null,
          maximum_depth_cm: null,
        },
      });
    });
  });
  return services;
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

function segmentObject(
  facts: OfferFacts,
  flight: Flight,
  sliceIndex: number,
  segmentIndex: number,
  longHaul: boolean,
): Segment {
  const { priced, lowCost } = facts;
  const cabin = segmentCabin(priced, sliceIndex, segmentIndex);
  const airline = flight.route.airline;
  const fareBasis = fareBasisCode(priced.brand, facts.days, flight.date, longHaul);
  return {
    id: priced.segmentIds[sliceIndex]?.[segmentIndex] ?? '',
    origin: placeOf(flight.route.from),
    destination: placeOf(flight.route.to),
    origin_terminal: flight.route.originTerminal,
    destination_terminal: flight.route.destinationTerminal,
    departing_at: flight.departureLocal.iso,
    arriving_at: flight.arrivalLocal.iso,
    duration: formatIsoDuration(flight.service.blockMinutes),
    distance: String(flight.route.distanceKm),
    marketing_carrier: airline.duffel,
    marketing_carrier_flight_number: String(flight.service.flightNumber),
    operating_carrier: airline.duffel,
    operating_carrier_flight_number: String(flight.service.flightNumber),
    aircraft: flight.service.aircraft.duffel,
    passengers: priced.passengers.map((passenger) => ({
      passenger_id: passenger.id,
      cabin_class: cabin,
      cabin_class_marketing_name: cabinName(airline, cabin),
      fare_basis_code: fareBasis,
      baggages: baggagesFor(priced.brand, longHaul, lowCost, passenger),
    })),
    stops: [],
  };
}

function sliceObject(facts: OfferFacts, flights: readonly Flight[], sliceIndex: number): Slice {
  const { priced } = facts;
  const longHaul = (priced.sliceDistances[sliceIndex] ?? 0) >= longHaulKm;
  const first = flights[0];
  const last = flights[flights.length - 1];
  if (first === undefined || last === undefined) throw new RangeError('A slice needs flights');
  return {
    id: priced.sliceIds[sliceIndex] ?? '',
    origin: placeOf(first.route.from),
    destination: placeOf(last.route.to),
    origin_type: 'airport',
    destination_type: 'airport',
    duration: formatIsoDuration(
      Math.round((last.arrivalInstant - first.departureInstant) / 60_000),
    ),
    fare_brand_name: priced.brand.name,
    comparison_key: comparisonKey(flights),
    conditions: conditionsFor(priced.brand, longHaul, facts.seated, priced.spec.currency),
    segments: flights.map((flight, segmentIndex) =>
      segmentObject(facts, flight, sliceIndex, segmentIndex, longHaul),
    ),
  };
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

/** The Duffel-shaped offer. `withServices` adds the bags for sale (as Duffel's get-offer does). */
export function offerObject(priced: PricedOffer, withServices: boolean): Offer {
  const { spec, brand, owner } = priced;
  const currency = spec.currency;
  const facts = offerFacts(priced);
  const slices = priced.slices.map((flights, sliceIndex) =>
    sliceObject(facts, flights, sliceIndex),
  );
  const anyLongHaul = priced.sliceDistances.some((d) => d >= longHaulKm);
  const documentsRequired = isInternational(priced);
  const createdAt = toIsoInstant(spec.createdAt);
  return {
    id: priced.id,
    live_mode: false,
    created_at: createdAt,
    updated_at: createdAt,
    expires_at: toIsoInstant(spec.createdAt + offerLifetimeMs),
    total_amount: formatAmount(priced.totalAmount, currency),
    total_currency: currency,
    base_amount: formatAmount(priced.baseAmount, currency),
    base_currency: currency,
    tax_amount: formatAmount(priced.taxAmount, currency),
    tax_currency: currency,
    total_emissions_kg: String(Math.round(offerEmissionsGrams(facts) / 1000)),
    owner: owner.duffel,
    slices,
    passengers: priced.passengers,
    conditions: conditionsFor(brand, anyLongHaul, facts.seated, currency),
    passenger_identity_documents_required: documentsRequired,
    allowed_passenger_identity_document_types: documentsRequired ? ['passport'] : [],
    supported_passenger_identity_document_types: ['passport'],
    available_services: withServices ? bagServices(priced) : [],
    payment_requirements: {
      requires_instant_payment: true,
      price_guarantee_expires_at: null,
      payment_required_by: null,
    },
  };
}
