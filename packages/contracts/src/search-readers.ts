import {
  ageList,
  CABIN_CLASSES,
  isIsoDate,
  MULTI_CITY_SLICES,
  multiCityMessages,
  PASSENGER_AGES,
  searchMessages,
  TRIP_TYPES,
  type SearchCriteria,
  type SearchSlice,
} from './search-rules';

// Zod-free readers of the search criteria, a multi-city flight and a multi-city trip's flights:
// the results page reads a /search link with them on its first render, before any schema has
// loaded. Each one accepts and returns exactly what its schema in `flight-search.ts` does, and
// refuses with the same messages at the same paths, in the same order (each one said once;
// `search-readers.test.ts` holds them to the schemas). The schemas stay the API's contract.

/** Where a value was refused, and the message a schema gives there. */
export interface ReadIssue {
  path: (string | number)[];
  message: string;
}

/** A read as a zod schema's `safeParse` gives it. */
export type ReadResult<T> =
  { success: true; data: T } | { success: false; error: { issues: ReadIssue[] } };

/** A value read as its schema reads it. */
export interface FieldReader<T> {
  safeParse(value: unknown): ReadResult<T>;
}

/** An object read field by field, as `z.object` reads one: `shape` reads each field alone. */
export interface ObjectReader<T> extends FieldReader<T> {
  shape: { [K in keyof T]-?: FieldReader<T[K]> };
  pick<K extends keyof T>(keys: readonly K[]): ObjectReader<Pick<T, K>>;
}

/** What a field reader gives back for a value it refused (its issues are in `issues`). */
const REFUSED: unique symbol = Symbol('refused');
type Read<T> = (
  value: unknown,
  path: (string | number)[],
  issues: ReadIssue[],
) => T | typeof REFUSED;

function refuse(issues: ReadIssue[], path: (string | number)[], message: string): typeof REFUSED {
  // Said once: zod repeats a message where several checks of one value fail.
  const last = issues.at(-1);
  const said =
    last?.message === message &&
    last.path.length === path.length &&
    last.path.every((at, index) => at === path[index]);
  if (!said) issues.push({ path: [...path], message });
  return REFUSED;
}

/** The type zod names in its default messages ("received null", "received array"). */
function received(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : String(value);
  if (typeof value !== 'object') return typeof value;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const prototype: unknown = Object.getPrototypeOf(value);
  const constructor: unknown = (value as { constructor?: unknown }).constructor;
  if (prototype !== Object.prototype && 'constructor' in value && constructor) {
    return (constructor as { name: string }).name;
  }
  return 'object';
}

const expected = (type: string, value: unknown) =>
  `Invalid input: expected ${type}, received ${received(value)}`;

/** `z.string({ error }).trim()` then `test`, else `message`. */
const text =
  (
    message: string,
    test: (read: string) => boolean,
    prepare: (read: string) => string,
  ): Read<string> =>
  (value, path, issues) => {
    if (typeof value !== 'string') return refuse(issues, path, message);
    const read = prepare(value.trim());
    return test(read) ? read : refuse(issues, path, message);
  };

const AIRPORT_CODE = /^[A-Z]{3}$/;
const airportCode = (message: string) =>
  text(
    message,
    (read) => read.length === 3 && AIRPORT_CODE.test(read),
    (read) => read.toUpperCase(),
  );
const date = (message: string) => text(message, isIsoDate, (read) => read);

/** `returnDate`: optional; blank is none; a text that is no date is refused. */
const returnDate: Read<string | undefined> = (value, path, issues) => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return refuse(issues, path, expected('string', value));
  const read = value.trim();
  if (read === '') return undefined;
  return isIsoDate(read) ? read : refuse(issues, path, searchMessages.returnDateRequired);
};

/** `z.enum(options).default(fallback)`. */
const option =
  <T extends string>(options: readonly T[], fallback: T): Read<T> =>
  (value, path, issues) => {
    if (value === undefined) return fallback;
    if (options.includes(value as T)) return value as T;
    const list = options.map((item) => JSON.stringify(item)).join('|');
    return refuse(issues, path, `Invalid option: expected one of ${list}`);
  };

/** A whole number from `min` to `max`, as `z.number().int().min().max()` takes one. */
const wholeNumber = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;

/** `z.coerce.number({ error }).int().min().max().default(fallback)`, all refused as `message`. */
const count =
  (min: number, max: number, message: string, fallback: number): Read<number> =>
  (value, path, issues) => {
    if (value === undefined) return fallback;
    let number: number;
    try {
      number = Number(value);
    } catch {
      return refuse(issues, path, message);
    }
    return wholeNumber(number, min, max) ? number : refuse(issues, path, message);
  };

