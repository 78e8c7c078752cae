import { searchOffersOf } from '@contrail/contracts/search-results';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import { createMemoryStore } from '@contrail/sandbox/memory-store';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { TestClient } from '../../../test/http';
import {
  SupplierError,
  type AnswerTerms,
  type SupplierSearch,
} from '../../providers/flights/flight-supplier';
import { createDuffelSupplier } from '../../providers/flights/duffel/duffel-supplier';
import { createMemoryOfferReplacements } from '../../providers/flights/duffel/offer-replacements';
import { createSandboxSupplier } from '../../providers/flights/sandbox/sandbox-supplier';
import { sourced } from '../../providers/registry';
import { searchAnswerJson } from './search-answer';
import { createSearchThreads } from './search-threads';

const SECRET = 'search-threads-test-secret-0123456789';
const at = Date.parse('2026-11-22T09:00:00Z');
const terms: AnswerTerms = { at, markupPercent: '7.50', currency: 'EUR' };

const roundTrip = (origin: string, destination: string): SupplierSearch => ({
  slices: [
    { origin, destination, departureDate: '2026-12-10' },
    { origin: destination, destination: origin, departureDate: '2026-12-17' },
  ],
  passengers: [{ type: 'adult' }, { type: 'child', age: 7 }],
  cabinClass: 'economy',
  currency: 'EUR',
});

const sandbox = createSandboxSupplier({
  store: createMemoryStore(),
  clock: () => new Date(at),
  secret: SECRET,
});

/** The same search answered from the supplier's offers on the calling thread (the generic path). */
async function inline(request: SupplierSearch): Promise<string> {
  return searchAnswerJson(await sandbox.search(request), terms);
}

describe("search threads making the built-in sandbox's searches", () => {
  const threads = createSearchThreads({ threads: 2 });
  afterAll(() => threads.close());

  /** The brand's answer the threads made, rejected where they left the search to the caller. */
  async function answer(request: SupplierSearch) {
    const made = threads.search(sandbox, request, terms);
    if (!made) throw new Error('the threads left an ordinary search to the caller');
    const written = (await made).madeFor(terms);
    if (!written) throw new Error('the threads made no answer for the terms asked');
    return written;
  }

  it('answer byte for byte what the sandbox supplier would, with the brotli form', async () => {
    for (const [origin, destination] of [
      ['LHR', 'JFK'],
      ['SYD', 'LAX'],
      ['CDG', 'FCO'],
    ] as const) {
      const request = roundTrip(origin, destination);
      const made = await answer(request);
      const expected = await inline(request);
      expect(made.bytes.toString('utf8')).toBe(expected);
      expect(searchOffersOf(JSON.parse(expected)).length).toBeGreaterThan(10);
      expect(brotliDecompressSync(await made.encoded('br')).toString('utf8')).toBe(expected);
    }
  });

  it("pass on the provider's refusal as the same SupplierError", async () => {
    const past: SupplierSearch = {
      ...roundTrip('LHR', 'JFK'),
      slices: [{ origin: 'LHR', destination: 'JFK', departureDate: '2026-11-01' }],
    };
    const refusal = await answer(past).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SupplierError);
    expect(refusal).toMatchObject({
      code: 'validation',
      message: 'The departure date is in the past.',
    });
  });

  it("leave the sandbox's special routes (slow or failing on purpose) to the caller", () => {
    expect(threads.search(sandbox, roundTrip('STN', 'LHR'), terms)).toBeNull();
    expect(threads.search(sandbox, roundTrip('PVD', 'RAI'), terms)).toBeNull();
  });

  it("make a prefixed source's searches from its offers, each id carrying the source", async () => {
    const live = sourced(sandbox, 'live');
    const request = roundTrip('LHR', 'JFK');
    const made = threads.search(live, request, terms);
    if (!made) throw new Error('the threads left an ordinary search to the caller');
    const answer = (await made).madeFor(terms);
    const offers = searchOffersOf(JSON.parse(answer?.bytes.toString('utf8') ?? '{}'));
    expect(offers.length).toBeGreaterThan(10);
    expect(offers.every((offer) => offer.id.startsWith('sandbox-live~'))).toBe(true);
    expect(answer?.bytes.toString('utf8')).toBe(
      searchAnswerJson(await live.search(request), terms),
    );
  });

  it('answer searches arriving together, each its own', async () => {
    const routes = ['JFK', 'CDG', 'DXB', 'SIN', 'HND', 'FRA'].map((to) => roundTrip('LHR', to));
    const answers = await Promise.all(routes.map(answer));
    const expected = await Promise.all(routes.map(inline));
    expect(answers.map((answer) => answer.bytes.toString('utf8'))).toEqual(expected);
  });
});

