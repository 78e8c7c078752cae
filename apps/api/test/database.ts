import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { z } from 'zod';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { TEST_DATABASE_PREFIX } from './global-setup';

const tablesSchema = z.object({ rows: z.array(z.object({ tablename: z.string() })) });

let shared: Promise<DatabaseHandle> | undefined;

async function createServerDatabase(baseUrl: string, suffix = ''): Promise<string> {
  const name = `${TEST_DATABASE_PREFIX}${inject('testRunId')}_${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}${suffix}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** 'postgres' runs on a fresh database of the DATABASE_URL server; 'pglite' (the default) in memory. */
function serverUrl(): string | undefined {
  const choice = process.env.CONTRAIL_TEST_DB ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
  if (choice === 'pglite') return undefined;
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('CONTRAIL_TEST_DB=postgres needs DATABASE_URL');
  return url;
}

async function open(): Promise<DatabaseHandle> {
  const baseUrl = serverUrl();
  const database = baseUrl
    ? await openDatabase({ url: await createServerDatabase(baseUrl), poolSize: 5 })
    : await openDatabase({});
  await database.migrate();
  return database;
}

/**
 * For a test that starts a server process of its own: the URL of an empty database of its own on
 * the DATABASE_URL server (dropped with the run's others), or undefined on PGlite, where the
 * process keeps its embedded database in its DATA_DIR.
 */
export async function scratchDatabaseUrl(name: string): Promise<string | undefined> {
  const baseUrl = serverUrl();
  return baseUrl ? createServerDatabase(baseUrl, `_${name}`) : undefined;
}

/**
 * The worker's database: PGlite in memory, or a fresh database on the DATABASE_URL server. It is
 * created once per worker; call `resetDatabase` before each test for a clean, seeded state.
 */
export function testDatabase(): Promise<DatabaseHandle> {
  shared ??= open();
  return shared;
}

/** Empties every table and seeds again, as on a fresh install. */
export async function resetDatabase(database: DatabaseHandle): Promise<void> {
  const result = tablesSchema.parse(
    await database.db.execute(
      sql`select tablename from pg_tables where schemaname = current_schema()`,
    ),
  );
  const tables = result.rows.map((row) => `"${row.tablename}"`);
  if (tables.length > 0) {
    await database.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
  }
  await seedDatabase(database.db);
}

const rowsSchema = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });

/** Runs raw SQL in a test and answers its rows. */
export async function queryRows(
  database: DatabaseHandle,
  query: Parameters<DatabaseHandle['db']['execute']>[0],
): Promise<Record<string, unknown>[]> {
  return rowsSchema.parse(await database.db.execute(query)).rows;
}
