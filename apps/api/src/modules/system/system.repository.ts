import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { settings } from './system.table';

export interface SettingsRepository {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  /** Stores the value only if the key is absent; true when this call stored it. */
  insertIfAbsent(key: string, value: unknown): Promise<boolean>;
}

export function createSettingsRepository(db: Database): SettingsRepository {
  return {
    async get(key) {
      const [row] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, key));
      return row?.value;
    },
    async set(key, value) {
      await db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    },
    async insertIfAbsent(key, value) {
      const inserted = await db
        .insert(settings)
        .values({ key, value })
        .onConflictDoNothing({ target: settings.key })
        .returning({ key: settings.key });
      return inserted.length > 0;
    },
  };
}
