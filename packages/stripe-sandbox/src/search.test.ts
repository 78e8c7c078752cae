import { describe, expect, it } from 'vitest';
import { StripeApiError } from './errors';
import { matches, parseQuery, type Searchable } from './search';

const intent = (overrides: Partial<Searchable> = {}): Searchable => ({
  amount: 2000,
  created: 1_700_000_000,
  currency: 'usd',
  customer: null,
  status: 'requires_capture',
  metadata: { contrail_payment: 'pay_1', brand: 'skyhop' },
  ...overrides,
});

const test = (query: string, item = intent()) => matches(parseQuery(query), item);

describe("Stripe's search query language", () => {
  it('matches metadata exactly, quoted either way', () => {
    expect(test("metadata['contrail_payment']:'pay_1'")).toBe(true);
    expect(test('metadata["contrail_payment"]:"pay_1"')).toBe(true);
    expect(test("metadata['contrail_payment']:'pay_2'")).toBe(false);
    expect(test("metadata['other']:'pay_1'")).toBe(false);
  });

  it('reads escaped quotes inside a value', () => {
    const item = intent({ metadata: { name: "o'brien" } });
    expect(test("metadata['name']:'o\\'brien'", item)).toBe(true);
  });

  it('matches strings case-insensitively, substrings with ~, numbers with comparisons', () => {
    expect(test("currency:'USD'")).toBe(true);
    expect(test("metadata['brand']~'kyh'")).toBe(true);
    expect(test('amount>1999 AND amount<=2000')).toBe(true);
    expect(test('amount>=2001')).toBe(false);
    expect(test('created<1700000001')).toBe(true);
  });

  it('joins with AND (or a space) and OR, negates with -, and finds absent keys with null', () => {
    expect(test("status:'requires_capture' currency:'usd'")).toBe(true);
    expect(test("status:'succeeded' OR currency:'usd'")).toBe(true);
    expect(test("status:'succeeded' AND currency:'usd'")).toBe(false);
    expect(test("-status:'succeeded'")).toBe(true);
    expect(test("metadata['missing']:null")).toBe(true);
    expect(test("-metadata['contrail_payment']:null")).toBe(true);
  });

  it.each([
    ["email:'a@b.c'", 'unsupported search field'],
    ["status:'a' AND currency:'b' OR amount:1", 'cannot be combined'],
    ["status>'a'", 'only numeric fields'],
    ["metadata['k']~'ab'", 'at least 3 characters'],
    ['amount:abc', 'whole number'],
    ["metadata['k':'v'", 'expected ]'],
    ["status:'open", 'unterminated'],
    ['', 'empty'],
  ])('refuses %s', (query, message) => {
    let error: unknown;
    try {
      parseQuery(query);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StripeApiError);
    expect(error).toMatchObject({ status: 400, fields: { param: 'query' } });
    expect((error as Error).message).toContain(message);
  });
});
