import type { Itinerary } from './itineraries';
import type { FareMetrics } from './offer-metrics';
import {
  STOP_BUCKETS,
  TIME_WINDOW_KEYS,
  type HourRange,
  type SearchFilters,
  type StopBucket,
  type TimeWindowKey,
} from './search-params';

/** An itinerary as the filters leave it: the card, the sort and the counts read this. */
export interface ItineraryResult {
  itinerary: Itinerary;
  /** The fares the fare filters (bags, price) let through, cheapest first; never empty. */
  fares: FareMetrics[];
  /** The first of them: the price the card leads with and that sorting and facets compare. */
  price: number;
}

function inRange(hours: number | undefined, range: HourRange | undefined): boolean {
  if (!range || hours === undefined) return true;
  return hours >= range[0] && hours < range[1];
}

/**
 * Which slice and end each time window reads: outbound = first slice, return = second; a
 * multi-city trip's flight N = slice N − 1.
 */
const timeWindowSource: Record<TimeWindowKey, { slice: number; end: 'departure' | 'arrival' }> = {
  outboundDepart: { slice: 0, end: 'departure' },
  outboundArrive: { slice: 0, end: 'arrival' },
  returnDepart: { slice: 1, end: 'departure' },
  returnArrive: { slice: 1, end: 'arrival' },
  flight1Depart: { slice: 0, end: 'departure' },
  flight1Arrive: { slice: 0, end: 'arrival' },
  flight2Depart: { slice: 1, end: 'departure' },
  flight2Arrive: { slice: 1, end: 'arrival' },
  flight3Depart: { slice: 2, end: 'departure' },
  flight3Arrive: { slice: 2, end: 'arrival' },
  flight4Depart: { slice: 3, end: 'departure' },
  flight4Arrive: { slice: 3, end: 'arrival' },
  flight5Depart: { slice: 4, end: 'departure' },
  flight5Arrive: { slice: 4, end: 'arrival' },
};

function matchesTimes(itinerary: Itinerary, times: SearchFilters['times']): boolean {
  return TIME_WINDOW_KEYS.every((key) => {
    const { slice, end } = timeWindowSource[key];
    const hours =
      end === 'departure' ? itinerary.departureHours[slice] : itinerary.arrivalHours[slice];
    return inRange(hours, times[key]);
  });
}

type FilterName =
  'stops' | 'airlines' | 'times' | 'duration' | 'price' | 'bags' | 'layover' | 'overnight';

/** The flights' filters: every fare of the itinerary passes or fails them together. */
function journeyMatches(itinerary: Itinerary, filters: SearchFilters, ignore?: FilterName) {
  return (
    (ignore === 'stops' ||
      filters.stops.length === 0 ||
      filters.stops.includes(itinerary.stopBucket)) &&
    (ignore === 'airlines' ||
      filters.airlines.length === 0 ||
      filters.airlines.includes(itinerary.airlineCode)) &&
    (ignore === 'times' || matchesTimes(itinerary, filters.times)) &&
    (ignore === 'duration' ||
      filters.maxDurationMinutes === undefined ||
      Math.max(...itinerary.sliceMinutes) <= filters.maxDurationMinutes) &&
    (ignore === 'layover' ||
      filters.maxLayoverMinutes === undefined ||
      itinerary.longestLayoverMinutes <= filters.maxLayoverMinutes) &&
    (ignore === 'overnight' || !filters.avoidOvernight || !itinerary.overnightLayover)
  );
}

/** The fares' filters: a Basic fare without a bag can fail where the Standard fare passes. */
function fareMatches(fare: FareMetrics, filters: SearchFilters, ignore?: FilterName) {
  return (
    (ignore === 'bags' || !filters.bagsIncluded || fare.checkedBags > 0) &&
    (ignore === 'price' || filters.maxPrice === undefined || fare.price <= filters.maxPrice)
  );
}

/**
 * The itinerary under every filter (or every filter but one, for that filter's counts): null
 * when its flights fail, or when none of its fares is left.
 */
function resultOf(
  itinerary: Itinerary,
  filters: SearchFilters,
  ignore?: FilterName,
): ItineraryResult | null {
  if (!journeyMatches(itinerary, filters, ignore)) return null;
  const fares = itinerary.fares.filter((fare) => fareMatches(fare, filters, ignore));
  const [lead] = fares;
  return lead ? { itinerary, fares, price: lead.price } : null;
}

