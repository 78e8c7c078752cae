import type { Airport } from '@contrail/contracts/airports';
import {
  criteriaProblems,
  PASSENGER_LIMITS,
  searchCriteriaSchema,
  searchMessages,
  type SearchCriteria,
  type TripType,
} from '@contrail/contracts/flight-search';
import { fitAges, type SearchFormValues } from './search-form';
import { parseSearchPageSearch, type SearchPageSearch } from './search-params';

/**
 * A /search link checked field by field, so that a shared or old link that cannot be searched
 * says on the page what is wrong with which field, and the form keeps everything else. The
 * messages are the search form's own (the contract's); `reason` adds what was wrong with the
 * value in the link where the message alone would not say it (an impossible date, an unknown
 * airport code).
 */

export type CriteriaField = keyof SearchCriteria;
const CRITERIA_FIELDS = searchCriteriaSchema.keyof().options;

/** The names the search form gives the fields. */
export const criteriaFieldLabels: Record<CriteriaField, string> = {
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
  chooseTripType: 'Please choose Round Trip or One Way',
  notAges: (value: string) => `“${value}” is not a list of ages`,
} as const;

export interface LinkProblem {
  field: CriteriaField;
  /** The form's message for the field. */
  message: string;
  /** What was wrong with the link's value, when the message does not say it. */
  reason: string | null;
}

export type SearchLinkCheck =
  | { ok: true; search: SearchPageSearch }
  | { ok: false; problems: LinkProblem[]; values: SearchFormValues };

/** Whether the URL asks for a search at all; a bare /search has nothing to explain. */
export function isSearchLink(raw: Record<string, unknown>): boolean {
  return CRITERIA_FIELDS.some((field) => raw[field] !== undefined);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : JSON.stringify(value);
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

/** Why a value the schema refused is wrong, in the form's words. */
function fieldProblem(field: CriteriaField, value: unknown, message: string): LinkProblem {
  if (isMissing(value)) return { field, message, reason: searchLinkTexts.missing };
  const given = text(value);
  switch (field) {
    case 'origin':
    case 'destination':
      return { field, message, reason: searchLinkTexts.notAnAirportCode(given) };
    case 'departureDate':
    case 'returnDate':
      return { field, message, reason: searchLinkTexts.notADate(given) };
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
    case 'infantsCount': {
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
    case 'childrenAges':
    case 'infantsAges':
      return { field, message, reason: searchLinkTexts.notAges(given) };
  }
}

/** Fields whose rule problem empties them in the form: the traveller picks them again. */
const CLEARED_ON_PROBLEM = new Set<CriteriaField>([
  'origin',
  'destination',
  'departureDate',
  'returnDate',
]);

/**
 * Checks a /search URL as the API would (the schema, then the rules needing today's date), plus
 * the airport codes against the airport list once it is known. `today` is the traveller's date.
 */
export function checkSearchLink(
  raw: Record<string, unknown>,
  { today, airports }: { today: string; airports?: readonly Pick<Airport, 'iata_code'>[] },
): SearchLinkCheck {
  const problems: LinkProblem[] = [];
  const kept: Partial<SearchCriteria> = {};
  const shape = searchCriteriaSchema.shape;

  const trip = shape.tripType.safeParse(raw.tripType);
  const tripType: TripType = trip.success ? trip.data : 'round-trip';
  if (!trip.success) problems.push(fieldProblem('tripType', raw.tripType, ''));

  for (const field of CRITERIA_FIELDS) {
    if (field === 'tripType' || (field === 'returnDate' && tripType === 'one-way')) continue;
    const parsed = shape[field].safeParse(raw[field]);
    if (parsed.success) {
      Object.assign(kept, { [field]: parsed.data });
    } else {
      problems.push(fieldProblem(field, raw[field], parsed.error.issues[0]?.message ?? ''));
    }
  }

  const failed = new Set(problems.map((problem) => problem.field));
  // The rules across fields, on what parsed. A field that failed is left to its default, or
  // stands in with a value that breaks no rule; no rule problem is reported about a field
  // already reported. Parsed again through the schema, so every field has its value.
  const standIns: Partial<Record<CriteriaField, string>> = {
    origin: kept.destination === 'AAA' ? 'AAB' : 'AAA',
    destination: kept.origin === 'AAA' ? 'AAB' : 'AAA',
    departureDate: today,
  };
  const forRules: Record<string, unknown> = { tripType };
  for (const field of CRITERIA_FIELDS) {
    if (field === 'tripType' || (field === 'returnDate' && tripType === 'one-way')) continue;
    forRules[field] = failed.has(field) ? standIns[field] : raw[field];
  }
  const whole = searchCriteriaSchema.safeParse(forRules);
  const ruleProblems = whole.success ? criteriaProblems(whole.data, today) : [];
  for (const problem of ruleProblems) {
    if (failed.has(problem.field)) continue;
    // Ages are counted against a number of children or infants the link did give.
    if (problem.field === 'childrenAges' && failed.has('childrenCount')) continue;
    if (problem.field === 'infantsAges' && failed.has('infantsCount')) continue;
    // Against a departure that failed, only a missing return is worth saying.
    if (
      problem.field === 'returnDate' &&
      failed.has('departureDate') &&
      kept.returnDate !== undefined
    ) {
      continue;
    }
    const missingReturn = problem.field === 'returnDate' && kept.returnDate === undefined;
    problems.push({ ...problem, reason: missingReturn ? searchLinkTexts.missing : null });
    failed.add(problem.field);
  }

  if (airports) {
    const known = new Set(airports.map((airport) => airport.iata_code));
    for (const field of ['origin', 'destination'] as const) {
      const code = kept[field];
      if (code === undefined || failed.has(field) || known.has(code)) continue;
      problems.push({
        field,
        message:
          field === 'origin' ? searchMessages.originRequired : searchMessages.destinationRequired,
        reason: searchLinkTexts.unknownAirport(code),
      });
      failed.add(field);
    }
  }

  if (problems.length === 0) {
    // A one-way link may carry a return date of any kind: it is not part of the search.
    const { returnDate, ...oneWay } = raw;
    const search = parseSearchPageSearch(
      tripType === 'one-way' ? oneWay : { ...oneWay, returnDate },
    );
    if (search) return { ok: true, search };
  }

  const value = <F extends CriteriaField>(field: F): SearchCriteria[F] | undefined =>
    CLEARED_ON_PROBLEM.has(field) && failed.has(field) ? undefined : kept[field];
  const order = (problem: LinkProblem) => CRITERIA_FIELDS.indexOf(problem.field);
  return {
    ok: false,
    problems: problems.sort((a, b) => order(a) - order(b)),
    values: {
      tripType,
      origin: value('origin') ?? '',
      destination: value('destination') ?? '',
      departureDate: value('departureDate') ?? '',
      returnDate: tripType === 'round-trip' ? (value('returnDate') ?? '') : '',
      cabinClass: kept.cabinClass ?? 'economy',
      adultsCount: kept.adultsCount ?? 1,
      childrenCount: kept.childrenCount ?? 0,
      infantsCount: kept.infantsCount ?? 0,
      // The ages the link gave, a blank for each one missing: an older link without ages
      // opens the form asking for them.
      childrenAges: fitAges(kept.childrenAges ?? [], kept.childrenCount ?? 0),
      infantsAges: fitAges(kept.infantsAges ?? [], kept.infantsCount ?? 0),
    },
  };
}
