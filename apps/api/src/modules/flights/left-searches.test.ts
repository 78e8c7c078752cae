import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { searchOffersOf } from '@contrail/contracts/search-results';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app';
import { resetDatabase, testDatabase } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { buildApp } from '../../app';
import { loggerOptions } from '../../plugins/logging';
import { oneWaySearch, eventually, noteClosedEarly, searchOverHttp } from '../../../test/searches';

// A traveller who leaves a search (closes the page, changes the search) is no longer waited for:
// the request ends at once and gives its admission turn back, and once nobody else waits for the
// same search, Duffel's offer request is closed. Duffel here is the Duffel-compatible server
// through the official SDK, holding each offer request until the test lets it answer.

const TOKEN = 'duffel_test_leftsearches0123456';
const clock = () => new Date('2026-11-22T09:00:00Z');
/** How long a search nobody waits for goes on (LEFT_SEARCH_GRACE_MS, shortened). */
const GRACE_MS = 600;

/** Offer requests Duffel holds: each answers when its `answer` is called. */
const held: { answer: () => void }[] = [];
/** Paths of the requests whose client closed the connection before Duffel answered. */
const closedEarly: string[] = [];
/** Every log line of the app, parsed. */
const lines: { level: number; msg?: string; status?: number; route?: string }[] = [];
let duffel: DuffelServer | undefined;
let app: FastifyInstance;
let port = 0;

beforeAll(async () => {
  duffel = createDuffelServer({
    clock,
    tokens: [TOKEN],
    offerRequestLatencyMs: 3000,
    sleep: () => new Promise<void>((answer) => held.push({ answer })),
  });
  noteClosedEarly(duffel.server, closedEarly);
  const apiUrl = await duffel.listen(0, '127.0.0.1');
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n')) {
        if (line) lines.push(JSON.parse(line) as (typeof lines)[number]);
      }
      callback();
    },
  });
  const database = await testDatabase();
  await resetDatabase(database);
  app = await buildApp({
    config: testConfig({
      DUFFEL_TEST_TOKEN: TOKEN,
      DUFFEL_API_URL: apiUrl,
      WEB_DIST_DIR: mkdtempSync(join(tmpdir(), 'contrail-web-')),
    }),
    database,
    logger: { ...loggerOptions('debug'), stream },
    clock,
    settlingJobs: false,
    alertJobs: false,
    admittedAtOnce: 1,
    leftSearchGraceMs: GRACE_MS,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  for (const request of held.splice(0)) request.answer();
  await app.close();
  await duffel?.close();
});

beforeEach(() => {
  // Each test's offer requests are its own.
  for (const request of held.splice(0)) request.answer();
  closedEarly.length = 0;
  lines.length = 0;
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A browser's search over a real connection, which the test can close (the traveller leaves). */
const searchFor = (destination: string) => searchOverHttp(port, oneWaySearch(destination));

const idle = () => app.admission.running() === 0 && app.admission.waiting() === 0;

describe('a search its traveller leaves', () => {
  it('is no longer waited for, and its offer request is closed once nobody waits for it', async () => {
    const leaver = searchFor('MIA');
    await eventually(() => held.length === 1);
    leaver.destroy();

    // The request ends at once, with its turn given back; the search goes on for the grace.
    await eventually(
      () => idle() && lines.some((l) => l.route === '/api/flights/search' && l.status === 499),
    );
    expect(closedEarly).toEqual([]);
    // Then Duffel sees the offer request gone.
    await eventually(() => closedEarly.includes('/air/offer_requests/'));
    expect(held).toHaveLength(1);

    // Nothing of it is an error or a warning: the request is logged at info with 499, and the
    // Duffel call as stopped.
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    const request = lines.find((l) => l.msg === 'request' && l.status === 499);
    expect(request).toMatchObject({ level: 30, route: '/api/flights/search' });
    expect(lines.some((l) => l.msg === 'Duffel call stopped' && l.level === 30)).toBe(true);

    // The same search asked again asks Duffel anew, and is answered.
    const again = new TestClient(app).post('/api/flights/search', oneWaySearch('MIA'));
    await eventually(() => held.length === 2);
    held[1]?.answer();
    const answered = await again;
    expect(answered.statusCode).toBe(200);
    expect(searchOffersOf(answered.json()).length).toBeGreaterThan(0);
    await eventually(idle);
  });

  it('goes on for another traveller waiting for the same search, who gets its answer', async () => {
    const leaver = searchFor('BOS');
    await eventually(() => held.length === 1);
    // A second traveller asks the same search: it joins the offer request under way.
    const stayer = new TestClient(app).post('/api/flights/search', oneWaySearch('BOS'));
    await pause(50);
    leaver.destroy();
    await eventually(() => lines.some((l) => l.status === 499));

    // Well past the grace, Duffel's offer request is still open, and asked once.
    await pause(GRACE_MS + 400);
    expect(closedEarly).toEqual([]);
    expect(held).toHaveLength(1);

    held[0]?.answer();
    const answered = await stayer;
    expect(answered.statusCode).toBe(200);
    expect(searchOffersOf(answered.json()).length).toBeGreaterThan(0);
    expect(closedEarly).toEqual([]);
    await eventually(idle);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('is found still under way by the same search asked again within the grace (a reload)', async () => {
    const first = searchFor('ORD');
    await eventually(() => held.length === 1);
    first.destroy();
    await eventually(() => lines.some((l) => l.status === 499));
    const reloaded = new TestClient(app).post('/api/flights/search', oneWaySearch('ORD'));

    await pause(GRACE_MS + 400);
    expect(held).toHaveLength(1);
    expect(closedEarly).toEqual([]);
    held[0]?.answer();
    expect((await reloaded).statusCode).toBe(200);
  });

  it('stops every wait once both of two travellers leave', async () => {
    const one = searchFor('SFO');
    await eventually(() => held.length === 1);
    const two = searchFor('SFO');
    await pause(100);
    one.destroy();
    two.destroy();
    await eventually(() => lines.filter((l) => l.status === 499).length === 2);
    await eventually(() => closedEarly.includes('/air/offer_requests/'));
    expect(held).toHaveLength(1);
    await eventually(idle);
  });
});
