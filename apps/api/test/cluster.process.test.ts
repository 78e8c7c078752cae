import { execFile } from 'node:child_process';
import { get, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { searchOffersOf } from '@contrail/contracts/search-results';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabaseUrl } from './database';
import { openConnection } from './raw-http';
import {
  buildServer,
  inDays,
  sleep,
  startServer,
  stopServer,
  type ServerBundle,
  type ServerProcess,
} from './server-process';

// `npm start` with WEB_CONCURRENCY: one primary that prepares the database and supervises, and
// that many worker processes sharing the port through node:cluster, each stateless and each
// answering every request, health probes included.

const ADMIN_PASSWORD = 'Cluster-Admin-Pass-1!';

/** The server processes the primary has forked, by pid. */
async function workersOf(primary: ServerProcess): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', [
    '-o',
    'pid=',
    '--ppid',
    String(primary.process.pid),
  ]).catch(() => ({ stdout: '' }));
  return stdout
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
}

/** GET on a connection of its own (not one kept alive from an earlier request). */
function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
    );
    request.on('error', reject);
  });
}

/**
 * Until the primary has seen a worker die, it may still hand that worker a new connection, which
 * is then never answered: a client's retry reaches a live worker. Connection errors are retried
 * for a while; any answer (whatever its status) is returned.
 */
