import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../../test/app';
import { queryRows, scratchDatabaseUrl } from '../../test/database';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { isDatabaseUnavailable, openDatabase, type DatabaseHandle } from './client';
import { seedDatabase } from './seed';

// What the product does when its PostgreSQL server drops connections or cannot be reached. Runs
// on the server only: PGlite lives inside the process and has no connection to lose.

const onServer = process.env.CONTRAIL_TEST_DB === 'postgres';

const UNAVAILABLE = {
  error: {
    code: 'database_unavailable',
    message: 'The database is not answering. Please try again in a moment.',
  },
};

/** Ends every other connection to the database, as an operator (or a failover) would. */
async function terminateBackends(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 200, or the 503 that says the database is out of reach: never a 500, never a stack. */
function expectServedOrUnavailable(response: LightMyRequestResponse): void {
  if (response.statusCode === 503) {
    expect(response.json()).toEqual(UNAVAILABLE);
    return;
  }
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe.runIf(onServer)('a PostgreSQL server in trouble', () => {
  let url: string;

  beforeAll(async () => {
    url = (await scratchDatabaseUrl('trouble')) ?? '';
    const setup = await openDatabase({ url, poolSize: 1 });
    try {
      await setup.migrate();
      await seedDatabase(setup.db);
    } finally {
      await setup.close();
    }
  });

  it('a backend terminated while a transaction holds its connection fails that transaction, leaves none of it, and the next query gets a new connection', async () => {
    const database = await openDatabase({ url, poolSize: 2 });
    try {
      await database.db.execute(sql`create table trouble_steps (step int not null)`);
      const outcome = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into trouble_steps values (1)`);
          expect(await terminateBackends(url)).toBeGreaterThan(0);
          // The connection is checked out and idle when the server ends it: node-postgres emits
          // `error` on it, which must not end the process.
          await pause(300);
          await tx.execute(sql`insert into trouble_steps values (2)`);
        })
        .then(
          () => 'committed',
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(outcome)).toBe(true);
      expect(
        await queryRows(database, sql`select count(*)::int as steps from trouble_steps`),
      ).toEqual([{ steps: 0 }]);
    } finally {
      await database.close();
    }
  });

  it('answers a health ping while every pooled connection is busy: the ping has a connection of its own', async () => {
    const database = await openDatabase({ url, poolSize: 1 });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    try {
      // The pool's one connection, checked out until released.
      const busy = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      });
      await pause(100);
      const answered = await Promise.race([
        database.ping().then(() => 'answered'),
        pause(2_000).then(() => 'waited for the pool'),
      ]);
      expect(answered).toBe('answered');
      release();
      await busy;
    } finally {
      release();
      await database.close();
    }
  });

  describe('behind a connection it can lose', () => {
    let proxy: TcpProxy;
    let database: DatabaseHandle;
    let app: FastifyInstance;

    beforeAll(async () => {
      const target = new URL(url);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      database = await openDatabase({
        url: proxy.url(url),
        poolSize: 4,
        connectTimeoutMs: 1_000,
        queryTimeoutMs: 1_500,
      });
      app = await buildApp({
        config: testConfig(),
        database,
        logger: false,
        settlingJobs: false,
      });
      await app.ready();
    });

    afterAll(async () => {
      await proxy.up();
      await app.close();
      await proxy.close();
    });

    const mode = () => app.inject({ method: 'GET', url: '/api/system/mode' });
    const health = () => app.inject({ method: 'GET', url: '/api/health' });
    const register = (username: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'sec-fetch-site': 'same-origin' },
        payload: {
          username,
          email: `${username}@example.com`,
          firstName: 'Grace',
          lastName: 'Hopper',
          password: 'Blue-Horizon-42',
        },
      });

    async function userCount(username: string): Promise<number> {
      const rows = await queryRows(
        database,
        sql`select count(*)::int as n from users where username = ${username}`,
      );
      return Number(rows[0]?.n);
    }

    async function recovered(): Promise<void> {
      const deadline = Date.now() + 10_000;
      while ((await health()).statusCode !== 200) {
        if (Date.now() > deadline) throw new Error('health did not recover');
        await pause(100);
      }
    }

    it('keeps serving through backends terminated mid-run, answering 503 at worst, and serves from new connections after', async () => {
      expect((await health()).json()).toEqual({ status: 'ok', database: 'ok' });
      const load = Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          await pause(i * 10);
          return i % 4 === 0 ? register(`midrun${String(i)}`) : mode();
        }),
      );
      await pause(150);
      expect(await terminateBackends(url)).toBeGreaterThan(0);
      for (const response of await load) expectServedOrUnavailable(response);

      // The pool has replaced what it lost: no restart needed.
      await pause(200);
      expectServedOrUnavailable(await mode());
      const after = await mode();
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ isLiveMode: false, mode: 'test' });
      expect((await health()).statusCode).toBe(200);
    });

    it('answers 503 with a clear code while the server cannot be reached, writes nothing, and recovers without a restart', async () => {
      await proxy.down();
      const down = await health();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual(UNAVAILABLE);
      const read = await mode();
      expect(read.statusCode).toBe(503);
      expect(read.headers['retry-after']).toBe('5');
      expect(read.json()).toEqual(UNAVAILABLE);
      const write = await register('whiledown');
      expect(write.statusCode).toBe(503);
      expect(write.json()).toEqual(UNAVAILABLE);
      expect(write.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack|at /);

      await proxy.up();
      await recovered();
      expect((await mode()).statusCode).toBe(200);
      expect(await userCount('whiledown')).toBe(0);
      expect((await register('afterwards')).statusCode).toBe(201);
      expect(await userCount('afterwards')).toBe(1);
    });

    it('answers 503 within its time limits when the network silently drops everything, and recovers when it heals', async () => {
      expect((await mode()).statusCode).toBe(200);
      proxy.freeze();
      const started = Date.now();
      const [probe, read] = await Promise.all([health(), mode()]);
      expect(probe.statusCode).toBe(503);
      expect(probe.json()).toEqual(UNAVAILABLE);
      expect(read.statusCode).toBe(503);
      expect(read.json()).toEqual(UNAVAILABLE);
      // The query timeout (1.5 s here), not the operating system's minutes of retransmission.
      expect(Date.now() - started).toBeLessThan(10_000);

      await proxy.up();
      await recovered();
      const after = await mode();
      expect(after.statusCode).toBe(200);
    });
  });
});
