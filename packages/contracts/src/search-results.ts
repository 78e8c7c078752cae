import { toMinorUnits } from './money';
import type { Offer, Place, Segment, Slice } from './offers';
import { answerLookups, expandFare } from './search-results-expansion';
import {
  cabinKey,
  flightsKey,
  passengersKey,
  sameFlights,
  sliceKey,
  termsKey,
} from './search-results-keys';
import {
  searchResultsSchema,
  type CompactSegment,
  type CompactSlice,
  type ResultCabin,
  type ResultFare,
  type ResultItinerary,
  type ResultTerms,
  type SearchOffer,
  type SearchResults,
} from './search-results-schema';

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
    cabins: new Dictionary<ResultCabin>(),
    slices: new Dictionary<CompactSlice>(),
    terms: new Dictionary<ResultTerms>(),
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
