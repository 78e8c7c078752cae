import { describe, expect, it } from 'vitest';
import { answerCache } from './answer-cache';

interface Answer {
  text: string;
}

function setup(limits: { max?: number; maxSize?: number } = {}) {
  let now = 1_000;
  const cache = answerCache<Answer>(
    { max: limits.max ?? 10, maxSize: limits.maxSize ?? 1_000 },
    () => now,
  );
  let calls = 0;
  const compute =
    (text: string, { ttl = 100, size = 1 }: { ttl?: number; size?: number } = {}) =>
    () => {
      calls += 1;
      return Promise.resolve({ value: { text }, expiresAt: now + ttl, size });
    };
  const get = (key: string, context: ReturnType<typeof compute>) =>
    cache.forceFetch(key, { context }).then((answer) => answer.text);
  return {
    cache,
    get,
    compute,
    peek: (key: string) => cache.peek(key)?.text,
    calls: () => calls,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('answerCache', () => {
  it('computes once and answers the cached value until it expires', async () => {
    const t = setup();
    await expect(t.get('a', t.compute('one'))).resolves.toBe('one');
    t.advance(99);
    await expect(t.get('a', t.compute('two'))).resolves.toBe('one');
    expect(t.calls()).toBe(1);
    t.advance(1);
    await expect(t.get('a', t.compute('three'))).resolves.toBe('three');
    expect(t.calls()).toBe(2);
  });

  it('shares one computation between concurrent misses of a key', async () => {
    const t = setup();
    let resolve: (text: string) => void = () => undefined;
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<{ value: Answer; expiresAt: number; size: number }>((done) => {
        resolve = (text) => done({ value: { text }, expiresAt: 2_000, size: 1 });
      });
    };
    const first = t.get('a', slow);
    const second = t.get('a', slow);
    resolve('shared');
    await expect(Promise.all([first, second])).resolves.toEqual(['shared', 'shared']);
    expect(calls).toBe(1);
  });

  it('caches no failure: the next call computes again', async () => {
    const t = setup();
    await expect(t.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(t.get('a', t.compute('back'))).resolves.toBe('back');
  });

  it('drops the least recently used entry when over the entry limit', async () => {
    const t = setup({ max: 2 });
    await t.get('a', t.compute('a'));
    await t.get('b', t.compute('b'));
    await t.get('a', t.compute('a again'));
    await t.get('c', t.compute('c'));
    expect(t.peek('a')).toBe('a');
    expect(t.peek('b')).toBeUndefined();
    expect(t.peek('c')).toBe('c');
  });

  it('keeps the summed size under its limit and skips an entry larger than it', async () => {
    const t = setup({ maxSize: 10 });
    await t.get('a', t.compute('a', { size: 6 }));
    await t.get('b', t.compute('b', { size: 6 }));
    expect(t.peek('a')).toBeUndefined();
    expect(t.peek('b')).toBe('b');
    await expect(t.get('huge', t.compute('huge', { size: 11 }))).resolves.toBe('huge');
    expect(t.peek('huge')).toBeUndefined();
    expect(t.cache.size).toBe(1);
  });

  it('does not keep what a computation started before clear() answers', async () => {
    const t = setup();
    let resolve: () => void = () => undefined;
    const pending = t.get(
      'a',
      () =>
        new Promise((done) => {
          resolve = () => done({ value: { text: 'stale' }, expiresAt: 2_000, size: 1 });
        }),
    );
    t.cache.clear();
    resolve();
    await expect(pending).resolves.toBe('stale');
    expect(t.peek('a')).toBeUndefined();
  });

  it('does not serve an answer that has already expired, nor one at its expiry', async () => {
    const t = setup();
    await expect(t.get('a', t.compute('gone', { ttl: 0 }))).resolves.toBe('gone');
    expect(t.peek('a')).toBeUndefined();
    await expect(t.get('a', t.compute('anew', { ttl: 2 }))).resolves.toBe('anew');
    t.advance(1);
    expect(t.peek('a')).toBe('anew');
    t.advance(1);
    expect(t.peek('a')).toBeUndefined();
  });
});
