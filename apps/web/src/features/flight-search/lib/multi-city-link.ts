import type { Airport } from '@contrail/contracts/airports';
import {
  MULTI_CITY_SLICES,
  multiCityMessages,
  requestProblems,
  searchMessages,
  type SearchCriteria,
  type SearchRequest,
  type SearchSlice,
} from '@contrail/contracts/search-rules';
import { searchSliceReader, type FieldReader } from '@contrail/contracts/search-readers';
import { sliceTextsOf } from '../../../lib/slices-param';
import {
  agesOfFailedCount,
  fieldProblem,
  PARTY_FIELDS,
  partyValues,
  problemOrder,
  readFields,
  searchLinkTexts,
  type LinkProblem,
  type SearchLinkCheck,
} from './link-problems';
import type { SliceFormValues } from './multi-city-form';
import type { SearchField } from './field-errors';
import { parseSearchPageSearch } from './search-params';

/**
 * A multi-city /search link (`tripType=multi-city&slices=…`) checked flight by flight, as the API
 * checks it: each flight's codes and date, the party, then the rules across flights (in order,
 * not in the past, within the horizon, not the same city) and the party's, and the codes
 * against the airport list once it is known. What cannot be searched is named by flight
 * (`slices.1.departureDate`), and the form opens on the Multi-City tab with everything else.
 */

const SLICE_FIELDS = ['origin', 'destination', 'departureDate'] as const;
type SliceField = (typeof SLICE_FIELDS)[number];
/** Each field of a flight read as the contract reads it. */
const sliceFieldReaders: Record<SliceField, FieldReader<string>> = searchSliceReader.shape;

/** Each flight's fields as parsed, `undefined` where the link's value failed. */
type KeptSlice = Partial<SearchSlice>;

/** The flights of the link: what parsed of each (the first five), and a problem per field. */
function readSlices(value: unknown): { slices: KeptSlice[]; problems: LinkProblem[] } {
  const texts = sliceTextsOf(value);
  if (!texts) {
    const message = multiCityMessages.tooFewSlices;
    return {
      slices: [],
      problems: [{ field: 'slices', message, reason: searchLinkTexts.missing }],
    };
  }
  const problems: LinkProblem[] = [];
  if (texts.length < MULTI_CITY_SLICES.min || texts.length > MULTI_CITY_SLICES.max) {
    const few = texts.length < MULTI_CITY_SLICES.min;
    problems.push({
      field: 'slices',
      message: few ? multiCityMessages.tooFewSlices : multiCityMessages.tooManySlices,
      reason: searchLinkTexts.flightCount(texts.length),
    });
  }
  const slices = texts.slice(0, MULTI_CITY_SLICES.max).map((text, index) => {
    const kept: KeptSlice = {};
    for (const field of SLICE_FIELDS) {
      const parsed = sliceFieldReaders[field].safeParse(text[field]);
      if (parsed.success) kept[field] = parsed.data;
      else {
        const message = parsed.error.issues[0]?.message ?? '';
        problems.push(fieldProblem(field, text[field], message, `slices.${index}.${field}`));
      }
    }
    return kept;
  });
  return { slices, problems };
}

/**
 * The rules across flights and the party's, on what parsed. A field that failed stands in with a
 * value that breaks no rule (a code of its own, the date of the flight before), and no problem is
 * reported about a field already reported; each one reported joins `failed`.
 */
