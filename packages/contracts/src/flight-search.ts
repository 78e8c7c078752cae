import { z } from 'zod';
import {
  ageList,
  CABIN_CLASSES,
  isIsoDate,
  MULTI_CITY_SLICES,
  multiCityMessages,
  PASSENGER_AGES,
  SEARCH_TRIP_TYPES,
  searchMessages,
  TRIP_TYPES,
  type SearchCriteria,
  type SearchRequest,
  type SearchSlice,
} from './search-rules';

// The search's schemas: the API's contract. Their rules, messages and output types are in
// `search-rules.ts` (re-exported here), which the web app's first render reads without zod;
// `search-readers.ts` reads the criteria as these schemas do, held to them by its tests.
export * from './search-rules';

/** True when `A` and `B` are the same type: a schema's output must be its hand-written type. */
type Same<A, B> =
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the exact type equality test
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameType = <A, B>(same: Same<A, B>) => same;

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

const ages = ({ min, max }: { min: number; max: number }, message: string) =>
  z.preprocess(
    ageList,
    z
      .array(z.number({ error: message }).int(message).min(min, message).max(max, message), {
        error: message,
      })
      .max(9, message),
  );

/** One flight of a multi-city trip. */
export const searchSliceSchema = z.object({
  origin: airportCode(searchMessages.originRequired),
  destination: airportCode(searchMessages.destinationRequired),
  departureDate: z
    .string({ error: searchMessages.departureDateRequired })
    .trim()
    .refine(isIsoDate, searchMessages.departureDateRequired),
});
sameType<z.output<typeof searchSliceSchema>, SearchSlice>(true);

/** The slices of a multi-city search, 2 to 5 of them. */
export const multiCitySlicesSchema = z
  .array(searchSliceSchema, { error: multiCityMessages.tooFewSlices })
  .min(MULTI_CITY_SLICES.min, multiCityMessages.tooFewSlices)
  .max(MULTI_CITY_SLICES.max, multiCityMessages.tooManySlices);

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
sameType<z.output<typeof searchCriteriaSchema>, SearchCriteria>(true);

/** A search as the API takes it: the form's trips, or a multi-city trip of 2 to 5 slices. */
const searchRequestObject = searchCriteriaSchema.extend({
  tripType: z.enum(SEARCH_TRIP_TYPES).default('round-trip'),
  /** A multi-city trip's flights, 2 to 5 (ignored for the other trips). */
  slices: multiCitySlicesSchema.optional(),
});
sameType<z.output<typeof searchRequestObject>, SearchRequest>(true);

/**
 * `POST /api/flights/search` body: the criteria; `returnDate` is ignored one way. A multi-city
 * search may give its `slices` alone.
 */
export const searchRequestSchema = z.preprocess(withFirstSlice, searchRequestObject);
