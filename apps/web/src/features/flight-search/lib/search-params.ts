import { searchCriteriaReader } from '@contrail/contracts/search-readers';
import {
  agesToText,
  SEARCH_TRIP_TYPES,
  type SearchCriteria,
  type SearchRequest,
  type SearchTripType,
} from '@contrail/contracts/search-rules';
import { slicesFromParam, slicesToParam } from '../../../lib/slices-param';
import {
  FLIGHT_TIME_WINDOWS,
  parseAirlines,
  parseFlag,
  parseHourRange,
  parsePositiveInteger,
  parseStops,
  serializeAirlines,
  serializeFlag,
  serializeHourRange,
  serializeStops,
  TIME_WINDOW_KEYS,
  TWO_WAY_TIME_KEYS,
  type HourRange,
  type SortOption,
  type StopBucket,
  type TimeWindowKey,
} from './search-param-values';

export {
  FULL_DAY,
  parseAirlines,
  parseFlag,
  parseHourRange,
  parseStops,
  serializeStops,
  SORT_OPTIONS,
  sortLabels,
  STOP_BUCKETS,
  TIME_WINDOW_KEYS,
  timeWindowGroups,
  type HourRange,
  type SortOption,
  type StopBucket,
  type TimeWindowKey,
} from './search-param-values';

/**
 * The /search URL: the search criteria (the API's own rules) plus sort and filters, so a link
 * reproduces the view (STYLE rule 7). Every value here is already in its URL form, because the
 * router writes the validated search back into the address: numbers stay numbers, lists are
 * comma-separated strings, and a filter at its default is absent.
 *
 *   childrenAges=4,9  infantsAges=1    each child's and infant's age on the date of travel
 *   tripType=multi-city&slices=LHR.CDG.2027-01-10_CDG.FCO.2027-01-14
 *                                      a multi-city trip's flights (`lib/slices-param.ts`), in
 *                                      place of origin, destination and dates
 *   sort=cheapest                      best (default) | cheapest | fastest
 *   stops=0 | stops=0,1                stop counts to show: 0, 1, 2 (= 2 or more); absent = all
 *   airlines=BA,AA                     selling airlines (IATA) to show; absent = all
 *   outboundDepart=6-12                departure hour window of the outbound flight, 0–24
 *   outboundArrive, returnDepart, returnArrive   the same for the other ends
 *   flight1Depart … flight5Arrive      the same for each flight of a multi-city trip
 *   maxDuration=780                    longest journey each way, in minutes
 *   maxPrice=900                       highest total price, in whole currency units
 *   bags=1                             only fares with a checked bag for every flight
 *   maxLayover=180                     longest connection, in minutes
 *   avoidOvernight=1                   no connection that waits past midnight
 *
 * Invalid filter values are dropped rather than refused; invalid criteria are explained on the
 * page (`search-link.ts`).
 */

export interface SearchFilters {
  /** Empty: every stop count. */
  stops: readonly StopBucket[];
  /** Empty: every airline. */
  airlines: readonly string[];
  times: Partial<Record<TimeWindowKey, HourRange>>;
  maxDurationMinutes: number | undefined;
  maxPrice: number | undefined;
  /** Only fares that include a checked bag on every flight. */
  bagsIncluded: boolean;
  maxLayoverMinutes: number | undefined;
  avoidOvernight: boolean;
}

export const NO_FILTERS: SearchFilters = {
  stops: [],
  airlines: [],
  times: {},
  maxDurationMinutes: undefined,
  maxPrice: undefined,
  bagsIncluded: false,
  maxLayoverMinutes: undefined,
  avoidOvernight: false,
};

// ─── The route's reader ─────────────────────────────────────────────────────

/** The parameters that are the search's criteria, read by the contract's own readers. */
const CRITERIA_PARAMS = [
  'origin',
  'destination',
  'departureDate',
  'cabinClass',
  'adultsCount',
  'childrenCount',
  'infantsCount',
] as const;

type Param<T> = (value: unknown) => T | undefined;

const hourRangeParam: Param<string> = (value) => serializeHourRange(parseHourRange(value));

/** The ages of a /search URL's text (already checked by its reader). */
function agesFromText(text: number | string | undefined): number[] {
  if (typeof text === 'number') return [text];
  return text ? text.split(',').map(Number) : [];
}

/** One age stays a number (`childrenAges=7`), as one stop count does; several are a list. */
function serializeAges(ages: readonly number[]): number | string | undefined {
  return ages.length === 1 ? ages[0] : agesToText(ages);
}

/** A sort other than the default; anything else is dropped. */
const sortParam: Param<Exclude<SortOption, 'best'>> = (value) =>
  value === 'cheapest' || value === 'fastest' ? value : undefined;

