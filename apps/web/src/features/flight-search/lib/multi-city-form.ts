import {
  addDays,
  addMonths,
  BOOKING_HORIZON_MONTHS,
  MULTI_CITY_SLICES,
  multiCityMessages,
  requestProblems,
  type RequestProblem,
  type SearchRequest,
  type SearchSlice,
} from '@contrail/contracts/search-rules';
import { searchCriteriaReader, searchSliceReader } from '@contrail/contracts/search-readers';

/** One flight of the Multi-City tab. Codes and date are '' until chosen. */
export interface SliceFormValues {
  origin: string;
  destination: string;
  departureDate: string;
}

/** What the multi-city rules read of the search form (its values, without the form's module). */
export interface MultiCityFormValues {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string;
  tripType: string;
  cabinClass: SearchRequest['cabinClass'];
  adultsCount: number;
  childrenCount: number;
  infantsCount: number;
  childrenAges: (number | null)[];
  infantsAges: (number | null)[];
  slices: SliceFormValues[];
}

export type MultiCityResult =
  { ok: true; criteria: SearchRequest } | { ok: false; problems: RequestProblem[] };

/** A flight added after another leaves this many days later (a few days in each city). */
const NEXT_FLIGHT_GAP_DAYS = 3;

const SLICE_FIELDS = ['origin', 'destination', 'departureDate'] as const;

/**
 * Every field of every flight, as the form names them (`slices.1.departureDate`): a flight
 * removed, or another trip type, moves or ends their messages.
 */
export const SLICE_FIELD_PATHS = Array.from({ length: MULTI_CITY_SLICES.max }).flatMap((_, index) =>
  SLICE_FIELDS.map((field) => `slices.${index}.${field}` as const),
);

/** A day some days after `date`, kept within the booking horizon; '' after no date. */
function dayAfter(date: string, days: number, today: string): string {
  if (!date) return '';
  const next = addDays(date, days);
  return next > addMonths(today, BOOKING_HORIZON_MONTHS) ? date : next;
}

/**
 * The first two flights, from the trip on the form: its outbound, then on from where it lands
 * (back home on the return date for a round trip, as the second flight of that trip).
 */
export function seedSlices(values: MultiCityFormValues, today = values.departureDate) {
  const roundTrip = values.tripType === 'round-trip';
  const first: SliceFormValues = {
    origin: values.origin,
    destination: values.destination,
    departureDate: values.departureDate,
  };
  const second: SliceFormValues = {
    origin: values.destination,
    destination: roundTrip ? values.origin : '',
    departureDate:
      roundTrip && values.returnDate
        ? values.returnDate
        : dayAfter(values.departureDate, NEXT_FLIGHT_GAP_DAYS, today),
  };
  return [first, second];
}

export function sliceFormValuesOf(slice: SearchSlice): SliceFormValues {
  return {
    origin: slice.origin,
    destination: slice.destination,
    departureDate: slice.departureDate,
  };
}

/** Every flight moved by the same number of days (a last search whose dates have passed). */
export function shiftSlices(slices: readonly SliceFormValues[], days: number): SliceFormValues[] {
  return slices.map((slice) => ({
    ...slice,
    departureDate: slice.departureDate ? addDays(slice.departureDate, days) : '',
  }));
}

/** One more flight, up to five: on from where the last one lands, a few days later. */
export function withSliceAdded<V extends MultiCityFormValues>(values: V, today: string): V {
  const last = values.slices.at(-1);
  if (!last || values.slices.length >= MULTI_CITY_SLICES.max) return values;
  const next: SliceFormValues = {
    origin: last.destination,
    destination: '',
    departureDate: dayAfter(last.departureDate, NEXT_FLIGHT_GAP_DAYS, today),
  };
  return { ...values, slices: [...values.slices, next] };
}

