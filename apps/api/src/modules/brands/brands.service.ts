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

function toContext(row: BrandRow): BrandContext {
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
      return toContext(row);
    },
  };
}