async function statusDespiteResets(url: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await statusOnNewConnection(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}

/** A search POST on a connection of its own: when it is written out, and its status. */
function searchOnItsOwnConnection(
  base: string,
  body: string,
): { sent: Promise<void>; status: Promise<number> } {
  let sent!: Promise<void>;
  const status = new Promise<number>((resolve, reject) => {
    const outgoing = request(
      `${base}/api/flights/search`,
      {
        method: 'POST',
        agent: false,
        timeout: 30_000,
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    sent = new Promise((written) => outgoing.once('finish', () => written()));
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
  return { sent, status };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  // Generous: on a loaded machine a replacement worker takes a while to start.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

const search = (base: string) =>
  fetch(`${base}/api/flights/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({
      origin: 'LHR',
      destination: 'JFK',
      departureDate: inDays(40),
      tripType: 'one-way',
    }),
    signal: AbortSignal.timeout(30_000),
  });

describe('one server process per core', () => {
  let bundle: ServerBundle;
  let dir: string;
  const onServer = Boolean(process.env.DATABASE_URL);

  beforeAll(async () => {
    bundle = await buildServer('cluster-test');
    dir = await mkdtemp(join(tmpdir(), 'contrail-cluster-'));
  }, 120_000);

  afterAll(async () => {
    await bundle.remove();
    await rm(dir, { recursive: true, force: true });
  });

  it.runIf(onServer)(
    'with DATABASE_URL: two workers serve one port, a crashed one is replaced, and SIGTERM drains both and exits 0',
    async () => {
      const url = (await scratchDatabaseUrl('cluster')) ?? '';
      const primary = await startServer(bundle, {
        env: {
          DATABASE_URL: url,
          DATA_DIR: join(dir, 'server'),
          ADMIN_PASSWORD,
          WEB_CONCURRENCY: '2',
          LOG_LEVEL: 'info',
        },
        timeoutMs: 90_000,
      });
      try {
        const workers = await until(
          () => workersOf(primary),
          (pids) => pids.length === 2,
        );
        expect(workers).toHaveLength(2);
        // One line says where Contrail serves, for the whole group.
        await until(
          async () => primary.output(),
          (output) => output.includes('Contrail is serving'),
        );
        expect(primary.output().match(/Contrail is serving/g)).toHaveLength(1);
        expect(primary.output()).toContain('(database: postgres, 2 processes)');

        // Both workers answer alike (concurrent requests spread over them).
        const answers = await Promise.all(
          Array.from({ length: 6 }, async () => {
            const response = await search(primary.base);
            expect(response.status).toBe(200);
            return searchOffersOf(await response.json()).map((offer) => offer.id);
          }),
        );
        for (const ids of answers) expect(ids).toEqual(answers[0]);

        // A worker killed outright is replaced; the port keeps answering meanwhile.
        const [victim = 0, survivor = 0] = workers;
        process.kill(victim, 'SIGKILL');
        // Connections the killed worker held are gone with it; a new one reaches the survivor.
        expect(await statusDespiteResets(`${primary.base}/api/system/mode`)).toBe(200);
        const replaced = await until(
          () => workersOf(primary),
          (pids) => pids.length === 2 && !pids.includes(victim),
        );
        expect(replaced).toContain(survivor);
        expect(replaced).not.toContain(victim);
        expect((await search(primary.base)).status).toBe(200);
        const replacementsServing = (count: number) =>
          until(
            async () => primary.output().match(/a replacement server process is serving/g) ?? [],
            (lines) => lines.length >= count,
          );
        expect(await replacementsServing(1)).toHaveLength(1);

        // A worker stopped in its tracks (SIGSTOP) is handed at most the one connection it was
        // given before: health probes on new connections are answered by the other, fast. Not
        // heard from for 10 s, it is ended and replaced.
        const [stuck = 0, other = 0] = replaced;
        process.kill(stuck, 'SIGSTOP');
        const probe = async () => {
          const started = performance.now();
          const status = await statusOnNewConnection(`${primary.base}/api/health`);
          return { status, ms: performance.now() - started };
        };
        const probes = await Promise.allSettled(Array.from({ length: 6 }, probe));
        const answered = probes.flatMap((settled) =>
          settled.status === 'fulfilled' ? [settled.value] : [],
        );
        expect(
          answered.filter(({ status, ms }) => status === 200 && ms < 1_000).length,
        ).toBeGreaterThanOrEqual(5);
        const afterStuck = await until(
          () => workersOf(primary),
          (pids) => pids.length === 2 && !pids.includes(stuck),
        );
        expect(afterStuck).toContain(other);
        expect(afterStuck).not.toContain(stuck);
        expect(primary.output()).toContain('a server process stopped answering');
        expect(await replacementsServing(2)).toHaveLength(2);
        expect(await statusDespiteResets(`${primary.base}/api/health`)).toBe(200);

        // What Node's parser refuses reaches a worker and is answered there in the API's
        // envelope, as a single process answers it.
        const port = Number(new URL(primary.base).port);
        for (const [request, status, code] of [
          ['BREW /pot HTTP/1.1\r\nHost: a\r\n\r\n', 400, 'bad_request'],
          [
            `GET /api/site HTTP/1.1\r\nX-Padding: ${'a'.repeat(32 * 1024)}\r\n\r\n`,
            431,
            'headers_too_large',
          ],
        ] as const) {
          const connection = await openConnection(port);
          await connection.write(request);
          expect((await connection.closed).error).toBeUndefined();
          const [answer] = connection.received();
          expect(answer?.status, answer?.body).toBe(status);
          expect(answer?.headers.connection).toBe('close');
          expect(JSON.parse(answer?.body ?? '')).toMatchObject({ error: { code } });
        }

        // SIGTERM with requests sent and not yet answered: each is answered, then all exit 0.
        const inFlight = Array.from({ length: 8 }, (_, i) =>
          searchOnItsOwnConnection(
            primary.base,
            JSON.stringify({
              origin: 'LHR',
              destination: 'JFK',
              departureDate: inDays(50 + i),
              tripType: 'one-way',
            }),
          ),
        );
        // Every request written out, and a moment for the primary to hand its connection on.
        await Promise.all(inFlight.map(({ sent }) => sent));
        await sleep(100);
        primary.process.kill('SIGTERM');
        const statuses: number[] = await Promise.all(inFlight.map(({ status }) => status));
        expect(statuses).toEqual(Array.from({ length: 8 }, () => 200));
        const exit = await Promise.race([
          primary.exited,
          sleep(60_000).then(() => 'still running'),
        ]);
        expect(exit, primary.output()).toBe(0);
        expect(await workersOf(primary)).toEqual([]);
      } finally {
        await stopServer(primary, 'SIGKILL');
      }
    },
    240_000,
  );

  it('on the embedded database: one process whatever WEB_CONCURRENCY says, and the log says why', async () => {
    const server = await startServer(bundle, {
      env: {
        DATABASE_URL: '',
        DATA_DIR: join(dir, 'embedded'),
        ADMIN_PASSWORD,
        WEB_CONCURRENCY: '2',
        SEARCH_THREADS: '2',
        LOG_LEVEL: 'info',
      },
      timeoutMs: 90_000,
    });
    try {
      expect((await search(server.base)).status).toBe(200);
      expect(await workersOf(server)).toEqual([]);
      expect(server.output()).toContain(
        'WEB_CONCURRENCY=2 needs DATABASE_URL: the embedded database belongs to one process',
      );
      // The one process uses the other cores through search threads (a second search on them).
      expect(server.output()).toContain('(database: pglite, 2 search threads)');
      expect((await search(server.base)).status).toBe(200);
      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await stopServer(server, 'SIGKILL');
    }
  }, 120_000);
});