/** The parameters past the criteria: each one read by a reader that drops what it cannot use. */
const VIEW_PARAMS = {
  /** A multi-city trip's flights as the URL keeps them (`lib/slices-param.ts`), else dropped. */
  slices: (value: unknown) => {
    const slices = slicesFromParam(value);
    return slices ? slicesToParam(slices) : undefined;
  },
  sort: sortParam,
  stops: (value: unknown) => serializeStops(parseStops(value)),
  airlines: (value: unknown) => serializeAirlines(parseAirlines(value)),
  ...(Object.fromEntries(TIME_WINDOW_KEYS.map((key) => [key, hourRangeParam])) as Record<
    TimeWindowKey,
    Param<string>
  >),
  maxDuration: parsePositiveInteger,
  maxPrice: parsePositiveInteger,
  bags: (value: unknown) => serializeFlag(parseFlag(value)),
  maxLayover: parsePositiveInteger,
  avoidOvernight: (value: unknown) => serializeFlag(parseFlag(value)),
} satisfies Record<string, Param<unknown>>;

/** Each one typed as the zod schema it stands for typed it: present, maybe undefined; `sort` optional. */
type ViewParams = {
  [K in Exclude<keyof typeof VIEW_PARAMS, 'sort'>]: ReturnType<(typeof VIEW_PARAMS)[K]>;
} & { sort?: ReturnType<typeof sortParam> };

/** The validated /search parameters (what the route hands its component). */
export type SearchPageSearch = Pick<SearchCriteria, (typeof CRITERIA_PARAMS)[number]> & {
  returnDate?: string | undefined;
  /** Ages as the URL keeps them: `4,9`, or `7` for one, absent for none. */
  childrenAges: number | string | undefined;
  infantsAges: number | string | undefined;
  tripType: SearchTripType;
} & ViewParams;

/**
 * A multi-city link names its trip by its flights alone: the first one stands for the origin,
 * destination and date the other trips give (the page's title, the saved search).
 */
function withFirstSlice(raw: Record<string, unknown>): Record<string, unknown> {
  const first = raw.tripType === 'multi-city' ? slicesFromParam(raw.slices)?.[0] : undefined;
  return first ? { ...raw, ...first, returnDate: undefined } : raw;
}

/**
 * Reads /search parameters as the search form's rules take them (`searchCriteriaReader`, held to
 * the API's schema), without zod: the results page reads its link on its first render. Null when
 * the criteria cannot be searched; the other parameters drop what they cannot use. A key left out
 * stays out (an optional one present but unusable stays, undefined), as a zod object keeps it.
 */
function readSearchPageSearch(value: unknown): SearchPageSearch | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = withFirstSlice(value as Record<string, unknown>);
  const read: Record<string, unknown> = {};
  const fields = searchCriteriaReader.shape;
  for (const key of CRITERIA_PARAMS) {
    const field = fields[key].safeParse(raw[key]);
    if (!field.success) return null;
    read[key] = field.data;
  }
  const returnDate = fields.returnDate.safeParse(raw.returnDate);
  const children = fields.childrenAges.safeParse(raw.childrenAges);
  const infants = fields.infantsAges.safeParse(raw.infantsAges);
  if (!returnDate.success || !children.success || !infants.success) return null;
  const keep = (key: string, inner: unknown) => {
    if (inner !== undefined || key in raw) read[key] = inner;
  };
  keep('returnDate', returnDate.data);
  keep('childrenAges', serializeAges(children.data));
  keep('infantsAges', serializeAges(infants.data));
  const tripType = raw.tripType === undefined ? 'round-trip' : raw.tripType;
  if (!SEARCH_TRIP_TYPES.includes(tripType as SearchTripType)) return null;
  read.tripType = tripType;
  for (const [key, param] of Object.entries<Param<unknown>>(VIEW_PARAMS))
    keep(key, param(raw[key]));
  // The flights belong to a multi-city trip only, which needs them.
  if (tripType !== 'multi-city') read.slices = undefined;
  else if (read.slices === undefined) return null;
  return read as SearchPageSearch;
}

/** The URL's own parameters: a multi-city link gives its flights, not a first one twice. */
export function urlSearchOf(search: SearchPageSearch): Record<string, string | number | undefined> {
  if (search.tripType !== 'multi-city') return search;
  const { origin: _origin, destination: _destination, departureDate: _date, ...own } = search;
  return own;
}

/**
 * The criteria of a validated /search URL, as the API takes them: no return date one way, a
 * multi-city trip's flights.
 */
export function criteriaFromSearch(search: SearchPageSearch): SearchRequest {
  const slices = search.tripType === 'multi-city' ? slicesFromParam(search.slices) : null;
  return {
    origin: search.origin,
    destination: search.destination,
    departureDate: search.departureDate,
    returnDate: search.tripType === 'round-trip' ? search.returnDate : undefined,
    cabinClass: search.cabinClass,
    adultsCount: search.adultsCount,
    childrenCount: search.childrenCount,
    infantsCount: search.infantsCount,
    childrenAges: agesFromText(search.childrenAges),
    infantsAges: agesFromText(search.infantsAges),
    tripType: search.tripType,
    ...(slices ? { slices } : {}),
  };
}

