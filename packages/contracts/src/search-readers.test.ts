import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiCitySlicesSchema, searchCriteriaSchema, searchSliceSchema } from './flight-search';
import {
  multiCitySlicesReader,
  searchCriteriaReader,
  searchSliceReader,
  type FieldReader,
} from './search-readers';
import { CABIN_CLASSES, CRITERIA_FIELDS, searchMessages, SLICE_FIELDS } from './search-rules';

// Each reader must accept what its schema accepts and give the same value (the same keys,
// undefined ones included), and refuse what it refuses with the same messages at the same paths
// in the same order (a message zod repeats at one path, each check of a field failing, counts
// once). The values tried are mostly nearly valid: valid ones, with a field left out, replaced by
// anything, or by a value a link or a form could carry.

interface ZodLike {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** Each (path, message) once where zod says it several times in a row. */
function saidOnce(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const said: { path: PropertyKey[]; message: string }[] = [];
  for (const { path, message } of issues) {
    const last = said.at(-1);
    if (last?.message === message && String(last.path) === String(path)) continue;
    said.push({ path: [...path], message });
  }
  return said;
}

function expectSame(reader: FieldReader<unknown>, schema: ZodLike, value: unknown): void {
  const read = reader.safeParse(value);
  const parsed = schema.safeParse(value);
  expect(read.success).toBe(parsed.success);
  if (read.success && parsed.success) expect(read.data).toStrictEqual(parsed.data);
  if (!read.success && !parsed.success) {
    expect(read.error.issues).toStrictEqual(saidOnce(parsed.error.issues));
  }
}

/** Mostly `valid`, sometimes one of `edges`: a value built of several stays valid often enough. */
const mostly = <T>(valid: fc.Arbitrary<T>, edges: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: edges, weight: 1 });

const anything = fc.oneof(
  fc.anything(),
  fc.constantFrom(null, undefined, '', ' ', Number.NaN, Infinity, -Infinity, true, [], {}),
  fc.constantFrom(new Date(0), Symbol('value'), 10n, [3], ['4'], () => 1),
);

const code = mostly(
  fc.constantFrom('LHR', 'CDG', ' lhr ', 'jfk', 'Lhr\n'),
  fc.oneof(
    fc.string({ maxLength: 4 }),
    fc.constantFrom('AB', 'ABCD', 'A1C', 'ß', 'ǆa', 5),
    anything,
  ),
);
const isoDate = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
  .map((day) => day.toISOString().slice(0, 10));
const day = mostly(
  fc.oneof(
    isoDate,
    isoDate.map((text) => ` ${text} `),
  ),
  fc.oneof(
    fc.constantFrom('2027-02-30', '2027-13-01', '2027-1-01', '20270101', '2024-02-29', ''),
    fc.string({ maxLength: 10 }),
    anything,
  ),
);
const count = mostly(
  fc.integer({ min: -1, max: 11 }),
  fc.oneof(
    fc.integer({ min: 0, max: 10 }).map(String),
    fc.constantFrom(' 3 ', '1e0', '0x2', '1.5', 1.5, -0, 2 ** 60, '9007199254740993'),
    fc.double(),
    anything,
  ),
);
const ageList = mostly(
  fc.oneof(
    fc.array(fc.integer({ min: -1, max: 13 }), { maxLength: 11 }),
    fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 3 }).map((ages) => ages.join(',')),
  ),
  fc.oneof(
    fc.constantFrom(',', '4,', ' 4 , 9 ', '4;9', 'a', 1.5, [1.5], [Number.NaN], ['4'], [null]),
    fc.integer({ min: -1, max: 13 }),
    fc.array(anything, { maxLength: 3 }),
    anything,
  ),
);
const optionOf = (options: readonly string[]) =>
  mostly(fc.constantFrom(...options), fc.oneof(fc.constantFrom('x', 'Economy', ''), anything));

/** An object of `fields`, each key sometimes left out, sometimes with another key added. */
function nearlyObject(fields: Record<string, fc.Arbitrary<unknown>>) {
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 3 }), anything, { maxKeys: 2 }),
    )
    .map(([own, extra]) => ({ ...extra, ...own }));
}

