import { z } from 'zod';
import { CABIN_CLASSES } from './search-rules';
import { fromMinorUnits, toMinorUnits } from './money';
import {
  baggageSchema,
  offerConditionsSchema,
  offerPassengerSchema,
  placeSchema,
  segmentServiceSchema,
  type Offer,
  type Place,
  type Segment,
  type Slice,
} from './offers';

/**
 * The answer of `POST /api/flights/search`, compact. Airlines answer a search with one offer per
 * fare brand (Basic, Standard, Flex…) of the same flights, and every offer repeats its airports,
 * airlines and aircraft in full: 150 offers came to 600–900 KB of JSON. Here each itinerary's
 * flights are written once with its fares under it, and each airport, airline, aircraft, fare
 * condition and cabin once in a dictionary the flights and fares refer to (by IATA code, or by
 * position in a list). Nothing a result shows is lost: `expandSearchResults` gives every offer
 * back, without the ids of its slices and segments (the offer page's own call has those) and
 * without extra services (a search has none to sell).
 */

// The currency's own decimals: "17103" JPY, "512.40" USD, "12.345" KWD.
const money = z.string().regex(/^-?\d+(?:\.\d{2,3})?$/);
const currency = z.string().length(3);
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);
/** A position in one of the answer's lists. */
const ref = z.number().int().min(0);
const code = z.string().min(1).max(8);

export const resultAirlineSchema = z.object({
  id: z.string(),
  name: z.string(),
  icao_code: z.string().nullable(),
  logo_url: z.string(),
});

/** What a fare gives on one flight: the cabin, and bags and services with it. */
export const resultCabinSchema = z.object({
  cabin_class: z.enum(CABIN_CLASSES),
  cabin_class_marketing_name: z.string(),
  baggages: z.array(baggageSchema),
  services: z.array(segmentServiceSchema),
});

/** What a fare promises beyond its price: conditions, documents, when to pay. */
export const resultTermsSchema = z.object({
  conditions: offerConditionsSchema,
  passenger_identity_documents_required: z.boolean(),
  payment_requirements: z.object({
    price_guarantee_expires_at: z.string().nullable(),
    payment_required_by: z.string().nullable(),
  }),
});

export const resultSegmentSchema = z.object({
  /** Airport codes (keys of `airports`). */
  origin: code,
  destination: code,
  origin_terminal: z.string().nullable(),
  destination_terminal: z.string().nullable(),
  /** Local times, no offset. */
  departing_at: localDateTime,
  arriving_at: localDateTime,
  duration: z.string(),
  flight_number: z.string(),
  /** Position in `aircraft`. */
  aircraft: ref.nullable(),
  /** The marketing airline (a key of `airlines`). */
  airline: code,
  /** The airline flying it, when it is not the marketing airline (a codeshare). */
  operating_carrier: z.object({ iata_code: z.string(), name: z.string() }).nullable(),
  distance_km: z.number().nullable(),
  stops: z
    .array(
      z.object({
        airport: code,
        arriving_at: localDateTime,
        departing_at: localDateTime,
        duration: z.string(),
      }),
    )
    .optional(),
});

export const resultSliceSchema = z.object({
  origin: code,
  destination: code,
  duration: z.string(),
  segments: z.array(resultSegmentSchema).min(1),
});

/** One fare (one bookable offer) of an itinerary. */
export const resultFareSchema = z.object({
  /** The offer id: the offer page, checkout and booking take it. */
  id: z.string(),
  /** The base fare is the total less the taxes. */
  tax_amount: money,
  total_amount: money,
  /** One per slice. */
  fare_brand_names: z.array(z.string().nullable()),
  /** Per slice, per segment: a position in `cabins`. */
  cabins: z.array(z.array(ref)),
  /** Position in `terms`. */
  terms: ref,
  /** Absent when it is the itinerary's. */
  total_emissions_kg: z.string().nullable().optional(),
  /** Absent when the fare expires with the answer (`expiresAt`). */
  expires_at: z.iso.datetime().optional(),
});

export const resultItinerarySchema = z.object({
  /** The selling airline (a key of `airlines`). */
  owner: code,
  /** Each direction's flights: positions in `slices` (an outbound shared by several returns). */
  slices: z.array(ref).min(1),
  /** CO₂ of the trip for every passenger, as its first fare gives it (fares may say otherwise). */
  total_emissions_kg: z.string().nullable(),
  /** In the order the provider ranked them. */
  fares: z.array(resultFareSchema).min(1),
});

