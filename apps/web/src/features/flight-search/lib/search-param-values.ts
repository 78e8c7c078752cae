import type { SearchTripType } from '@contrail/contracts/search-rules';

// The values of the /search parameters past the criteria (sort, stops, airlines, times and the
// other filters), each read and written by its own function: `search-params.ts` reads and
// writes the whole URL with them.

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

export const TWO_WAY_TIME_KEYS = [
  'outboundDepart',
  'outboundArrive',
  'returnDepart',
  'returnArrive',
] as const;
/** A multi-city trip's flights each have their own times, as on airline and travel sites. */
export const FLIGHT_TIME_WINDOWS = [
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

export function parsePositiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) return undefined;
  return Math.round(number);
}

/** A switch: on as `1` (or `true`), absent when off. */
export function parseFlag(value: unknown): boolean {
  return value === 1 || value === true || value === '1' || value === 'true';
}

export function serializeFlag(on: boolean): 1 | undefined {
  return on ? 1 : undefined;
}
