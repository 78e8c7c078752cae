// A search's criteria as the flights service reads them: the airports they name (an unknown one
// is the request's error), the checks of dates and travellers where the trip starts, the
// provider's search request they make, and the key identical searches share.
import type { Airport } from '@contrail/contracts/airports';
import {
  requestProblems,
  searchMessages,
  type RequestProblem,
  type SearchRequest,
  type SearchSlice,
} from '@contrail/contracts/flight-search';
import { instantToLocalDate } from '@contrail/contracts/time';
import { badRequest } from '../../lib/app-error';
import type { SupplierSearch } from '../../providers/flights/flight-supplier';
import type { SourcedSupplier } from '../../providers/registry';
import { flightErrors } from './flights.errors';

/** A city's search covers its airports: London (LON) to Heathrow is no trip. */
export function isWithin(airport: Airport, city: Airport): boolean {
  return city.type === 'city' && airport.city_code === city.iata_code;
}

/** The flights a search asks for: one or two for the form's trips, or a multi-city trip's own. */
function searchSlices(criteria: SearchRequest): SearchSlice[] {
  if (criteria.tripType === 'multi-city') return criteria.slices ?? [];
  const outbound = {
    origin: criteria.origin,
    destination: criteria.destination,
    departureDate: criteria.departureDate,
  };
  if (criteria.tripType !== 'round-trip' || !criteria.returnDate) return [outbound];
  const back = {
    origin: criteria.destination,
    destination: criteria.origin,
    departureDate: criteria.returnDate,
  };
  return [outbound, back];
}

/** What a search's answer depends on of its supplier and criteria. */
export function criteriaKey(criteria: SearchRequest, supplier: SourcedSupplier): string {
  return [
    supplier.source.provider,
    supplier.source.mode,
    searchSlices(criteria)
      .map((slice) => `${slice.origin}>${slice.destination}@${slice.departureDate}`)
      .join(','),
    criteria.cabinClass,
    criteria.adultsCount,
    criteria.childrenAges.join(','),
    criteria.infantsAges.join(','),
  ].join('|');
}

/** The checks and the provider request of searches among `places`, "today" read on `clock`. */
export function searchCriteria(places: readonly Airport[], clock: () => Date) {
  const byCode = new Map(places.map((airport) => [airport.iata_code, airport]));

  /** The criteria's airports; an unknown one is the request's error. */
  function airportsOf(criteria: Pick<SearchRequest, 'origin' | 'destination'>) {
    const origin = byCode.get(criteria.origin);
    const destination = byCode.get(criteria.destination);
    if (!origin)
      throw badRequest(searchMessages.originRequired, { origin: searchMessages.originRequired });
    if (!destination) {
      throw badRequest(searchMessages.destinationRequired, {
        destination: searchMessages.destinationRequired,
      });
    }
    return { origin, destination };
  }

  /** Airports of the same city (LHR and LGW): no trip flies from one to the other. */
  function sameCityProblems(criteria: SearchRequest): RequestProblem[] {
    const pairs =
      criteria.tripType === 'multi-city'
        ? (criteria.slices ?? []).map((slice, index) => ({
            ...sliceAirports(slice, index),
            field: `slices.${index}.destination` as const,
          }))
        : [{ ...airportsOf(criteria), field: 'destination' as const }];
    return pairs
      .filter(
        ({ origin, destination }) => isWithin(origin, destination) || isWithin(destination, origin),
      )
      .map(({ field }) => ({ field, message: searchMessages.sameAirports }));
  }

  /** A multi-city slice's airports; an unknown one is the request's error, on that slice. */
  function sliceAirports(slice: SearchSlice, index: number) {
    const origin = byCode.get(slice.origin);
    const destination = byCode.get(slice.destination);
    if (!origin)
      throw badRequest(searchMessages.originRequired, {
        [`slices.${index}.origin`]: searchMessages.originRequired,
      });
    if (!destination)
      throw badRequest(searchMessages.destinationRequired, {
        [`slices.${index}.destination`]: searchMessages.destinationRequired,
      });
    return { origin, destination };
  }

  function supplierRequest(criteria: SearchRequest, currency: string): SupplierSearch {
    const { origin } =
      criteria.tripType === 'multi-city' && criteria.slices?.[0]
        ? sliceAirports(criteria.slices[0], 0)
        : airportsOf(criteria);
    // "Today" is the date where the trip starts, not the server's.
    const problems = [
      ...sameCityProblems(criteria),
      ...requestProblems(criteria, instantToLocalDate(clock(), origin.time_zone)),
    ];
    if (problems.length > 0) throw flightErrors.invalidSearch(problems);
    const slices = searchSlices(criteria);
    // Children and infants with their age on the date of travel (checked above: one each).
    const passengers = [
      ...Array.from({ length: criteria.adultsCount }, () => ({ type: 'adult' as const })),
      ...criteria.childrenAges.map((age) => ({ type: 'child' as const, age })),
      ...criteria.infantsAges.map((age) => ({ type: 'infant_without_seat' as const, age })),
    ];
    return { slices, passengers, cabinClass: criteria.cabinClass, currency };
  }

  return { airportsOf, supplierRequest };
}
