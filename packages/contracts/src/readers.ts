import type { Brand } from './brands';
import type { ApiErrorBody } from './errors';
import type { CurrentUser } from './session';
import type { BootData, SiteInfo } from './site';

// Zod-free readers of what the web app's entry chunk reads: the boot data, the signed-in user,
// signing out, the brand, the site and the API's error envelope. Each one accepts and returns
// exactly what its schema does (`readers.test.ts` holds them to the schemas), so the schemas stay
// the contract and the entry chunk carries no zod (about 26 KB gzipped).

/** A value read as a zod schema's `safeParse` reads it; a zod schema is one. */
export interface Reader<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** What a reader throws at the first value its schema refuses. */
class Unreadable extends Error {
  override readonly name = 'Unreadable';
}

/** Reads one value, throwing Unreadable when its schema would refuse it. */
type Read<T> = (value: unknown) => T;

function reader<T>(read: Read<T>): Reader<T> {
  return {
    safeParse(value) {
      try {
        return { success: true, data: read(value) };
      } catch (error) {
        if (error instanceof Unreadable) return { success: false, error };
        throw error;
      }
    },
  };
}

function refuse(what: string): never {
  throw new Unreadable(`Expected ${what}`);
}

/** An object, as `z.object` takes one: anything but null or an array. */
function object(value: unknown): Record<PropertyKey, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse('an object');
  return value as Record<PropertyKey, unknown>;
}

const string: Read<string> = (value) => (typeof value === 'string' ? value : refuse('a string'));

const boolean: Read<boolean> = (value) =>
  typeof value === 'boolean' ? value : refuse('a boolean');

/** A text passing `test` once `prepare` (trimming, say) has been applied to it. */
const text =
  (test: (text: string) => boolean, prepare: (text: string) => string = (same) => same) =>
  (value: unknown): string => {
    const read = prepare(string(value));
    return test(read) ? read : refuse('another text');
  };

const nullable =
  <T>(read: Read<T>): Read<T | null> =>
  (value) =>
    value === null ? null : read(value);

/** `.default(fallback)`: undefined (absent) reads as `fallback`. */
const orDefault =
  <T>(read: Read<T>, fallback: T): Read<T> =>
  (value) =>
    value === undefined ? fallback : read(value);

/** `.optional()`, in an object: left out when absent, undefined when present as undefined. */
const OPTIONAL = Symbol('optional');
type Optional<T> = Read<T | undefined> & { [OPTIONAL]: true };
const optional = <T>(read: Read<T>): Optional<T> =>
  Object.assign((value: unknown) => (value === undefined ? undefined : read(value)), {
    [OPTIONAL]: true as const,
  });

/** `z.object(fields)`: each field read by its reader, other keys dropped. */
function shape<T>(fields: { [K in keyof T]-?: Read<T[K]> }): Read<T> {
  return (value) => {
    const source = object(value);
    const read: Record<string, unknown> = {};
    for (const [key, field] of Object.entries<Read<unknown>>(fields)) {
      const inner = field(source[key]);
      if (inner !== undefined || !(OPTIONAL in field) || key in source) read[key] = inner;
    }
    return read as T;
  };
}

/**
 * A plain object, as zod's records take one: no array, and its constructor (if it has one that is
 * a function) one whose prototype is an object's.
 */
function plainObject(value: unknown): Record<PropertyKey, unknown> {
  const source = object(value);
  const constructor: unknown = source.constructor;
  if (typeof constructor !== 'function') return source;
  const prototype: unknown = (constructor as { prototype?: unknown }).prototype;
  if (typeof prototype !== 'object' || prototype === null || Array.isArray(prototype)) {
    refuse('a plain object');
  }
  if (!Object.prototype.hasOwnProperty.call(prototype, 'isPrototypeOf')) refuse('a plain object');
  return source;
}

/**
 * A record of strings, as `z.record(z.string(), z.string())` reads one: its own enumerable keys,
 * all strings, but `__proto__`, which is left out.
 */
function stringRecord(value: unknown): Record<string, string> {
  const source = plainObject(value);
  const record: Record<string, string> = {};
  for (const key of Reflect.ownKeys(source)) {
    if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(source, key)) continue;
    if (typeof key !== 'string') refuse('string keys');
    record[key] = string(source[key]);
  }
  return record;
}

/** `z.iso.datetime()`: a UTC date and time with seconds, as `toISOString` writes them. */
const ISO_DATE_TIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$/;
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/;
const ERROR_CODE = /^[a-z][a-z0-9_]*$/;

const nonEmpty = text((read) => read.length > 0);
const hexColor = text(
  (read) => HEX_COLOR.test(read),
  (read) => read.trim().toLowerCase(),
);
const nullableString = nullable(string);

const readCurrentUser = shape<CurrentUser>({
  username: string,
  email: string,
  firstName: string,
  lastName: string,
  isAdmin: boolean,
  backOffice: orDefault(boolean, false),
  createdAt: text((read) => ISO_DATE_TIME.test(read)),
  emailVerified: orDefault(boolean, false),
  mustChangePassword: boolean,
});

const readBrand = shape<Brand>({
  name: string,
  domain: string,
  logo: nullableString,
  theme: shape<Brand['theme']>({
    primary: hexColor,
    secondary: hexColor,
    accent: hexColor,
    background: hexColor,
    text: hexColor,
    font: text(
      (read) => read.length > 0 && read.length <= 200,
      (read) => read.trim(),
    ),
  }),
  contact: shape<Brand['contact']>({ email: string, address: string, phone: string }),
  social: shape<Brand['social']>({
    facebook: nullableString,
    twitter: nullableString,
    instagram: nullableString,
  }),
  currency: text((read) => read.length === 3),
});

const readSiteInfo = shape<SiteInfo>({
  companyName: string,
  companyNumber: string,
  registeredOffice: string,
  analytics: optional(shape({ tagId: nonEmpty, conversionLabel: nullable(nonEmpty) })),
});

/** `currentUserSchema` (session.ts). */
export const currentUserReader = reader(readCurrentUser);
/** `logoutResponseSchema` (session.ts). */
export const logoutResponseReader = reader(
  shape<{ success: true }>({
    success: (value) => (value === true ? value : refuse('success')),
  }),
);
/** `brandSchema` (brands.ts). */
export const brandReader = reader(readBrand);
/** `siteInfoSchema` (site.ts). */
export const siteInfoReader = reader(readSiteInfo);
/** `bootDataSchema` (site.ts). */
export const bootDataReader = reader(
  shape<BootData>({
    brandKey: string,
    brand: nullable(readBrand),
    site: readSiteInfo,
    user: optional(nullable(readCurrentUser)),
  }),
);
/** `apiErrorSchema` (errors.ts). */
export const apiErrorReader = reader(
  shape<ApiErrorBody>({
    error: shape<ApiErrorBody['error']>({
      code: text((read) => ERROR_CODE.test(read)),
      message: string,
      fields: optional(stringRecord),
      details: optional(stringRecord),
    }),
  }),
);
