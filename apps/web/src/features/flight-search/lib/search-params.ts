import {
  agesToText,
  multiCityMessages,
  SEARCH_TRIP_TYPES,
  searchCriteriaSchema,
  type SearchCriteria,
  type SearchRequest,
  type SearchTripType,
} from '@contrail/contracts/flight-search';
import { z } from 'zod';
import { slicesFromParam, slicesToParam } from '../../../lib/slices-param';

/**
 * The /search URL: the search criteria (the API's own schema) plus sort and filters, so a link
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

export const SORT_OPTIONS = ['best', 'cheapest', 'fastest'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const sortLabels: Record<SortOption, string> = {
  best: 'Best',
  cheapest: 'Cheapest',
  fastest: 'Fastest',
};

/** Stop buckets: 0 non-stop, 1 one stop, 2 two or more (the worst direction counts). */
export const STOP_BUCKETS = [0, 1, 2] as const;
export type StopBucket = (typeof STOP_BUCKETS)[number];

const TWO_WAY_TIME_KEYS = [
  'outboundDepart',
  'outboundArrive',
  'returnDepart',
  'returnArrive',
] as const;
/** A multi-city trip's flights each have their own times, as on airline and travel sites. */
const FLIGHT_TIME_WINDOWS = [
  ['flight1Depart', 'flight1Arrive'],
  ['flight2Depart', 'flight2Arrive'],
  ['flight3Depart', 'flight3Arrive'],
  ['flight4Depart', 'flight4Arrive'],
  ['flight5Depart', 'flight5Arrive'],
] as const;
export const TIME_WINDOW_KEYS = [...TWO_WAY_TIME_KEYS, ...FLIGHT_TIME_WINDOWS.flat()] as const;
export type TimeWindowKey = (typeof TIME_WINDOW_KEYS)[number];

/** The departure and arrival windows of one slice, as the filters show them. */
export interface TimeWindowGroup {
  /** The slice they read. */
  slice: number;
  departKey: TimeWindowKey;
  arriveKey: TimeWindowKey;
}

/**
 * The time windows a trip's filters offer: the outbound's (and the return's) for the other
 * trips, each flight's on a multi-city trip.
 */
export function timeWindowGroups(tripType: SearchTripType, sliceCount: number): TimeWindowGroup[] {
  if (tripType === 'multi-city') {
    return FLIGHT_TIME_WINDOWS.slice(0, sliceCount).map(([departKey, arriveKey], slice) => ({
      slice,
      departKey,
      arriveKey,
    }));
  }
  const outbound = { slice: 0, departKey: 'outboundDepart', arriveKey: 'outboundArrive' } as const;
  const back = { slice: 1, departKey: 'returnDepart', arriveKey: 'returnArrive' } as const;
  return tripType === 'round-trip' ? [outbound, back] : [outbound];
}
/** An hour range [from, to], 0 ≤ from < to ≤ 24; a time at hh:mm is in it when from ≤ hh.mm < to. */
export type HourRange = readonly [number, number];
export const FULL_DAY: HourRange = [0, 24];

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

// ─── One parser/serialiser per parameter ────────────────────────────────────

function listItems(value: unknown): string[] {
  if (typeof value === 'number') return [String(value)];
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function parseStops(value: unknown): StopBucket[] {
  const buckets = new Set<StopBucket>();
  for (const item of listItems(value)) {
    const bucket = STOP_BUCKETS.find((candidate) => String(candidate) === item);
    if (bucket !== undefined) buckets.add(bucket);
  }
  return STOP_BUCKETS.filter((bucket) => buckets.has(bucket));
}

/** One bucket stays a number (`stops=0`); several are a list (`stops=0,1`). */
export function serializeStops(stops: readonly StopBucket[]): number | string | undefined {
  const canonical = STOP_BUCKETS.filter((bucket) => stops.includes(bucket));
  if (canonical.length === 0 || canonical.length === STOP_BUCKETS.length) return undefined;
  return canonical.length === 1 ? canonical[0] : canonical.join(',');
}

const AIRLINE_CODE = /^[A-Z0-9]{2}$/;

export function parseAirlines(value: unknown): string[] {
  return [...new Set(listItems(value).map((item) => item.toUpperCase()))]
    .filter((code) => AIRLINE_CODE.test(code))
    .sort();
}

export function serializeAirlines(airlines: readonly string[]): string | undefined {
  const canonical = parseAirlines(airlines.join(','));
  return canonical.length === 0 ? undefined : canonical.join(',');
}

export function parseHourRange(value: unknown): HourRange | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(value.trim());
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = Number(match[2]);
  if (from < 0 || to > 24 || from >= to) return undefined;
  if (from === 0 && to === 24) return undefined;
  return [from, to];
}

