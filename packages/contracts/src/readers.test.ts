import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { brandSchema, defaultBrand } from './brands';
import { apiErrorSchema } from './errors';
import {
  apiErrorReader,
  bootDataReader,
  brandReader,
  currentUserReader,
  logoutResponseReader,
  siteInfoReader,
  type Reader,
} from './readers';
import { currentUserSchema, logoutResponseSchema } from './session';
import { bootDataSchema, siteInfoSchema } from './site';

// Each reader must accept what its schema accepts, refuse what it refuses, and give the same
// value (the same keys, undefined ones included). The values tried are valid ones of the schema
// with a few of their fields removed, replaced (by anything, or by a nearly valid value) or added
// to, anywhere in them.

/** Mostly `valid`, sometimes one of `edges`: a value built of several stays valid often enough. */
const mostly = <T>(valid: fc.Arbitrary<T>, edges: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 9 }, { arbitrary: edges, weight: 1 });

const nearlyText = mostly(
  fc.string({ minLength: 3, maxLength: 3 }),
  fc.constantFrom('', ' ', 'a', 'EURO', ' GBP '),
);
const hexColour = mostly(
  fc.stringMatching(/^\s?#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})\s?$/),
  fc.constantFrom('#12345', '#ggg', 'fff', '#1234567', '', ' #FFF\n'),
);
const dateTime = mostly(
  fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2999-12-31T23:59:59Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString()),
  fc.constantFrom(
    '2024-02-29T12:00:00Z',
    '2024-01-01T00:00:00.1Z',
    '2023-02-29T12:00:00Z',
    '2024-01-01T00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T00:00:00+01:00',
    '2024-01-01 00:00:00Z',
    '2024-01-01T00:00:00',
    '2024-13-01T00:00:00Z',
  ),
);
const errorCode = mostly(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/),
  fc.constantFrom('A', '_x', 'x-y', '1x', ''),
);
const stringRecord = mostly<unknown>(
  fc.dictionary(fc.string(), fc.string()),
  fc.oneof(
    fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
    fc.constantFrom([], [''], new Date(0), Object.create(null) as object),
  ),
);

const user = fc.record({
  username: fc.string(),
  email: fc.string(),
  firstName: fc.string(),
  lastName: fc.string(),
  isAdmin: fc.boolean(),
  backOffice: fc.boolean(),
  createdAt: dateTime,
  emailVerified: fc.boolean(),
  mustChangePassword: fc.boolean(),
});
const brand = fc.record({
  name: fc.string(),
  domain: fc.string(),
  logo: fc.option(fc.string(), { nil: null }),
  theme: fc.record({
    primary: hexColour,
    secondary: hexColour,
    accent: hexColour,
    background: hexColour,
    text: hexColour,
    font: mostly(
      fc.string({ minLength: 1, maxLength: 200 }),
      fc.constantFrom('', ' ', 'x'.repeat(201)),
    ),
  }),
  contact: fc.record({ email: fc.string(), address: fc.string(), phone: fc.string() }),
  social: fc.record({
    facebook: fc.option(fc.string(), { nil: null }),
    twitter: fc.option(fc.string(), { nil: null }),
    instagram: fc.option(fc.string(), { nil: null }),
  }),
  currency: nearlyText,
});
const site = fc.record(
  {
    companyName: fc.string(),
    companyNumber: fc.string(),
    registeredOffice: fc.string(),
    analytics: fc.record({
      tagId: mostly(fc.string({ minLength: 1 }), fc.constant('')),
      conversionLabel: fc.option(mostly(fc.string({ minLength: 1 }), fc.constant('')), {
        nil: null,
      }),
    }),
  },
  { requiredKeys: ['companyName', 'companyNumber', 'registeredOffice'] },
);
const bootData = fc.record(
  {
    brandKey: fc.string(),
    brand: fc.option(brand, { nil: null }),
    site,
    user: fc.option(user, { nil: null }),
  },
  { requiredKeys: ['brandKey', 'brand', 'site'] },
);
const apiError = fc.record({
  error: fc.record(
    { code: errorCode, message: fc.string(), fields: stringRecord, details: stringRecord },
    { requiredKeys: ['code', 'message'] },
  ),
});

