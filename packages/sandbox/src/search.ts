/**
 * Offer search: validates an offer request, finds itineraries for every slice, pairs them into
 * journeys one airline (or its alliance) can sell, and prices each journey in every fare brand
 * the cabin has. Pure: the same request at the same clock time gives the same offers.
 */
import type { CabinClass } from '@contrail/reference-data/data/aircraft';
import { invalid, requestObject } from './errors';
import { fareBrands } from './fare-brands';
import { isSupportedCurrency, type CurrencyCode } from './money';
import type { Network } from './network';
import type { OfferSpec, PassengerSpec } from './offer-id';
import { ownerCanSell, ownerOf, segmentSpecs, servesCabin } from './offer-flights';
import { fareTotals, priceOffer, type OfferContext } from './offer-pricing';
import type { PricedOffer } from './offers';
import { normalizeSearchPassengers } from './passengers';
import { findCity, resolvePlace, type AirportRecord } from '@contrail/reference-data';
import { searchItineraries, type Itinerary } from './schedule';
import { daysBetween, isLocalDate, localDateAt } from './time-zones';
import type { OfferPassenger, SearchOffersInput } from './types';

export const maximumSlices = 6;
/** Airlines sell about a year ahead. */
export const bookingHorizonDays = 361;
/** Journeys (before fare brands) kept per search. */
const journeyLimit = 50;
/** Alternative later slices paired with each first-slice itinerary. */
const pairingsPerItinerary = 3;
/** The least time between arriving on one slice and leaving on the next. */
const minimumStayMinutes = 60;

const cabins: readonly CabinClass[] = ['economy', 'premium_economy', 'business', 'first'];

export interface SearchSlice {
  readonly originCode: string;
  readonly destinationCode: string;
  readonly origins: readonly AirportRecord[];
  readonly destinations: readonly AirportRecord[];
  readonly date: string;
}

export interface SearchRequest {
  readonly slices: readonly SearchSlice[];
  readonly passengers: readonly PassengerSpec[];
  readonly cabin: CabinClass;
  readonly maxConnections: number;
  readonly currency: CurrencyCode;
}

function placeCode(
  value: unknown,
  path: string,
): { code: string; airports: readonly AirportRecord[] } {
  if (typeof value !== 'string' || !/^[A-Za-z]{3}$/.test(value.trim())) {
    throw invalid(path, 'Use a three-letter IATA airport or city code.');
  }
  const code = value.trim().toUpperCase();
  const airports = resolvePlace(code);
  if (airports.length === 0) {
    throw invalid(path, `${code} is not an airport or city the sandbox serves.`);
  }
  return { code, airports };
}

/** One slice of the request, checked: known, different places, on a date that may be sold. */
function validateSlice(
  item: unknown,
  index: number,
  previous: SearchSlice | undefined,
  now: number,
): SearchSlice {
  const path = `slices[${index}]`;
  const slice = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
  const origin = placeCode(slice.origin, `${path}.origin`);
  const destination = placeCode(slice.destination, `${path}.destination`);
  // Two airports of one city are different places (Duffel's own test routes use them), but a
  // city and one of its airports are not.
  const overlapping = origin.airports.some((a) =>
    destination.airports.some((b) => a.index === b.index),
  );
  if (overlapping) {
    throw invalid(`${path}.destination`, 'Origin and destination must be different places.');
  }
  const date = slice.departure_date;
  if (typeof date !== 'string' || !isLocalDate(date)) {
    throw invalid(`${path}.departure_date`, 'Use a real date written YYYY-MM-DD.');
  }
  const today = localDateAt(origin.airports[0]?.timeZone ?? 'UTC', now);
  if (daysBetween(today, date) < 0) {
    throw invalid(`${path}.departure_date`, 'The departure date is in the past.');
  }
  if (daysBetween(today, date) > bookingHorizonDays) {
    throw invalid(
      `${path}.departure_date`,
      `Flights are sold at most ${bookingHorizonDays} days ahead.`,
    );
  }
  if (previous !== undefined && daysBetween(previous.date, date) < 0) {
    throw invalid(`${path}.departure_date`, 'Each slice must depart on or after the previous one.');
  }
  return {
    originCode: origin.code,
    destinationCode: destination.code,
    origins: origin.airports,
    destinations: destination.airports,
    date,
  };
}

