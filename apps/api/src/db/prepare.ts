import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from './client';
import { seedDatabase } from './seed';

/** Opens the configured database, applies migrations and seeds a fresh one. */
export async function prepareDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>,
): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.DATABASE_URL === undefined
      ? { dataDir: config.DATA_DIR }
      : { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE },
  );
  try {
    await database.migrate();
    await seedDatabase(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
