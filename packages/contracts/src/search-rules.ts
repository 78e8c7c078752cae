import { PairMemo } from './pair-memo';

// The search's rules, messages and types without zod: the results page reads a /search link with
// them on its first render (`search-readers.ts`), before any schema has loaded. The schemas of
// `flight-search.ts` re-export all of this and stay the API's contract; their output types are
// checked to be these types.

export const searchMessages = {
  originRequired: 'Please select an origin airport',
  destinationRequired: 'Please select a destination airport',
  departureDateRequired: 'Please select a departure date',
  returnDateRequired: 'Please select a return date',
  adultsRequired: 'At least 1 adult is required',
  adultsMax: 'At most 9 adults can travel on one booking',
  childrenRange: 'Children must be between 0 and 9',
  infantsRange: 'Infants must be between 0 and 9',
  sameAirports: 'Origin and destination cannot be the same',
  departureInPast: 'Departure date cannot be in the past',
  returnBeforeDeparture: 'Return date must be after departure date',
  tooFarAhead: 'Flights can be booked up to 11 months ahead',
  tooManyPassengers: 'A maximum of 9 passengers can travel on one booking',
  infantsExceedAdults: 'Each infant must travel on the lap of an adult',
  childAgesRequired: 'Please choose the age of each child',
  childAgeRange: 'Children must be 2 to 11 years old',
  infantAgesRequired: 'Please choose the age of each infant',
  infantAgeRange: 'Infants must be under 2 years old',
  searchFailed: 'Search failed',
  searchFailedDescription: 'Please try again later.',
} as const;

export const CABIN_CLASSES = ['economy', 'premium_economy', 'business', 'first'] as const;
export type CabinClass = (typeof CABIN_CLASSES)[number];
export const cabinClassLabels: Record<CabinClass, string> = {
  economy: 'Economy',
  premium_economy: 'Premium Economy',
  business: 'Business',
  first: 'First',
};

/** The trips the search form's first tabs book, with one or two slices. */
export const TRIP_TYPES = ['round-trip', 'one-way'] as const;
export type TripType = (typeof TRIP_TYPES)[number];
/** Every trip a search can be: also multi-city, with its own 2 to 5 slices. */
export const SEARCH_TRIP_TYPES = [...TRIP_TYPES, 'multi-city'] as const;
export type SearchTripType = (typeof SEARCH_TRIP_TYPES)[number];

/** Seated passengers (adults + children) per booking, and the steppers' limits. */
export const MAX_SEATED_PASSENGERS = 9;
export const PASSENGER_LIMITS = {
  adults: { min: 1, max: 9 },
  children: { min: 0, max: 9 },
  infants: { min: 0, max: 5 },
} as const;
/**
 * The ages a child or an infant may have on the date of travel (the departure of the last
 * flight), as airlines count them: children 2–11, infants on a lap under 2.
 */
export const PASSENGER_AGES = {
  children: { min: 2, max: 11 },
  infants: { min: 0, max: 1 },
} as const;
/** Bookable up to 11 months ahead, as the FAQ tells travellers. */
export const BOOKING_HORIZON_MONTHS = 11;
export const DEFAULT_RETURN_OFFSET_DAYS = 7;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/**
 * Ages as a list of whole numbers, from a JSON array (the API) or a comma-separated text (a
 * /search link, `childrenAges=4,9`); absent or blank is no ages.
 */
export function ageList(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'number') return [value];
  if (typeof value === 'string') {
    return value.split(',').map((item) => (item.trim() === '' ? Number.NaN : Number(item)));
  }
  return value;
}

/** Ages written as a /search link carries them: `4,9`, or nothing for none. */
export function agesToText(values: readonly number[]): string | undefined {
  return values.length === 0 ? undefined : values.join(',');
}

/** A multi-city trip flies 2 to 5 slices, one after another. */
export const MULTI_CITY_SLICES = { min: 2, max: 5 } as const;

export const multiCityMessages = {
  tooFewSlices: `Please add at least ${MULTI_CITY_SLICES.min} flights`,
  tooManySlices: `A multi-city trip can have at most ${MULTI_CITY_SLICES.max} flights`,
  sliceBeforePrevious: 'Each flight must depart on or after the flight before it',
} as const;

/** One flight of a multi-city trip (`searchSliceSchema`'s output). */
export interface SearchSlice {
  origin: string;
  destination: string;
  departureDate: string;
}

/** The search criteria (`searchCriteriaSchema`'s output): the API body and the /search URL. */
export interface SearchCriteria {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate?: string | undefined;
  cabinClass: CabinClass;
  adultsCount: number;
  childrenCount: number;
  infantsCount: number;
  /** Each child's age on the date of travel, one per child (airlines price and check by it). */
  childrenAges: number[];
  /** Each infant's age on the date of travel, one per infant. */
  infantsAges: number[];
  tripType: TripType;
}

/** A search as the API takes it (`searchRequestSchema`'s output): also a multi-city trip. */
export interface SearchRequest extends Omit<SearchCriteria, 'tripType'> {
  tripType: SearchTripType;
  /** A multi-city trip's flights, 2 to 5 (ignored for the other trips). */
  slices?: SearchSlice[] | undefined;
}

/** The criteria's fields, in the schema's order. */
export const CRITERIA_FIELDS = [
  'origin',
  'destination',
  'departureDate',
  'returnDate',
  'cabinClass',
  'adultsCount',
  'childrenCount',
  'infantsCount',
  'childrenAges',
  'infantsAges',
  'tripType',
] as const satisfies readonly (keyof SearchCriteria)[];