/** The request's cabin, connections and currency, with Duffel's defaults. */
function validateOptions(
  raw: Partial<Record<keyof SearchOffersInput, unknown>>,
): Pick<SearchRequest, 'cabin' | 'maxConnections' | 'currency'> {
  const cabin = raw.cabin_class ?? 'economy';
  if (typeof cabin !== 'string' || !(cabins as readonly string[]).includes(cabin)) {
    throw invalid(
      'cabin_class',
      'Cabin class must be economy, premium_economy, business or first.',
    );
  }
  const maxConnections = raw.max_connections ?? 1;
  if (
    typeof maxConnections !== 'number' ||
    !Number.isInteger(maxConnections) ||
    maxConnections < 0 ||
    maxConnections > 2
  ) {
    throw invalid('max_connections', 'Max connections must be 0, 1 or 2.');
  }
  const currency = raw.currency ?? 'USD';
  if (typeof currency !== 'string' || !isSupportedCurrency(currency)) {
    throw invalid('currency', 'The currency is not supported.');
  }
  return { cabin: cabin as CabinClass, maxConnections, currency };
}

/** Checks an offer request against the rules and the clock; throws validation_error. */
export function validateSearch(input: SearchOffersInput, now: number): SearchRequest {
  const raw: Partial<Record<keyof SearchOffersInput, unknown>> = requestObject(input);
  if (!Array.isArray(raw.slices) || raw.slices.length === 0 || raw.slices.length > maximumSlices) {
    throw invalid('slices', `Give from 1 to ${maximumSlices} slices.`);
  }
  const slices: SearchSlice[] = [];
  (raw.slices as unknown[]).forEach((item, index) => {
    slices.push(validateSlice(item, index, slices[slices.length - 1], now));
  });
  const options = validateOptions(raw);
  return {
    slices,
    passengers: normalizeSearchPassengers(raw.passengers as SearchOffersInput['passengers']),
    ...options,
  };
}

/** A canonical text of the request, so equal requests share a search key. */
export function canonicalRequest(request: SearchRequest): string {
  const slices = request.slices
    .map((s) => `${s.originCode}-${s.destinationCode}-${s.date}`)
    .join(',');
  const passengers = request.passengers.map((p) => `${p.type}${p.age ?? ''}`).join(',');
  return `${slices}|${passengers}|${request.cabin}|${request.maxConnections}|${request.currency}`;
}

/** The place object a request slice names: its airport, or its metropolitan area. */
export function requestPlace(code: string, airports: readonly AirportRecord[]) {
  const single = airports.length === 1 && airports[0]?.iata === code ? airports[0] : undefined;
  if (single !== undefined) return { place: single.place, type: 'airport' as const };
  const city = findCity(code);
  if (city === undefined) throw invalid('slices', `${code} is not a known place.`);
  return { place: city, type: 'city' as const };
}

/** An offer request's slices as Duffel writes them back: places, their kinds and dates. */
export function requestSlices(request: SearchRequest) {
  return request.slices.map((slice) => {
    const origin = requestPlace(slice.originCode, slice.origins);
    const destination = requestPlace(slice.destinationCode, slice.destinations);
    return {
      origin: origin.place,
      destination: destination.place,
      origin_type: origin.type,
      destination_type: destination.type,
      departure_date: slice.date,
    };
  });
}

function arrivesInTime(previous: Itinerary, next: Itinerary): boolean {
  return next.departureInstant >= previous.arrivalInstant + minimumStayMinutes * 60_000;
}

/**
 * Journeys: one itinerary per slice, all sellable by the owner of the first slice's itinerary.
 * Each first-slice itinerary gets its best pairing before any gets a second one, so the offers
 * cover as many different outbound flights as the limit allows.
 */
export function pairJourneys(perSlice: readonly (readonly Itinerary[])[]): Itinerary[][] {
  const [first, ...rest] = perSlice;
  if (first === undefined) return [];
  const candidates = first.map((opening) => journeysFrom(opening, rest));
  const journeys: Itinerary[][] = [];
  for (let round = 0; journeys.length < journeyLimit; round++) {
    let added = false;
    for (const options of candidates) {
      const journey = options[round];
      if (journey === undefined) continue;
      journeys.push(journey);
      added = true;
      if (journeys.length >= journeyLimit) break;
    }
    if (!added) break;
  }
  return journeys;
}

/** The ways to continue from one first-slice itinerary, best first. */
function journeysFrom(opening: Itinerary, rest: readonly (readonly Itinerary[])[]): Itinerary[][] {
  const owner = ownerOf(opening);
  let partial: Itinerary[][] = [[opening]];
  for (const [position, options] of rest.entries()) {
    // Two-slice trips get a few return choices each; longer trips one or two per leg.
    const width = rest.length === 1 ? pairingsPerItinerary : position === rest.length - 1 ? 2 : 1;
    const next: Itinerary[][] = [];
    for (const journey of partial) {
      const previous = journey[journey.length - 1];
      if (previous === undefined) continue;
      let added = 0;
      for (const option of options) {
        if (added >= width) break;
        if (!ownerCanSell(owner, option) || !arrivesInTime(previous, option)) continue;
        next.push([...journey, option]);
        added++;
      }
    }
    partial = next;
  }
  return partial;
}