function ruleProblems(
  slices: readonly KeptSlice[],
  party: Partial<SearchCriteria>,
  failed: Set<SearchField>,
  today: string,
): LinkProblem[] {
  let lastDate = today;
  const standIns: SearchSlice[] = slices.map((slice, index) => {
    lastDate = slice.departureDate ?? lastDate;
    return {
      origin: slice.origin ?? `#${index}o`,
      destination: slice.destination ?? `#${index}d`,
      departureDate: lastDate,
    };
  });
  const [first] = standIns;
  if (!first) return [];
  const request: SearchRequest = {
    ...partyValuesForRules(party),
    ...first,
    tripType: 'multi-city',
    slices: standIns,
  };
  const found: LinkProblem[] = [];
  for (const problem of requestProblems(request, today)) {
    if (problem.field === 'slices' || failed.has(problem.field)) continue;
    if (agesOfFailedCount(problem.field, failed)) continue;
    found.push({ ...problem, reason: null });
    failed.add(problem.field);
  }
  return found;
}

/** The party as the rules read it: what the link gave, the form's defaults where it failed. */
function partyValuesForRules(party: Partial<SearchCriteria>) {
  return {
    cabinClass: party.cabinClass ?? 'economy',
    adultsCount: party.adultsCount ?? 1,
    childrenCount: party.childrenCount ?? 0,
    infantsCount: party.infantsCount ?? 0,
    childrenAges: party.childrenAges ?? [],
    infantsAges: party.infantsAges ?? [],
  };
}

/** Codes that parsed but name no airport of the list (each one joins `failed`). */
function unknownAirports(
  slices: readonly KeptSlice[],
  failed: Set<SearchField>,
  airports: readonly Pick<Airport, 'iata_code'>[],
): LinkProblem[] {
  const known = new Set(airports.map((airport) => airport.iata_code));
  const found: LinkProblem[] = [];
  slices.forEach((slice, index) => {
    for (const field of ['origin', 'destination'] as const) {
      const code = slice[field];
      const at = `slices.${index}.${field}` as const;
      if (code === undefined || failed.has(at) || known.has(code)) continue;
      const message =
        field === 'origin' ? searchMessages.originRequired : searchMessages.destinationRequired;
      found.push({ field: at, message, reason: searchLinkTexts.unknownAirport(code) });
      failed.add(at);
    }
  });
  return found;
}

/**
 * The flights for the form: a field with a problem emptied (the traveller picks it again), and
 * at least two rows, the next one leaving from where the last one lands.
 */
function sliceRows(slices: readonly KeptSlice[], failed: ReadonlySet<SearchField>) {
  const keep = (slice: KeptSlice, index: number, field: SliceField) =>
    failed.has(`slices.${index}.${field}`) ? '' : (slice[field] ?? '');
  const rows: SliceFormValues[] = slices.map((slice, index) => ({
    origin: keep(slice, index, 'origin'),
    destination: keep(slice, index, 'destination'),
    departureDate: keep(slice, index, 'departureDate'),
  }));
  while (rows.length < MULTI_CITY_SLICES.min) {
    rows.push({ origin: rows.at(-1)?.destination ?? '', destination: '', departureDate: '' });
  }
  return rows;
}

export function checkMultiCityLink(
  raw: Record<string, unknown>,
  { today, airports }: { today: string; airports?: readonly Pick<Airport, 'iata_code'>[] },
): SearchLinkCheck {
  const read = readSlices(raw.slices);
  const party = readFields(raw, PARTY_FIELDS);
  const problems = [...read.problems, ...party.problems];
  const failed = new Set<SearchField>(problems.map((problem) => problem.field));
  problems.push(...ruleProblems(read.slices, party.kept, failed, today));
  if (airports) problems.push(...unknownAirports(read.slices, failed, airports));

  if (problems.length === 0) {
    const search = parseSearchPageSearch(raw);
    if (search) return { ok: true, search };
  }
  const slices = sliceRows(read.slices, failed);
  const [first] = slices;
  return {
    ok: false,
    problems: problems.sort((a, b) => problemOrder(a.field) - problemOrder(b.field)),
    values: {
      tripType: 'multi-city',
      origin: first?.origin ?? '',
      destination: first?.destination ?? '',
      departureDate: first?.departureDate ?? '',
      returnDate: '',
      ...partyValues(party.kept),
      slices,
    },
  };
}
