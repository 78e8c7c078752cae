import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { searchOffersOf } from '@contrail/contracts/search-results';
import { type SearchOffer } from '@contrail/contracts/search-results-schema';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app';
import { resetDatabase, testDatabase } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { buildApp } from '../../app';
import { loggerOptions } from '../../plugins/logging';
import { eventually, noteClosedEarly, oneWaySearch, searchOverHttp } from '../../../test/searches';

// Duffel's searches on a search thread (SEARCH_THREADS): the thread makes the offer request and
// reads its 1.5 MB answer, the thread serving HTTP only sends the brand's answer. Duffel is the
// Duffel-compatible server over HTTP through the official SDK. What the serving thread holds (the
// rate-limit pause, the log) the thread asks it for: a 429 seen on the thread pauses every search,
// and the thread's log lines reach the app's log.

const TOKEN = 'duffel_test_searchthreads012345';
const clock = () => new Date('2026-11-22T09:00:00Z');

/** Offer requests Duffel holds while `holding`: each answers when its `answer` is called. */
const held: { answer: () => void }[] = [];
let holding = false;
/** Paths of the requests whose client closed the connection before Duffel answered. */
const closedEarly: string[] = [];
const calls: { method: string; path: string; status: number; at?: number }[] = [];
/** Every log line of the threaded app, parsed. */
const lines: {
  level: number;
  msg?: string;
  searchThread?: number;
  duffel?: { operation?: string; status?: number | null };
}[] = [];
let duffel: DuffelServer | undefined;
/** The app with one search thread, and the same app without: both on one database. */
let threaded: FastifyInstance;
let inline: FastifyInstance;
let port = 0;

beforeAll(async () => {
  duffel = createDuffelServer({
    clock,
    tokens: [TOKEN],
    offerRequestLatencyMs: 1,
    sleep: () =>
      holding ? new Promise<void>((answer) => held.push({ answer })) : Promise.resolve(),
    onRequest: (entry) => calls.push({ ...entry, at: Date.now() }),
  });
  noteClosedEarly(duffel.server, closedEarly);
  const env = {
    DUFFEL_TEST_TOKEN: TOKEN,
    DUFFEL_API_URL: await duffel.listen(0, '127.0.0.1'),
    WEB_DIST_DIR: mkdtempSync(join(tmpdir(), 'contrail-web-')),
  };
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
  const common = {
    config: testConfig(env),
    database,
    clock,
    settlingJobs: false,
    alertJobs: false,
    leftSearchGraceMs: 300,
    sharedSearches: 'database' as const,
  };
  threaded = await buildApp({
    ...common,
    logger: { ...loggerOptions('debug'), stream },
    searchThreads: 1,
  });
  inline = await buildApp({ ...common, logger: false });
  await threaded.listen({ port: 0, host: '127.0.0.1' });
  const address = threaded.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  holding = false;
  for (const request of held.splice(0)) request.answer();
  await threaded.close();
  await inline.close();
  await duffel?.close();
});

beforeEach(() => {
  holding = false;
  for (const request of held.splice(0)) request.answer();
  closedEarly.length = 0;
  lines.length = 0;
  threaded.dropCaches();
  inline.dropCaches();
});

/** An offer as a traveller compares it: everything but its id, which each offer request makes anew. */
const shown = ({ id: _id, ...offer }: SearchOffer) => offer;

