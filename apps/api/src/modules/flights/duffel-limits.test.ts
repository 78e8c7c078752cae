import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig, useTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/http';
import { flightMessages } from './flights.errors';
import { oneWaySearch } from '../../../test/searches';

// Searches while Duffel is slow or rate-limited, on two app processes sharing one database, with
// Duffel the Duffel-compatible server over HTTP: every traveller is answered by the search's
// deadline (supplier_timeout plus a grace), and a spent rate limit is respected by every process.

const TOKEN = 'duffel_test_limitsapp0123456789';
let now = new Date('2026-11-22T09:00:00Z');
const clock = () => now;

interface Duffel {
  server?: DuffelServer;
  calls: { method: string; path: string; query: string; status: number }[];
  env: Record<string, string>;
}
const slow: Duffel = { calls: [], env: {} };
const limited: Duffel = { calls: [], env: {} };
/** A Duffel whose clock runs (from a date of the test's): its windows reset as time passes. */
const running: Duffel = { calls: [], env: {} };
const realStart = Date.now();
const runningClock = () => new Date(Date.parse('2026-11-22T11:00:00Z') + Date.now() - realStart);

beforeAll(async () => {
  const start = async (duffel: Duffel, options: Parameters<typeof createDuffelServer>[0]) => {
    duffel.server = createDuffelServer({
      clock: duffel === running ? runningClock : clock,
      tokens: [TOKEN],
      onRequest: (entry) => duffel.calls.push(entry),
      ...options,
    });
    Object.assign(duffel.env, {
      DUFFEL_TEST_TOKEN: TOKEN,
      DUFFEL_API_URL: await duffel.server.listen(0, '127.0.0.1'),
      DUFFEL_SUPPLIER_TIMEOUT_MS: '2000',
      SEARCH_GRACE_MS: '500',
    });
  };
  await start(slow, { offerRequestLatencyMs: 2000 });
  await start(limited, { rateLimit: { limit: 2, windowMs: 60_000 } });
  await start(running, { rateLimit: { limit: 2, windowMs: 700 } });
});
afterAll(async () => {
  await Promise.all([slow.server?.close(), limited.server?.close(), running.server?.close()]);
});

/** A second process of the same deployment: its own app on the same database. */
async function secondProcess(t: TestApp, env: Record<string, string>): Promise<FastifyInstance> {
  return buildApp({
    config: testConfig(env),
    database: t.database,
    logger: false,
    clock,
    settlingJobs: false,
    alertJobs: false,
    sharedSearches: 'database',
    ...(env === slow.env ? { searchTimeoutMs: 600 } : {}),
  });
}

async function timed<T>(work: Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await work;
  return { answer, ms: performance.now() - started };
}

describe('a search Duffel answers later than its deadline', () => {
  // The deadline is short here (600 ms) so that the test is; by default it is
  // DUFFEL_SUPPLIER_TIMEOUT_MS + SEARCH_GRACE_MS.
  const t = useTestApp(slow.env, { clock, searchTimeoutMs: 600, sharedSearches: 'database' });

  it('answers every traveller, in either process, the timeout message at the deadline', async () => {
    const other = await secondProcess(t, slow.env);
    try {
      const [here, there] = await Promise.all([
        timed(new TestClient(t.app).post('/api/flights/search', oneWaySearch('JFK'))),
        timed(new TestClient(other).post('/api/flights/search', oneWaySearch('JFK'))),
      ]);
      for (const { answer, ms } of [here, there]) {
        expect(answer.statusCode).toBe(504);
        expect(answer.json()).toMatchObject({
          error: { code: 'supplier_timeout', message: flightMessages.timeout },
        });
        expect(ms).toBeGreaterThanOrEqual(590);
        // At the deadline, not a second deadline later for the process that waited on the other
        // (room left for a loaded machine).
        expect(ms).toBeLessThan(1100);
      }
    } finally {
      await other.close();
    }
    // Duffel was asked with our supplier_timeout; its late answers were dropped.
    await expect
      .poll(() => slow.calls.filter((c) => c.path === '/air/offer_requests/').length, {
        timeout: 3000,
      })
      .toBeGreaterThanOrEqual(1);
    const sent = slow.calls.filter((c) => c.path === '/air/offer_requests/');
    expect(sent.every((c) => c.query.includes('supplier_timeout=2000'))).toBe(true);
    expect(slow.calls.some((c) => c.path === '/air/offers')).toBe(false);
  });
});

