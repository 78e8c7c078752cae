import { cabinClassLabels, type SearchRequest } from '@contrail/contracts/search-rules';
import { formatWeekdayDate } from '../../../lib/flight-formatters';
import { journeyCities } from '../../../lib/journey';
import { formValuesFromCriteria, passengerSummary } from './search-form';
import { timeWindowGroups, type TimeWindowKey } from './search-params';

/**
 * What the results page says of the search it shows: its title, its route on one line, the
 * facts under the title, and how its time filters are grouped.
 */

/** A search's flights as the page names them: each one's codes and its departure date. */
function legsOf(criteria: SearchRequest) {
  if (criteria.tripType === 'multi-city' && criteria.slices) return criteria.slices;
  return [criteria];
}

/**
 * 'London to New York'; a multi-city trip names every city in order, 'London → Paris → Rome →
 * London'. `cityOf` names a code (the airport list, else the answer's, else the code).
 */
export function resultsTitle(criteria: SearchRequest, cityOf: (code: string) => string): string {
  if (criteria.tripType !== 'multi-city') {
    return `${cityOf(criteria.origin)} to ${cityOf(criteria.destination)}`;
  }
  const place = (code: string) => ({ iata_code: code, city_name: cityOf(code) });
  return journeyCities(
    legsOf(criteria).map((leg) => ({
      origin: place(leg.origin),
      destination: place(leg.destination),
    })),
  );
}

/** The route in codes, for the phone's one-line summary: 'LHR → JFK', 'LHR → CDG → FCO → LHR'. */
export function resultsRoute(criteria: SearchRequest): string {
  const legs = legsOf(criteria);
  const codes = [legs[0]?.origin ?? criteria.origin];
  for (const leg of legs) {
    if (codes.at(-1) !== leg.origin) codes.push(leg.origin);
    codes.push(leg.destination);
  }
  return codes.join(' → ');
}

/** 'Tue, Mar 10 – Tue, Mar 17 · 1 Adult · Economy'; a multi-city trip's first and last days. */
export function resultsSummary(criteria: SearchRequest): string {
  const legs = legsOf(criteria);
  const last = legs.at(-1)?.departureDate;
  const dates =
    criteria.tripType === 'round-trip' && criteria.returnDate
      ? `${formatWeekdayDate(criteria.departureDate)} – ${formatWeekdayDate(criteria.returnDate)}`
      : criteria.tripType === 'multi-city' && last
        ? `${legs.length} flights, ${formatWeekdayDate(criteria.departureDate)} – ${formatWeekdayDate(last)}`
        : formatWeekdayDate(criteria.departureDate);
  return [
    dates,
    passengerSummary(formValuesFromCriteria(criteria)),
    cabinClassLabels[criteria.cabinClass],
  ].join(' · ');
}

/** One group of the time filters: its heading (none one way), and the sliders' name. */
export interface TimeGroupView {
  title: string | undefined;
  /** What the sliders are called: 'Outbound departure', 'Flight 2 arrival'. */
  name: string | undefined;
  departKey: TimeWindowKey;
  arriveKey: TimeWindowKey;
}

/**
 * The time filters of a search: Outbound and Return on a round trip, one group one way, and a
 * group per flight on a multi-city trip ('Flight 2 · CDG → FCO'), as travel sites filter each leg.
 */
export function timeGroupViews(criteria: SearchRequest): TimeGroupView[] {
  const legs = legsOf(criteria);
  const groups = timeWindowGroups(criteria.tripType, legs.length);
  return groups.map(({ slice, departKey, arriveKey }) => {
    const leg = legs[slice];
    const name =
      criteria.tripType === 'multi-city'
        ? `Flight ${slice + 1}`
        : criteria.tripType === 'round-trip'
          ? slice === 0
            ? 'Outbound'
            : 'Return'
          : undefined;
    const title =
      criteria.tripType === 'multi-city' && leg
        ? `${name} · ${leg.origin} → ${leg.destination}`
        : name;
    return { title, name, departKey, arriveKey };
  });
}

/** How the journey-duration filter counts: each way, per flight, or the one flight. */
export function durationScope(criteria: SearchRequest): string {
  if (criteria.tripType === 'multi-city') return ' per flight';
  return criteria.tripType === 'round-trip' ? ' each way' : '';
}
