import { DEFAULT_BRAND_KEY, defaultBrand, type Brand } from '@contrail/contracts/brands';
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
}

export function createBrandsService({ brands }: { brands: BrandsRepository }): BrandsService {
  return {
    async findPublicBrand(key) {
      const row = await brands.findByDomain(key);
      return row ? toPublicBrand(row) : null;
    },
    async resolveContext(key) {
      const row =
        (key === DEFAULT_BRAND_KEY ? undefined : await brands.findByDomain(key)) ??
        (await brands.findByDomain(DEFAULT_BRAND_KEY));
      if (!row) {
        // Only possible before seeding ran; the built-in values keep the site usable.
        return {
          id: '',
          key: DEFAULT_BRAND_KEY,
          brand: defaultBrand,
          markupPercent: '23.00',
          currency: defaultBrand.currency,
        };
      }
      return toBrandContext(row);
    },
  };
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

export interface CachedBrandsService extends BrandsService {
  /** Drops every cached brand (a brand changed). */
  invalidate(): void;
  /** While false, every call reads the database (change notifications may be missed). */
  setTrusted(trusted: boolean): void;
}

/**
 * Every request needs its brand, and brands rarely change: they are cached per process and
 * dropped on every change, which the database announces to all processes (a trigger NOTIFYs
 * `contrail_brands_changed`, see migration 0008). Until listening is confirmed, or while it is
 * interrupted, nothing is cached.
 */
export function createCachedBrandsService(
  inner: BrandsService,
  { clock }: { clock: () => number },
): CachedBrandsService {
  let trusted = false;
  const contexts = new Map<string, { value: Promise<BrandContext>; at: number }>();
  const publics = new Map<string, { value: Promise<Brand | null>; at: number }>();

  function cached<V>(
    map: Map<string, { value: Promise<V>; at: number }>,
    key: string,
    load: () => Promise<V>,
  ): Promise<V> {
    if (!trusted) return load();
    const now = clock();
    const hit = map.get(key);
    if (hit && now - hit.at < BRAND_CACHE_MS) return hit.value;
    const value = load();
    // Kept from the start, so concurrent requests share one read; a change clears it meanwhile.
    map.set(key, { value, at: now });
    value.catch(() => {
      if (map.get(key)?.value === value) map.delete(key);
    });
    return value;
  }

  function invalidate(): void {
    contexts.clear();
    publics.clear();
  }

  return {
    findPublicBrand: (key) => cached(publics, key, () => inner.findPublicBrand(key)),
    resolveContext: (key) => cached(contexts, key, () => inner.resolveContext(key)),
    invalidate,
    setTrusted(value) {
      trusted = value;
      invalidate();
    },
  };
}