const slice = mostly(
  nearlyObject({ origin: code, destination: code, departureDate: day }),
  anything,
);
const criteria = mostly(
  nearlyObject({
    origin: code,
    destination: code,
    departureDate: day,
    returnDate: mostly(fc.oneof(day, fc.constant('')), anything),
    cabinClass: optionOf(CABIN_CLASSES),
    adultsCount: count,
    childrenCount: count,
    infantsCount: count,
    childrenAges: ageList,
    infantsAges: ageList,
    tripType: optionOf(['round-trip', 'one-way', 'multi-city']),
  }),
  anything,
);

const runs = { numRuns: 2_000 };
/** Each field's reader beside its schema. */
function fieldPairs(
  readers: Record<string, FieldReader<unknown>>,
  schemas: Record<string, ZodLike>,
) {
  return Object.entries(readers).map(([field, reader]) => {
    const schema = schemas[field];
    if (!schema) throw new Error(`No schema for ${field}`);
    return { field, reader, schema };
  });
}
const criteriaFields = fieldPairs(searchCriteriaReader.shape, searchCriteriaSchema.shape);
const sliceFields = fieldPairs(searchSliceReader.shape, searchSliceSchema.shape);

describe('search readers', () => {
  it('read the criteria as searchCriteriaSchema does', () => {
    fc.assert(
      fc.property(criteria, (value) =>
        expectSame(searchCriteriaReader, searchCriteriaSchema, value),
      ),
      runs,
    );
  });

  it('read each field of the criteria alone as its schema does', () => {
    expect([...CRITERIA_FIELDS]).toStrictEqual(searchCriteriaSchema.keyof().options);
    expect([...SLICE_FIELDS]).toStrictEqual(searchSliceSchema.keyof().options);
    expect(criteriaFields.map(({ field }) => field)).toStrictEqual([...CRITERIA_FIELDS]);
    expect(sliceFields.map(({ field }) => field)).toStrictEqual([...SLICE_FIELDS]);
    const values = fc.oneof(code, day, count, ageList, optionOf(CABIN_CLASSES), anything);
    fc.assert(
      fc.property(fc.constantFrom(...criteriaFields), values, ({ reader, schema }, value) =>
        expectSame(reader, schema, value),
      ),
      runs,
    );
  });

  it('read part of the criteria as the schema picked to that part does', () => {
    const party = ['cabinClass', 'adultsCount', 'childrenAges'] as const;
    const schema = searchCriteriaSchema.pick({
      cabinClass: true,
      adultsCount: true,
      childrenAges: true,
    });
    fc.assert(
      fc.property(criteria, (value) => expectSame(searchCriteriaReader.pick(party), schema, value)),
      runs,
    );
  });

  it('read a multi-city flight, and each of its fields, as searchSliceSchema does', () => {
    fc.assert(
      fc.property(
        slice,
        fc.constantFrom(...sliceFields),
        fc.oneof(code, day),
        (value, { reader, schema }, part) => {
          expectSame(searchSliceReader, searchSliceSchema, value);
          expectSame(reader, schema, part);
        },
      ),
      runs,
    );
  });

  it('read a multi-city trip’s flights as multiCitySlicesSchema does', () => {
    const slices = mostly(fc.array(slice, { maxLength: 7 }), anything);
    fc.assert(
      fc.property(slices, (value) =>
        expectSame(multiCitySlicesReader, multiCitySlicesSchema, value),
      ),
      runs,
    );
  });

  it('say what is wrong in the schema’s words', () => {
    const read = searchCriteriaReader.safeParse({
      origin: 'LH',
      destination: 'CDG',
      departureDate: '2027-02-30',
      returnDate: 5,
      cabinClass: 'luxury',
      adultsCount: 0,
      childrenAges: '4,x',
    });
    expect(read.success).toBe(false);
    expect(read.success ? [] : read.error.issues).toStrictEqual([
      { path: ['origin'], message: searchMessages.originRequired },
      { path: ['departureDate'], message: searchMessages.departureDateRequired },
      { path: ['returnDate'], message: 'Invalid input: expected string, received number' },
      {
        path: ['cabinClass'],
        message: 'Invalid option: expected one of "economy"|"premium_economy"|"business"|"first"',
      },
      { path: ['adultsCount'], message: searchMessages.adultsRequired },
      { path: ['childrenAges', 1], message: searchMessages.childAgeRange },
    ]);
  });
});
