import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  anyText,
  either,
  isoDate,
  oneOf,
  searchParams,
  text,
  uuid,
  wholeNumber,
  type ParamReader,
} from './search-param-readers';

// Each reader drops what zod's `.optional().catch(undefined)` of the same schema drops, and keeps
// the same value, for any value a URL's search could hold (the router reads numbers, booleans,
// null, arrays and objects from it as JSON) and anything else.

const urlValue = fc.oneof(
  fc.anything(),
  fc.constantFrom(undefined, null, '', ' ', '0', '1', '2.5', '1e3', ' 7 ', 'x', true, false, []),
  fc.constantFrom(Number.NaN, Infinity, -0, 2 ** 53, 9, 10, 0, 1, 100_000, 100_001, [3], ['4']),
  fc.string(),
  fc.integer({ min: -5, max: 100_005 }),
  fc.double(),
  fc.tuple(fc.uuid(), fc.boolean()).map(([id, upper]) => (upper ? id.toUpperCase() : id)),
  fc.constantFrom(
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '0b5b1f2e-4c1a-0b8e-9d3f-1e2a3b4c5d6e',
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom('2025-13-45', '2025-1-01', ' 2025-01-01', 'new', 'done', 'open', 'b'),
  fc.string().map((value) => ` ${value} `),
  fc.string({ minLength: 195, maxLength: 205 }),
);

function sameAsZod<T>(name: string, read: ParamReader<T>, schema: z.ZodType) {
  it(`${name} reads what zod reads`, () => {
    const dropping = schema.optional().catch(undefined);
    fc.assert(
      fc.property(urlValue, (value) => {
        expect(read(value)).toStrictEqual(dropping.parse(value));
      }),
      { numRuns: 1_000 },
    );
  });
}

describe('the search param readers', () => {
  sameAsZod('text', text(), z.string());
  sameAsZod(
    'a trimmed text',
    text({ trim: true, min: 1, max: 200 }),
    z.string().trim().min(1).max(200),
  );
  sameAsZod('a short text', text({ max: 20 }), z.string().max(20));
  sameAsZod('any text', anyText, z.coerce.string());
  sameAsZod('one of several', oneOf(['open', 'answered']), z.enum(['open', 'answered']));
  sameAsZod('one value', oneOf(['done']), z.literal('done'));
  sameAsZod('a whole number', wholeNumber(1, 100_000), z.coerce.number().int().min(1).max(100_000));
  sameAsZod('a count', wholeNumber(0, 9), z.coerce.number().int().min(0).max(9));
  sameAsZod('an id', uuid, z.uuid());
  sameAsZod('a date', isoDate, z.string().regex(/^\d{4}-\d{2}-\d{2}$/));
  sameAsZod('new or an id', either(oneOf(['new']), uuid), z.union([z.literal('new'), z.uuid()]));

  it('read a search as a zod object of them does: present keys kept, others dropped', () => {
    const read = searchParams({ tab: oneOf(['past', 'cancelled']), page: wholeNumber(1, 9) });
    const schema = z.object({
      tab: z.enum(['past', 'cancelled']).optional().catch(undefined),
      page: z.coerce.number().int().min(1).max(9).optional().catch(undefined),
    });
    fc.assert(
      fc.property(
        fc.record({ tab: urlValue, page: urlValue, other: urlValue }, { requiredKeys: [] }),
        (search) => {
          expect(read(search)).toStrictEqual(schema.parse(search));
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