describe('Duffel’s searches on a search thread', () => {
  it('answer what the serving thread would, the brand’s markup and the offers’ ids included', async () => {
    for (const brand of [undefined, 'skyhop.localhost']) {
      const options = brand ? { brand } : {};
      const onThread = await new TestClient(threaded, options).post(
        '/api/flights/search',
        oneWaySearch('JFK'),
      );
      const here = await new TestClient(inline, options).post(
        '/api/flights/search',
        oneWaySearch('BOS'),
      );
      const there = await new TestClient(inline, options).post(
        '/api/flights/search',
        oneWaySearch('JFK'),
      );
      expect(onThread.statusCode).toBe(200);
      expect(here.statusCode).toBe(200);
      const offers = searchOffersOf(onThread.json());
      expect(offers.length).toBeGreaterThan(0);
      expect(offers.every((offer) => offer.id.startsWith('duffel-test~off_'))).toBe(true);
      // The other process shares the stored answer: the same offers, ids and all.
      expect(searchOffersOf(there.json())).toEqual(offers);
      expect(searchOffersOf(here.json()).map(shown)).not.toEqual(offers.map(shown));

      // The offer opens on the thread serving HTTP, at the price its card showed.
      const first = offers[0];
      if (!first) throw new Error('no offer');
      const opened = await new TestClient(threaded, options).get(
        `/api/flights/offer/${encodeURIComponent(first.id)}`,
      );
      expect(opened.statusCode).toBe(200);
      expect(opened.json()).toMatchObject({ id: first.id, total_amount: first.total_amount });
    }
    // The brands' markups differ, so their prices of one offer do.
    const plain = searchOffersOf(
      (await new TestClient(threaded).post('/api/flights/search', oneWaySearch('JFK'))).json(),
    );
    const marked = searchOffersOf(
      (
        await new TestClient(threaded, { brand: 'skyhop.localhost' }).post(
          '/api/flights/search',
          oneWaySearch('JFK'),
        )
      ).json(),
    );
    expect(marked.map((o) => o.id)).toEqual(plain.map((o) => o.id));
    expect(marked.map((o) => o.total_amount)).not.toEqual(plain.map((o) => o.total_amount));

    // The searches' Duffel calls were made on the thread, whose log lines reach the app's log;
    // opening an offer is the serving thread's.
    const searchCalls = ['offer_requests.create', 'offers.list'];
    const answered = (onThread: boolean) =>
      lines.filter(
        (line) =>
          line.msg === 'Duffel answered' &&
          searchCalls.includes(line.duffel?.operation ?? '') === onThread,
      );
    await eventually(() => answered(true).length >= 2);
    expect(answered(true).every((line) => (line.searchThread ?? 0) > 0)).toBe(true);
    expect(answered(false).length).toBeGreaterThan(0);
    expect(answered(false).every((line) => line.searchThread === undefined)).toBe(true);
  });

  it('stop once the traveller leaves: the offer request’s connection is closed', async () => {
    holding = true;
    const request = searchOverHttp(port, oneWaySearch('ORD'));
    await eventually(() => held.length === 1);
    request.destroy();
    // After the grace for a reload, the thread's offer request is closed.
    await eventually(() => closedEarly.includes('/air/offer_requests/'));
    await eventually(() => lines.some((line) => line.msg === 'Duffel call stopped'));
  });

  it('keep Duffel’s rate-limit pause on the serving thread: every search waits for the reset', async () => {
    // LHR→LTN: Duffel refuses every other offer request with 429, its reset a second ahead.
    const before = calls.length;
    // Every clock here is frozen at the same instant: a search's copy reads it as that instant
    // plus the time since its search began, so the reset (a second ahead, on a whole second) comes
    // a second after a search began on its own clock.
    const startedAt = Date.now();
    const limited = new TestClient(threaded).post('/api/flights/search', oneWaySearch('LTN'));
    await eventually(() => calls.slice(before).some((c) => c.status === 429));
    // The copy says so in the log, then (over the same messages) keeps the pause: once the line
    // is here, the pause is at the serving thread before any other search can ask for it.
    await eventually(() =>
      lines.some((line) => line.msg === 'Duffel failed' && line.duffel?.status === 429),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Another search, on another copy of the supplier, asks nothing until the reset.
    const other = new TestClient(threaded).post('/api/flights/search', oneWaySearch('CDG'));
    const [first, second] = await Promise.all([limited, other]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const after = calls.slice(before);
    const refused = after.findIndex((c) => c.status === 429);
    const next = after.slice(refused + 1).filter((c) => c.path.startsWith('/air/offer_requests'));
    expect(next.length).toBe(2);
    // Neither asked again before the reset: not the refused search, nor the one that began after.
    expect(next.every((c) => (c.at ?? 0) >= startedAt + 950)).toBe(true);
  });
});
