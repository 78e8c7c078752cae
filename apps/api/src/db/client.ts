import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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

type Schema = typeof schema;
/** The one database type every repository takes: the same code runs on PGlite and on a server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a query (on PostgreSQL, on a connection of its own). */
  ping(): Promise<void>;
  /** Applies every committed migration not yet applied; safe with several processes at once. */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` on each NOTIFY of `channel`. `onGap` is called when notifications may have
   * been missed (the connection dropped; it is re-established) and again once listening resumes.
   * Resolves once listening; the returned function stops it.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Runs SQL as written, for the job queue (pg-boss's `db` adapter): with `values`, one
   * parameterised statement; without, any number of statements, answering the last one's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

interface ListenHandlers {
  onNotify: () => void;
  /** `listening` false: notifications may be missed from now on; true: they arrive again. */
  onGap: (listening: boolean) => void;
}

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      /** How long a request waits for a connection (a server that does not answer, a full pool). */
      connectTimeoutMs?: number;
      /** How long one statement may take before its connection is dropped (the network is gone). */
      queryTimeoutMs?: number;
    }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { url?: undefined; dataDir?: string };

const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 30_000;

const migrationsFolder = (): string => join(apiPackageRoot(), 'drizzle');
// Any fixed number: the key of the advisory lock that serialises migrations across processes.
const MIGRATION_LOCK_KEY = 727_100_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url === undefined
    ? openPglite(options.dataDir)
    : openPostgres(options.url, {
        poolSize: options.poolSize ?? 10,
        connectTimeoutMs: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
        queryTimeoutMs: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
      });
}

/**
 * Creates a new database directory (initdb) in a thread of its own that ends once it is done.
 * PGlite's WebAssembly memory only grows: created in the server's own thread, the directory cost
 * the server about 480 MB for as long as it ran (786 MB resident against 303 MB when opening a
 * directory that exists), which is what a fresh `npm start` would otherwise keep.
 */
async function createPgliteDirectory(location: string): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.pglite)
      .then(async ({ PGlite }) => {
        const client = new PGlite(workerData.location);
        await client.waitReady;
        await client.close();
      })
      .then(
        () => parentPort.postMessage({ ok: true }),
        (error) => parentPort.postMessage({ ok: false, message: String(error?.stack ?? error) }),
      );`,
    { eval: true, workerData: { pglite, location } },
  );
  const result = await new Promise<{ ok: boolean; message?: string }>((done, fail) => {
    worker.once('message', done);
    worker.once('error', fail);
    worker.once('exit', (code) => {
      fail(
        new Error(`the embedded database could not be created (thread exit code ${String(code)})`),
      );
    });
  });
  await worker.terminate();
  if (!result.ok)
    throw new Error(`the embedded database could not be created: ${result.message ?? ''}`);
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
    if (!existsSync(join(location, 'PG_VERSION'))) {
      try {
        await createPgliteDirectory(location);
      } catch (error) {
        lock.release();
        throw error;
      }
    }
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
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
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

interface PoolSettings {
  poolSize: number;
  connectTimeoutMs: number;
  queryTimeoutMs: number;
}

/** What node-postgres keeps private but we need: the socket under a client. */
interface ClientInternals {
  connection?: { stream?: { destroy(): void } };
}

/**
 * Guards a pooled connection. node-postgres emits `error` on a client whose connection drops
 * while it is checked out (a transaction between statements when the server terminates the
 * backend), and an `error` event nobody listens to ends the process: the statement in progress
 * fails instead, and the pool discards the client when it comes back. A statement that outlives
 * the query timeout means the server or the network is gone: its socket is destroyed, since
 * node-postgres would otherwise queue every later statement of the client behind it.
 */
function guardClient(client: pg.PoolClient): void {
  client.on('error', () => undefined);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') {
          (client as unknown as ClientInternals).connection?.stream?.destroy();
        }
      });
    }
    return result;
  };
}

function openPostgres(url: string, settings: PoolSettings): DatabaseHandle {
  const openPool = (max: number) => {
    const opened = new pg.Pool({
      connectionString: url,
      max,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      query_timeout: settings.queryTimeoutMs,
      keepAlive: true,
    });
    // An idle client's error (the server restarting) must not crash the process; the pool
    // replaces it.
    opened.on('error', () => undefined);
    opened.on('connect', guardClient);
    return opened;
  };
  const pool = openPool(settings.poolSize);
  // Health checks' own connection: under load every connection of the pool is busy with
  // requests, and a probe waiting behind them would say a busy server is down.
  const pingPool = openPool(1);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pingPool.query('select 1');
    },
    // On a connection of its own, without the query timeout: a migration may take its time.
    migrate: async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        await client.end();
      }
    },
    listen: (channel, handlers) => listenOnServer(url, channel, handlers),
    executeSql: (text, values) => pool.query(text, values),
    close: async () => {
      await Promise.all([pool.end(), pingPool.end()]);
    },
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

// Connection exceptions (08), insufficient resources (53: too many connections, disk full) and
// the server shutting down or starting (57P01-57P03): the database, not the request, is at fault.
const UNAVAILABLE_SQLSTATE = /^(?:08|53|57P0[1-3])/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
// node-postgres and PGlite say these in words only.
const UNAVAILABLE_MESSAGE =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|PGlite is closed)/;

/**
 * True where the error means the database cannot be reached or cannot serve right now (so the
 * request may succeed later), as opposed to a statement it refused.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_ERRNO.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.test(code)) return true;
    }
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
    // A pool that could not connect to any of a host's addresses.
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable))
      return true;
  }
  return false;
}

/** True where the error is PostgreSQL's unique-violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}

function pgErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
