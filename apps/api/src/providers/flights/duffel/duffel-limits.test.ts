import {
  createDuffelServer,
  type DuffelServer,
  type DuffelServerOptions,
} from '@contrail/sandbox/duffel-server';
import { afterEach, describe, expect, it } from 'vitest';
import { SupplierError, type FlightSupplier } from '../flight-supplier';
import { createDuffelSupplier, type DuffelSupplierOptions } from './duffel-supplier';
import { createMemoryOfferReplacements } from './offer-replacements';
import { createMemoryRateLimitPauses, type RateLimitPauses } from './rate-limit-pauses';

/**
 * Duffel under load, through the SDK over HTTP against the Duffel-compatible server: a search
 * slower than its deadline, and Duffel's rate limit (429 with `ratelimit-reset`, or an answer
 * saying no request is left). The clock is the test's; a pause moves it on at once.
 */

const TOKEN = 'duffel_test_limits0123456789';
const START = new Date('2026-01-10T09:00:00Z');

const servers: DuffelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close().catch(() => undefined)));
});

interface Harness {
  supplier: FlightSupplier;
  calls: { method: string; path: string; query: string; status: number }[];
  waits: number[];
  apiUrl: string;
}

let now = START;

async function duffelServer(options: Partial<DuffelServerOptions> = {}) {
  const calls: Harness['calls'] = [];
  const server = createDuffelServer({
    clock: () => now,
    tokens: [TOKEN],
    onRequest: (entry) => calls.push(entry),
    ...options,
  });
  servers.push(server);
  return { calls, apiUrl: await server.listen() };
}

function supplierOn(
  apiUrl: string,
  overrides: Partial<DuffelSupplierOptions> = {},
): { supplier: FlightSupplier; waits: number[] } {
  const waits: number[] = [];
  const supplier = createDuffelSupplier({
    token: TOKEN,
    apiUrl,
    live: false,
    replacements: createMemoryOfferReplacements(),
    clock: () => now,
    sleep: (ms) => {
      waits.push(ms);
      now = new Date(now.getTime() + ms);
      return Promise.resolve();
    },
    ...overrides,
  });
  return { supplier, waits };
}

async function harness(
  server: Partial<DuffelServerOptions> = {},
  overrides: Partial<DuffelSupplierOptions> = {},
): Promise<Harness> {
  now = START;
  const { calls, apiUrl } = await duffelServer(server);
  return { ...supplierOn(apiUrl, overrides), calls, apiUrl };
}

function search(supplier: FlightSupplier, destination = 'JFK', signal?: AbortSignal) {
  return supplier.search({
    slices: [{ origin: 'LHR', destination, departureDate: '2026-02-02' }],
    passengers: [{ type: 'adult' }],
    cabinClass: 'economy',
    currency: 'USD',
    ...(signal ? { signal } : {}),
  });
}

async function failure(promise: Promise<unknown>): Promise<SupplierError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SupplierError);
  return error as SupplierError;
}

