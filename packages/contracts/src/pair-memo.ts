/**
 * Answers remembered by two keys (the first, then the second), for functions a search calls
 * thousands of times with a few distinct arguments. Keyed in two levels so a look-up builds no
 * combined key. Bounded: when `limit` answers are held, all are dropped and it fills again (the
 * hot keys return at once). A plain pair of Maps because it sits on the sandbox search's hottest
 * path, where an LRU's bookkeeping cost about a quarter of the search's time.
 */
export class PairMemo<A, B, V> {
  readonly #byFirst = new Map<A, Map<B, V>>();
  #size = 0;

  constructor(private readonly limit: number) {}

  get(first: A, second: B): V | undefined {
    return this.#byFirst.get(first)?.get(second);
  }

  /** Remembers `value` and answers it. */
  set(first: A, second: B, value: V): V {
    if (this.#size >= this.limit) {
      this.#byFirst.clear();
      this.#size = 0;
    }
    let bySecond = this.#byFirst.get(first);
    if (bySecond === undefined) {
      bySecond = new Map();
      this.#byFirst.set(first, bySecond);
    }
    bySecond.set(second, value);
    this.#size++;
    return value;
  }
}

/**
 * Answers remembered by one key, bounded as PairMemo is (all dropped at `limit`, then it fills
 * again), for the same hot paths: the sandbox search looks these up some thousands of times a
 * search, and an LRU's bookkeeping on every hit cost several percent of a search no one made.
 * Caches of answers that are not a pure function of their key (searches, offers, brands) use
 * lru-cache.
 */
export class Memo<K, V> {
  readonly #values = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    return this.#values.get(key);
  }

  /** Remembers `value` and answers it. */
  set(key: K, value: V): V {
    if (this.#values.size >= this.limit) this.#values.clear();
    this.#values.set(key, value);
    return value;
  }
}
