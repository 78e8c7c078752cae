import {
  addDays,
  criteriaProblems,
  DEFAULT_RETURN_OFFSET_DAYS,
  MAX_SEATED_PASSENGERS,
  PASSENGER_LIMITS,
  CRITERIA_FIELDS,
  type CabinClass,
  type RequestProblem,
  type SearchRequest,
  type SearchTripType,
} from '@contrail/contracts/search-rules';
import { searchCriteriaReader } from '@contrail/contracts/search-readers';
import { passengerSummary as travellerSummary } from '../../../lib/passenger-counts';
import {
  seedSlices,
  shiftSlices,
  sliceFormValuesOf,
  validateMultiCity,
  type SliceFormValues,
} from './multi-city-form';

/** What the search form edits. Dates are `YYYY-MM-DD` or '' (cleared). */
export interface SearchFormValues {
  tripType: SearchTripType;
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string;
  cabinClass: CabinClass;
  adultsCount: number;
  childrenCount: number;
  infantsCount: number;
  /** Each child's age on the date of travel, one per child; null until the traveller picks it. */
  childrenAges: (number | null)[];
  /** Each infant's age (0 or 1), one per infant; null until picked. */
  infantsAges: (number | null)[];
  /**
   * A multi-city trip's flights, 2 to 5; empty until the Multi-City tab is first chosen, then
   * kept while another tab is shown.
   */
  slices: SliceFormValues[];
}

export type PassengerKind = 'adults' | 'children' | 'infants';
const countField = {
  adults: 'adultsCount',
  children: 'childrenCount',
  infants: 'infantsCount',
} as const satisfies Record<PassengerKind, keyof SearchFormValues>;

/** The traveller's own calendar date (the browser's time zone), `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * The defaults: departure today, return 7 days later, economy, 1 adult; a multi-city trip's
 * first two flights.
 */
export function defaultSearchFormValues(
  today: string,
  tripType: SearchTripType = 'round-trip',
): SearchFormValues {
  const values: SearchFormValues = {
    tripType,
    origin: '',
    destination: '',
    departureDate: today,
    returnDate: tripType === 'round-trip' ? addDays(today, DEFAULT_RETURN_OFFSET_DAYS) : '',
    cabinClass: 'economy',
    adultsCount: 1,
    childrenCount: 0,
    infantsCount: 0,
    childrenAges: [],
    infantsAges: [],
    slices: [],
  };
  return tripType === 'multi-city' ? { ...values, slices: seedSlices(values) } : values;
}

/** Ages kept for the first `count` passengers, and a blank for each one added. */
export function fitAges(ages: readonly (number | null)[], count: number): (number | null)[] {
  return Array.from({ length: count }, (_, i) => ages[i] ?? null);
}

export function formValuesFromCriteria(criteria: SearchRequest): SearchFormValues {
  return {
    tripType: criteria.tripType,
    origin: criteria.origin,
    destination: criteria.destination,
    departureDate: criteria.departureDate,
    returnDate: criteria.tripType === 'round-trip' ? (criteria.returnDate ?? '') : '',
    cabinClass: criteria.cabinClass,
    adultsCount: criteria.adultsCount,
    childrenCount: criteria.childrenCount,
    infantsCount: criteria.infantsCount,
    childrenAges: fitAges(criteria.childrenAges, criteria.childrenCount),
    infantsAges: fitAges(criteria.infantsAges, criteria.infantsCount),
    slices:
      criteria.tripType === 'multi-city' ? (criteria.slices ?? []).map(sliceFormValuesOf) : [],
  };
}

/**
 * The last search, to start the form from: a departure already past moves to today and the
 * return moves with it, so the trip keeps its length (a week away stays a week away).
 */