/** Requests made by another client of the same account (its own calls, not the adapter's). */
async function spend(apiUrl: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${apiUrl}/air/orders`, {
      headers: { authorization: `Bearer ${TOKEN}`, 'duffel-version': 'v2' },
    });
    expect(response.status).toBe(200);
  }
}

const offerRequests = (calls: Harness['calls']) =>
  calls.filter((c) => c.method === 'POST' && c.path.startsWith('/air/offer_requests'));

describe('Duffel under load', () => {
  it('sends supplier_timeout, and answers a search Duffel is slower than at its deadline', async () => {
    const h = await harness(
      { offerRequestLatencyMs: 1500 },
      { supplierTimeoutMs: 2000, searchDeadlineMs: 250 },
    );
    const started = performance.now();
    const late = await failure(search(h.supplier));
    const took = performance.now() - started;
    expect(late.code).toBe('timeout');
    expect(took).toBeGreaterThanOrEqual(240);
    // Answered at its deadline, well before Duffel would have answered (a loaded machine is slow).
    expect(took).toBeLessThan(1200);

    // The request was left to Duffel, which answers it in its own time; its answer is dropped.
    await expect.poll(() => offerRequests(h.calls).length, { timeout: 2000 }).toBe(1);
    expect(offerRequests(h.calls)[0]?.query).toContain('supplier_timeout=2000');
    expect(h.calls.some((c) => c.path === '/air/offers')).toBe(false);

    // The caller's own signal still ends the search first (a traveller gone).
    const gone = new AbortController();
    const stopped = failure(search(h.supplier, 'BOS', gone.signal));
    gone.abort();
    expect((await stopped).code).toBe('aborted');
  });

  it('a 429 resetting before the deadline: waits for the reset, asks once more, then gives up', async () => {
    // No request is allowed at all: every one is refused until its window resets.
    const h = await harness({ rateLimit: { limit: 0, windowMs: 1000 } });
    const limited = await failure(search(h.supplier));
    expect(limited.code).toBe('rate_limited');
    expect(h.calls.map((c) => c.status)).toEqual([429, 429]);
    expect(h.waits).toEqual([1000]);
    expect(limited.details.retryAt).toBe(START.getTime() + 2000);
  });

  it('a 429 resetting after the deadline: refused at once, and no search asks Duffel until then', async () => {
    const pauses = createMemoryRateLimitPauses();
    const h = await harness(
      { rateLimit: { limit: 2, windowMs: 60_000 } },
      { rateLimitPauses: pauses, searchDeadlineMs: 5000 },
    );
    // Another client of the same Duffel account has spent the window.
    await spend(h.apiUrl, 2);
    h.calls.splice(0);
    const limited = await failure(search(h.supplier));
    expect(limited.code).toBe('rate_limited');
    expect(limited.details.retryAt).toBe(START.getTime() + 60_000);
    expect(h.waits).toEqual([]);
    expect(h.calls).toHaveLength(1);
    expect((await pauses.find('test'))?.until).toEqual(new Date(START.getTime() + 60_000));

    // Other searches, at once and a little later, do not ask Duffel.
    const more = await Promise.all(
      [search(h.supplier, 'BOS'), search(h.supplier, 'ORD')].map(failure),
    );
    expect(more.map((e) => e.code)).toEqual(['rate_limited', 'rate_limited']);
    now = new Date(START.getTime() + 30_000);
    expect((await failure(search(h.supplier, 'MIA'))).code).toBe('rate_limited');
    expect(h.calls).toHaveLength(1);

    // Once it resets (within a search's deadline), Duffel is asked again.
    now = new Date(START.getTime() + 57_000);
    const answer = await search(h.supplier, 'MIA');
    expect(answer.offers.length).toBeGreaterThan(0);
    expect(h.waits).toEqual([3000]);
  });

  it('stops when Duffel says no request is left in its window: the search in flight waits, none gets a 429', async () => {
    // One search is two requests (the offer request and its page of offers).
    const h = await harness({ rateLimit: { limit: 3, windowMs: 2000 } });
    await search(h.supplier);
    await search(h.supplier, 'BOS');
    expect(h.calls.map((c) => c.status)).toEqual([201, 200, 201, 200]);
    // The second search's offers were read only after the window reset, not refused.
    expect(h.waits).toEqual([2000]);
  });

  it('respects the pause another process recorded, without a 429 of its own', async () => {
    const shared: RateLimitPauses = createMemoryRateLimitPauses();
    const h = await harness(
      { rateLimit: { limit: 2, windowMs: 60_000 } },
      { rateLimitPauses: shared, searchDeadlineMs: 5000 },
    );
    // Another process's adapter on the same Duffel account and the same store.
    const other = supplierOn(h.apiUrl, { rateLimitPauses: shared, searchDeadlineMs: 5000 });
    await search(h.supplier);
    expect(h.calls.map((c) => c.status)).toEqual([201, 200]);
    const refused = await failure(search(other.supplier, 'BOS'));
    expect(refused.code).toBe('rate_limited');
    expect(h.calls).toHaveLength(2);
  });

  it('orders wait for a reset that comes soon, and are refused without asking Duffel otherwise', async () => {
    const pauses = createMemoryRateLimitPauses();
    const h = await harness({}, { rateLimitPauses: pauses, maxRateLimitWaitMs: 2000 });
    await pauses.pause('test', { until: new Date(START.getTime() + 60_000), requestId: 'req_1' });
    const refused = await failure(h.supplier.getOrder('ord_0000AbCdEfGhIjKlMnOpQr'));
    expect(refused.code).toBe('rate_limited');
    expect(refused.details.requestId).toBe('req_1');
    expect(h.calls).toHaveLength(0);

    now = new Date(START.getTime() + 59_000);
    const missing = await failure(h.supplier.getOrder('ord_0000AbCdEfGhIjKlMnOpQr'));
    expect(missing.code).toBe('not_found');
    expect(h.waits).toEqual([1000]);
    expect(h.calls).toHaveLength(1);
  });
});
