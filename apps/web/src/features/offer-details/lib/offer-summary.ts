import type { Offer, Segment } from '@contrail/contracts/offers';
import { passengerCounts, plural } from '../../../lib/passenger-counts';

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

export function sliceTitle(index: number, sliceCount: number): string {
  if (sliceCount <= 2) return index === 0 ? offerTexts.outbound : offerTexts.return;
  return `Flight ${index + 1}`;
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
