/**
 * A small in-process cache: entries expire at a given instant, the least recently used go first
 * once the entry count or the total size is over its limit, and concurrent misses of one key share
 * one computation. It holds only answers that any process would compute alike (see the callers),
 * so a cache in each process never changes what another process would answer.
 */
export interface ExpiringCacheOptions {
  maxEntries: number;
  /** Upper bound of the summed `size` of the entries (e.g. characters of a JSON answer). */
  maxSize: number;
  clock: () => number;
}

export interface Computed<V> {
  value: V;
  /** When the entry stops being valid (epoch milliseconds). */
  expiresAt: number;
  size: number;
}

interface Entry<V> extends Computed<V> {
  key: string;
}

export interface ExpiringCache<V> {
  /** The cached value, else `compute()`'s (cached when it resolves and has not expired yet). */
  get(key: string, compute: () => Promise<Computed<V>>): Promise<V>;
  /** The cached value, if any, without computing. */
  peek(key: string): V | undefined;
  clear(): void;
  readonly size: number;
}

export function createExpiringCache<V>(options: ExpiringCacheOptions): ExpiringCache<V> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry<V>>();
  const pending = new Map<string, Promise<V>>();
  let totalSize = 0;
  // Bumped by clear(): a computation started before it must not repopulate the cache.
  let generation = 0;

  function remove(entry: Entry<V>): void {
    entries.delete(entry.key);
    totalSize -= entry.size;
  }

  function fresh(key: string): Entry<V> | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= options.clock()) {
      remove(entry);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  function store(key: string, computed: Computed<V>): void {
    if (computed.expiresAt <= options.clock() || computed.size > options.maxSize) return;
    const previous = entries.get(key);
    if (previous) remove(previous);
    entries.set(key, { key, ...computed });
    totalSize += computed.size;
    for (const oldest of entries.values()) {
      if (entries.size <= options.maxEntries && totalSize <= options.maxSize) break;
      remove(oldest);
    }
  }

  return {
    get(key, compute) {
      const hit = fresh(key);
      if (hit) return Promise.resolve(hit.value);
      const running = pending.get(key);
      if (running) return running;
      const started = generation;
      const settle = () => {
        if (pending.get(key) === promise) pending.delete(key);
      };
      const promise: Promise<V> = compute().then(
        (computed) => {
          settle();
          if (started === generation) store(key, computed);
          return computed.value;
        },
        (error: unknown) => {
          settle();
          throw error;
        },
      );
      pending.set(key, promise);
      return promise;
    },
    peek: (key) => fresh(key)?.value,
    clear() {
      generation += 1;
      entries.clear();
      pending.clear();
      totalSize = 0;
    },
    get size() {
      return entries.size;
    },
  };
}
