import type { Offer, Segment } from '@contrail/contracts/offers';
import { passengerCounts, passengerSummary } from '../../../lib/passenger-counts';
import { checkoutTexts } from './checkout-texts';

/** 'Round Trip' or 'One Way'; 'Multi-City' for anything longer. */
export function tripTypeLabel(offer: Offer): string {
  if (offer.slices.length === 1) return checkoutTexts.oneWay;
  const [outbound, back] = offer.slices;
  if (
    offer.slices.length === 2 &&
    outbound?.origin.iata_code === back?.destination.iata_code &&
    outbound?.destination.iata_code === back?.origin.iata_code
  ) {
    return checkoutTexts.roundTrip;
  }
  return 'Multi-City';
}

/** '2 Adults, 1 Child, 1 Infant'. */
export function passengerCountsLabel(offer: Offer): string {
  return passengerSummary(passengerCounts(offer));
}

/** 'LHR → KEF'. */
export function segmentRoute(segment: Pick<Segment, 'origin' | 'destination'>): string {
  return `${segment.origin.iata_code} → ${segment.destination.iata_code}`;
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? (brand === '' || brand === 'unknown' ? 'Card' : brand);
}

/**
 * The search that finds this trip again, in the /search URL's terms (the contract's search
 * criteria), so an expired offer leads back to fresh results for the same journey.
 */
export function searchCriteriaFor(offer: Offer): Record<string, string | number> {
  const [outbound, back] = offer.slices;
  const first = outbound?.segments[0];
  if (!outbound || !first) return {};
  const { adults, children, infants } = passengerCounts(offer);
  const roundTrip = tripTypeLabel(offer) === checkoutTexts.roundTrip;
  const returnDate = roundTrip ? back?.segments[0]?.departing_at.slice(0, 10) : undefined;
  // The ages searched, as the link carries them; without them the search page asks again.
  const ages = (type: Offer['passengers'][number]['type']) => {
    const list = offer.passengers.filter((p) => p.type === type).map((p) => p.age);
    return list.length > 0 && list.every((age) => age !== null) ? list.join(',') : undefined;
  };
  const childrenAges = ages('child');
  const infantsAges = ages('infant_without_seat');
  return {
    origin: outbound.origin.iata_code,
    destination: outbound.destination.iata_code,
    departureDate: first.departing_at.slice(0, 10),
    ...(returnDate ? { returnDate } : {}),
    cabinClass: first.cabin_class,
    adultsCount: adults,
    childrenCount: children,
    infantsCount: infants,
    ...(childrenAges ? { childrenAges } : {}),
    ...(infantsAges ? { infantsAges } : {}),
    tripType: returnDate ? 'round-trip' : 'one-way',
  };
}