/**
 * No flight is sold that leaves sooner than this after the search: check-in and bag drop close
 * around then, and a traveller still has to reach the airport.
 */
export const minimumLeadMs = 2 * 60 * 60 * 1000;

/** Journeys a request can fly, each with its selling airline and flights per slice. */
function journeysFor(
  network: Network,
  request: SearchRequest,
  earliestDeparture: number,
): { journey: Itinerary[]; owner: ReturnType<typeof ownerOf> }[] {
  const perSlice: Itinerary[][] = [];
  for (const [index, slice] of request.slices.entries()) {
    const itineraries = searchItineraries(network, {
      origins: slice.origins,
      destinations: slice.destinations,
      date: slice.date,
      maxConnections: request.maxConnections,
    }).filter(
      (itinerary) =>
        servesCabin(itinerary, request.cabin) &&
        // Later slices follow the first, so the first one's departure decides.
        (index > 0 || itinerary.departureInstant >= earliestDeparture),
    );
    if (itineraries.length === 0) return [];
    perSlice.push(itineraries);
  }
  return pairJourneys(perSlice).flatMap((journey) => {
    const opening = journey[0];
    return opening === undefined ? [] : [{ journey, owner: ownerOf(opening) }];
  });
}

function offerSpec(
  request: SearchRequest,
  createdAt: number,
  searchKey: string,
  owner: string,
  brandIndex: number,
  segments: OfferSpec['slices'],
): OfferSpec {
  return {
    createdAt,
    searchKey,
    currency: request.currency,
    cabin: request.cabin,
    passengers: request.passengers,
    owner,
    brandIndex,
    slices: segments,
  };
}

/**
 * Every offer for a validated request, priced but not yet an offer object, cheapest first.
 * `earliestDeparture` (epoch ms): journeys leaving before it are not offered. The fare brands of
 * one journey share its list of flights (the same array), so encoding and pricing share work.
 */
export function findPricedOffers(
  network: Network,
  context: OfferContext,
  request: SearchRequest,
  createdAt: number,
  searchKey: string,
  passengers: readonly OfferPassenger[],
  earliestDeparture: number,
): PricedOffer[] {
  const brands = fareBrands[request.cabin];
  const priced: { offer: PricedOffer; elapsed: number }[] = [];
  for (const { journey, owner } of journeysFor(network, request, earliestDeparture)) {
    const flights = journey.map((itinerary) => itinerary.flights);
    const elapsed = journey.reduce((sum, itinerary) => sum + itinerary.elapsedMinutes, 0);
    const segments = flights.map(segmentSpecs);
    for (let brandIndex = 0; brandIndex < brands.length; brandIndex++) {
      const spec = offerSpec(
        request,
        createdAt,
        searchKey,
        owner.seed.iataCode,
        brandIndex,
        segments,
      );
      priced.push({ offer: priceOffer(context, spec, flights, passengers), elapsed });
    }
  }
  priced.sort(
    (a, b) =>
      a.offer.totalAmount - b.offer.totalAmount ||
      a.elapsed - b.elapsed ||
      (a.offer.id < b.offer.id ? -1 : a.offer.id > b.offer.id ? 1 : 0),
  );
  return priced.map(({ offer }) => offer);
}

/** An offer's price in minor units of the request's currency. */
export interface FarePrice {
  readonly base: number;
  readonly tax: number;
}

/**
 * The price of every offer `findOffers` would make for the request, in no particular order,
 * without making the offers (no ids, no objects): what a price calendar needs, at a fraction of
 * a search's cost.
 */
export function findPrices(
  network: Network,
  context: OfferContext,
  request: SearchRequest,
  createdAt: number,
  earliestDeparture: number,
): FarePrice[] {
  const brands = fareBrands[request.cabin];
  const prices: FarePrice[] = [];
  for (const { journey, owner } of journeysFor(network, request, earliestDeparture)) {
    const flights = journey.map((itinerary) => itinerary.flights);
    const segments = flights.map(segmentSpecs);
    for (let brandIndex = 0; brandIndex < brands.length; brandIndex++) {
      // The search key only goes into offer ids, which prices do not need.
      const spec = offerSpec(request, createdAt, '', owner.seed.iataCode, brandIndex, segments);
      const { base, tax } = fareTotals(context, spec, flights);
      prices.push({ base, tax });
    }
  }
  return prices;
}