export function filterItineraries(
  itineraries: readonly Itinerary[],
  filters: SearchFilters,
): ItineraryResult[] {
  return itineraries.flatMap((itinerary) => resultOf(itinerary, filters) ?? []);
}

interface CountFacet {
  count: number;
  /** Cheapest price among them; null when none. */
  cheapest: number | null;
}

interface StopFacet extends CountFacet {
  bucket: StopBucket;
}

interface AirlineFacet {
  code: string;
  name: string;
  logoUrl: string;
  count: number;
  cheapest: number;
}

export interface Facets {
  stops: StopFacet[];
  airlines: AirlineFacet[];
  /** What ticking "checked bag included" would show; null when no fare includes one. */
  bags: CountFacet | null;
  /** What avoiding overnight layovers would show; null when no itinerary has one. */
  overnight: CountFacet | null;
  /** Bounds of the whole answer, for the sliders: the cheapest fare of each itinerary. */
  price: { min: number; max: number } | null;
  /** Longest direction of each itinerary: its smallest and largest value. */
  duration: { min: number; max: number } | null;
  /** Longest layover of each itinerary with connections; null when all fly non-stop. */
  layover: { min: number; max: number } | null;
}

function countOf(results: readonly (ItineraryResult | null)[]): CountFacet {
  const shown = results.filter((result) => result !== null);
  return {
    count: shown.length,
    cheapest: shown.length ? Math.min(...shown.map((result) => result.price)) : null,
  };
}

function boundsOf(values: readonly number[]): { min: number; max: number } | null {
  const finite = values.filter(Number.isFinite);
  return finite.length ? { min: Math.min(...finite), max: Math.max(...finite) } : null;
}

/**
 * What each filter offers: the counts and cheapest prices of a filter are those of the
 * itineraries that pass every other filter (so a count is what ticking that box would show), as
 * Skyscanner and Kayak show them. Slider bounds come from the whole answer so they never move
 * while used.
 */
export function facetsOf(itineraries: readonly Itinerary[], filters: SearchFilters): Facets {
  const stops = STOP_BUCKETS.map((bucket) => ({
    bucket,
    ...countOf(
      itineraries
        .filter((itinerary) => itinerary.stopBucket === bucket)
        .map((itinerary) => resultOf(itinerary, filters, 'stops')),
    ),
  }));

  const airlines = new Map<string, AirlineFacet>();
  for (const itinerary of itineraries) {
    const entry = airlines.get(itinerary.airlineCode) ?? {
      code: itinerary.airlineCode,
      name: itinerary.airlineName,
      logoUrl: itinerary.airlineLogoUrl,
      count: 0,
      cheapest: Number.POSITIVE_INFINITY,
    };
    const result = resultOf(itinerary, filters, 'airlines');
    if (result) {
      entry.count += 1;
      entry.cheapest = Math.min(entry.cheapest, result.price);
    }
    airlines.set(itinerary.airlineCode, entry);
  }

  const anyBag = itineraries.some((itinerary) =>
    itinerary.fares.some((fare) => fare.checkedBags > 0),
  );
  const anyOvernight = itineraries.some((itinerary) => itinerary.overnightLayover);
  const connecting = itineraries.filter((itinerary) => itinerary.totalStops > 0);
  return {
    stops,
    airlines: [...airlines.values()].sort((a, b) => a.name.localeCompare(b.name)),
    bags: anyBag
      ? countOf(
          itineraries.map((itinerary) => resultOf(itinerary, { ...filters, bagsIncluded: true })),
        )
      : null,
    overnight: anyOvernight
      ? countOf(
          itineraries.map((itinerary) => resultOf(itinerary, { ...filters, avoidOvernight: true })),
        )
      : null,
    price: boundsOf(itineraries.map((itinerary) => itinerary.fares[0]?.price ?? NaN)),
    duration: boundsOf(itineraries.map((itinerary) => Math.max(...itinerary.sliceMinutes))),
    layover: boundsOf(connecting.map((itinerary) => itinerary.longestLayoverMinutes)),
  };
}
