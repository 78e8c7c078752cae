/** The brands as the back office names them (id, name and domain), by name. */
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scoped, type BrandScope } from '../../db/brand-scope';
import { brands } from './brands.table';

export interface BrandRef {
  id: string;
  name: string;
  domain: string;
}

export interface BrandRefsRepository {
  /** The brands in scope, by name. */
  list(scope: BrandScope): Promise<BrandRef[]>;
}

export function createBrandRefsRepository(db: Database): BrandRefsRepository {
  return {
    list(scope) {
      return db
        .select({ id: brands.id, name: brands.name, domain: brands.domain })
        .from(brands)
        .where(scope === null ? undefined : scoped(brands.id, scope))
        .orderBy(asc(brands.name));
    },
  };
}