/** Something to put in place of a field: anything, or a value one of the fields could have. */
const replacement = fc.oneof(
  fc.anything(),
  fc.constantFrom(undefined, null, '', 0, true, [], {}),
  nearlyText,
  hexColour,
  dateTime,
  fc.boolean(),
);

const mutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('remove', 'replace', 'add'),
  value: replacement,
  key: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'extra')),
});
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

/** Every object inside `value`, itself included (once each: a value may hold itself). */
function objectsIn(value: unknown, seen = new Set<object>()): Record<string, unknown>[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || seen.has(value)) {
    return [];
  }
  seen.add(value);
  const record = value as Record<string, unknown>;
  return [record, ...Object.values(record).flatMap((inner) => objectsIn(inner, seen))];
}

function mutate(value: unknown, mutations: readonly Mutation[]): unknown {
  const copy: unknown = structuredClone(value);
  for (const { at, kind, value: replacing, key } of mutations) {
    const objects = objectsIn(copy);
    const target = objects[at % Math.max(objects.length, 1)];
    if (!target) continue;
    const keys = Object.keys(target);
    const field = keys[at % Math.max(keys.length, 1)];
    if (kind === 'add')
      Object.defineProperty(target, key, {
        value: replacing,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else if (field === undefined) continue;
    else if (kind === 'remove') Reflect.deleteProperty(target, field);
    else target[field] = replacing;
  }
  return copy;
}

function sameAsSchema<T>(
  name: string,
  read: Reader<T>,
  schema: z.ZodType,
  valid: fc.Arbitrary<unknown>,
  { accepting = true } = {},
) {
  it(`${name} reads what its schema reads`, () => {
    const seen = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(
        valid,
        fc.array(mutation, { maxLength: 3 }),
        fc.boolean(),
        (value, mutations, whole) => {
          const input = whole ? value : mutate(value, mutations);
          const expected = schema.safeParse(input);
          const actual = read.safeParse(input);
          expect(actual.success).toBe(expected.success);
          if (actual.success && expected.success) expect(actual.data).toStrictEqual(expected.data);
          seen[expected.success ? 'accepted' : 'refused'] += 1;
        },
      ),
      { numRuns: 2_000 },
    );
    // Both sides of the schema were tried.
    if (accepting) expect(seen.accepted).toBeGreaterThan(100);
    expect(seen.refused).toBeGreaterThan(100);
  });
}

describe('the entry chunk’s readers', () => {
  sameAsSchema('the current user', currentUserReader, currentUserSchema, user);
  sameAsSchema(
    'the answer of signing out',
    logoutResponseReader,
    logoutResponseSchema,
    fc.record({ success: mostly(fc.constant(true), fc.anything()) }),
  );
  sameAsSchema('the brand', brandReader, brandSchema, brand);
  sameAsSchema('the site', siteInfoReader, siteInfoSchema, site);
  sameAsSchema('the boot data', bootDataReader, bootDataSchema, bootData);
  sameAsSchema('the API error envelope', apiErrorReader, apiErrorSchema, apiError);
  sameAsSchema('the boot data, from anything', bootDataReader, bootDataSchema, fc.anything(), {
    accepting: false,
  });

  it('read the built-in brand as it is', () => {
    expect(brandReader.safeParse(defaultBrand)).toEqual({ success: true, data: defaultBrand });
  });

  it('refuse a value with a reason', () => {
    const read = currentUserReader.safeParse({ username: 'a' });
    expect(read.success).toBe(false);
    if (!read.success) expect(read.error).toBeInstanceOf(Error);
  });
});
