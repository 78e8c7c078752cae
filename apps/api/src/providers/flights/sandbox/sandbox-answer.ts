// The built-in sandbox's searches answered straight in the compact shape of `SearchResults`,
// from its priced offers: no Duffel-shaped offer object, no mapping to the offers' contract and
// no grouping of fares again. These were most of a search thread's work (and of its garbage).
// The answer is the same, byte for byte, as `searchAnswerJson` makes from the sandbox supplier's
// offers (sandbox-answer.test.ts compares them over many searches).
import { withSellPrice } from '@contrail/contracts/money';
import { departsTooSoon } from '@contrail/contracts/offers';
import {
  answerDictionaries,
  type AnswerDictionaries,
  writtenAnswer,
} from '@contrail/contracts/search-results';
import { cabinKey, termsKey } from '@contrail/contracts/search-results-keys';
import {
  type ResultCabin,
  type ResultFare,
  type ResultItinerary,
  type SearchResults,
} from '@contrail/contracts/search-results-schema';
import { longHaulKm } from '@contrail/sandbox/fares';
import { formatAmount } from '@contrail/sandbox/money';
import {
  baggagesFor,
  cabinName,
  conditionsFor,
  isInternational,
  offerEmissionsGrams,
  offerFacts,
  offerLifetimeMs,
  segmentCabin,
  type OfferFacts,
  type PricedOffer,
} from '@contrail/sandbox/offers';
import type { PricedSearch } from '@contrail/sandbox/sandbox';
import type { Flight } from '@contrail/sandbox/schedule';
import { formatIsoDuration, toIsoInstant } from '@contrail/sandbox/time-zones';
import type * as Duffel from '@contrail/sandbox/types';
import { airline, conditionsOf, onboardServices, passengersOf, place } from './sandbox-mapping';
import { OFFER_LIFETIME_MS, type AnswerTerms } from '../flight-supplier';

type CompactSlice = SearchResults['slices'][number];
type CompactSegment = CompactSlice['segments'][number];

/** The flown flights, one key per list: the fare brands of a journey share their lists. */
const flightKeys = new WeakMap<readonly Flight[], string>();
function flightsKey(flights: readonly Flight[]): string {
  let key = flightKeys.get(flights);
  if (key === undefined) {
    key = flights.map((flight) => flight.key).join('+');
    flightKeys.set(flights, key);
  }
  return key;
}

/** A journey: its seller and its flights (what an itinerary of the answer is). */
function journeyKey(offer: PricedOffer): string {
  let key = offer.owner.duffel.iata_code;
  for (const flights of offer.slices) key += `|${flightsKey(flights)}`;
  return key;
}

/**
 * What one answer has already worked out, by the sandbox's own objects (its flights and its
 * shared condition objects): the fares of a search repeat the same flights and terms, and each
 * is worked out once. A hit is always something the dictionaries already hold, so the order in
 * which they list their entries is the order of first use, as in the compaction.
 */
interface AnswerMemo {
  readonly dictionaries: AnswerDictionaries;
  readonly terms: AnswerTerms;
  /** By flight: the cabin's position for each fare brand, haul and kind of seller. */
  readonly cabins: Map<Flight, Map<string, number>>;
  /** By the sandbox's conditions object: the terms' position with and without passports. */
  readonly termsRefs: Map<Duffel.Conditions, [number | undefined, number | undefined]>;
  /** By first flight: whether it leaves within 2 hours of the answer. */
  readonly tooSoon: Map<Flight, boolean>;
}

/** What `departsTooSoon` reads of an offer: its first flight's local departure and time zone. */
function leavesTooSoon(offer: PricedOffer, memo: AnswerMemo): boolean {
  const first = offer.slices[0]?.[0];
  if (first === undefined) return true;
  let known = memo.tooSoon.get(first);
  if (known === undefined) {
    const segment = {
      departing_at: first.departureLocal.iso,
      origin: place(first.route.from.place),
    };
    known = departsTooSoon({ slices: [{ segments: [segment] }] }, memo.terms.at);
    memo.tooSoon.set(first, known);
  }
  return known;
}

