// The answers a process keeps (searches of a supplier with a search window, the date strip's
// prices, opened offers): bounded LRUs on the process's clock, each entry until its own expiry,
// concurrent misses sharing one computation (decision 027).
import { LRUCache } from 'lru-cache';
import type { BrandContext } from '../brands/brands.service';

/** A cached answer as its computation makes it: how much room it takes, until when it holds. */
interface Computed<V> {
  value: V;
  /** Counted against the cache's `maxSize` (bytes of JSON for answers, 1 for a price). */
  size: number;
  /** When the answer stops being valid (epoch ms). */
  expiresAt: number;
}

export type AnswerCache<V extends object> = LRUCache<string, V, () => Promise<Computed<V>>>;

/**
 * The answers this process keeps: at most `max` entries and `maxSize` of summed size, the least
 * recently used dropped first, each entry until its own `expiresAt`, read on `now` (tests set the
 * clock). Concurrent misses of a key share one computation (passed as the fetch context); a failed
 * one is not kept; one that a clear or an eviction overtook still answers its callers but is not
 * stored; an answer larger than `maxSize` is answered and not stored.
 */
export function answerCache<V extends object>(
  limits: { max: number; maxSize: number },
  now: () => number,
): AnswerCache<V> {
  return new LRUCache<string, V, () => Promise<Computed<V>>>({
    ...limits,
    perf: { now },
    // Read the clock at every look-up rather than once per millisecond of real time.
    ttlResolution: 0,
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context, options }) => {
      const { value, size, expiresAt } = await context();
      options.size = size;
      options.ttl = ttlUntil(expiresAt, now());
      return value;
    },
  });
}

/** The brand fields a price depends on: part of the key of every answer at sell prices. */
export function priceKey(brand: BrandContext): string {
  return `${brand.id}|${brand.markupPercent}|${brand.currency}`;
}

/**
 * lru-cache's ttl for an entry valid strictly before `expiresAt`: it serves an entry while no more
 * than `ttl` ms have passed since it was stored and reads a ttl of 0 as "never expires", so an
 * answer that has already expired gets -1, stale at once.
 */
function ttlUntil(expiresAt: number, now: number): number {
  const remaining = expiresAt - now;
  return remaining > 1 ? remaining - 1 : -1;
}
