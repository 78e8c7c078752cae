// The built-in sandbox's searches answered straight in the compact shape of `SearchResults`,
// from its priced offers: no Duffel-shaped offer object, no mapping to the offers' contract and
// no grouping of fares again. These were most of a search thread's work (and of its garbage).
// The answer is the same, byte for byte, as `searchAnswerJson` makes from the sandbox supplier's
// offers (sandbox-answer.test.ts compares them over many searches).
import { withSellPrice } from '@contrail/contracts/money';
import { departsTooSoon } from '@contrail/contracts/offers';
import {
  answerDictionaries,
  cabinKey,
  termsKey,
  type AnswerDictionaries,
  type ResultCabin,
  type ResultFare,
  type ResultItinerary,
  type SearchResults,
  writtenAnswer,
} from '@contrail/contracts/search-results';
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
import {
  airline,
  conditionsOf,
  onboardServices,
  passengersOf,
  place,
} from '../../providers/flights/sandbox/sandbox-mapping';
import { OFFER_LIFETIME_MS, type AnswerTerms } from './search-answer';

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

/** What `departsTooSoon` reads of an offer: its first flight's local departure and time zone. */
function leavesTooSoon(offer: PricedOffer, at: number): boolean {
  const first = offer.slices[0]?.[0];
  if (first === undefined) return true;
  const segment = { departing_at: first.departureLocal.iso, origin: place(first.route.from.place) };
  return departsTooSoon({ slices: [{ segments: [segment] }] }, at);
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

/** One fare of an itinerary: its price at the brand's markup, its cabins and its terms. */
function compactFare(
  priced: PricedOffer,
  dictionaries: AnswerDictionaries,
  terms: AnswerTerms,
  expiresAt: string,
): ResultFare {
  const currency = priced.spec.currency;
  const facts = offerFacts(priced);
  const price = withSellPrice(
    {
      base_amount: formatAmount(priced.baseAmount, currency),
      tax_amount: formatAmount(priced.taxAmount, currency),
      total_amount: formatAmount(priced.totalAmount, currency),
    },
    terms.markupPercent,
  );
  const anyLongHaul = priced.sliceDistances.some((distance) => distance >= longHaulKm);
  const offerTerms = {
    conditions: conditionsOf(conditionsFor(priced.brand, anyLongHaul, facts.seated, currency)),
    passenger_identity_documents_required: isInternational(priced),
    payment_requirements: { price_guarantee_expires_at: null, payment_required_by: null },
  };
  const fare: ResultFare = {
    id: priced.id,
    tax_amount: price.tax_amount,
    total_amount: price.total_amount,
    fare_brand_names: priced.slices.map(() => priced.brand.name),
    cabins: priced.slices.map((flights, sliceIndex) =>
      flights.map((flight, segmentIndex) => {
        const cabin = segmentFare(facts, flight, sliceIndex, segmentIndex);
        return dictionaries.cabins.ref(cabinKey(cabin), () => cabin);
      }),
    ),
    terms: dictionaries.terms.ref(termsKey(offerTerms), () => offerTerms),
  };
  const expires = toIsoInstant(priced.spec.createdAt + offerLifetimeMs);
  if (expires !== expiresAt) fare.expires_at = expires;
  return fare;
}

function emissionsKg(priced: PricedOffer): string {
  return String(Math.round(offerEmissionsGrams(offerFacts(priced)) / 1000));
}

/**
 * A sandbox search as the traveller's search answer: at sell prices, without flights leaving
 * within 2 hours of `terms.at`, each journey one itinerary with its fare brands under it.
 */
export function sandboxSearchResults(search: PricedSearch, terms: AnswerTerms): SearchResults {
  const offers = search.offers.filter((offer) => !leavesTooSoon(offer, terms.at));
  const first = offers[0];
  let expiresAt = new Date(terms.at + OFFER_LIFETIME_MS).toISOString();
  if (first) {
    expiresAt = toIsoInstant(first.spec.createdAt + offerLifetimeMs);
    for (const offer of offers) {
      const expires = toIsoInstant(offer.spec.createdAt + offerLifetimeMs);
      if (expires < expiresAt) expiresAt = expires;
    }
  }
  const dictionaries = answerDictionaries();
  const itineraries = new Map<string, ResultItinerary>();
  for (const offer of offers) {
    const fare = compactFare(offer, dictionaries, terms, expiresAt);
    const key = journeyKey(offer);
    const known = itineraries.get(key);
    if (known) {
      const emissions = emissionsKg(offer);
      if (emissions !== known.total_emissions_kg) fare.total_emissions_kg = emissions;
      known.fares.push(fare);
      continue;
    }
    itineraries.set(key, {
      owner: offer.owner.duffel.iata_code,
      slices: offer.slices.map((flights) =>
        dictionaries.slices.ref(flightsKey(flights), () => compactSlice(flights, dictionaries)),
      ),
      total_emissions_kg: emissionsKg(offer),
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