function compactSegment(flight: Flight, dictionaries: AnswerDictionaries): CompactSegment {
  const carrier: Duffel.Airline = flight.route.airline.duffel;
  return {
    origin: dictionaries.airport(place(flight.route.from.place)),
    destination: dictionaries.airport(place(flight.route.to.place)),
    origin_terminal: flight.route.originTerminal,
    destination_terminal: flight.route.destinationTerminal,
    departing_at: flight.departureLocal.iso,
    arriving_at: flight.arrivalLocal.iso,
    duration: formatIsoDuration(flight.service.blockMinutes),
    flight_number: `${carrier.iata_code}${String(flight.service.flightNumber)}`,
    aircraft: dictionaries.aircraft.ref(
      flight.service.aircraft.duffel.name,
      () => flight.service.aircraft.duffel.name,
    ),
    airline: dictionaries.airline(airline(carrier)),
    // The sandbox's airlines fly their own flights: no codeshares.
    operating_carrier: null,
    distance_km: Math.round(flight.route.distanceKm),
  };
}

function compactSlice(flights: readonly Flight[], dictionaries: AnswerDictionaries): CompactSlice {
  const first = flights[0];
  const last = flights[flights.length - 1];
  if (first === undefined || last === undefined) throw new RangeError('A slice needs flights');
  return {
    origin: dictionaries.airport(place(first.route.from.place)),
    destination: dictionaries.airport(place(last.route.to.place)),
    duration: formatIsoDuration(
      Math.round((last.arrivalInstant - first.departureInstant) / 60_000),
    ),
    segments: flights.map((flight) => compactSegment(flight, dictionaries)),
  };
}

/** The cabin, bags and on-board services of one segment of a fare, as the answer's dictionary entry. */
function segmentFare(
  facts: OfferFacts,
  flight: Flight,
  sliceIndex: number,
  segmentIndex: number,
): ResultCabin {
  const { priced } = facts;
  const cabin = segmentCabin(priced, sliceIndex, segmentIndex);
  const longHaul = (priced.sliceDistances[sliceIndex] ?? 0) >= longHaulKm;
  const traveller = priced.passengers[0];
  const baggages = traveller
    ? baggagesFor(priced.brand, longHaul, facts.lowCost, traveller).map((bag) => ({
        type: bag.type,
        quantity: bag.quantity,
      }))
    : [];
  const checked = baggages.find((bag) => bag.type === 'checked')?.quantity ?? 0;
  return {
    cabin_class: traveller ? cabin : 'economy',
    cabin_class_marketing_name: traveller ? cabinName(flight.route.airline, cabin) : 'Economy',
    baggages,
    services: onboardServices(
      flight.service.aircraft.duffel.iata_code,
      flight.route.distanceKm,
      cabin,
      checked,
    ),
  };
}

function cabinRef(
  memo: AnswerMemo,
  facts: OfferFacts,
  flight: Flight,
  sliceIndex: number,
  segmentIndex: number,
): number {
  const { priced } = facts;
  const longHaul = (priced.sliceDistances[sliceIndex] ?? 0) >= longHaulKm;
  const key = `${String(priced.spec.brandIndex)}${longHaul ? 'L' : 'S'}${facts.lowCost ? 'C' : 'N'}`;
  let byFare = memo.cabins.get(flight);
  if (byFare === undefined) {
    byFare = new Map();
    memo.cabins.set(flight, byFare);
  }
  let position = byFare.get(key);
  if (position === undefined) {
    const cabin = segmentFare(facts, flight, sliceIndex, segmentIndex);
    position = memo.dictionaries.cabins.ref(cabinKey(cabin), () => cabin);
    byFare.set(key, position);
  }
  return position;
}

function termsRef(memo: AnswerMemo, priced: PricedOffer, facts: OfferFacts): number {
  const anyLongHaul = priced.sliceDistances.some((distance) => distance >= longHaulKm);
  const conditions = conditionsFor(priced.brand, anyLongHaul, facts.seated, priced.spec.currency);
  const documents = isInternational(priced);
  let known = memo.termsRefs.get(conditions);
  if (known === undefined) {
    known = [undefined, undefined];
    memo.termsRefs.set(conditions, known);
  }
  const index = documents ? 1 : 0;
  let position = known[index];
  if (position === undefined) {
    const offerTerms = {
      conditions: conditionsOf(conditions),
      passenger_identity_documents_required: documents,
      payment_requirements: { price_guarantee_expires_at: null, payment_required_by: null },
    };
    position = memo.dictionaries.terms.ref(termsKey(offerTerms), () => offerTerms);
    known[index] = position;
  }
  return position;
}