export function serializeHourRange(range: HourRange | undefined): string | undefined {
  return range ? parseHourRange(`${range[0]}-${range[1]}`) && `${range[0]}-${range[1]}` : undefined;
}

function parsePositiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) return undefined;
  return Math.round(number);
}

/** A switch: on as `1` (or `true`), absent when off. */
export function parseFlag(value: unknown): boolean {
  return value === 1 || value === true || value === '1' || value === 'true';
}

function serializeFlag(on: boolean): 1 | undefined {
  return on ? 1 : undefined;
}

// ─── The route's schema ─────────────────────────────────────────────────────

/** An optional parameter read by `read`, which drops what it cannot use. */
const param = <T>(read: (value: unknown) => T) => z.unknown().optional().transform(read);

const hourRangeParam = param((value) => serializeHourRange(parseHourRange(value)));

/** Ages as the URL keeps them: `4,9`, or `7` for one, absent for none. */
const agesParam = searchCriteriaSchema.shape.childrenAges.transform(serializeAges);
const infantAgesParam = searchCriteriaSchema.shape.infantsAges.transform(serializeAges);

/** The ages of a /search URL's text (already checked by its schema). */
function agesFromText(text: number | string | undefined): number[] {
  if (typeof text === 'number') return [text];
  return text ? text.split(',').map(Number) : [];
}

/** One age stays a number (`childrenAges=7`), as one stop count does; several are a list. */
function serializeAges(ages: readonly number[]): number | string | undefined {
  return ages.length === 1 ? ages[0] : agesToText(ages);
}

/** A multi-city trip's flights as the URL keeps them (`lib/slices-param.ts`), else dropped. */
const slicesParam = param((value) => {
  const slices = slicesFromParam(value);
  return slices ? slicesToParam(slices) : undefined;
});

/** Each time window's parameter, by the filter's own key. */
const timeWindowParams = Object.fromEntries(
  TIME_WINDOW_KEYS.map((key) => [key, hourRangeParam]),
) as Record<TimeWindowKey, typeof hourRangeParam>;

const searchPageObject = searchCriteriaSchema.extend({
  childrenAges: agesParam,
  infantsAges: infantAgesParam,
  tripType: z.enum(SEARCH_TRIP_TYPES).default('round-trip'),
  slices: slicesParam,
  sort: z.enum(SORT_OPTIONS).exclude(['best']).optional().catch(undefined),
  stops: param((value) => serializeStops(parseStops(value))),
  airlines: param((value) => serializeAirlines(parseAirlines(value))),
  ...timeWindowParams,
  maxDuration: param(parsePositiveInteger),
  maxPrice: param(parsePositiveInteger),
  bags: param((value) => serializeFlag(parseFlag(value))),
  maxLayover: param(parsePositiveInteger),
  avoidOvernight: param((value) => serializeFlag(parseFlag(value))),
});

/**
 * A multi-city link names its trip by its flights alone: the first one stands for the origin,
 * destination and date the other trips give (the page's title, the saved search).
 */
function withFirstSlice(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const raw = value as Record<string, unknown>;
  const first = raw.tripType === 'multi-city' ? slicesFromParam(raw.slices)?.[0] : undefined;
  return first ? { ...raw, ...first, returnDate: undefined } : value;
}

export const searchPageSearchSchema = z.preprocess(
  withFirstSlice,
  searchPageObject
    .refine((search) => search.tripType !== 'multi-city' || search.slices !== undefined, {
      path: ['slices'],
      message: multiCityMessages.tooFewSlices,
    })
    // The flights belong to a multi-city trip only.
    .transform((search) =>
      search.tripType === 'multi-city' ? search : { ...search, slices: undefined },
    ),
);

/** The validated /search parameters (what the route hands its component). */
export type SearchPageSearch = z.output<typeof searchPageSearchSchema>;

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
  const parsed = searchPageSearchSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