/** The criteria of a one-way or round trip (the date strip, calendar and alerts); null else. */
export function twoWayCriteria(criteria: SearchRequest): SearchCriteria | null {
  if (criteria.tripType === 'multi-city') return null;
  const tripType = criteria.tripType;
  const { slices: _slices, ...rest } = criteria;
  return { ...rest, tripType };
}

export function sortFromSearch(search: Pick<SearchPageSearch, 'sort'>): SortOption {
  return search.sort ?? 'best';
}

/** The time windows a trip's URL may set: a multi-city trip's flights', or the other trips'. */
function timeKeysOf(tripType: SearchTripType): readonly TimeWindowKey[] {
  return tripType === 'multi-city' ? FLIGHT_TIME_WINDOWS.flat() : TWO_WAY_TIME_KEYS;
}

export function filtersFromSearch(search: SearchPageSearch): SearchFilters {
  const times: Partial<Record<TimeWindowKey, HourRange>> = {};
  for (const key of timeKeysOf(search.tripType)) {
    const range = parseHourRange(search[key]);
    if (range) times[key] = range;
  }
  return {
    stops: parseStops(search.stops),
    airlines: parseAirlines(search.airlines),
    times,
    maxDurationMinutes: search.maxDuration,
    maxPrice: search.maxPrice,
    bagsIncluded: search.bags === 1,
    maxLayoverMinutes: search.maxLayover,
    avoidOvernight: search.avoidOvernight === 1,
  };
}

/** The filter parameters of a filter state: defaults are left out, so the URL stays short. */
export function filtersToSearch(filters: SearchFilters) {
  return {
    stops: serializeStops(filters.stops),
    airlines: serializeAirlines(filters.airlines),
    ...Object.fromEntries(
      TIME_WINDOW_KEYS.map((key) => [key, serializeHourRange(filters.times[key])]),
    ),
    maxDuration: filters.maxDurationMinutes,
    maxPrice: filters.maxPrice,
    bags: serializeFlag(filters.bagsIncluded),
    maxLayover: filters.maxLayoverMinutes,
    avoidOvernight: serializeFlag(filters.avoidOvernight),
  };
}

/**
 * The /search parameters of a search, under their fixed names; returnDate only for round trips,
 * a multi-city trip's flights in place of its route and dates.
 */
export function criteriaToSearch(criteria: SearchRequest) {
  return {
    ...(criteria.tripType === 'multi-city' && criteria.slices
      ? { slices: slicesToParam(criteria.slices) }
      : {
          origin: criteria.origin,
          destination: criteria.destination,
          departureDate: criteria.departureDate,
        }),
    ...(criteria.tripType === 'round-trip' && criteria.returnDate
      ? { returnDate: criteria.returnDate }
      : {}),
    cabinClass: criteria.cabinClass,
    adultsCount: criteria.adultsCount,
    childrenCount: criteria.childrenCount,
    infantsCount: criteria.infantsCount,
    childrenAges: serializeAges(criteria.childrenAges),
    infantsAges: serializeAges(criteria.infantsAges),
    tripType: criteria.tripType,
  };
}

/** The whole /search parameter set for criteria, sort and filters. */
export function toSearchPageSearch(
  criteria: SearchRequest,
  sort: SortOption,
  filters: SearchFilters,
) {
  return {
    ...criteriaToSearch(criteria),
    sort: sort === 'best' ? undefined : sort,
    ...filtersToSearch(filters),
  };
}

export function hasActiveFilters(filters: SearchFilters): boolean {
  return (
    filters.stops.length > 0 ||
    filters.airlines.length > 0 ||
    Object.values(filters.times).some(Boolean) ||
    filters.maxDurationMinutes !== undefined ||
    filters.maxPrice !== undefined ||
    filters.bagsIncluded ||
    filters.maxLayoverMinutes !== undefined ||
    filters.avoidOvernight
  );
}

/** How many filters are on (the phone's Filters button shows it); each time window counts. */
export function activeFilterCount(filters: SearchFilters): number {
  return (
    (filters.stops.length ? 1 : 0) +
    (filters.airlines.length ? 1 : 0) +
    Object.values(filters.times).filter(Boolean).length +
    (filters.maxDurationMinutes === undefined ? 0 : 1) +
    (filters.maxPrice === undefined ? 0 : 1) +
    (filters.bagsIncluded ? 1 : 0) +
    (filters.maxLayoverMinutes === undefined ? 0 : 1) +
    (filters.avoidOvernight ? 1 : 0)
  );
}

/** Parses any object (a saved search, prefixed link parameters) as /search parameters. */
export function parseSearchPageSearch(value: unknown): SearchPageSearch | null {
  return readSearchPageSearch(value);
}
