/**
 * Lenient readers of Duffel's JSON: every field has a safe value when it is missing or malformed,
 * so one airline's odd field never loses a whole offer. Plain functions rather than a schema
 * library: a busy search reads some 200 offers of about 70 fields each, and a schema library's
 * per-field machinery cost a search more than the rest of its mapping.
 *
 * The rules: a field that is absent stays `undefined` and a `null` stays `null`; a value of the
 * wrong type reads as `null`; an object's keys are read only where its shape names them; a list
 * drops each item that reads as nothing, and is empty when it is no list. What reads as itself is
 * not copied (the mapping reads what these return, never changes it).
 */

/** Reads one value leniently. */
export type Reader<T> = (value: unknown) => T;
export type Read<R> = R extends Reader<infer T> ? T : never;

type Nullish<T> = T | null | undefined;

function typed<T>(check: (value: unknown) => value is T): Reader<Nullish<T>> {
  return (value) => (value === undefined || value === null ? value : check(value) ? value : null);
}

export const text = typed((value): value is string => typeof value === 'string');
export const count = typed(
  (value): value is number => typeof value === 'number' && Number.isFinite(value),
);
export const flag = typed((value): value is boolean => typeof value === 'boolean');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Shape = Record<string, Reader<unknown>>;
type ShapeOf<S extends Shape> = { [K in keyof S]: Read<S[K]> };

/**
 * The named keys of `record`, each read with its reader. Where every one reads as itself (the
 * usual case) the record is the answer as it is, other keys unread: nothing is copied. Else a
 * copy holds only the named keys, as read.
 */
function readShape<S extends Shape>(
  fields: readonly (readonly [string, Reader<unknown>])[],
  record: Record<string, unknown>,
): ShapeOf<S> {
  let out: Record<string, unknown> | undefined;
  let index = 0;
  for (const [key, read] of fields) {
    const before = record[key];
    const after = read(before);
    if (out === undefined && after !== before) {
      out = {};
      for (const [done] of fields.slice(0, index)) out[done] = record[done];
    }
    if (out !== undefined) out[key] = after;
    index += 1;
  }
  return (out ?? record) as ShapeOf<S>;
}

/** An object of the shape's keys; `null` when the value is no object. */
export function object<S extends Shape>(shape: S): Reader<Nullish<ShapeOf<S>>> {
  const fields = Object.entries(shape);
  return (value) => {
    if (value === undefined || value === null) return value;
    return isRecord(value) ? readShape<S>(fields, value) : null;
  };
}

/**
 * A list of what `item` reads, without the items that read as nothing; the answer's own list
 * where every item reads as itself.
 */
export function list<T>(item: Reader<Nullish<T>>): Reader<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return [];
    let out: T[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const each: unknown = value[index];
      const read = item(each);
      if (out === undefined && read !== each) out = value.slice(0, index) as T[];
      if (out !== undefined && read !== null && read !== undefined) out.push(read);
    }
    return out ?? (value as T[]);
  };
}

/** Any object, its values unread (metadata); `null` when the value is no object. */
export const record: Reader<Nullish<Record<string, unknown>>> = (value) =>
  value === undefined || value === null ? value : isRecord(value) ? { ...value } : null;

/** A whole answer's object: fails (null) when it is no object at all. */
export interface TopReader<T> {
  read(value: unknown): T | null;
}
export function top<S extends Shape>(shape: S): TopReader<ShapeOf<S>> {
  const fields = Object.entries(shape);
  return { read: (value) => (isRecord(value) ? readShape<S>(fields, value) : null) };
}
export type TopRead<R> = R extends TopReader<infer T> ? T : never;