/** A value with a `length` over `max` (a text, say), as zod's `max` tests it. */
function longerThan(value: unknown, max: number): boolean {
  if (value === null || value === undefined) return false;
  const { length } = value as { length?: unknown };
  return typeof length === 'number' && length > max;
}

/** Ages from a list or a comma-separated text (`ageList`), each one refused at its index. */
const ages =
  ({ min, max }: { min: number; max: number }, message: string): Read<number[]> =>
  (value, path, issues) => {
    const list = ageList(value);
    // More than 9 is refused as a whole, before any age is read (as zod's `max` does).
    if (!Array.isArray(list) || list.length > 9) return refuse(issues, path, message);
    const before = issues.length;
    const read: number[] = [];
    list.forEach((age: unknown, index) => {
      if (wholeNumber(age, min, max)) read.push(age as number);
      else refuse(issues, [...path, index], message);
    });
    return issues.length === before ? read : REFUSED;
  };

type Fields<T> = { [K in keyof T]-?: Read<T[K]> };

/** `z.object(fields)` at `path`: each field read by its reader in order, other keys dropped. */
function readObject<T>(fields: Fields<T>): Read<T> {
  return (value, path, issues) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return refuse(issues, path, expected('object', value));
    }
    const source = value as Record<string, unknown>;
    const before = issues.length;
    const read: Record<string, unknown> = {};
    for (const [key, field] of Object.entries<Read<unknown>>(fields)) {
      const inner = field(source[key], [...path, key], issues);
      if (inner !== REFUSED && (inner !== undefined || key in source)) read[key] = inner;
    }
    return issues.length === before ? (read as T) : REFUSED;
  };
}

function fieldReader<T>(read: Read<T>): FieldReader<T> {
  return {
    safeParse(value) {
      const issues: ReadIssue[] = [];
      const data = read(value, [], issues);
      return data === REFUSED || issues.length > 0
        ? { success: false, error: { issues } }
        : { success: true, data };
    },
  };
}

function objectReader<T>(fields: Fields<T>): ObjectReader<T> {
  const shape = Object.fromEntries(
    Object.entries<Read<unknown>>(fields).map(([key, field]) => [key, fieldReader(field)]),
  ) as ObjectReader<T>['shape'];
  return {
    ...fieldReader(readObject(fields)),
    shape,
    pick: <K extends keyof T>(keys: readonly K[]) =>
      objectReader(
        Object.fromEntries(keys.map((key) => [key, fields[key]])) as unknown as Fields<Pick<T, K>>,
      ),
  };
}

const sliceFields: Fields<SearchSlice> = {
  origin: airportCode(searchMessages.originRequired),
  destination: airportCode(searchMessages.destinationRequired),
  departureDate: date(searchMessages.departureDateRequired),
};

/** `searchSliceSchema`: one flight of a multi-city trip. */
export const searchSliceReader = objectReader(sliceFields);

/** `multiCitySlicesSchema`: the flights of a multi-city trip, 2 to 5 of them. */
export const multiCitySlicesReader = fieldReader<SearchSlice[]>((value, path, issues) => {
  if (!Array.isArray(value)) {
    // Then zod's `max` still reads the value's length (a text's).
    refuse(issues, path, multiCityMessages.tooFewSlices);
    if (longerThan(value, MULTI_CITY_SLICES.max)) {
      refuse(issues, path, multiCityMessages.tooManySlices);
    }
    return REFUSED;
  }
  // Too many is refused as a whole; too few once each flight is read.
  if (value.length > MULTI_CITY_SLICES.max) {
    return refuse(issues, path, multiCityMessages.tooManySlices);
  }
  const before = issues.length;
  const slice = readObject(sliceFields);
  const read = value.map((item: unknown, index) => slice(item, [...path, index], issues));
  if (value.length < MULTI_CITY_SLICES.min) refuse(issues, path, multiCityMessages.tooFewSlices);
  return issues.length === before ? (read as SearchSlice[]) : REFUSED;
});

/** `searchCriteriaSchema`: the search criteria, as the API and the /search URL give them. */
export const searchCriteriaReader = objectReader<SearchCriteria>({
  origin: airportCode(searchMessages.originRequired),
  destination: airportCode(searchMessages.destinationRequired),
  departureDate: date(searchMessages.departureDateRequired),
  returnDate,
  cabinClass: option(CABIN_CLASSES, 'economy'),
  adultsCount: count(1, 9, searchMessages.adultsRequired, 1),
  childrenCount: count(0, 9, searchMessages.childrenRange, 0),
  infantsCount: count(0, 9, searchMessages.infantsRange, 0),
  childrenAges: ages(PASSENGER_AGES.children, searchMessages.childAgeRange),
  infantsAges: ages(PASSENGER_AGES.infants, searchMessages.infantAgeRange),
  tripType: option(TRIP_TYPES, 'round-trip'),
});