/** One flight fewer, never below two. */
export function withSliceRemoved<V extends MultiCityFormValues>(values: V, index: number): V {
  if (values.slices.length <= MULTI_CITY_SLICES.min) return values;
  return { ...values, slices: values.slices.filter((_, i) => i !== index) };
}

/**
 * A change to one flight. A new destination becomes the next flight's origin when that one was
 * empty or came from the old destination; a new date moves any later flight that would leave
 * before it to the same day (as a return moves with the departure).
 */
export function withSliceChange<V extends MultiCityFormValues>(
  values: V,
  index: number,
  change: Partial<SliceFormValues>,
): V {
  const current = values.slices[index];
  if (!current) return values;
  const slices = values.slices.map((slice, i) => (i === index ? { ...slice, ...change } : slice));
  const next = slices[index + 1];
  if (
    change.destination !== undefined &&
    next &&
    (next.origin === '' || next.origin === current.destination)
  ) {
    slices[index + 1] = { ...next, origin: change.destination };
  }
  const date = change.departureDate;
  if (date) {
    for (let i = index + 1; i < slices.length; i += 1) {
      const later = slices[i];
      if (later?.departureDate && later.departureDate < date) {
        slices[i] = { ...later, departureDate: date };
      }
    }
  }
  return { ...values, slices };
}

/** The earliest day a flight's date picker offers: today, or the day the flight before leaves. */
export function sliceDateMin(slices: readonly SliceFormValues[], index: number, today: string) {
  const previous = slices
    .slice(0, index)
    .map((slice) => slice.departureDate)
    .filter(Boolean)
    .at(-1);
  return previous && previous > today ? previous : today;
}

const PARTY_FIELDS = [
  'cabinClass',
  'adultsCount',
  'childrenCount',
  'infantsCount',
  'childrenAges',
  'infantsAges',
] as const;
const partyReader = searchCriteriaReader.pick(PARTY_FIELDS);

/** Each flight's fields checked by the contract: its flights, or a problem per field. */
function parseSlices(rows: readonly SliceFormValues[]) {
  const problems: RequestProblem[] = [];
  const slices: SearchSlice[] = [];
  rows.forEach((row, index) => {
    const parsed = searchSliceReader.safeParse(row);
    if (parsed.success) {
      slices.push(parsed.data);
      return;
    }
    for (const field of SLICE_FIELDS) {
      const issue = parsed.error.issues.find((candidate) => candidate.path[0] === field);
      if (issue) problems.push({ field: `slices.${index}.${field}`, message: issue.message });
    }
  });
  if (rows.length < MULTI_CITY_SLICES.min) {
    problems.unshift({ field: 'slices', message: multiCityMessages.tooFewSlices });
  }
  return { slices, problems };
}

/**
 * The Multi-City tab's submit rules, as the API checks them: each flight's fields, the party,
 * then the rules across flights and today's date (`sliceProblems`) and the party's.
 */
export function validateMultiCity(values: MultiCityFormValues, today: string): MultiCityResult {
  const { slices, problems } = parseSlices(values.slices);
  // An age not chosen yet is left out: the rules then ask for every one.
  const party = partyReader.safeParse({
    ...values,
    childrenAges: values.childrenAges.filter((age) => age !== null),
    infantsAges: values.infantsAges.filter((age) => age !== null),
  });
  if (!party.success) {
    for (const issue of party.error.issues) {
      const field = PARTY_FIELDS.find((name) => name === issue.path[0]);
      if (field && !problems.some((problem) => problem.field === field)) {
        problems.push({ field, message: issue.message });
      }
    }
  }
  const [first] = slices;
  if (problems.length > 0 || !party.success || !first) return { ok: false, problems };
  const criteria: SearchRequest = {
    ...party.data,
    origin: first.origin,
    destination: first.destination,
    departureDate: first.departureDate,
    returnDate: undefined,
    tripType: 'multi-city',
    slices,
  };
  const rules = requestProblems(criteria, today);
  return rules.length > 0 ? { ok: false, problems: rules } : { ok: true, criteria };
}