export const searchResultsSchema = z.object({
  searchId: z.string(),
  /** When the first of the offers expires. */
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  /** Every amount's currency. */
  currency,
  /** The travellers every offer is for (none when nothing was found). */
  passengers: z.array(offerPassengerSchema),
  airports: z.record(z.string(), placeSchema),
  airlines: z.record(z.string(), resultAirlineSchema),
  /** Aircraft names. */
  aircraft: z.array(z.string()),
  /** Each way of flying one direction once, whatever itineraries it is part of. */
  slices: z.array(resultSliceSchema),
  cabins: z.array(resultCabinSchema),
  terms: z.array(resultTermsSchema),
  itineraries: z.array(resultItinerarySchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
export type ResultItinerary = z.infer<typeof resultItinerarySchema>;
type CompactSlice = z.infer<typeof resultSliceSchema>;
export type ResultFare = z.infer<typeof resultFareSchema>;

/** A segment as a search result gives it: everything but its id. */
export type ResultSegment = Omit<Segment, 'id'>;
export type ResultSlice = Omit<Slice, 'id' | 'segments'> & { segments: ResultSegment[] };
/** An offer as a search result gives it: no slice or segment ids, no extra services. */
export type SearchOffer = Omit<Offer, 'slices' | 'available_services'> & {
  slices: ResultSlice[];
};

/**
 * Gives each distinct value one position in a list. The caller names the value by a key of its
 * own and makes it only when the key is new: most of a search's cabins, terms and slices repeat,
 * and building each one only to throw it away was most of an answer's cost.
 */
class Dictionary<T> {
  readonly values: T[] = [];
  private readonly positions = new Map<string, number>();

  ref(key: string, make: () => T): number {
    let position = this.positions.get(key);
    if (position === undefined) {
      position = this.values.length;
      this.values.push(make());
      this.positions.set(key, position);
    }
    return position;
  }
}

export type ResultCabin = SearchResults['cabins'][number];
export type ResultTerms = SearchResults['terms'][number];
type Cabin = ResultCabin;
type Terms = ResultTerms;
const SEPARATOR = '\u001f';

// Keys built by hand, from the offer's own fields: JSON.stringify of each small object was most of
// an answer's cost. Each key covers every field of what it names, so equal keys are equal values.
/** Equal keys, equal cabins: the answer writes each cabin once. */
export function cabinKey(segment: Cabin): string {
  let key = `${segment.cabin_class}${SEPARATOR}${segment.cabin_class_marketing_name}`;
  for (const bag of segment.baggages) key += `${SEPARATOR}${bag.type}:${String(bag.quantity)}`;
  key += SEPARATOR;
  for (const service of segment.services) {
    key += `${SEPARATOR}${service.type}:${service.description}`;
  }
  return key;
}
const penaltyKey = (penalty: Offer['conditions']['refund_penalty']) =>
  penalty ? `${penalty.amount} ${penalty.currency}` : '';
/** Equal keys, equal terms: the answer writes each set of terms once. */
export function termsKey(offer: Terms): string {
  const { conditions, payment_requirements: payment } = offer;
  return `${String(conditions.refundable)}${SEPARATOR}${String(conditions.changeable)}${SEPARATOR}${penaltyKey(conditions.refund_penalty)}${SEPARATOR}${penaltyKey(conditions.change_penalty)}${SEPARATOR}${String(offer.passenger_identity_documents_required)}${SEPARATOR}${String(payment.price_guarantee_expires_at)}${SEPARATOR}${String(payment.payment_required_by)}`;
}

/** The travellers' key, once per list: a provider's offers often share one list. */
const passengerKeys = new WeakMap<Offer['passengers'], string>();
function passengersKey(passengers: Offer['passengers']): string {
  let key = passengerKeys.get(passengers);
  if (key === undefined) {
    key = passengers
      .map((passenger) => `${passenger.id}:${passenger.type}:${String(passenger.age)}`)
      .join(',');
    passengerKeys.set(passengers, key);
  }
  return key;
}

/** Every field `compactSlice` writes (airports and aircraft by their codes and names). */
function sliceKey(slice: Slice): string {
  let key = `${slice.origin.iata_code}${SEPARATOR}${slice.destination.iata_code}${SEPARATOR}${slice.duration}`;
  for (const s of slice.segments) {
    key += `${SEPARATOR}${SEPARATOR}${s.origin.iata_code}${SEPARATOR}${s.destination.iata_code}${SEPARATOR}${String(s.origin_terminal)}${SEPARATOR}${String(s.destination_terminal)}${SEPARATOR}${s.departing_at}${SEPARATOR}${s.arriving_at}${SEPARATOR}${s.duration}${SEPARATOR}${s.flight_number}${SEPARATOR}${s.aircraft === null ? '\u0000' : s.aircraft.name}${SEPARATOR}${s.airline.iata_code}${SEPARATOR}${s.airline.name}${SEPARATOR}${s.operating_carrier.iata_code}${SEPARATOR}${s.operating_carrier.name}${SEPARATOR}${String(s.distance_km)}`;
    if (s.stops !== undefined) {
      key += `${SEPARATOR}${String(s.stops.length)}`;
      for (const stop of s.stops) {
        key += `${SEPARATOR}${stop.airport.iata_code}${SEPARATOR}${stop.arriving_at}${SEPARATOR}${stop.departing_at}${SEPARATOR}${stop.duration}`;
      }
    }
  }
  return key;
}

/** The selling airline and each flight with its departure: fares of one itinerary share it. */
function flightsKey(offer: Offer): string {
  let key = offer.owner.iata_code;
  for (const slice of offer.slices) {
    key += '|';
    for (const s of slice.segments) key += `+${s.flight_number}@${s.departing_at}`;
  }
  return key;
}

/** Everything written once for an itinerary is the same in both. */
function sameFlights(a: Offer, b: Offer): boolean {
  if (a.owner.iata_code !== b.owner.iata_code || a.slices.length !== b.slices.length) return false;
  return a.slices.every((sliceA, i) => {
    const sliceB = b.slices[i];
    if (sliceB === undefined) return false;
    if (
      sliceA.origin.iata_code !== sliceB.origin.iata_code ||
      sliceA.destination.iata_code !== sliceB.destination.iata_code ||
      sliceA.duration !== sliceB.duration ||
      sliceA.segments.length !== sliceB.segments.length
    ) {
      return false;
    }
    return sliceA.segments.every((x, j) => {
      const y = sliceB.segments[j];
      if (y === undefined) return false;
      return (
        x.flight_number === y.flight_number &&
        x.departing_at === y.departing_at &&
        x.arriving_at === y.arriving_at &&
        x.origin.iata_code === y.origin.iata_code &&
        x.destination.iata_code === y.destination.iata_code &&
        x.origin_terminal === y.origin_terminal &&
        x.destination_terminal === y.destination_terminal &&
        x.duration === y.duration &&
        x.aircraft?.name === y.aircraft?.name &&
        x.airline.iata_code === y.airline.iata_code &&
        x.operating_carrier.iata_code === y.operating_carrier.iata_code &&
        x.operating_carrier.name === y.operating_carrier.name &&
        x.distance_km === y.distance_km &&
        (x.stops?.length ?? -1) === (y.stops?.length ?? -1) &&
        (x.stops ?? []).every((stop, k) => {
          const other = y.stops?.[k];
          if (other === undefined) return false;
          return (
            stop.airport.iata_code === other.airport.iata_code &&
            stop.arriving_at === other.arriving_at &&
            stop.departing_at === other.departing_at &&
            stop.duration === other.duration
          );
        })
      );
    });
  });
}

type CompactSegment = z.infer<typeof resultSegmentSchema>;

/** A finished answer: what it is about, its dictionaries' entries and its itineraries. */
export function writtenAnswer(
  head: Pick<SearchResults, 'searchId' | 'expiresAt' | 'createdAt' | 'currency' | 'passengers'>,
  dictionaries: AnswerDictionaries,
  itineraries: ResultItinerary[],
): SearchResults {
  return {
    ...head,
    airports: dictionaries.airports,
    airlines: Object.fromEntries(dictionaries.airlines),
    aircraft: dictionaries.aircraft.values,
    slices: dictionaries.slices.values,
    cabins: dictionaries.cabins.values,
    terms: dictionaries.terms.values,
    itineraries,
  };
}

/** The dictionaries of one answer being written: each airport, airline, aircraft… once. */
export function answerDictionaries() {
  const airports: Record<string, Place> = {};
  const airlines = new Map<string, SearchResults['airlines'][string]>();
  const aircraft = new Dictionary<string>();
  /** Sellers known only as an offer's owner so far (no flight of theirs seen yet). */
  const sellersOnly = new Set<string>();
  return {
    airports,
    airlines,
    aircraft,
    cabins: new Dictionary<Cabin>(),
    slices: new Dictionary<CompactSlice>(),
    terms: new Dictionary<Terms>(),
    airport(place: Place): string {
      airports[place.iata_code] ??= place;
      return place.iata_code;
    },
    airline(value: Segment['airline']): string {
      if (sellersOnly.delete(value.iata_code) || !airlines.has(value.iata_code)) {
        airlines.set(value.iata_code, {
          id: value.id,
          name: value.name,
          icao_code: value.icao_code,
          logo_url: value.logo_url,
        });
      }
      return value.iata_code;
    },
    /** The seller is one of the airlines, unless it flies none of the flights itself. */
    seller(owner: Offer['owner']): string {
      if (!airlines.has(owner.iata_code)) {
        airlines.set(owner.iata_code, {
          id: '',
          name: owner.name,
          icao_code: null,
          logo_url: owner.logo_url,
        });
        sellersOnly.add(owner.iata_code);
      }
      return owner.iata_code;
    },
  };
}
export type AnswerDictionaries = ReturnType<typeof answerDictionaries>;

function compactSegment(segment: Segment, dictionaries: AnswerDictionaries): CompactSegment {
  const compact: CompactSegment = {
    origin: dictionaries.airport(segment.origin),
    destination: dictionaries.airport(segment.destination),
    origin_terminal: segment.origin_terminal,
    destination_terminal: segment.destination_terminal,
    departing_at: segment.departing_at,
    arriving_at: segment.arriving_at,
    duration: segment.duration,
    flight_number: segment.flight_number,
    aircraft:
      segment.aircraft === null
        ? null
        : dictionaries.aircraft.ref(segment.aircraft.name, () => segment.aircraft?.name ?? ''),
    airline: dictionaries.airline(segment.airline),
    operating_carrier:
      segment.operating_carrier.iata_code === segment.airline.iata_code &&
      segment.operating_carrier.name === segment.airline.name
        ? null
        : segment.operating_carrier,
    distance_km: segment.distance_km,
  };
  if (segment.stops !== undefined) {
    compact.stops = segment.stops.map((stop) => ({
      airport: dictionaries.airport(stop.airport),
      arriving_at: stop.arriving_at,
      departing_at: stop.departing_at,
      duration: stop.duration,
    }));
  }
  return compact;
}

function compactSlice(slice: Slice, dictionaries: AnswerDictionaries): CompactSlice {
  return {
    origin: dictionaries.airport(slice.origin),
    destination: dictionaries.airport(slice.destination),
    duration: slice.duration,
    segments: slice.segments.map((segment) => compactSegment(segment, dictionaries)),
  };
}

/** An offer as one fare of its itinerary: cabins and terms by their positions. */
function compactFare(
  offer: Offer,
  dictionaries: AnswerDictionaries,
  expiresAt: string,
): ResultFare {
  const fare: ResultFare = {
    id: offer.id,
    tax_amount: offer.tax_amount,
    total_amount: offer.total_amount,
    fare_brand_names: offer.slices.map((slice) => slice.fare_brand_name),
    cabins: offer.slices.map((slice) =>
      slice.segments.map((segment) =>
        dictionaries.cabins.ref(cabinKey(segment), () => ({
          cabin_class: segment.cabin_class,
          cabin_class_marketing_name: segment.cabin_class_marketing_name,
          baggages: segment.baggages,
          services: segment.services,
        })),
      ),
    ),
    terms: dictionaries.terms.ref(termsKey(offer), () => ({
      conditions: offer.conditions,
      passenger_identity_documents_required: offer.passenger_identity_documents_required,
      payment_requirements: offer.payment_requirements,
    })),
  };
  // Most fares expire with the search; only one that does not says when.
  if (offer.expires_at !== expiresAt) fare.expires_at = offer.expires_at;
  return fare;
}

/** What every offer of one answer must share with the first: currency, travellers, sums. */
function checkOffer(offer: Offer, currency: string, travellers: string): void {
  if (offer.total_currency !== currency) {
    throw new Error(`an answer mixes currencies (${currency}, ${offer.total_currency})`);
  }
  if (passengersKey(offer.passengers) !== travellers) {
    throw new Error('an answer mixes travellers');
  }
  if (
    toMinorUnits(offer.base_amount, currency) + toMinorUnits(offer.tax_amount, currency) !==
    toMinorUnits(offer.total_amount, currency)
  ) {
    throw new Error(`an offer's base and taxes do not add up to its total (${offer.id})`);
  }
}

/**
 * Itineraries by selling airline and flights, in the order each first appears: a fare joins the
 * itinerary whose first offer has the same flights, or begins a new one.
 */
function itineraryGrouper(dictionaries: AnswerDictionaries) {
  const groups = new Map<string, { lead: Offer; itinerary: ResultItinerary }[]>();
  const itineraries: ResultItinerary[] = [];
  return {
    itineraries,
    add(offer: Offer, fare: ResultFare): void {
      const key = flightsKey(offer);
      const candidates = groups.get(key) ?? [];
      const group = candidates.find((candidate) => sameFlights(candidate.lead, offer));
      if (group) {
        if (offer.total_emissions_kg !== group.itinerary.total_emissions_kg) {
          fare.total_emissions_kg = offer.total_emissions_kg;
        }
        group.itinerary.fares.push(fare);
        return;
      }
      const itinerary: ResultItinerary = {
        owner: offer.owner.iata_code,
        slices: offer.slices.map((slice) =>
          dictionaries.slices.ref(sliceKey(slice), () => compactSlice(slice, dictionaries)),
        ),
        total_emissions_kg: offer.total_emissions_kg,
        fares: [fare],
      };
      dictionaries.seller(offer.owner);
      candidates.push({ lead: offer, itinerary });
      groups.set(key, candidates);
      itineraries.push(itinerary);
    },
  };
}

/**
 * The search answer for `offers` (already filtered and priced, in the order to show them). Fares
 * of the same flights (same selling airline, same flights at the same times, same airports and
 * aircraft) become one itinerary, in the order each itinerary first appears. Every offer must be
 * for the same travellers and in one currency, as a provider's answer to one search is.
 */
export function compactSearchResults(input: {
  searchId: string;
  offers: readonly Offer[];
  expiresAt: string;
  createdAt: string;
  /** The currency when there is no offer to take it from. */
  currency: string;
}): SearchResults {
  const dictionaries = answerDictionaries();
  const grouper = itineraryGrouper(dictionaries);
  const [first] = input.offers;
  const currency = first?.total_currency ?? input.currency;
  const passengers = first?.passengers ?? [];
  const travellers = passengersKey(passengers);
  for (const offer of input.offers) {
    checkOffer(offer, currency, travellers);
    grouper.add(offer, compactFare(offer, dictionaries, input.expiresAt));
  }
  return writtenAnswer(
    {
      searchId: input.searchId,
      expiresAt: input.expiresAt,
      createdAt: input.createdAt,
      currency,
      passengers,
    },
    dictionaries,
    grouper.itineraries,
  );
}

function lookup<T>(values: Readonly<Record<string, T>> | readonly T[], key: string | number): T {
  const value = (values as Record<string | number, T | undefined>)[key];
  if (value === undefined) throw new Error(`a search answer refers to a missing entry: ${key}`);
  return value;
}

/** Looks up an answer's dictionaries, sharing each place, airline and aircraft between offers. */
function answerLookups(results: SearchResults) {
  const airlineCache = new Map<string, Segment['airline']>();
  const aircraft = results.aircraft.map((name) => ({ name }));
  return {
    results,
    place: (iata: string) => lookup(results.airports, iata),
    airline(iata: string): Segment['airline'] {
      let value = airlineCache.get(iata);
      if (!value) {
        value = { ...lookup(results.airlines, iata), iata_code: iata };
        airlineCache.set(iata, value);
      }
      return value;
    },
    aircraft: (position: number) => lookup(aircraft, position),
  };
}
type AnswerLookups = ReturnType<typeof answerLookups>;

function expandSegment(
  segment: CompactSegment,
  cabin: Cabin,
  lookups: AnswerLookups,
): ResultSegment {
  const carrier = lookups.airline(segment.airline);
  const expanded: ResultSegment = {
    origin: lookups.place(segment.origin),
    destination: lookups.place(segment.destination),
    origin_terminal: segment.origin_terminal,
    destination_terminal: segment.destination_terminal,
    departing_at: segment.departing_at,
    arriving_at: segment.arriving_at,
    duration: segment.duration,
    flight_number: segment.flight_number,
    aircraft: segment.aircraft === null ? null : lookups.aircraft(segment.aircraft),
    airline: carrier,
    operating_carrier: segment.operating_carrier ?? {
      iata_code: carrier.iata_code,
      name: carrier.name,
    },
    cabin_class: cabin.cabin_class,
    cabin_class_marketing_name: cabin.cabin_class_marketing_name,
    baggages: cabin.baggages,
    services: cabin.services,
    distance_km: segment.distance_km,
  };
  if (segment.stops !== undefined) {
    expanded.stops = segment.stops.map((stop) => ({
      airport: lookups.place(stop.airport),
      arriving_at: stop.arriving_at,
      departing_at: stop.departing_at,
      duration: stop.duration,
    }));
  }
  return expanded;
}

/** One direction of an itinerary as one fare gives it (its brand and cabins). */
function expandSlice(
  position: number,
  sliceIndex: number,
  fare: ResultFare,
  lookups: AnswerLookups,
): ResultSlice {
  const slice = lookup(lookups.results.slices, position);
  return {
    origin: lookups.place(slice.origin),
    destination: lookups.place(slice.destination),
    duration: slice.duration,
    fare_brand_name: fare.fare_brand_names[sliceIndex] ?? null,
    segments: slice.segments.map((segment, segmentIndex) =>
      expandSegment(
        segment,
        lookup(lookups.results.cabins, fare.cabins[sliceIndex]?.[segmentIndex] ?? -1),
        lookups,
      ),
    ),
  };
}

function expandFare(
  itinerary: ResultItinerary,
  fare: ResultFare,
  owner: Segment['airline'],
  lookups: AnswerLookups,
): SearchOffer {
  const { results } = lookups;
  const terms = lookup(results.terms, fare.terms);
  return {
    id: fare.id,
    slices: itinerary.slices.map((position, sliceIndex) =>
      expandSlice(position, sliceIndex, fare, lookups),
    ),
    passengers: results.passengers,
    conditions: terms.conditions,
    base_amount: fromMinorUnits(
      toMinorUnits(fare.total_amount, results.currency) -
        toMinorUnits(fare.tax_amount, results.currency),
      results.currency,
    ),
    base_currency: results.currency,
    tax_amount: fare.tax_amount,
    tax_currency: results.currency,
    total_amount: fare.total_amount,
    total_currency: results.currency,
    passenger_identity_documents_required: terms.passenger_identity_documents_required,
    payment_requirements: terms.payment_requirements,
    owner: { name: owner.name, iata_code: owner.iata_code, logo_url: owner.logo_url },
    total_emissions_kg:
      fare.total_emissions_kg === undefined
        ? itinerary.total_emissions_kg
        : fare.total_emissions_kg,
    expires_at: fare.expires_at ?? results.expiresAt,
    created_at: results.createdAt,
  };
}

/**
 * The offers of a search answer, each as the provider made it (less what `SearchOffer` leaves
 * out), itinerary by itinerary. Places, airlines and cabins are shared between offers, not copied.
 */
export function expandSearchResults(results: SearchResults): SearchOffer[] {
  const lookups = answerLookups(results);
  return results.itineraries.flatMap((itinerary) => {
    const owner = lookups.airline(itinerary.owner);
    return itinerary.fares.map((fare) => expandFare(itinerary, fare, owner, lookups));
  });
}

/** The offers of a search answer as received (checked against the schema first). */
export function searchOffersOf(answer: unknown): SearchOffer[] {
  return expandSearchResults(searchResultsSchema.parse(answer));
}
