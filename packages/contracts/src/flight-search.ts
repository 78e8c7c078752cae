import { z } from 'zod';
import { PairMemo } from './pair-memo';

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

const dateSchema = (message: string) =>
  z.string({ error: message }).trim().refine(isIsoDate, message);

const airportCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .length(3, message)
    .regex(/^[A-Z]{3}$/, message);

const count = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * Ages as a list of whole numbers, from a JSON array (the API) or a comma-separated text (a
 * /search link, `childrenAges=4,9`); absent or blank is no ages.
 */
function ageList(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'number') return [value];
  if (typeof value === 'string') {
    return value.split(',').map((item) => (item.trim() === '' ? Number.NaN : Number(item)));
  }
  return value;
}

const ages = ({ min, max }: { min: number; max: number }, message: string) =>
  z.preprocess(
    ageList,
    z
      .array(z.number({ error: message }).int(message).min(min, message).max(max, message), {
        error: message,
      })
      .max(9, message),
  );

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

/** One flight of a multi-city trip. */
export const searchSliceSchema = z.object({
  origin: airportCode(searchMessages.originRequired),
  destination: airportCode(searchMessages.destinationRequired),
  departureDate: z
    .string({ error: searchMessages.departureDateRequired })
    .trim()
    .refine(isIsoDate, searchMessages.departureDateRequired),
});
export type SearchSlice = z.output<typeof searchSliceSchema>;

/** The slices of a multi-city search, 2 to 5 of them. */
export const multiCitySlicesSchema = z
  .array(searchSliceSchema, { error: multiCityMessages.tooFewSlices })
  .min(MULTI_CITY_SLICES.min, multiCityMessages.tooFewSlices)
  .max(MULTI_CITY_SLICES.max, multiCityMessages.tooManySlices);

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

/**
 * A multi-city search names its trip by its slices alone: its first flight stands for the
 * origin, destination and date the other trips give (the caches, the page title, the alerts).
 */
function withFirstSlice(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const criteria = input as Record<string, unknown>;
  const first: unknown = Array.isArray(criteria.slices) ? criteria.slices[0] : undefined;
  if (criteria.tripType !== 'multi-city' || typeof first !== 'object' || first === null)
    return input;
  const slice = first as Record<string, unknown>;
  return {
    ...criteria,
    origin: criteria.origin ?? slice.origin,
    destination: criteria.destination ?? slice.destination,
    departureDate: criteria.departureDate ?? slice.departureDate,
  };
}

/** The search criteria: the API body and the /search URL share this shape. */
export const searchCriteriaSchema = z.object({
  origin: airportCode(searchMessages.originRequired),
  destination: airportCode(searchMessages.destinationRequired),
  departureDate: dateSchema(searchMessages.departureDateRequired),
  returnDate: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(dateSchema(searchMessages.returnDateRequired).optional()),
  cabinClass: z.enum(CABIN_CLASSES).default('economy'),
  adultsCount: count(1, 9, searchMessages.adultsRequired).default(1),
  childrenCount: count(0, 9, searchMessages.childrenRange).default(0),
  infantsCount: count(0, 9, searchMessages.infantsRange).default(0),
  /** Each child's age on the date of travel, one per child (airlines price and check by it). */
  childrenAges: ages(PASSENGER_AGES.children, searchMessages.childAgeRange),
  /** Each infant's age on the date of travel, one per infant. */
  infantsAges: ages(PASSENGER_AGES.infants, searchMessages.infantAgeRange),
  tripType: z.enum(TRIP_TYPES).default('round-trip'),
});
export type SearchCriteria = z.output<typeof searchCriteriaSchema>;

/** A search as the API takes it: the form's trips, or a multi-city trip of 2 to 5 slices. */
const searchRequestObject = searchCriteriaSchema.extend({
  tripType: z.enum(SEARCH_TRIP_TYPES).default('round-trip'),
  /** A multi-city trip's flights, 2 to 5 (ignored for the other trips). */
  slices: multiCitySlicesSchema.optional(),
});
export type SearchRequest = z.output<typeof searchRequestObject>;

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

/**
 * `POST /api/flights/search` body: the criteria; `returnDate` is ignored one way. A multi-city
 * search may give its `slices` alone.
 */
export const searchRequestSchema = z.preprocess(withFirstSlice, searchRequestObject);
