/**
 * The brands a back-office reading may see (every brand, or a staff member's own), and the
 * condition that keeps a query's rows to them.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Which brands a query may read: every brand (null) or these. */
export type BrandScope = readonly string[] | null;

/** Rows whose brand (`column`) is in the scope; no condition for every brand. */
export function scoped(column: AnyPgColumn, scope: BrandScope): SQL | undefined {
  if (scope === null) return undefined;
  return scope.length === 0 ? sql`false` : inArray(column, [...scope]);
}