/** A multi-city flight's fields, in the schema's order. */
export const SLICE_FIELDS = [
  'origin',
  'destination',
  'departureDate',
] as const satisfies readonly (keyof SearchSlice)[];

/** The date strip's days either side of the search's date. */
export const DATE_PRICE_SPREAD_DAYS = 3;

export interface SliceProblem {
  /** Where the problem is, e.g. `slices.1.departureDate`. */
  path: `slices.${number}.${keyof SearchSlice}`;
  message: string;
}

/**
 * The rules that need more than one field or today's date, per slice: not the same city, not in
 * the past, within the booking horizon, and never before the slice ahead of it. `today` comes
 * from the injected clock.
 */
export function sliceProblems(slices: readonly SearchSlice[], today: string): SliceProblem[] {
  const problems: SliceProblem[] = [];
  const horizon = addMonths(today, BOOKING_HORIZON_MONTHS);
  slices.forEach((slice, index) => {
    if (slice.origin === slice.destination) {
      problems.push({ path: `slices.${index}.destination`, message: searchMessages.sameAirports });
    }
    const path = `slices.${index}.departureDate` as const;
    const previous = slices[index - 1];
    if (slice.departureDate < today) {
      problems.push({ path, message: searchMessages.departureInPast });
    } else if (slice.departureDate > horizon) {
      problems.push({ path, message: searchMessages.tooFarAhead });
    } else if (previous !== undefined && slice.departureDate < previous.departureDate) {
      problems.push({ path, message: multiCityMessages.sliceBeforePrevious });
    }
  });
  return problems;
}

export interface CriteriaProblem {
  field: keyof SearchCriteria;
  message: string;
}

export interface RequestProblem {
  /** The field, or a slice's (`slices.1.departureDate`). */
  field: keyof SearchRequest | SliceProblem['path'];
  message: string;
}

/** Shifted dates by date, then by days: a search shifts the same few dates thousands of times. */
const shiftedDates = new PairMemo<string, number, string>(20_000);

/**
 * Adds whole days to a `YYYY-MM-DD` calendar date, no time zone involved
 * (2025-12-31 + 1 → 2026-01-01); anything but a calendar date throws a RangeError.
 */
export function addDays(date: string, days: number): string {
  const known = shiftedDates.get(date, days);
  if (known !== undefined) return known;
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return shiftedDates.set(date, days, value.toISOString().slice(0, 10));
}

export function addMonths(date: string, months: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCMonth(value.getUTCMonth() + months);
  return value.toISOString().slice(0, 10);
}

/**
 * The rules that need more than one field or today's date, same airports first, then dates, then
 * passengers. `today` is the traveller's date (the browser's, or on the server the origin airport's
 * local date).
 */
export function criteriaProblems(criteria: SearchCriteria, today: string): CriteriaProblem[] {
  const problems: CriteriaProblem[] = [];
  if (criteria.origin === criteria.destination) {
    problems.push({ field: 'destination', message: searchMessages.sameAirports });
  }
  const horizon = addMonths(today, BOOKING_HORIZON_MONTHS);
  if (criteria.departureDate < today) {
    problems.push({ field: 'departureDate', message: searchMessages.departureInPast });
  } else if (criteria.departureDate > horizon) {
    problems.push({ field: 'departureDate', message: searchMessages.tooFarAhead });
  }
  if (criteria.tripType === 'round-trip') {
    if (criteria.returnDate === undefined) {
      problems.push({ field: 'returnDate', message: searchMessages.returnDateRequired });
    } else if (criteria.returnDate < criteria.departureDate) {
      problems.push({ field: 'returnDate', message: searchMessages.returnBeforeDeparture });
    } else if (criteria.returnDate > horizon && criteria.departureDate <= horizon) {
      problems.push({ field: 'returnDate', message: searchMessages.tooFarAhead });
    }
  }
  return [...problems, ...passengerProblems(criteria)];
}

/** `criteriaProblems` for any search the API takes: a multi-city trip's per slice. */
export function requestProblems(request: SearchRequest, today: string): RequestProblem[] {
  if (request.tripType !== 'multi-city')
    return criteriaProblems({ ...request, tripType: request.tripType }, today);
  const slices = request.slices ?? [];
  const sliceIssues: RequestProblem[] =
    slices.length < MULTI_CITY_SLICES.min
      ? [{ field: 'slices', message: multiCityMessages.tooFewSlices }]
      : sliceProblems(slices, today).map(({ path, message }) => ({ field: path, message }));
  return [...sliceIssues, ...passengerProblems(request)];
}

/** The travellers' rules: how many, infants on laps, an age for each child and infant. */
function passengerProblems(
  criteria: Pick<
    SearchCriteria,
    'adultsCount' | 'childrenCount' | 'infantsCount' | 'childrenAges' | 'infantsAges'
  >,
): CriteriaProblem[] {
  const problems: CriteriaProblem[] = [];
  if (criteria.adultsCount + criteria.childrenCount > MAX_SEATED_PASSENGERS) {
    problems.push({ field: 'childrenCount', message: searchMessages.tooManyPassengers });
  }
  if (criteria.infantsCount > criteria.adultsCount) {
    problems.push({ field: 'infantsCount', message: searchMessages.infantsExceedAdults });
  }
  if (criteria.childrenAges.length !== criteria.childrenCount) {
    problems.push({ field: 'childrenAges', message: searchMessages.childAgesRequired });
  }
  if (criteria.infantsAges.length !== criteria.infantsCount) {
    problems.push({ field: 'infantsAges', message: searchMessages.infantAgesRequired });
  }
  return problems;
}
