/**
 * The accounts the back office makes brand staff of: one found by its brand and username, and the
 * names and addresses of those it lists.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from './auth.table';

interface StaffAccount {
  id: string;
  username: string;
  email: string;
}

export interface StaffAccountsRepository {
  /** The brand's account of this username (whatever its case). */
  findBrandUser(
    brandId: string,
    username: string,
  ): Promise<{ id: string; username: string; isAdmin: boolean } | undefined>;
  /** The accounts of these ids, by username. */
  accountsOf(ids: readonly string[]): Promise<StaffAccount[]>;
}

export function createStaffAccountsRepository(db: Database): StaffAccountsRepository {
  return {
    async findBrandUser(brandId, username) {
      const [row] = await db
        .select({ id: users.id, username: users.username, isAdmin: users.isAdmin })
        .from(users)
        .where(and(eq(users.brandId, brandId), sql`lower(${users.username}) = lower(${username})`));
      return row;
    },

    async accountsOf(ids) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(inArray(users.id, [...ids]))
        .orderBy(asc(users.username));
    },
  };
}
