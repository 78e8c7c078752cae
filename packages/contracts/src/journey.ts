import type { Place } from './offers';

/**
 * What a journey is, read from its slices alone (an offer or a booking carries no trip type): one
 * slice is one way; two where the second flies back between the same cities is a round trip;
 * anything else, a multi-city trip.
 */
export type JourneyKind = 'one-way' | 'round-trip' | 'multi-city';

type Ends = Pick<Place, 'iata_code' | 'city_name' | 'country_code'>;
interface RouteOf {
  origin: Ends;
  destination: Ends;
}

/** The same airport, or two airports of one city (out from Heathrow, back to Gatwick). */
function sameCity(a: Ends, b: Ends): boolean {
  return (
    a.iata_code === b.iata_code ||
    (a.city_name === b.city_name && a.country_code === b.country_code)
  );
}

export function journeyKind(slices: readonly RouteOf[]): JourneyKind {
  if (slices.length === 1) return 'one-way';
  const [out, back] = slices;
  if (
    slices.length === 2 &&
    out &&
    back &&
    sameCity(back.origin, out.destination) &&
    sameCity(back.destination, out.origin)
  ) {
    return 'round-trip';
  }
  return 'multi-city';
}

export const journeyKindLabels: Record<JourneyKind, string> = {
  'one-way': 'One way',
  'round-trip': 'Round trip',
  'multi-city': 'Multi-city',
};

/**
 * A slice's name: 'Outbound' and 'Return' on a round trip, 'Outbound' alone one way, and on a
 * multi-city trip every flight by its number ('Flight 1', 'Flight 2'…), as airline sites name
 * the legs of an itinerary.
 */
export function sliceLabel(index: number, slices: readonly RouteOf[]): string {
  const kind = journeyKind(slices);
  if (kind === 'multi-city') return `Flight ${index + 1}`;
  return index === 0 ? 'Outbound' : 'Return';
}
