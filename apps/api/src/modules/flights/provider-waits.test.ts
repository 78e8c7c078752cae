import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchOffersOf } from '@contrail/contracts/search-results';
import { createDuffelServer, type DuffelServer } from '@contrail/sandbox/duffel-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { TestClient } from '../../../test/http';
import { eventually, oneWaySearch, searchOverHttp } from '../../../test/searches';

// One admission turn, and Duffel (the Duffel-compatible server through the official SDK) holding
// each offer request until the test lets it answer: a search waiting on Duffel must not keep
// anyone else waiting.

const TOKEN = 'duffel_test_providerwaits0123456';
const clock = () => new Date('2026-11-22T09:00:00Z');
/** Offer requests Duffel holds: each answers when its `answer` is called, or fails. */
const held: { answer: () => void; fail: (error: Error) => void }[] = [];
let holding = false;
let duffel: DuffelServer | undefined;

function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'contrail-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
      '<link rel="icon" href="/favicon.svg" /><title>Contrail - Flight Booking</title>' +
      '<script id="boot-data" type="application/json">null</script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  return dir;
}

const env: Record<string, string> = { DUFFEL_TEST_TOKEN: TOKEN, WEB_DIST_DIR: webDist() };

beforeAll(async () => {
  duffel = createDuffelServer({
    clock,
    tokens: [TOKEN],
    offerRequestLatencyMs: 3000,
    sleep: () =>
      holding
        ? new Promise<void>((answer, fail) => held.push({ answer, fail }))
        : Promise.resolve(),
  });
  env.DUFFEL_API_URL = await duffel.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await duffel?.close();
});

describe('a search waiting on the provider', () => {
  const t = useTestApp(env, { clock, admittedAtOnce: 1 });

  it('holds no turn while it waits: health, a page and an offer read are answered meanwhile', async () => {
    const client = new TestClient(t.app);
    holding = false;
    const first = await client.post('/api/flights/search', oneWaySearch('JFK'));
    expect(first.statusCode).toBe(200);
    const offerId = searchOffersOf(first.json())[0]?.id ?? '';

    holding = true;
    const waiting = client.post('/api/flights/search', oneWaySearch('BOS'));
    await eventually(() => held.length === 1);
    expect(t.app.admission.running()).toBe(0);

    // The one turn is free: each of these is answered while Duffel still holds the search.
    expect((await client.get('/api/health')).statusCode).toBe(200);
    const page = await client.get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    const offer = await client.get(`/api/flights/offer/${encodeURIComponent(offerId)}`);
    expect(offer.statusCode).toBe(200);
    expect(held).toHaveLength(1);

    held.shift()?.answer();
    const answered = await waiting;
    expect(answered.statusCode).toBe(200);
    expect(searchOffersOf(answered.json()).length).toBeGreaterThan(0);
    expect(t.app.admission.running()).toBe(0);
    expect(t.app.admission.waiting()).toBe(0);
  });

  it('gives its turn back when the provider fails', async () => {
    const client = new TestClient(t.app);
    holding = true;
    const waiting = client.post('/api/flights/search', oneWaySearch('ORD'));
    await eventually(() => held.length === 1);
    expect(t.app.admission.running()).toBe(0);
    held.shift()?.fail(new Error('the airlines are down'));
    const failed = await waiting;
    // Duffel answered 500: the traveller is told flights cannot be reached.
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      error: {
        code: 'provider_error',
        message: 'Flights cannot be reached right now. Please try again later.',
      },
    });
    expect(t.app.admission.running()).toBe(0);
    expect(t.app.admission.waiting()).toBe(0);
  });

  it('gives its turn back when its traveller leaves while it waits', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    holding = true;
    const leaver = searchOverHttp(port, oneWaySearch('MIA'));
    await eventually(() => held.length === 1);
    expect(t.app.admission.running()).toBe(0);
    leaver.destroy();
    // Still held: the next visitor gets the one turn at once.
    expect((await new TestClient(t.app).get('/')).statusCode).toBe(200);
    held.shift()?.answer();
    await eventually(() => t.app.admission.running() === 0 && t.app.admission.waiting() === 0);
    holding = false;
    const next = await new TestClient(t.app).post('/api/flights/search', oneWaySearch('MIA'));
    expect(next.statusCode).toBe(200);
    expect(t.app.admission.running()).toBe(0);
  });
});