export function formValuesFromLastSearch(criteria: SearchRequest, today: string): SearchFormValues {
  const values = formValuesFromCriteria(criteria);
  if (values.departureDate >= today) return values;
  const shift = Math.round(
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${values.departureDate}T00:00:00Z`)) /
      86_400_000,
  );
  return {
    ...values,
    departureDate: today,
    returnDate: values.returnDate ? addDays(values.returnDate, shift) : '',
    slices: shiftSlices(values.slices, shift),
  };
}

/**
 * One way clears the return date; back to a round trip, the return comes back seven days after
 * departure, as a fresh form would have it. Multi-City starts its flights from the trip on the
 * form (`seedSlices`) the first time; leaving it, its first flight is the trip's.
 */
export function withTripType(values: SearchFormValues, tripType: SearchTripType): SearchFormValues {
  if (tripType === 'multi-city') {
    const slices = values.slices.length > 0 ? values.slices : seedSlices(values);
    return { ...values, tripType, slices };
  }
  if (values.tripType === 'multi-city') {
    const [first] = values.slices;
    if (first) {
      const trip = { ...values, tripType, origin: first.origin, destination: first.destination };
      return withTripType(withDepartureDate(trip, first.departureDate), tripType);
    }
  }
  if (tripType === 'one-way') return { ...values, tripType, returnDate: '' };
  const returnDate =
    values.returnDate ||
    (values.departureDate ? addDays(values.departureDate, DEFAULT_RETURN_OFFSET_DAYS) : '');
  return { ...values, tripType, returnDate };
}

/** A new departure keeps the trip's length when it would pass the return date. */
export function withDepartureDate(
  values: SearchFormValues,
  departureDate: string,
): SearchFormValues {
  const next = { ...values, departureDate };
  if (
    values.tripType === 'round-trip' &&
    departureDate &&
    values.returnDate &&
    values.returnDate < departureDate
  ) {
    const length =
      values.departureDate && values.departureDate <= values.returnDate
        ? Math.round(
            (Date.parse(values.returnDate) - Date.parse(values.departureDate)) / 86_400_000,
          )
        : DEFAULT_RETURN_OFFSET_DAYS;
    next.returnDate = addDays(departureDate, length);
  }
  return next;
}

export function swapAirports(values: SearchFormValues): SearchFormValues {
  return { ...values, origin: values.destination, destination: values.origin };
}

/** The range a stepper may move in now: the passenger limits, 9 seats, an adult per infant. */
export function passengerBounds(
  values: SearchFormValues,
  kind: PassengerKind,
): { min: number; max: number } {
  const seated = values.adultsCount + values.childrenCount;
  switch (kind) {
    case 'adults':
      return {
        min: Math.max(PASSENGER_LIMITS.adults.min, values.infantsCount),
        max: Math.min(
          PASSENGER_LIMITS.adults.max,
          values.adultsCount + MAX_SEATED_PASSENGERS - seated,
        ),
      };
    case 'children':
      return {
        min: PASSENGER_LIMITS.children.min,
        max: Math.min(
          PASSENGER_LIMITS.children.max,
          values.childrenCount + MAX_SEATED_PASSENGERS - seated,
        ),
      };
    case 'infants':
      return {
        min: PASSENGER_LIMITS.infants.min,
        max: Math.min(PASSENGER_LIMITS.infants.max, values.adultsCount),
      };
  }
}

/** Sets a passenger count, clamped to what the stepper allows. */
export function withPassengerCount(
  values: SearchFormValues,
  kind: PassengerKind,
  count: number,
): SearchFormValues {
  const { min, max } = passengerBounds(values, kind);
  const clamped = Math.min(max, Math.max(min, Math.round(count)));
  const next = { ...values, [countField[kind]]: clamped };
  if (kind === 'children') next.childrenAges = fitAges(values.childrenAges, clamped);
  if (kind === 'infants') next.infantsAges = fitAges(values.infantsAges, clamped);
  return next;
}

/** Sets the age of one child or infant (null: not chosen). */
export function withPassengerAge(
  values: SearchFormValues,
  kind: 'children' | 'infants',
  index: number,
  age: number | null,
): SearchFormValues {
  const field = kind === 'children' ? 'childrenAges' : 'infantsAges';
  const ages = fitAges(values[field], passengerCount(values, kind));
  if (index < 0 || index >= ages.length) return values;
  ages[index] = age;
  return { ...values, [field]: ages };
}

export function passengerCount(values: SearchFormValues, kind: PassengerKind): number {
  return values[countField[kind]];
}

/** '1 Adult', '2 Adults, 1 Child, 1 Infant'. */
export function passengerSummary(values: SearchFormValues): string {
  return travellerSummary({
    adults: values.adultsCount,
    children: values.childrenCount,
    infants: values.infantsCount,
  });
}

export type SearchFormResult =
  { ok: true; criteria: SearchRequest } | { ok: false; problems: RequestProblem[] };

/**
 * The submit rules: the criteria schema (field messages), then the rules across fields and
 * today's date, first the same airport at both ends, then a past departure, then a return before
 * departure. Every problem blocks the search.
 */
export function validateSearchForm(values: SearchFormValues, today: string): SearchFormResult {
  if (values.tripType === 'multi-city') return validateMultiCity(values, today);
  // An age not chosen yet is left out: the rules then ask for every one (one age per child).
  const parsed = searchCriteriaReader.safeParse({
    ...values,
    childrenAges: values.childrenAges.filter((age) => age !== null),
    infantsAges: values.infantsAges.filter((age) => age !== null),
    returnDate: values.tripType === 'round-trip' ? values.returnDate : undefined,
  });
  if (!parsed.success) {
    // One message per field: a code can break several of its checks at once.
    const problems: RequestProblem[] = [];
    for (const issue of parsed.error.issues) {
      const field = CRITERIA_FIELDS.find((name) => name === issue.path[0]);
      if (field && !problems.some((problem) => problem.field === field)) {
        problems.push({ field, message: issue.message });
      }
    }
    return { ok: false, problems };
  }
  const problems = criteriaProblems(parsed.data, today);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, criteria: parsed.data };
}
