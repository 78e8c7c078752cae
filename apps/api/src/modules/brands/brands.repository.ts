import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/client';
import { brands, type BrandRow, type NewBrandRow } from './brands.table';

export interface BrandsRepository {
  findByDomain(domain: string): Promise<BrandRow | undefined>;
  findById(id: string): Promise<BrandRow | undefined>;
  /**
   * The brand, its row locked until the transaction ends (`FOR UPDATE`), so that what a change
   * is checked and audited against is what it replaces. Inside a transaction only.
   */
  findByIdForUpdate(id: string): Promise<BrandRow | undefined>;
  list(): Promise<BrandRow[]>;
  insertMany(rows: NewBrandRow[]): Promise<void>;
  /** Resolves undefined when another brand has the domain. */
  insert(row: NewBrandRow): Promise<BrandRow | undefined>;
  /** Resolves 'conflict' when another brand has the domain, undefined when the id is unknown. */
  update(id: string, row: NewBrandRow): Promise<BrandRow | 'conflict' | undefined>;
  delete(id: string): Promise<void>;
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
    async findById(id) {
      const [row] = await db.select().from(brands).where(eq(brands.id, id));
      return row;
    },
    async findByIdForUpdate(id) {
      const [row] = await db.select().from(brands).where(eq(brands.id, id)).for('update');
      return row;
    },
    list() {
      return db.select().from(brands).orderBy(asc(brands.createdAt), asc(brands.domain));
    },
    async insertMany(rows) {
      if (rows.length === 0) return;
      await db.insert(brands).values(rows).onConflictDoNothing({ target: brands.domain });
    },
    async insert(row) {
      const [inserted] = await db
        .insert(brands)
        .values(row)
        .onConflictDoNothing({ target: brands.domain })
        .returning();
      return inserted;
    },
    async update(id, row) {
      try {
        const [updated] = await db
          .update(brands)
          .set({ ...row, updatedAt: new Date() })
          .where(eq(brands.id, id))
          .returning();
        return updated;
      } catch (error) {
        if (isUniqueViolation(error)) return 'conflict';
        throw error;
      }
    },
    async delete(id) {
      await db.delete(brands).where(eq(brands.id, id));
    },
  };
}