/** One fare of an itinerary: its price at the brand's markup, its cabins and its terms. */
function compactFare(
  priced: PricedOffer,
  facts: OfferFacts,
  memo: AnswerMemo,
  expiresAt: string,
): ResultFare {
  const currency = priced.spec.currency;
  const price = withSellPrice(
    {
      base_amount: formatAmount(priced.baseAmount, currency),
      tax_amount: formatAmount(priced.taxAmount, currency),
      total_amount: formatAmount(priced.totalAmount, currency),
      total_currency: currency,
    },
    memo.terms.markupPercent,
  );
  const fare: ResultFare = {
    id: priced.id,
    tax_amount: price.tax_amount,
    total_amount: price.total_amount,
    fare_brand_names: priced.slices.map(() => priced.brand.name),
    cabins: priced.slices.map((flights, sliceIndex) =>
      flights.map((flight, segmentIndex) =>
        cabinRef(memo, facts, flight, sliceIndex, segmentIndex),
      ),
    ),
    terms: termsRef(memo, priced, facts),
  };
  const expires = toIsoInstant(priced.spec.createdAt + offerLifetimeMs);
  if (expires !== expiresAt) fare.expires_at = expires;
  return fare;
}

function emissionsKg(facts: OfferFacts): string {
  return String(Math.round(offerEmissionsGrams(facts) / 1000));
}

/**
 * A sandbox search as the traveller's search answer: at sell prices, without flights leaving
 * within 2 hours of `terms.at`, each journey one itinerary with its fare brands under it.
 */
export function sandboxSearchResults(search: PricedSearch, terms: AnswerTerms): SearchResults {
  const dictionaries = answerDictionaries();
  const memo: AnswerMemo = {
    dictionaries,
    terms,
    cabins: new Map(),
    termsRefs: new Map(),
    tooSoon: new Map(),
  };
  const offers = search.offers.filter((offer) => !leavesTooSoon(offer, memo));
  const first = offers[0];
  let expiresAt = new Date(terms.at + OFFER_LIFETIME_MS).toISOString();
  if (first) {
    expiresAt = toIsoInstant(first.spec.createdAt + offerLifetimeMs);
    for (const offer of offers) {
      const expires = toIsoInstant(offer.spec.createdAt + offerLifetimeMs);
      if (expires < expiresAt) expiresAt = expires;
    }
  }
  const itineraries = new Map<string, ResultItinerary>();
  for (const offer of offers) {
    const facts = offerFacts(offer);
    const fare = compactFare(offer, facts, memo, expiresAt);
    const key = journeyKey(offer);
    const known = itineraries.get(key);
    if (known) {
      const emissions = emissionsKg(facts);
      if (emissions !== known.total_emissions_kg) fare.total_emissions_kg = emissions;
      known.fares.push(fare);
      continue;
    }
    itineraries.set(key, {
      owner: offer.owner.duffel.iata_code,
      slices: offer.slices.map((flights) =>
        dictionaries.slices.ref(flightsKey(flights), () => compactSlice(flights, dictionaries)),
      ),
      total_emissions_kg: emissionsKg(facts),
      fares: [fare],
    });
    dictionaries.seller(airlineOwner(offer.owner.duffel));
  }
  return writtenAnswer(
    {
      searchId: search.id,
      expiresAt,
      createdAt: first ? toIsoInstant(first.spec.createdAt) : new Date(terms.at).toISOString(),
      currency: first?.spec.currency ?? terms.currency,
      passengers: first ? passengersOf(search.passengers) : [],
    },
    dictionaries,
    [...itineraries.values()],
  );
}

/** The seller as the offers' contract names it. */
function airlineOwner(owner: Duffel.Airline) {
  const mapped = airline(owner);
  return { name: mapped.name, iata_code: mapped.iata_code, logo_url: mapped.logo_url };
}
