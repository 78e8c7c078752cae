import { describe, expect, it } from 'vitest';
import { count, flag, list, object, record, text, top } from './lenient';

describe('lenient readers of Duffel answers', () => {
  it('keeps absent as undefined and null as null, and reads a wrong type as null', () => {
    expect(text(undefined)).toBeUndefined();
    expect(text(null)).toBeNull();
    expect(text('LHR')).toBe('LHR');
    expect(text(12)).toBeNull();
    expect(count(2)).toBe(2);
    expect(count('2')).toBeNull();
    expect(count(Number.POSITIVE_INFINITY)).toBeNull();
    expect(flag(true)).toBe(true);
    expect(flag('true')).toBeNull();
  });

  it('reads only the keys an object names, and no object as null', () => {
    const airport = object({ iata_code: text, time_zone: text });
    expect(airport({ iata_code: 'JFK', time_zone: 5, extra: 'x' })).toEqual({
      iata_code: 'JFK',
      time_zone: null,
    });
    const valid = { iata_code: 'JFK', time_zone: 'America/New_York', extra: 'x' };
    expect(airport(valid)).toBe(valid);
    expect(airport('JFK')).toBeNull();
    expect(airport([])).toBeNull();
    expect(airport(undefined)).toBeUndefined();
  });

  it('drops the items of a list that read as nothing, and reads no list as empty', () => {
    const bags = list(object({ type: text, quantity: count }));
    expect(bags([{ type: 'checked', quantity: 1 }, 'bag', null, { quantity: 'two' }])).toEqual([
      { type: 'checked', quantity: 1 },
      { type: undefined, quantity: null },
    ]);
    expect(list(text)(['a', 1, 'b'])).toEqual(['a', 'b']);
    const codes = ['a', 'b'];
    expect(list(text)(codes)).toBe(codes);
    const nested = [{ type: 'checked', quantity: 2 }, { type: 7 }];
    expect(bags(nested)).toEqual([
      { type: 'checked', quantity: 2 },
      { type: null, quantity: undefined },
    ]);
    expect(nested[1]).toEqual({ type: 7 });
    expect(bags({ 0: 'x' })).toEqual([]);
    expect(bags(undefined)).toEqual([]);
  });

  it('copies a record as it is, and fails a whole answer that is no object', () => {
    const source = { booking_id: 'bk_1', nested: { a: 1 } };
    const copied = record(source);
    expect(copied).toEqual(source);
    expect(copied).not.toBe(source);
    expect(record(['x'])).toBeNull();
    const offer = top({ id: text });
    expect(offer.read({ id: 'off_1' })).toEqual({ id: 'off_1' });
    expect(offer.read(null)).toBeNull();
    expect(offer.read('off_1')).toBeNull();
  });
});
