import { createBrandsRepository } from '../modules/brands/brands.repository';
import { seedBrandRows } from '../modules/brands/brands.seed';
import { createSettingsRepository } from '../modules/system/system.repository';
import type { Database } from './client';

const SEED_MARKER = 'seed:brands:v1';

/**
 * Seeds a fresh database once. The marker row is written in the same transaction as the data, so
 * with several processes starting together exactly one seeds, and a brand an operator deleted later
 * is not brought back at the next start.
 */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const first = await createSettingsRepository(tx).insertIfAbsent(
      SEED_MARKER,
      new Date().toISOString(),
    );
    if (!first) return;
    await createBrandsRepository(tx).insertMany(seedBrandRows());
  });
}
