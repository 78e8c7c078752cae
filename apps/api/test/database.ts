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

const statementsSchema = z.object({
  rows: z.array(z.object({ statement: z.string() })),
});

/**
 * What empties the schema's tables, worked out once per database: one anonymous block that
 * deletes from each table, children before the tables they refer to, then sets each identity
 * column's sequence back at 1. Deleting the few rows a test leaves is several times faster than
 * TRUNCATE, which makes new files for every table and index (75 ms a test on PostgreSQL, against
 * a few); and one block is one round trip, where a statement per table took 16 ms a test on
 * PostgreSQL and 7.5 on PGlite.
 */
const emptyingOf = new WeakMap<DatabaseHandle, Promise<string>>();

async function emptyingBlock(database: DatabaseHandle): Promise<string> {
  const tables = tablesSchema
    .parse(
      await database.db.execute(
        sql`select tablename from pg_tables where schemaname = current_schema()`,
      ),
    )
    .rows.map((row) => row.tablename);
  const references = z
    .object({ rows: z.array(z.object({ child: z.string(), parent: z.string() })) })
    .parse(
      await database.db.execute(sql`
        select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = current_schema() and c.oid <> p.oid`),
    ).rows;
  // Children first: a table is emptied once every table that refers to it has been.
  const order: string[] = [];
  let left = [...tables];
  while (left.length > 0) {
    const ready = left.filter(
      (table) => !references.some((ref) => ref.parent === table && left.includes(ref.child)),
    );
    if (ready.length === 0) throw new Error(`foreign keys in a cycle among ${left.join(', ')}`);
    order.push(...ready);
    left = left.filter((table) => !ready.includes(table));
  }
  const sequences = statementsSchema
    .parse(
      await database.db.execute(sql`
      select format('perform setval(%L, 1, false);',
        pg_get_serial_sequence(format('%I', table_name), column_name)) as statement
      from information_schema.columns
      where table_schema = current_schema() and is_identity = 'YES'`),
    )
    .rows.map((row) => row.statement);
  const body = [...order.map((table) => `delete from "${table}";`), ...sequences].join('\n');
  return `do $reset$ begin\n${body}\nend $reset$`;
}

/** Empties every table and seeds again, as on a fresh install. */
export async function resetDatabase(database: DatabaseHandle): Promise<void> {
  let block = emptyingOf.get(database);
  if (!block) {
    block = emptyingBlock(database);
    emptyingOf.set(database, block);
  }
  await database.db.execute(sql.raw(await block));
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
