import { describe, expect, it } from 'vitest';
import { Memo, PairMemo } from './pair-memo';

describe('PairMemo', () => {
  it('answers what was remembered under both keys, and nothing under others', () => {
    const memo = new PairMemo<string, number, string>(10);
    expect(memo.set('a', 1, 'a1')).toBe('a1');
    memo.set('a', 2, 'a2');
    memo.set('b', 1, 'b1');
    expect([memo.get('a', 1), memo.get('a', 2), memo.get('b', 1)]).toEqual(['a1', 'a2', 'b1']);
    expect(memo.get('b', 2)).toBeUndefined();
    expect(memo.get('c', 1)).toBeUndefined();
  });

  it('drops everything once it holds its limit, then fills again', () => {
    const memo = new PairMemo<string, number, number>(3);
    memo.set('a', 1, 1);
    memo.set('a', 2, 2);
    memo.set('b', 1, 3);
    memo.set('b', 2, 4);
    expect([memo.get('a', 1), memo.get('a', 2), memo.get('b', 1)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(memo.get('b', 2)).toBe(4);
  });
});

describe('Memo', () => {
  it('answers what was remembered, drops everything at its limit, then fills again', () => {
    const memo = new Memo<number, string>(2);
    expect(memo.set(1, 'one')).toBe('one');
    memo.set(2, 'two');
    expect([memo.get(1), memo.get(2), memo.get(3)]).toEqual(['one', 'two', undefined]);
    memo.set(3, 'three');
    expect([memo.get(1), memo.get(2), memo.get(3)]).toEqual([undefined, undefined, 'three']);
  });
});
