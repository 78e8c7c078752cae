import {
  agesToText,
  searchCriteriaSchema,
  type SearchCriteria,
} from '@contrail/contracts/flight-search';
import { z } from 'zod';

/**
 * The /search URL: the search criteria (the API's own schema) plus sort and filters, so a link
 * reproduces the view (STYLE rule 7). Every value here is already in its URL form, because the
 * router writes the validated search back into the address: numbers stay numbers, lists are
 * comma-separated strings, and a filter at its default is absent.
 *
 *   childrenAges=4,9  infantsAges=1    each child's and infant's age on the date of travel
 *   sort=cheapest                      best (default) | cheapest | fastest
 *   stops=0 | stops=0,1                stop counts to show: 0, 1, 2 (= 2 or more); absent = all
 *   airlines=BA,AA                     selling airlines (IATA) to show; absent = all
 *   outboundDepart=6-12                departure hour window of the outbound flight, 0–24
 *   outboundArrive, returnDepart, returnArrive   the same for the other ends
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

export const TIME_WINDOW_KEYS = [
  'outboundDepart',
  'outboundArrive',
  'returnDepart',
  'returnArrive',
] as const;
export type TimeWindowKey = (typeof TIME_WINDOW_KEYS)[number];
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

export const searchPageSearchSchema = searchCriteriaSchema.extend({
  childrenAges: agesParam,
  infantsAges: infantAgesParam,
  sort: z.enum(SORT_OPTIONS).exclude(['best']).optional().catch(undefined),
  stops: param((value) => serializeStops(parseStops(value))),
  airlines: param((value) => serializeAirlines(parseAirlines(value))),
  outboundDepart: hourRangeParam,
  outboundArrive: hourRangeParam,
  returnDepart: hourRangeParam,
  returnArrive: hourRangeParam,
  maxDuration: param(parsePositiveInteger),
  maxPrice: param(parsePositiveInteger),
  bags: param((value) => serializeFlag(parseFlag(value))),
  maxLayover: param(parsePositiveInteger),
  avoidOvernight: param((value) => serializeFlag(parseFlag(value))),
});

/** The validated /search parameters (what the route hands its component). */
export type SearchPageSearch = z.output<typeof searchPageSearchSchema>;

/** The criteria of a validated /search URL, as the API takes them (no return date one way). */
export function criteriaFromSearch(search: SearchPageSearch): SearchCriteria {
  const criteria: SearchCriteria = {
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
  };
  return criteria;
}

export function sortFromSearch(search: Pick<SearchPageSearch, 'sort'>): SortOption {
  return search.sort ?? 'best';
}

export function filtersFromSearch(search: SearchPageSearch): SearchFilters {
  const times: Partial<Record<TimeWindowKey, HourRange>> = {};
  for (const key of TIME_WINDOW_KEYS) {
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
    outboundDepart: serializeHourRange(filters.times.outboundDepart),
    outboundArrive: serializeHourRange(filters.times.outboundArrive),
    returnDepart: serializeHourRange(filters.times.returnDepart),
    returnArrive: serializeHourRange(filters.times.returnArrive),
    maxDuration: filters.maxDurationMinutes,
    maxPrice: filters.maxPrice,
    bags: serializeFlag(filters.bagsIncluded),
    maxLayover: filters.maxLayoverMinutes,
    avoidOvernight: serializeFlag(filters.avoidOvernight),
  };
}

/** The /search parameters of a search, under their fixed names; returnDate only for round trips. */
export function criteriaToSearch(criteria: SearchCriteria) {
  return {
    origin: criteria.origin,
    destination: criteria.destination,
    departureDate: criteria.departureDate,
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
  criteria: SearchCriteria,
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
