// The readers of the routes' search params (`validateSearch`), without zod: the router is in the
// entry chunk, and zod would add about 26 KB gzipped to it. A parameter that cannot be read is
// dropped rather than refused (left undefined), as zod's `.optional().catch(undefined)` drops it;
// `search-param-readers.test.ts` holds each reader to that zod schema. The API checks again in
// full whatever it is sent.

/** Reads one parameter: its value, or undefined when absent or unreadable. */
export type ParamReader<T> = (value: unknown) => T | undefined;

const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A text, trimmed when asked, of `min` to `max` characters: `z.string().trim().min().max()`. */
export function text({
  trim = false,
  min = 0,
  max = Infinity,
}: { trim?: boolean; min?: number; max?: number } = {}): ParamReader<string> {
  return (value) => {
    if (typeof value !== 'string') return undefined;
    const read = trim ? value.trim() : value;
    return read.length >= min && read.length <= max ? read : undefined;
  };
}

/** Any value as its text: `z.coerce.string()`. */
export const anyText: ParamReader<string> = (value) => {
  if (value === undefined) return undefined;
  try {
    // As zod coerces: an object's own text, `[object Object]` included.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    return String(value);
  } catch {
    return undefined;
  }
};

/** One of `values`: `z.enum(values)` (one value: `z.literal`). */
export function oneOf<const T extends string>(values: readonly T[]): ParamReader<T> {
  return (value) => (values.includes(value as T) ? (value as T) : undefined);
}

/** A whole number from `min` to `max`, from a number or its text: `z.coerce.number().int()`. */
export function wholeNumber(min: number, max: number): ParamReader<number> {
  return (value) => {
    if (value === undefined) return undefined;
    let number: number;
    try {
      number = Number(value);
    } catch {
      return undefined;
    }
    return Number.isSafeInteger(number) && number >= min && number <= max ? number : undefined;
  };
}

/** An id: `z.uuid()`. */
export const uuid: ParamReader<string> = (value) =>
  typeof value === 'string' && UUID.test(value) ? value : undefined;

/** A date written `YYYY-MM-DD` (not checked further). */
export const isoDate: ParamReader<string> = (value) =>
  typeof value === 'string' && ISO_DATE.test(value) ? value : undefined;

/** What `first` reads, else what `second` reads: `z.union([first, second])`. */
export function either<A, B>(first: ParamReader<A>, second: ParamReader<B>): ParamReader<A | B> {
  return (value) => {
    const read = first(value);
    return read === undefined ? second(value) : read;
  };
}

type Shape = Record<string, ParamReader<unknown>>;
export type SearchOf<S extends Shape> = {
  [K in keyof S]?: S[K] extends ParamReader<infer T> ? T | undefined : never;
};

/**
 * A route's `validateSearch`: each parameter of `shape` read by its reader, the others dropped.
 * A parameter present in the URL stays a key of the result (undefined when unreadable), as in
 * zod's objects.
 */
export function searchParams<S extends Shape>(
  shape: S,
): (search: Record<string, unknown>) => SearchOf<S> {
  return (search) => {
    const read: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries(shape)) {
      if (key in search) read[key] = reader(search[key]);
    }
    return read as SearchOf<S>;
  };
}
