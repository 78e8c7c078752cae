import {
  agesToText,
  multiCityMessages,
  multiCitySlicesSchema,
  SEARCH_TRIP_TYPES,
  searchCriteriaSchema,
  type SearchSlice,
} from '@contrail/contracts/flight-search';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sliceTextsOf, slicesToParam } from '../../../lib/slices-param';
import {
  parseAirlines,
  parseFlag,
  parseHourRange,
  parsePositiveInteger,
  parseStops,
  serializeAirlines,
  serializeFlag,
  serializeHourRange,
  serializeStops,
  SORT_OPTIONS,
  TIME_WINDOW_KEYS,
  type TimeWindowKey,
} from './search-param-values';
import { parseSearchPageSearch, type SearchPageSearch } from './search-params';

// The results page reads its link without zod (`parseSearchPageSearch`). Here the same rules
// written with zod, as the page read its link before, built on the API's schemas: the reader
// must accept exactly the links they accept and give the same parameters, keys left out or kept
// (undefined) alike.

const slicesFromParam = (value: unknown): SearchSlice[] | null => {
  const texts = sliceTextsOf(value);
  const parsed = texts ? multiCitySlicesSchema.safeParse(texts) : null;
  return parsed?.success ? parsed.data : null;
};
const serializeAges = (ages: readonly number[]) => (ages.length === 1 ? ages[0] : agesToText(ages));
const param = <T>(read: (value: unknown) => T) => z.unknown().optional().transform(read);
const hourRangeParam = param((value) => serializeHourRange(parseHourRange(value)));
const timeWindowParams = Object.fromEntries(
  TIME_WINDOW_KEYS.map((key) => [key, hourRangeParam]),
) as Record<TimeWindowKey, typeof hourRangeParam>;

const searchPageObject = searchCriteriaSchema.extend({
  childrenAges: searchCriteriaSchema.shape.childrenAges.transform(serializeAges),
  infantsAges: searchCriteriaSchema.shape.infantsAges.transform(serializeAges),
  tripType: z.enum(SEARCH_TRIP_TYPES).default('round-trip'),
  slices: param((value) => {
    const slices = slicesFromParam(value);
    return slices ? slicesToParam(slices) : undefined;
  }),
  sort: z.enum(SORT_OPTIONS).exclude(['best']).optional().catch(undefined),
  stops: param((value) => serializeStops(parseStops(value))),
  airlines: param((value) => serializeAirlines(parseAirlines(value))),
  ...timeWindowParams,
  maxDuration: param(parsePositiveInteger),
  maxPrice: param(parsePositiveInteger),
  bags: param((value) => serializeFlag(parseFlag(value))),
  maxLayover: param(parsePositiveInteger),
  avoidOvernight: param((value) => serializeFlag(parseFlag(value))),
});

function withFirstSlice(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const raw = value as Record<string, unknown>;
  const first = raw.tripType === 'multi-city' ? slicesFromParam(raw.slices)?.[0] : undefined;
  return first ? { ...raw, ...first, returnDate: undefined } : value;
}

const searchPageSearchSchema = z.preprocess(
  withFirstSlice,
  searchPageObject
    .refine((search) => search.tripType !== 'multi-city' || search.slices !== undefined, {
      path: ['slices'],
      message: multiCityMessages.tooFewSlices,
    })
    .transform((search) =>
      search.tripType === 'multi-city' ? search : { ...search, slices: undefined },
    ),
);

/** The reader's type is the schema's. */
const sameType = <A, B>(same: [A] extends [B] ? ([B] extends [A] ? true : false) : false) => same;
sameType<z.output<typeof searchPageSearchSchema>, SearchPageSearch>(true);

/** Mostly `valid`, sometimes one of `edges`. */
const mostly = (valid: fc.Arbitrary<unknown>, edges: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: edges, weight: 1 });
const anything = fc.oneof(
  fc.constantFrom(null, undefined, '', ' ', Number.NaN, true, [], {}, 0, -1, 1.5),
  fc.string({ maxLength: 6 }),
  fc.integer(),
);
const code = mostly(fc.constantFrom('LHR', 'CDG', 'fco', ' JFK '), anything);
const day = mostly(
  fc.constantFrom('2027-01-10', '2027-01-14', ' 2027-02-01', '2027-02-30'),
  anything,
);
const slicesText = fc
  .array(fc.tuple(code, code, day), { maxLength: 6 })
  .map((slices) => slices.map((slice) => slice.map(String).join('.')).join('_'));
const link = fc.record(
  {
    origin: code,
    destination: code,
    departureDate: day,
    returnDate: mostly(fc.constantFrom('2027-01-20', ''), anything),
    cabinClass: mostly(fc.constantFrom('economy', 'business'), anything),
    adultsCount: mostly(fc.integer({ min: 0, max: 10 }), anything),
    childrenCount: mostly(fc.integer({ min: 0, max: 3 }), anything),
    infantsCount: mostly(fc.integer({ min: 0, max: 2 }), anything),
    childrenAges: mostly(fc.constantFrom('4,9', 7, '', '4,x'), anything),
    infantsAges: mostly(fc.constantFrom(1, '0,1', ''), anything),
    tripType: mostly(fc.constantFrom(...SEARCH_TRIP_TYPES), anything),
    slices: mostly(slicesText, anything),
    sort: mostly(fc.constantFrom(...SORT_OPTIONS), anything),
    stops: mostly(fc.constantFrom(0, '0,1', '2'), anything),
    airlines: mostly(fc.constantFrom('BA', 'ba,AA', 'B'), anything),
    outboundDepart: mostly(fc.constantFrom('6-12', '0-24', '12-6'), anything),
    flight2Arrive: mostly(fc.constantFrom('6-12', '25-26'), anything),
    maxDuration: mostly(fc.constantFrom(780, '600', '-5'), anything),
    maxPrice: mostly(fc.constantFrom(900, '0'), anything),
    bags: mostly(fc.constantFrom(1, 'true', 0), anything),
    maxLayover: mostly(fc.constantFrom(180, 'x'), anything),
    avoidOvernight: mostly(fc.constantFrom(1, '1', 'no'), anything),
  },
  { requiredKeys: [] },
);

describe('the /search link reader', () => {
  it('reads a link as the zod schema of the same rules does', () => {
    fc.assert(
      fc.property(
        fc.oneof({ arbitrary: link, weight: 9 }, { arbitrary: anything, weight: 1 }),
        (value) => {
          const parsed = searchPageSearchSchema.safeParse(value);
          expect(parseSearchPageSearch(value)).toStrictEqual(parsed.success ? parsed.data : null);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('reads a good multi-city link, and refuses one without its flights', () => {
    const trip = { tripType: 'multi-city', slices: 'LHR.CDG.2027-01-10_CDG.FCO.2027-01-14' };
    expect(parseSearchPageSearch(trip)).toStrictEqual(searchPageSearchSchema.parse(trip));
    expect(parseSearchPageSearch(trip)).toMatchObject({ origin: 'LHR', destination: 'CDG' });
    expect(parseSearchPageSearch({ ...trip, slices: 'LHR.CDG.2027-01-10' })).toBeNull();
  });
});
