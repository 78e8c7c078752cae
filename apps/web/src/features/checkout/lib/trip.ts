import type { SearchSlice } from '@contrail/contracts/search-rules';
import type { Offer, Segment } from '@contrail/contracts/offers';
import { formatFullDate } from '../../../lib/flight-formatters';
import { journeyKind, sliceLabel, type JourneyKind } from '../../../lib/journey';
import { slicesToParam } from '../../../lib/slices-param';
import { passengerCounts, passengerSummary } from '../../../lib/passenger-counts';
import { checkoutTexts } from './checkout-texts';

const tripTypeLabels: Record<JourneyKind, string> = {
  'one-way': checkoutTexts.oneWay,
  'round-trip': checkoutTexts.roundTrip,
  'multi-city': checkoutTexts.multiCity,
};

/** 'Round Trip' or 'One Way'; 'Multi-City' for any other journey. */
export function tripTypeLabel(offer: Offer): string {
  return tripTypeLabels[journeyKind(offer.slices)];
}

/**
 * The summary's line per slice: 'Departure' and 'Return' ('Departure' alone one way), or each
 * flight of a multi-city trip by its number; the date and the route.
 */
export function sliceRows(offer: Offer): { id: string; term: string; value: string }[] {
  const multiCity = journeyKind(offer.slices) === 'multi-city';
  return offer.slices.map((slice, index) => ({
    id: slice.id,
    term: multiCity ? sliceLabel(index, offer.slices) : index === 0 ? 'Departure' : 'Return',
    value: `${formatFullDate(slice.segments[0]?.departing_at)} · ${segmentRoute(slice)}`,
  }));
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
  const kind = journeyKind(offer.slices);
  const returnDate =
    kind === 'round-trip' ? back?.segments[0]?.departing_at.slice(0, 10) : undefined;
  // The ages searched, as the link carries them; without them the search page asks again.
  const ages = (type: Offer['passengers'][number]['type']) => {
    const list = offer.passengers.filter((p) => p.type === type).map((p) => p.age);
    return list.length > 0 && list.every((age) => age !== null) ? list.join(',') : undefined;
  };
  const childrenAges = ages('child');
  const infantsAges = ages('infant_without_seat');
  return {
    ...(kind === 'multi-city'
      ? { slices: slicesToParam(offer.slices.map(searchSliceOf)) }
      : {
          origin: outbound.origin.iata_code,
          destination: outbound.destination.iata_code,
          departureDate: first.departing_at.slice(0, 10),
          ...(returnDate ? { returnDate } : {}),
        }),
    cabinClass: first.cabin_class,
    adultsCount: adults,
    childrenCount: children,
    infantsCount: infants,
    ...(childrenAges ? { childrenAges } : {}),
    ...(infantsAges ? { infantsAges } : {}),
    tripType: kind,
  };
}

/** A slice of the offer as the search asked for it: its ends and its local departure date. */
function searchSliceOf(slice: Offer['slices'][number]): SearchSlice {
  return {
    origin: slice.origin.iata_code,
    destination: slice.destination.iata_code,
    departureDate: slice.segments[0]?.departing_at.slice(0, 10) ?? '',
  };
}