describe('a server with search threads', () => {
  const clock = () => new Date(at);
  const threaded = useTestApp({}, { clock, searchThreads: 1 });
  const plain = useTestApp({}, { clock });

  /** The same London to New York search on both servers. */
  async function searchBoth(dates: Record<string, string>) {
    const body = {
      origin: 'LHR',
      destination: 'JFK',
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
      ...dates,
    };
    return {
      onThreads: await new TestClient(threaded.app).post('/api/flights/search', body),
      onRequestThread: await new TestClient(plain.app).post('/api/flights/search', body),
    };
  }

  it('answers searches as a server without them, with offers either one opens', async () => {
    const { onThreads, onRequestThread } = await searchBoth({
      departureDate: '2026-12-10',
      returnDate: '2026-12-17',
      tripType: 'round-trip',
    });
    expect(onThreads.statusCode, onThreads.body).toBe(200);
    expect(onThreads.body).toBe(onRequestThread.body);
    const [offer] = searchOffersOf(onThreads.json());
    if (!offer) throw new Error('no offer');
    for (const app of [threaded.app, plain.app]) {
      const opened = await new TestClient(app).get(`/api/flights/offer/${offer.id}`);
      expect(opened.statusCode, opened.body).toBe(200);
    }
  });

  it('refuses a search the same way', async () => {
    const { onThreads, onRequestThread } = await searchBoth({
      departureDate: '2026-11-01',
      tripType: 'one-way',
    });
    expect(onThreads.statusCode).toBe(onRequestThread.statusCode);
    expect(onThreads.json()).toEqual(onRequestThread.json());
  });
});

describe('a search thread that read a provider’s answers', () => {
  const TOKEN = 'duffel_test_recycledthreads01234';
  let duffel: DuffelServer | undefined;
  afterAll(async () => {
    await duffel?.close();
  });

  it('is replaced by a new one once idle, giving its heap back, and answers as before', async () => {
    duffel = createDuffelServer({ clock: () => new Date(at), tokens: [TOKEN] });
    const threadsSeen: unknown[] = [];
    const crashes: Error[] = [];
    const supplier = createDuffelSupplier({
      token: TOKEN,
      apiUrl: await duffel.listen(0, '127.0.0.1'),
      live: false,
      replacements: createMemoryOfferReplacements(),
      clock: () => new Date(at),
      log: {
        info: (details, message) => {
          if (message === 'Duffel answered') threadsSeen.push(details.searchThread);
        },
        warn: () => undefined,
      },
    });
    const threads = createSearchThreads({
      threads: 1,
      recycleIdleMs: 300,
      onCrash: (error) => crashes.push(error),
    });
    try {
      const search = async () => {
        const answer = await threads.search(supplier, roundTrip('LHR', 'JFK'), terms);
        if (!answer) throw new Error('the threads left a Duffel search to the caller');
        const made = answer.madeFor(terms);
        expect(
          searchOffersOf(JSON.parse(made?.bytes.toString('utf8') ?? '{}')).length,
        ).toBeGreaterThan(0);
        // The log line of the search's last call comes over the thread's messages.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return threadsSeen.at(-1);
      };
      const first = await search();
      const soonAfter = await search();
      expect(typeof first).toBe('number');
      expect(soonAfter).toBe(first);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const later = await search();
      expect(typeof later).toBe('number');
      expect(later).not.toBe(first);
      expect(crashes).toEqual([]);
    } finally {
      await threads.close();
    }
  });
});
