/**
 * Offer pricing: an offer spec and its flights priced in its fare brand for every passenger, and
 * given its ids. The brand-independent facts of a journey are kept per list of flights, so the
 * brands of one journey, and a search's prices-only answer, price from the same work.
 */
import type { CabinClass } from '@contrail/reference-data/data/aircraft';
import { findAirline, type AirlineRecord } from '@contrail/reference-data';
import { sandboxErrorCodes, SandboxError } from './errors';
import { fareBrands } from './fare-brands';
import { brandlessSlicePrice, brandSlicePrice, fareFor, type BrandlessSlicePrice } from './fares';
import { createOfferId, type OfferSpec } from './offer-id';
import { cabinOnAircraft, sliceDistance } from './offer-flights';
import type { PricedOffer } from './offers';
import { idFromHash, mixInts } from './random';
import type { Flight } from './schedule';
import { offerHashOf } from './service-ids';
import { localDateAt, type LocalDate } from './time-zones';
import type { OfferPassenger } from './types';

/** Facts an offer needs besides its spec. */
export interface OfferContext {
  readonly seed: string;
  readonly secret: string;
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
