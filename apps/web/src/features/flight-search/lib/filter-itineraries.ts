import type { OfferMetrics } from './offer-metrics';
import {
  STOP_BUCKETS,
  TIME_WINDOW_KEYS,
  type HourRange,
  type SearchFilters,
  type StopBucket,
  type TimeWindowKey,
} from './search-params';

function inRange(hours: number | undefined, range: HourRange | undefined): boolean {
  if (!range || hours === undefined) return true;
  return hours >= range[0] && hours < range[1];
}

/** Which slice and end each time window reads: outbound = first slice, return = second. */
const timeWindowSource: Record<TimeWindowKey, { slice: number; end: 'departure' | 'arrival' }> = {
  outboundDepart: { slice: 0, end: 'departure' },
  outboundArrive: { slice: 0, end: 'arrival' },
  returnDepart: { slice: 1, end: 'departure' },
  returnArrive: { slice: 1, end: 'arrival' },
};

function matchesTimes(offer: OfferMetrics, times: SearchFilters['times']): boolean {
  return TIME_WINDOW_KEYS.every((key) => {
    const { slice, end } = timeWindowSource[key];
    const hours = end === 'departure' ? offer.departureHours[slice] : offer.arrivalHours[slice];
    return inRange(hours, times[key]);
  });
}

export type FilterName = 'stops' | 'airlines' | 'times' | 'duration' | 'price';

/** Whether an offer passes every filter, or every filter but one (for that filter's counts). */
export function matchesFilters(
  offer: OfferMetrics,
  filters: SearchFilters,
  ignore?: FilterName,
): boolean {
  return (
    (ignore === 'stops' ||
      filters.stops.length === 0 ||
      filters.stops.includes(offer.stopBucket)) &&
    (ignore === 'airlines' ||
      filters.airlines.length === 0 ||
      filters.airlines.includes(offer.airlineCode)) &&
    (ignore === 'times' || matchesTimes(offer, filters.times)) &&
    (ignore === 'duration' ||
      filters.maxDurationMinutes === undefined ||
      Math.max(...offer.sliceMinutes) <= filters.maxDurationMinutes) &&
    (ignore === 'price' || filters.maxPrice === undefined || offer.price <= filters.maxPrice)
  );
}

export function filterOffers(
  offers: readonly OfferMetrics[],
  filters: SearchFilters,
): OfferMetrics[] {
  return offers.filter((offer) => matchesFilters(offer, filters));
}

export interface StopFacet {
  bucket: StopBucket;
  count: number;
  /** Cheapest total among the offers the other filters let through; null when none. */
  cheapest: number | null;
}

export interface AirlineFacet {
  code: string;
  name: string;
  logoUrl: string;
  count: number;
  cheapest: number;
}

export interface Facets {
  stops: StopFacet[];
  airlines: AirlineFacet[];
  /** Bounds of the whole answer, for the sliders. */
  price: { min: number; max: number } | null;
  /** Longest direction of each offer: its smallest and largest value. */
  duration: { min: number; max: number } | null;
}

/**
 * What each filter offers: the counts and cheapest prices of a filter are those of the offers
 * that pass every other filter (so a count is what ticking that box would add), as Skyscanner
 * and Kayak show them. Slider bounds come from the whole answer so they never move while used.
 */
export function facetsOf(offers: readonly OfferMetrics[], filters: SearchFilters): Facets {
  const stops = STOP_BUCKETS.map((bucket) => {
    const matching = offers.filter(
      (offer) => offer.stopBucket === bucket && matchesFilters(offer, filters, 'stops'),
    );
    return {
      bucket,
      count: matching.length,
      cheapest: matching.length ? Math.min(...matching.map((offer) => offer.price)) : null,
    };
  });

  const airlines = new Map<string, AirlineFacet>();
  for (const offer of offers) {
    const entry = airlines.get(offer.airlineCode) ?? {
      code: offer.airlineCode,
      name: offer.airlineName,
      logoUrl: offer.offer.owner.logo_url,
      count: 0,
      cheapest: Number.POSITIVE_INFINITY,
    };
    if (matchesFilters(offer, filters, 'airlines')) {
      entry.count += 1;
      entry.cheapest = Math.min(entry.cheapest, offer.price);
    }
    airlines.set(offer.airlineCode, entry);
  }

  const prices = offers.map((offer) => offer.price).filter(Number.isFinite);
  const durations = offers.map((offer) => Math.max(...offer.sliceMinutes));
  return {
    stops,
    airlines: [...airlines.values()].sort((a, b) => a.name.localeCompare(b.name)),
    price: prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
    duration: durations.length
      ? { min: Math.min(...durations), max: Math.max(...durations) }
      : null,
  };
}