/** `Retry-After` in seconds, a second short of a minute counted as the minute it was. */
function retryAfter(header: unknown): number {
  const seconds = Number(header);
  return seconds === 59 ? 60 : seconds;
}

describe('Duffel’s rate limit, spent', () => {
  // This process searches on a search thread, the other on the thread serving HTTP.
  const t = useTestApp(limited.env, { clock, sharedSearches: 'database', searchThreads: 1 });

  it('is kept in PostgreSQL: the other process refuses searches at once, asking Duffel nothing', async () => {
    now = new Date('2026-11-22T10:00:00Z');
    const other = await secondProcess(t, limited.env);
    try {
      // Another client of the same Duffel account spends the minute's two requests.
      for (let i = 0; i < 2; i += 1) {
        const spent = await fetch(`${limited.env.DUFFEL_API_URL}/air/orders`, {
          headers: { authorization: `Bearer ${TOKEN}`, 'duffel-version': 'v2' },
        });
        expect(spent.status).toBe(200);
      }
      const before = limited.calls.length;

      // This process gets Duffel's 429; its reset is a minute away, past the deadline (2.5 s).
      const first = await timed(
        new TestClient(t.app).post('/api/flights/search', oneWaySearch('JFK')),
      );
      expect(first.answer.statusCode).toBe(503);
      expect(first.answer.json()).toMatchObject({
        error: { code: 'provider_busy', message: flightMessages.busy },
      });
      // A minute from the search's instant; on the search thread that clock runs on in real time
      // from the request's, so a slow machine may have spent a second of it already.
      expect(retryAfter(first.answer.headers['retry-after'])).toBe(60);
      expect(first.ms).toBeLessThan(1000);
      expect(limited.calls.slice(before).map((c) => c.status)).toEqual([429]);

      // The other process, and this one, refuse new searches without asking Duffel again.
      const answers = await Promise.all([
        new TestClient(other).post('/api/flights/search', oneWaySearch('BOS')),
        new TestClient(other).post('/api/flights/search', oneWaySearch('JFK')),
        new TestClient(t.app).post('/api/flights/search', oneWaySearch('ORD')),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([503, 503, 503]);
      expect(answers.map((a) => retryAfter(a.headers['retry-after']))).toEqual([60, 60, 60]);
      expect(limited.calls.length - before).toBe(1);

      // A minute on, the window has reset: the other process asks, and is answered.
      now = new Date('2026-11-22T10:01:00Z');
      const after = await new TestClient(other).post('/api/flights/search', oneWaySearch('BOS'));
      expect(after.statusCode).toBe(200);
      expect(limited.calls.slice(before + 1).map((c) => c.status)).toEqual([201, 200]);
    } finally {
      await other.close();
    }
  });
});

describe('a search waiting for Duffel’s rate limit to reset, before its deadline', () => {
  const t = useTestApp(running.env, { clock: runningClock, admittedAtOnce: 1 });

  it('holds no turn while it waits, then asks Duffel once the window has reset', async () => {
    const client = new TestClient(t.app);
    // One search is Duffel's last two requests of the window (an offer request, its offers).
    expect((await client.post('/api/flights/search', oneWaySearch('JFK'))).statusCode).toBe(200);
    const waiting = client.post('/api/flights/search', oneWaySearch('BOS'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Waiting for the reset (some 500 ms away at least): no turn held, Duffel not asked.
    expect(t.app.admission.running()).toBe(0);
    expect((await client.get('/api/health')).statusCode).toBe(200);
    expect(running.calls).toHaveLength(2);
    const answered = await waiting;
    expect(answered.statusCode).toBe(200);
    expect(running.calls.map((c) => c.status)).toEqual([201, 200, 201, 200]);
  });
});
