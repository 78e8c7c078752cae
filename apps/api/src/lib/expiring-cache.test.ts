import { describe, expect, it } from 'vitest';
import { createExpiringCache, type Computed } from './expiring-cache';

function setup(limits: { maxEntries?: number; maxSize?: number } = {}) {
  let now = 1_000;
  const cache = createExpiringCache<string>({
    maxEntries: limits.maxEntries ?? 10,
    maxSize: limits.maxSize ?? 1_000,
    clock: () => now,
  });
  let calls = 0;
  const compute =
    (value: string, { ttl = 100, size = 1 }: { ttl?: number; size?: number } = {}) =>
    (): Promise<Computed<string>> => {
      calls += 1;
      return Promise.resolve({ value, expiresAt: now + ttl, size });
    };
  return {
    cache,
    compute,
    calls: () => calls,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('createExpiringCache', () => {
  it('computes once and answers the cached value until it expires', async () => {
    const t = setup();
    await expect(t.cache.get('a', t.compute('one'))).resolves.toBe('one');
    await expect(t.cache.get('a', t.compute('two'))).resolves.toBe('one');
    expect(t.calls()).toBe(1);
    t.advance(100);
    await expect(t.cache.get('a', t.compute('three'))).resolves.toBe('three');
    expect(t.calls()).toBe(2);
  });

  it('shares one computation between concurrent misses of a key', async () => {
    const t = setup();
    let resolve: (value: Computed<string>) => void = () => undefined;
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<Computed<string>>((done) => {
        resolve = done;
      });
    };
    const first = t.cache.get('a', slow);
    const second = t.cache.get('a', slow);
    resolve({ value: 'shared', expiresAt: 2_000, size: 1 });
    await expect(Promise.all([first, second])).resolves.toEqual(['shared', 'shared']);
    expect(calls).toBe(1);
  });

  it('caches no failure: the next call computes again', async () => {
    const t = setup();
    await expect(t.cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(t.cache.get('a', t.compute('back'))).resolves.toBe('back');
  });

  it('drops the least recently used entry when over the entry limit', async () => {
    const t = setup({ maxEntries: 2 });
    await t.cache.get('a', t.compute('a'));
    await t.cache.get('b', t.compute('b'));
    await t.cache.get('a', t.compute('a again'));
    await t.cache.get('c', t.compute('c'));
    expect(t.cache.peek('a')).toBe('a');
    expect(t.cache.peek('b')).toBeUndefined();
    expect(t.cache.peek('c')).toBe('c');
  });

  it('keeps the summed size under its limit and skips an entry larger than it', async () => {
    const t = setup({ maxSize: 10 });
    await t.cache.get('a', t.compute('a', { size: 6 }));
    await t.cache.get('b', t.compute('b', { size: 6 }));
    expect(t.cache.peek('a')).toBeUndefined();
    expect(t.cache.peek('b')).toBe('b');
    await expect(t.cache.get('huge', t.compute('huge', { size: 11 }))).resolves.toBe('huge');
    expect(t.cache.peek('huge')).toBeUndefined();
    expect(t.cache.size).toBe(1);
  });

  it('does not keep what a computation started before clear() answers', async () => {
    const t = setup();
    let resolve: (value: Computed<string>) => void = () => undefined;
    const pending = t.cache.get(
      'a',
      () =>
        new Promise<Computed<string>>((done) => {
          resolve = done;
        }),
    );
    t.cache.clear();
    resolve({ value: 'stale', expiresAt: 2_000, size: 1 });
    await expect(pending).resolves.toBe('stale');
    expect(t.cache.peek('a')).toBeUndefined();
  });

  it('does not store an answer that has already expired', async () => {
    const t = setup();
    await t.cache.get('a', t.compute('gone', { ttl: 0 }));
    expect(t.cache.peek('a')).toBeUndefined();
  });
});
