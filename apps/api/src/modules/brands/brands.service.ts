import { BRAND_KEY_MAX_LENGTH } from '@contrail/contracts/brand-key';
import { DEFAULT_BRAND_KEY, defaultBrand, type Brand } from '@contrail/contracts/brands';
import { LRUCache } from 'lru-cache';
import type { BrandsRepository } from './brands.repository';
import type { BrandRow } from './brands.table';
import { toPublicBrand } from './brands.mapper';

/** A brand as the server works with it: the public view plus what only the server may see. */
export interface BrandContext {
  id: string;
  key: string;
  brand: Brand;
  /** Decimal string, e.g. "23.00". */
  markupPercent: string;
  currency: string;
}

export function toBrandContext(row: BrandRow): BrandContext {
  return {
    id: row.id,
    key: row.domain,
    brand: toPublicBrand(row),
    markupPercent: row.markupPercent,
    currency: row.currency,
  };
}

export interface BrandsService {
  /** The public brand for a key, or null when no brand has that key. */
  findPublicBrand(key: string): Promise<Brand | null>;
  /** The brand a request belongs to: the one with this key, else the default brand. */
  resolveContext(key: string): Promise<BrandContext>;
  /** The brand with exactly this key, or null. */
  findContext(key: string): Promise<BrandContext | null>;
}

/** Only possible before seeding ran; the built-in values keep the site usable. */
const BUILT_IN_DEFAULT: BrandContext = {
  id: '',
  key: DEFAULT_BRAND_KEY,
  brand: defaultBrand,
  markupPercent: '23.00',
  currency: defaultBrand.currency,
};

/** The service's rules over any way of finding one brand by its key. */
function brandsOver(findContext: BrandsService['findContext']): BrandsService {
  return {
    findContext,
    async findPublicBrand(key) {
      return (await findContext(key))?.brand ?? null;
    },
    async resolveContext(key) {
      return (
        (key === DEFAULT_BRAND_KEY ? null : await findContext(key)) ??
        (await findContext(DEFAULT_BRAND_KEY)) ??
        BUILT_IN_DEFAULT
      );
    },
  };
}

export function createBrandsService({ brands }: { brands: BrandsRepository }): BrandsService {
  return brandsOver(async (key) => {
    // No brand key is longer than a host name; a longer one is not worth a query.
    if (key.length > BRAND_KEY_MAX_LENGTH) return null;
    const row = await brands.findByDomain(key);
    return row ? toBrandContext(row) : null;
  });
}

/** The channel a trigger on the brands table NOTIFYs on every change (migration 0008). */
export const BRANDS_CHANGED_CHANNEL = 'contrail_brands_changed';

/** The repository, calling `onChange` after each write that succeeds. */
export function notifyingBrandsRepository(
  repository: BrandsRepository,
  onChange: () => void,
): BrandsRepository {
  const changed = <R>(result: Promise<R>): Promise<R> =>
    result.then((value) => {
      onChange();
      return value;
    });
  return {
    ...repository,
    insert: (row) => changed(repository.insert(row)),
    insertMany: (rows) => changed(repository.insertMany(rows)),
    update: (id, row) => changed(repository.update(id, row)),
    delete: (id) => changed(repository.delete(id)),
  };
}

/** How long a cached brand is trusted at most, should a change notification ever be missed. */
const BRAND_CACHE_MS = 60_000;
/** Brands kept per process: far more than an installation runs, so every real brand stays. */
export const MAX_CACHED_BRANDS = 1000;
/**
 * Keys found to name no brand, kept so that a burst of requests for one unknown host reads the
 * database once. Any client can make up host names, so this stays small: made-up hosts push each
 * other out, never a real brand.
 */
export const MAX_CACHED_UNKNOWN_KEYS = 256;

export interface CachedBrandsService extends BrandsService {
  /** Drops every cached brand (a brand changed). */
  invalidate(): void;
  /** While false, every call reads the database (change notifications may be missed). */
  setTrusted(trusted: boolean): void;
  /** How many brands and unknown keys are held now (for tests and monitoring). */
  size(): { brands: number; unknownKeys: number };
}

/**
 * Every request needs its brand, and brands rarely change: they are cached per process and
 * dropped on every change, which the database announces to all processes (a trigger NOTIFYs
 * `contrail_brands_changed`, see migration 0008). Until listening is confirmed, or while it is
 * interrupted, nothing is cached. Both caches are bounded LRUs, since the keys come from the
 * Host header, X-Brand and ?brand=, which anyone can fill with anything.
 */
export function createCachedBrandsService(
  inner: Pick<BrandsService, 'findContext'>,
  { clock }: { clock: () => number },
): CachedBrandsService {
  let trusted = false;
  const timing = {
    // lru-cache serves an entry while no more than `ttl` ms have passed since it was stored: one
    // less than BRAND_CACHE_MS, so an entry is read again once BRAND_CACHE_MS have passed.
    ttl: BRAND_CACHE_MS - 1,
    perf: { now: clock },
    // Read the clock at every look-up rather than once per millisecond of real time.
    ttlResolution: 0,
  };
  // Reads in progress are kept too, so concurrent requests share one read.
  const found = new LRUCache<string, Promise<BrandContext | null>>({
    max: MAX_CACHED_BRANDS,
    ...timing,
  });
  const unknown = new LRUCache<string, true>({ max: MAX_CACHED_UNKNOWN_KEYS, ...timing });
  // Whether `value` is still the read kept for `key` (a change clears it meanwhile).
  const kept = (key: string, value: Promise<BrandContext | null>) =>
    found.peek(key, { allowStale: true }) === value;

  function findContext(key: string): Promise<BrandContext | null> {
    if (key.length > BRAND_KEY_MAX_LENGTH) return Promise.resolve(null);
    if (!trusted) return inner.findContext(key);
    if (unknown.has(key)) return Promise.resolve(null);
    const hit = found.get(key);
    if (hit) return hit;
    const start = clock();
    const value = inner.findContext(key);
    found.set(key, value);
    value.then(
      (context) => {
        if (context !== null || !kept(key, value)) return;
        found.delete(key);
        // Trusted for as long as the read it came from would have been.
        unknown.set(key, true, { start });
      },
      () => {
        if (kept(key, value)) found.delete(key);
      },
    );
    return value;
  }

  function invalidate(): void {
    found.clear();
    unknown.clear();
  }

  return {
    ...brandsOver(findContext),
    invalidate,
    setTrusted(value) {
      trusted = value;
      invalidate();
    },
    size: () => ({ brands: found.size, unknownKeys: unknown.size }),
  };
}
