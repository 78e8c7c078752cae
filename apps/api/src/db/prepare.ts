import type { Config } from '../config';
import { bootstrapPlatformAdmin, type AdminAccount } from '../modules/auth/admin-bootstrap';
import { openDatabase, type DatabaseHandle } from './client';
import { seedDatabase } from './seed';

export interface PreparedDatabase {
  database: DatabaseHandle;
  /** The platform admin this start created on a fresh database, if it did. */
  createdAdmin?: AdminAccount;
}

type DatabaseConfig = Pick<
  Config,
  'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE' | 'ADMIN_USERNAME' | 'ADMIN_PASSWORD'
>;

/** Opens the configured database, applies migrations and seeds a fresh one (brands, admin). */
export async function prepareDatabase(config: DatabaseConfig): Promise<PreparedDatabase> {
  const database = await openDatabase(
    config.DATABASE_URL === undefined
      ? { dataDir: config.DATA_DIR }
      : { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE },
  );
  try {
    await database.migrate();
    await seedDatabase(database.db);
    const createdAdmin = await bootstrapPlatformAdmin(database.db, {
      username: config.ADMIN_USERNAME,
      password: config.ADMIN_PASSWORD,
    });
    return createdAdmin ? { database, createdAdmin } : { database };
  } catch (error) {
    await database.close();
    throw error;
  }
}
