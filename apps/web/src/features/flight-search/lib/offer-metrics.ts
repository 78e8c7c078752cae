import type { Offer, Slice } from '@contrail/contracts/offers';
import { durationMinutes, localMinutesBetween } from '../../../lib/flight-formatters';
import type { StopBucket } from './search-params';

/** What sorting and filtering read from an offer, worked out once per search answer. */
export interface OfferMetrics {
  offer: Offer;
  /** Total price in whole currency units (can carry cents; compared, never shown). */
  price: number;
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
  /** Local clock time of each slice's departure and arrival, in hours (07:30 → 7.5). */
  departureHours: number[];
  arrivalHours: number[];
}

function clockHours(localDateTime: string): number {
  const match = /T(\d{2}):(\d{2})/.exec(localDateTime);
  return match ? Number(match[1]) + Number(match[2]) / 60 : 0;
}

/** A slice's journey time: its ISO duration, else the sum of flights and layovers. */
export function sliceMinutes(slice: Slice): number {
  const fromDuration = durationMinutes(slice.duration);
  if (fromDuration !== null) return fromDuration;
  return slice.segments.reduce((total, segment, index) => {
    const flight = durationMinutes(segment.duration) ?? 0;
    const next = slice.segments[index + 1];
    const layover = next ? (localMinutesBetween(segment.arriving_at, next.departing_at) ?? 0) : 0;
    return total + flight + layover;
  }, 0);
}

export function offerMetrics(offer: Offer): OfferMetrics {
  const perSliceMinutes = offer.slices.map(sliceMinutes);
  const perSliceStops = offer.slices.map((slice) => Math.max(0, slice.segments.length - 1));
  const worst = Math.max(0, ...perSliceStops);
  const price = Number(offer.total_amount);
  return {
    offer,
    price: Number.isFinite(price) ? price : Number.POSITIVE_INFINITY,
    sliceMinutes: perSliceMinutes,
    totalMinutes: perSliceMinutes.reduce((sum, minutes) => sum + minutes, 0),
    sliceStops: perSliceStops,
    totalStops: perSliceStops.reduce((sum, stops) => sum + stops, 0),
    stopBucket: worst === 0 ? 0 : worst === 1 ? 1 : 2,
    airlineCode: offer.owner.iata_code,
    airlineName: offer.owner.name,
    departureHours: offer.slices.map((slice) => clockHours(slice.segments[0]?.departing_at ?? '')),
    arrivalHours: offer.slices.map((slice) => clockHours(slice.segments.at(-1)?.arriving_at ?? '')),
  };
}
