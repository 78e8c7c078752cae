import type { Place } from '@contrail/contracts/offers';
import type { ResultSlice, SearchOffer } from '@contrail/contracts/search-results-schema';
import { durationMinutes, localMinutesBetween } from '../../../lib/flight-formatters';
import type { StopBucket } from './search-params';

/** A wait between two flights of one direction. */
export interface Layover {
  /** Where the traveller lands. */
  airport: Place;
  /** Where the next flight leaves, when that is another airport (a transfer across town). */
  departureAirport: Place | null;
  /** Local time on the ground; null when the times cannot be read. */
  minutes: number | null;
  /** The wait goes past midnight, local time: a night at the airport or in a hotel. */
  overnight: boolean;
}

/** What sorting and filtering read from the flights of an itinerary (any of its fares). */
export interface JourneyMetrics {
  /** Journey minutes per slice (layovers included). */
  sliceMinutes: number[];
  /** Sum over slices: what "Fastest" and "Best" compare. */
  totalMinutes: number;
  /** Stops per slice. */
  sliceStops: number[];
  totalStops: number;
  /** The worst direction's stops, capped at 2 ("2 or more"). */
  stopBucket: StopBucket;
  /** The selling airline. */
  airlineCode: string;
  airlineName: string;
  airlineLogoUrl: string;
  /** Local clock time of each slice's departure and arrival, in hours (07:30 → 7.5). */
  departureHours: number[];
  arrivalHours: number[];
  /** Each slice's layovers, in order. */
  layovers: Layover[][];
  /** The longest wait of the whole trip; 0 without connections. */
  longestLayoverMinutes: number;
  overnightLayover: boolean;
}

function clockHours(localDateTime: string): number {
  const match = /T(\d{2}):(\d{2})/.exec(localDateTime);
  return match ? Number(match[1]) + Number(match[2]) / 60 : 0;
}

/** A slice's journey time: its ISO duration, else the sum of flights and layovers. */
function sliceMinutes(slice: ResultSlice): number {
  const fromDuration = durationMinutes(slice.duration);
  if (fromDuration !== null) return fromDuration;
  return slice.segments.reduce((total, segment, index) => {
    const flight = durationMinutes(segment.duration) ?? 0;
    const next = slice.segments[index + 1];
    const layover = next ? (localMinutesBetween(segment.arriving_at, next.departing_at) ?? 0) : 0;
    return total + flight + layover;
  }, 0);
}

/** Arrival and next departure are local times of the same city, so they compare as written. */
export function sliceLayovers(slice: ResultSlice): Layover[] {
  return slice.segments.slice(0, -1).flatMap((segment, index) => {
    const next = slice.segments[index + 1];
    if (!next) return [];
    return [
      {
        airport: segment.destination,
        departureAirport:
          next.origin.iata_code === segment.destination.iata_code ? null : next.origin,
        minutes: localMinutesBetween(segment.arriving_at, next.departing_at),
        overnight: segment.arriving_at.slice(0, 10) < next.departing_at.slice(0, 10),
      },
    ];
  });
}

export function journeyMetrics(offer: SearchOffer): JourneyMetrics {
  const perSliceMinutes = offer.slices.map(sliceMinutes);
  const perSliceStops = offer.slices.map((slice) => Math.max(0, slice.segments.length - 1));
  const worst = Math.max(0, ...perSliceStops);
  const layovers = offer.slices.map(sliceLayovers);
  const waits = layovers.flat();
  return {
    sliceMinutes: perSliceMinutes,
    totalMinutes: perSliceMinutes.reduce((sum, minutes) => sum + minutes, 0),
    sliceStops: perSliceStops,
    totalStops: perSliceStops.reduce((sum, stops) => sum + stops, 0),
    stopBucket: worst === 0 ? 0 : worst === 1 ? 1 : 2,
    airlineCode: offer.owner.iata_code,
    airlineName: offer.owner.name,
    airlineLogoUrl: offer.owner.logo_url,
    departureHours: offer.slices.map((slice) => clockHours(slice.segments[0]?.departing_at ?? '')),
    arrivalHours: offer.slices.map((slice) => clockHours(slice.segments.at(-1)?.arriving_at ?? '')),
    layovers,
    longestLayoverMinutes: Math.max(0, ...waits.map((layover) => layover.minutes ?? 0)),
    overnightLayover: waits.some((layover) => layover.overnight),
  };
}

interface Penalty {
  amount: string;
  currency: string;
}

/** What a traveller compares between the fares of one itinerary. */
export interface FareMetrics {
  offer: SearchOffer;
  /** The fare brand ('Basic', 'Flex'), both names when the directions differ. */
  name: string;
  /** Total for every passenger in whole currency units (can carry cents; compared, never shown). */
  price: number;
  /** Checked bags each passenger may take on every flight (the smallest allowance counts). */
  checkedBags: number;
  /** Cabin bags on the same terms; 0 means an under-seat bag only. */
  carryOnBags: number;
  changeable: boolean;
  /** What a change costs, for all passengers; null when free (or not allowed). */
  changePenalty: Penalty | null;
  refundable: boolean;
  refundPenalty: Penalty | null;
}

/** The smallest allowance of a bag type over every flight (a segment's bags are per passenger). */
function bagAllowance(offer: SearchOffer, type: 'checked' | 'carry_on'): number {
  const allowances = offer.slices.flatMap((slice) =>
    slice.segments.map((segment) =>
      segment.baggages
        .filter((bag) => bag.type === type)
        .reduce((sum, bag) => sum + Math.max(0, bag.quantity), 0),
    ),
  );
  return allowances.length ? Math.min(...allowances) : 0;
}

function fareName(offer: SearchOffer): string {
  const names = [
    ...new Set(
      offer.slices.map(
        (slice) =>
          slice.fare_brand_name ?? slice.segments[0]?.cabin_class_marketing_name ?? 'Standard',
      ),
    ),
  ];
  return names.join(' / ');
}

/** Airlines give a free change or refund as no penalty or as a penalty of 0.00. */
function charged(penalty: Penalty | null): Penalty | null {
  return penalty && Number(penalty.amount) > 0 ? penalty : null;
}

export function fareMetrics(offer: SearchOffer): FareMetrics {
  const price = Number(offer.total_amount);
  return {
    offer,
    name: fareName(offer),
    price: Number.isFinite(price) ? price : Number.POSITIVE_INFINITY,
    checkedBags: bagAllowance(offer, 'checked'),
    carryOnBags: bagAllowance(offer, 'carry_on'),
    changeable: offer.conditions.changeable,
    changePenalty: offer.conditions.changeable ? charged(offer.conditions.change_penalty) : null,
    refundable: offer.conditions.refundable,
    refundPenalty: offer.conditions.refundable ? charged(offer.conditions.refund_penalty) : null,
  };
}
