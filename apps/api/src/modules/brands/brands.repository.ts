import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, type BrandRow, type NewBrandRow } from './brands.table';

export interface BrandsRepository {
  findByDomain(domain: string): Promise<BrandRow | undefined>;
  insertMany(rows: NewBrandRow[]): Promise<void>;
}

export function createBrandsRepository(db: Database): BrandsRepository {
  return {
    async findByDomain(domain) {
      const [row] = await db
        .select()
        .from(brands)
        .where(eq(brands.domain, domain.toLowerCase()))
        .limit(1);
      return row;
    },
    async insertMany(rows) {
      if (rows.length === 0) return;
      await db.insert(brands).values(rows).onConflictDoNothing({ target: brands.domain });
    },
  };
}
