import type { Offer, Segment } from '@contrail/contracts/offers';
import { formatWeekdayDate } from '../../../lib/flight-formatters';
import { journeyCities, journeyKind, journeyKindLabels, sliceLabel } from '../../../lib/journey';
import { passengerCounts, passengerSummary, plural } from '../../../lib/passenger-counts';

export const offerTexts = {
  loading: 'Loading flight details...',
  errorTitle: 'Error Loading Flight Details',
  errorFallback: 'Unable to load flight details. Please try again.',
  backToSearch: 'Back to Search',
  backToResults: 'Back to Search Results',
  flightSummary: 'Flight Summary',
  outbound: 'Outbound Flight',
  return: 'Return Flight',
  expirationTitle: 'Flight Offer Expiration',
  expirationNote: 'Flight offers typically expire after about 30 minutes.',
  priceSummary: 'Price Summary',
  baseFare: 'Base fare',
  taxes: 'Taxes & fees',
  total: 'Total',
  priceNote: 'Price is for all passengers',
  refundable: 'Refundable',
  changesAllowed: 'Changes allowed, fees may apply',
  bookTopBar: 'Book This Flight',
  bookBottomBar: 'Book Now',
  offerExpired: 'Offer Expired',
  tabDetails: 'Flight Details',
  tabFareRules: 'Fare Rules',
  tabSeatMaps: 'Seat Maps',
  priceUnavailable: 'Price unavailable',
  noServices: 'No additional services available for this flight.',
  identityTitle: 'Passenger Identity Requirements',
  seatMapsAvailable: 'Seat selection will be available during booking.',
  seatMapsUnavailable:
    'Seat maps are not available for this flight. You can choose your seats after booking.',
} as const;

/** `/booking?offer={id}&adults=..&children=..&infants=..` (counts from the offer's passengers). */
export function bookingHref(offer: Offer, brand?: string): string {
  const { adults, children, infants } = passengerCounts(offer);
  const params = new URLSearchParams({
    offer: offer.id,
    adults: String(adults),
    children: String(children),
    infants: String(infants),
  });
  if (brand) params.set('brand', brand);
  return `/booking?${params.toString()}`;
}

/** 'Outbound Flight' and 'Return Flight'; on a multi-city trip, 'Flight 1', 'Flight 2'… */
export function sliceTitle(index: number, slices: Offer['slices']): string {
  if (journeyKind(slices) === 'multi-city') return sliceLabel(index, slices);
  return index === 0 ? offerTexts.outbound : offerTexts.return;
}

/**
 * The offer page's title and the line under it: 'London to New York' (every city in order on a
 * multi-city trip), then 'Round trip · Sun, Dec 13 – Sun, Dec 20 · 2 Adults'.
 */
export function offerHeadline(offer: Offer): { route: string; facts: string } {
  const first = offer.slices[0];
  const last = offer.slices.at(-1);
  const kind = journeyKind(offer.slices);
  const route =
    kind === 'multi-city'
      ? journeyCities(offer.slices)
      : first
        ? `${first.origin.city_name} to ${first.destination.city_name}`
        : '';
  const dates =
    first && last
      ? offer.slices.length > 1
        ? `${formatWeekdayDate(first.segments[0]?.departing_at)} – ${formatWeekdayDate(last.segments[0]?.departing_at)}`
        : formatWeekdayDate(first.segments[0]?.departing_at)
      : '';
  const travellers = passengerSummary(passengerCounts(offer));
  return { route, facts: `${journeyKindLabels[kind]} · ${dates} · ${travellers}` };
}

export type SegmentBadge = 'Wi-Fi' | 'Meal' | 'Baggage Included';

/**
 * The Wi-Fi, Meal and Baggage Included badges, for the services a flight has (a checked bag counts
 * as baggage).
 */
export function segmentBadges(segment: Segment): SegmentBadge[] {
  const types = new Set(segment.services.map((service) => service.type));
  const checkedBag = segment.baggages.some((bag) => bag.type === 'checked' && bag.quantity > 0);
  const badges: SegmentBadge[] = [];
  if (types.has('wifi')) badges.push('Wi-Fi');
  if (types.has('meal')) badges.push('Meal');
  if (types.has('baggage') || checkedBag) badges.push('Baggage Included');
  return badges;
}

/** '1 carry-on bag, 1 checked bag' per passenger, or 'No bags included'. */
export function baggageSummary(segment: Segment): string {
  const count = (type: 'carry_on' | 'checked') =>
    segment.baggages.filter((bag) => bag.type === type).reduce((sum, bag) => sum + bag.quantity, 0);
  const parts = [
    count('carry_on') ? plural(count('carry_on'), 'carry-on bag', 'carry-on bags') : null,
    count('checked') ? plural(count('checked'), 'checked bag', 'checked bags') : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'No bags included';
}

/** Whole minutes from now until `expiresAt`, never below 0; null if unreadable. */
export function minutesRemaining(expiresAt: string, now: number = Date.now()): number | null {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.floor((end - now) / 60_000));
}
