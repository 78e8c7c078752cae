import type { ResultSlice, SearchOffer } from '@contrail/contracts/search-results-schema';
import {
  fareMetrics,
  journeyMetrics,
  type FareMetrics,
  type JourneyMetrics,
} from './offer-metrics';

/**
 * One way of flying the trip, with every fare sold for it. Airlines answer a search with one offer
 * per fare brand (Basic, Standard, Flex…) of the same flights; the results show them as one card
 * with the fares side by side, each fare still its own offer (its own id, price and conditions).
 *
 * The search answer comes grouped by itinerary; `groupItineraries` builds these from its offers
 * (`expandSearchResults`), in its order. Everything downstream (filters, sorting, the cards) reads
 * only `Itinerary`.
 */
export interface Itinerary extends JourneyMetrics {
  key: string;
  /** The flights, as in any of the fares. */
  slices: ResultSlice[];
  /** Cheapest first. */
  fares: FareMetrics[];
  /** Travellers on the booking (lap infants included), for the price per person. */
  passengerCount: number;
  /**
   * Children or lap infants travel with the adults: their fares are lower, so the price per
   * person is an average, not what each pays (an offer gives only the total).
   */
  mixedParty: boolean;
  /** CO₂ of the whole trip for every passenger, kg; null when the airline gives none. */
  emissionsKg: number | null;
}

/**
 * The same flights: the selling airline, then each direction's flights by marketing flight
 * number and local departure time (a flight number alone repeats on other days).
 */
function itineraryKey(offer: SearchOffer): string {
  return [
    offer.owner.iata_code,
    ...offer.slices.map((slice) =>
      slice.segments.map((segment) => `${segment.flight_number}@${segment.departing_at}`).join('+'),
    ),
  ].join('|');
}

function emissionsOf(offer: SearchOffer): number | null {
  if (offer.total_emissions_kg === null) return null;
  const kg = Number(offer.total_emissions_kg);
  return Number.isFinite(kg) && kg > 0 ? kg : null;
}

/** Groups fares by itinerary, in the order each itinerary first appears in the answer. */
export function groupItineraries(offers: readonly SearchOffer[]): Itinerary[] {
  const groups = new Map<string, SearchOffer[]>();
  for (const offer of offers) {
    const key = itineraryKey(offer);
    const group = groups.get(key);
    if (group) group.push(offer);
    else groups.set(key, [offer]);
  }
  return [...groups].flatMap(([key, group]) => {
    const fares = group.map(fareMetrics).sort((a, b) => a.price - b.price);
    const lead = fares[0]?.offer;
    if (!lead) return [];
    return [
      {
        key,
        ...journeyMetrics(lead),
        slices: lead.slices,
        fares,
        passengerCount: lead.passengers.length,
        mixedParty: new Set(lead.passengers.map((passenger) => passenger.type)).size > 1,
        emissionsKg: group.map(emissionsOf).find((kg) => kg !== null) ?? null,
      },
    ];
  });
}

/** The average price per traveller, or null for one traveller (the total says it all). */
export function pricePerPerson(total: number, passengerCount: number): number | null {
  if (passengerCount <= 1 || !Number.isFinite(total)) return null;
  return total / passengerCount;
}

/**
 * The route's typical CO₂: the median of the itineraries found (each counted once, whatever its
 * fares), as Google Flights compares with the typical flight of the route. Taken from the same
 * answer, so it is for the same dates, cabin and travellers; null when no itinerary has a figure.
 */
export function typicalEmissionsKg(
  itineraries: readonly Pick<Itinerary, 'emissionsKg'>[],
): number | null {
  const figures = itineraries
    .map((itinerary) => itinerary.emissionsKg)
    .filter((kg): kg is number => kg !== null)
    .sort((a, b) => a - b);
  if (figures.length === 0) return null;
  const middle = Math.floor(figures.length / 2);
  return figures.length % 2 === 1
    ? (figures[middle] ?? null)
    : ((figures[middle - 1] ?? 0) + (figures[middle] ?? 0)) / 2;
}

/** Within this many percent of the typical figure, an itinerary counts as typical. */
const TYPICAL_EMISSIONS_MARGIN_PERCENT = 3;

export interface EmissionsComparison {
  /** Rounded difference from typical, in percent: −12 is 12% less. */
  percent: number;
  verdict: 'lower' | 'typical' | 'higher';
}

export function compareEmissions(
  kg: number | null,
  typicalKg: number | null,
): EmissionsComparison | null {
  if (kg === null || typicalKg === null || typicalKg <= 0) return null;
  const percent = Math.round((kg / typicalKg - 1) * 100);
  const verdict =
    Math.abs(percent) < TYPICAL_EMISSIONS_MARGIN_PERCENT
      ? 'typical'
      : percent < 0
        ? 'lower'
        : 'higher';
  return { percent, verdict };
}
