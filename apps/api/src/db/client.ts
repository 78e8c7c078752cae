import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { apiPackageRoot } from '../lib/package-root';
import { lockDirectory, type DirectoryLock } from './directory-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every repository takes: the same code runs on PGlite and on a server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /** Applies every committed migration not yet applied; safe with several processes at once. */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` on each NOTIFY of `channel`. `onGap` is called when notifications may have
   * been missed (the connection dropped; it is re-established) and again once listening resumes.
   * Resolves once listening; the returned function stops it.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify: () => void;
  /** `listening` false: notifications may be missed from now on; true: they arrive again. */
  onGap: (listening: boolean) => void;
}

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { url?: undefined; dataDir?: string };

const migrationsFolder = (): string => join(apiPackageRoot(), 'drizzle');
// Any fixed number: the key of the advisory lock that serialises migrations across processes.
const MIGRATION_LOCK_KEY = 727_100_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url === undefined
    ? openPglite(options.dataDir)
    : openPostgres(options.url, options.poolSize ?? 10);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let location: string | undefined;
  let lock: DirectoryLock | undefined;
  if (dataDir !== undefined) {
    location = resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
    // PGlite has no lock of its own: two processes on one directory would each keep their own
    // copy of the data and the last to stop would overwrite the other's (decision 011).
    lock = await lockDirectory(location);
  }
  const client = location === undefined ? new PGlite() : new PGlite(location);
  try {
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    // PGlite lives inside this one process, so nothing else can migrate at the same time.
    migrate: () =>
      migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() }),
    // In-process: notifications arrive as the notifying statement completes, and never get lost.
    listen: async (channel, { onNotify, onGap }) => {
      const stop = await client.listen(channel, () => onNotify());
      onGap(true);
      return stop;
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle client's error (the server restarting) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    listen: (channel, handlers) => listenOnServer(url, channel, handlers),
    close: () => pool.end(),
  };
}

const RELISTEN_DELAY_MS = 1_000;

/** A dedicated connection holding LISTEN, re-established (after `onGap(false)`) when it drops. */
async function listenOnServer(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      handlers.onGap(false);
      void client.end().catch(() => undefined);
      retry = setTimeout(() => {
        connect().catch(() => undefined);
      }, RELISTEN_DELAY_MS);
      retry.unref();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost();
      throw error;
    }
    current = client;
    handlers.onGap(true);
  }

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await current?.end().catch(() => undefined);
  };
}

/** True where the error is PostgreSQL's unique-violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}

export function pgErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
