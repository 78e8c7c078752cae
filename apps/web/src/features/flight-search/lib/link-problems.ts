import {
  PASSENGER_LIMITS,
  CRITERIA_FIELDS,
  searchMessages,
  type SearchCriteria,
} from '@contrail/contracts/search-rules';
import { searchCriteriaReader } from '@contrail/contracts/search-readers';
import { fitAges, type SearchFormValues } from './search-form';
import type { SearchField } from './field-errors';
import type { SearchPageSearch } from './search-params';

/**
 * What a /search link that cannot be searched says, field by field, shared by the checks of
 * the trips with one or two slices (`search-link.ts`) and of multi-city trips
 * (`multi-city-link.ts`). The messages are the search form's own (the contract's); `reason` adds
 * what was wrong with the value in the link where the message alone would not say it (an
 * impossible date, an unknown airport code).
 */

export type CriteriaField = keyof SearchCriteria;
export { CRITERIA_FIELDS };

/** The names the search form gives the fields. */
const criteriaFieldLabels: Record<CriteriaField, string> = {
  origin: 'From',
  destination: 'To',
  departureDate: 'Departure',
  returnDate: 'Return',
  cabinClass: 'Class',
  adultsCount: 'Adults',
  childrenCount: 'Children',
  infantsCount: 'Infants',
  childrenAges: 'Children’s ages',
  infantsAges: 'Infants’ ages',
  tripType: 'Trip type',
};

export const searchLinkTexts = {
  title: 'Check this search',
  intro: 'The link you followed asks for a search we cannot run:',
  outro:
    'Everything else from the link is filled in below. Correct the marked fields and search again.',
  missing: 'not in the link',
  notADate: (value: string) => `“${value}” is not a date on the calendar`,
  notAnAirportCode: (value: string) => `“${value}” is not an airport code`,
  unknownAirport: (code: string) => `no airport has the code ${code}`,
  notANumber: (value: string) => `“${value}” is not a whole number`,
  notACabin: (value: string) => `“${value}” is not a class we sell`,
  chooseCabin: 'Please choose Economy, Premium Economy, Business or First',
  notATripType: (value: string) => `“${value}” is not a trip type`,
  chooseTripType: 'Please choose Round Trip, One Way or Multi-City',
  notAges: (value: string) => `“${value}” is not a list of ages`,
  flights: 'Flights',
  flightCount: (count: number) => `the link has ${count} ${count === 1 ? 'flight' : 'flights'}`,
} as const;

/** 'From', or a multi-city flight's field: 'Flight 2, Departure'; its flights: 'Flights'. */
export function linkFieldLabel(field: SearchField): string {
  if (field === 'slices') return searchLinkTexts.flights;
  const slice = /^slices\.(\d+)\.(\w+)$/.exec(field);
  if (!slice) return criteriaFieldLabels[field as CriteriaField];
  const name = criteriaFieldLabels[slice[2] as CriteriaField];
  return `Flight ${Number(slice[1]) + 1}, ${name}`;
}

export interface LinkProblem {
  field: SearchField;
  /** The form's message for the field. */
  message: string;
  /** What was wrong with the link's value, when the message does not say it. */
  reason: string | null;
}

export type SearchLinkCheck =
  | { ok: true; search: SearchPageSearch }
  | { ok: false; problems: LinkProblem[]; values: SearchFormValues };

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : JSON.stringify(value);
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

/** Why a value the schema refused is wrong, in the form's words (`at`: a flight's field). */
export function fieldProblem(
  field: CriteriaField,
  value: unknown,
  message: string,
  at: SearchField = field,
): LinkProblem {
  if (isMissing(value)) return { field: at, message, reason: searchLinkTexts.missing };
  const given = text(value);
  switch (field) {
    case 'origin':
    case 'destination':
      return { field: at, message, reason: searchLinkTexts.notAnAirportCode(given) };
    case 'departureDate':
    case 'returnDate':
      return { field: at, message, reason: searchLinkTexts.notADate(given) };
    case 'cabinClass':
      return {
        field,
        message: searchLinkTexts.chooseCabin,
        reason: searchLinkTexts.notACabin(given),
      };
    case 'tripType':
      return {
        field,
        message: searchLinkTexts.chooseTripType,
        reason: searchLinkTexts.notATripType(given),
      };
    case 'adultsCount':
    case 'childrenCount':
    case 'infantsCount':
      return countProblem(field, given, message);
    case 'childrenAges':
    case 'infantsAges':
      return { field, message, reason: searchLinkTexts.notAges(given) };
  }
}

function countProblem(field: CriteriaField, given: string, message: string): LinkProblem {
  const number = Number(given);
  if (!Number.isInteger(number)) {
    return { field, message, reason: searchLinkTexts.notANumber(given) };
  }
  // The schema gives one message per field; more than nine adults deserves its own.
  if (field === 'adultsCount' && number > PASSENGER_LIMITS.adults.max) {
    return { field, message: searchMessages.adultsMax, reason: null };
  }
  return { field, message, reason: null };
}

/** The fields of a link each checked by the schema: the values kept, and a problem per field. */
export function readFields(
  raw: Record<string, unknown>,
  fields: readonly CriteriaField[],
): { kept: Partial<SearchCriteria>; problems: LinkProblem[] } {
  const kept: Partial<SearchCriteria> = {};
  const problems: LinkProblem[] = [];
  const shape = searchCriteriaReader.shape;
  for (const field of fields) {
    const parsed = shape[field].safeParse(raw[field]);
    if (parsed.success) Object.assign(kept, { [field]: parsed.data });
    else problems.push(fieldProblem(field, raw[field], parsed.error.issues[0]?.message ?? ''));
  }
  return { kept, problems };
}

/** The party and class fields of a link: every trip has them. */
export const PARTY_FIELDS = [
  'cabinClass',
  'adultsCount',
  'childrenCount',
  'infantsCount',
  'childrenAges',
  'infantsAges',
] as const satisfies readonly CriteriaField[];

/** A rule problem about ages is not worth saying when the count they go with failed. */
export function agesOfFailedCount(field: SearchField, failed: ReadonlySet<SearchField>): boolean {
  return (
    (field === 'childrenAges' && failed.has('childrenCount')) ||
    (field === 'infantsAges' && failed.has('infantsCount'))
  );
}

/** The form's order: a multi-city trip's flights, row by row, then the fields of the form. */
export function problemOrder(field: SearchField): number {
  if (field === 'slices') return -1;
  const slice = /^slices\.(\d+)\.(\w+)$/.exec(field);
  if (slice) {
    return (
      Number(slice[1]) * 3 + ['origin', 'destination', 'departureDate'].indexOf(slice[2] ?? '')
    );
  }
  return 100 + CRITERIA_FIELDS.indexOf(field as CriteriaField);
}

/** The form's party fields as a link kept them: the defaults where it failed. */
export function partyValues(kept: Partial<SearchCriteria>) {
  const childrenCount = kept.childrenCount ?? 0;
  const infantsCount = kept.infantsCount ?? 0;
  return {
    cabinClass: kept.cabinClass ?? 'economy',
    adultsCount: kept.adultsCount ?? 1,
    childrenCount,
    infantsCount,
    // The ages the link gave, a blank for each one missing: an older link without ages opens the
    // form asking for them.
    childrenAges: fitAges(kept.childrenAges ?? [], childrenCount),
    infantsAges: fitAges(kept.infantsAges ?? [], infantsCount),
  };
}
