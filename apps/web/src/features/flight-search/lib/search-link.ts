import type { Airport } from '@contrail/contracts/airports';
import {
  criteriaProblems,
  searchMessages,
  type SearchCriteria,
  type TripType,
} from '@contrail/contracts/search-rules';
import { searchCriteriaReader } from '@contrail/contracts/search-readers';
import {
  agesOfFailedCount,
  CRITERIA_FIELDS,
  fieldProblem,
  partyValues,
  problemOrder,
  readFields,
  searchLinkTexts,
  type CriteriaField,
  type LinkProblem,
  type SearchLinkCheck,
} from './link-problems';
import { checkMultiCityLink } from './multi-city-link';
import type { SearchField } from './field-errors';
import { parseSearchPageSearch } from './search-params';

/**
 * A /search link checked field by field, so that a shared or old link that cannot be searched
 * says on the page what is wrong with which field, and the form keeps everything else
 * (`link-problems.ts` has the words). A multi-city link is checked flight by flight
 * (`multi-city-link.ts`).
 */

/** Whether the URL asks for a search at all; a bare /search has nothing to explain. */
export function isSearchLink(raw: Record<string, unknown>): boolean {
  return CRITERIA_FIELDS.some((field) => raw[field] !== undefined) || raw.slices !== undefined;
}

/** Fields whose rule problem empties them in the form: the traveller picks them again. */
const CLEARED_ON_PROBLEM = new Set<SearchField>([
  'origin',
  'destination',
  'departureDate',
  'returnDate',
]);

interface LinkOptions {
  /** The traveller's date. */
  today: string;
  /** The airport list, once it is known: the codes are checked against it. */
  airports?: readonly Pick<Airport, 'iata_code'>[];
}

/**
 * Checks a /search URL as the API would (the schema, then the rules needing today's date), plus
 * the airport codes against the airport list once it is known.
 */
export function checkSearchLink(
  raw: Record<string, unknown>,
  options: LinkOptions,
): SearchLinkCheck {
  if (raw.tripType === 'multi-city') return checkMultiCityLink(raw, options);
  const { today, airports } = options;
  const trip = searchCriteriaReader.shape.tripType.safeParse(raw.tripType);
  const tripType: TripType = trip.success ? trip.data : 'round-trip';
  const fields = CRITERIA_FIELDS.filter(
    (field) => field !== 'tripType' && !(field === 'returnDate' && tripType === 'one-way'),
  );
  const { kept, problems } = readFields(raw, fields);
  if (!trip.success) problems.unshift(fieldProblem('tripType', raw.tripType, ''));

  const failed = new Set<SearchField>(problems.map((problem) => problem.field));
  problems.push(...ruleProblems(raw, { tripType, kept, failed, today, fields }));
  if (airports) problems.push(...unknownAirports(kept, failed, airports));

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
  return {
    ok: false,
    problems: problems.sort((a, b) => problemOrder(a.field) - problemOrder(b.field)),
    values: {
      tripType,
      origin: value('origin') ?? '',
      destination: value('destination') ?? '',
      departureDate: value('departureDate') ?? '',
      returnDate: tripType === 'round-trip' ? (value('returnDate') ?? '') : '',
      ...partyValues(kept),
      slices: [],
    },
  };
}

/**
 * The rules across fields, on what parsed. A field that failed is left to its default, or stands
 * in with a value that breaks no rule; no rule problem is reported about a field already
 * reported (and each one reported joins `failed`). Parsed again through the schema, so every
 * field has its value.
 */
function ruleProblems(
  raw: Record<string, unknown>,
  context: {
    tripType: TripType;
    kept: Partial<SearchCriteria>;
    failed: Set<SearchField>;
    today: string;
    fields: readonly CriteriaField[];
  },
): LinkProblem[] {
  const { tripType, kept, failed, today, fields } = context;
  const standIns: Partial<Record<CriteriaField, string>> = {
    origin: kept.destination === 'AAA' ? 'AAB' : 'AAA',
    destination: kept.origin === 'AAA' ? 'AAB' : 'AAA',
    departureDate: today,
  };
  const forRules: Record<string, unknown> = { tripType };
  for (const field of fields) forRules[field] = failed.has(field) ? standIns[field] : raw[field];
  const whole = searchCriteriaReader.safeParse(forRules);
  const found: LinkProblem[] = [];
  for (const problem of whole.success ? criteriaProblems(whole.data, today) : []) {
    if (failed.has(problem.field) || agesOfFailedCount(problem.field, failed)) continue;
    // Against a departure that failed, only a missing return is worth saying.
    const missingReturn = problem.field === 'returnDate' && kept.returnDate === undefined;
    if (problem.field === 'returnDate' && failed.has('departureDate') && !missingReturn) continue;
    found.push({ ...problem, reason: missingReturn ? searchLinkTexts.missing : null });
    failed.add(problem.field);
  }
  return found;
}

/** Codes that parsed but name no airport of the list (each one joins `failed`). */
function unknownAirports(
  kept: Partial<SearchCriteria>,
  failed: Set<SearchField>,
  airports: readonly Pick<Airport, 'iata_code'>[],
): LinkProblem[] {
  const known = new Set(airports.map((airport) => airport.iata_code));
  const found: LinkProblem[] = [];
  for (const field of ['origin', 'destination'] as const) {
    const code = kept[field];
    if (code === undefined || failed.has(field) || known.has(code)) continue;
    found.push({
      field,
      message:
        field === 'origin' ? searchMessages.originRequired : searchMessages.destinationRequired,
      reason: searchLinkTexts.unknownAirport(code),
    });
    failed.add(field);
  }
  return found;
}
