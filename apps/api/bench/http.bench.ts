// HTTP benchmarks against the built server in its own process, on a fresh embedded database.
// Prints one JSON line per endpoint: requests/s and latency percentiles under load.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildNeeded, root } from '../../../scripts/build-state.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 20;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

async function waitReady(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready');
}

interface Case {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  /** A different body for each request (overrides `body`). */
  nextBody?: () => unknown;
  headers?: Record<string, string>;
  budget?: { min_rps?: number; max_p99_ms?: number };
  note?: string;
}

async function measure(
  base: string,
  { name, path, method = 'GET', body, nextBody, headers, budget, note }: Case,
): Promise<void> {
  const json = body !== undefined || nextBody !== undefined;
  const result = await autocannon({
    url: `${base}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    method,
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(nextBody === undefined
      ? {}
      : {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                body: JSON.stringify(nextBody()),
              }),
            },
          ],
        }),
  });
  const rps = Math.round(result.requests.average);
  const p99 = result.latency.p99;
  const pass =
    result.non2xx === 0 &&
    result.errors === 0 &&
    (budget?.min_rps === undefined || rps >= budget.min_rps) &&
    (budget?.max_p99_ms === undefined || p99 <= budget.max_p99_ms);
  console.log(
    JSON.stringify({
      name,
      connections: CONNECTIONS,
      duration_s: DURATION_S,
      requests_per_s: rps,
      latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99 },
      non_2xx: result.non2xx,
      errors: result.errors,
      ...(budget ? { budget, pass } : {}),
      ...(note ? { note } : {}),
    }),
  );
}

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 30);

/** Cookies the server set, sent back as a browser would (a guest's checkout cookie). */
const cookieJar = new Map<string, string>();

async function post(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const cookie = [...cookieJar].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const [name = '', value = ''] = pair.split('=');
    if (name) cookieJar.set(name.trim(), value.trim());
  }
  if (!response.ok)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Whole bookings one after another: search, authorise the card, book (a guest each time). */
async function measureBookings(base: string, search: Record<string, unknown>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < BOOKINGS; i += 1) {
    const started = performance.now();
    const found = (await post(base, '/api/flights/search', search)) as {
      offers: {
        id: string;
        total_amount: string;
        total_currency: string;
        passengers: { id: string; type: string }[];
      }[];
    };
    const offer = found.offers[i % Math.max(1, found.offers.length)];
    if (!offer) throw new Error('no offer to book');
    // A passport valid ten years from today, so the bench passes on any date.
    const passportExpiry = `${new Date().getUTCFullYear() + 10}-01-01`;
    const passengers = offer.passengers.map((p) => ({
      id: p.id,
      type: p.type,
      title: 'ms',
      firstName: 'Bench',
      lastName: 'Traveller',
      gender: 'female',
      dateOfBirth: '1985-12-10',
      email: `bench${i}-${Date.now()}@example.com`,
      phone: '+44 20 7946 0000',
      passportNumber: 'P1234567',
      passportExpiryDate: passportExpiry,
      passportIssuingCountry: 'GB',
    }));
    const payment = (await post(base, '/api/payments/process-card', {
      offerId: offer.id,
      amount: offer.total_amount,
      currency: offer.total_currency,
      passengers,
      cardDetails: {
        number: '4242424242424242',
        holderName: 'Bench Traveller',
        expiryMonth: '12',
        expiryYear: '30',
        cvv: '123',
      },
    })) as { paymentId: string };
    await post(
      base,
      '/api/bookings',
      {
        offerId: offer.id,
        passengers,
        paymentDetails: {
          paymentId: payment.paymentId,
          amount: offer.total_amount,
          currency: offer.total_currency,
        },
      },
      { 'idempotency-key': `bench-${i}-${Date.now()}` },
    );
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Number((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1));
  console.log(
    JSON.stringify({
      name: 'api.booking.end_to_end',
      bookings: times.length,
      median_ms: at(0.5),
      p95_ms: at(0.95),
    }),
  );
}

async function main(): Promise<void> {
  if (buildNeeded()) {
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error('build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'contrail-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(base, server);
    await measure(base, { name: 'api.health', path: '/api/health' });
    await measure(base, {
      name: 'api.brand',
      path: '/api/brands/skyhop.localhost',
      headers: { 'x-brand': 'skyhop.localhost' },
    });
    await measure(base, { name: 'web.page', path: '/?brand=skyhop.localhost' });

    const departure = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const back = new Date(Date.now() + 37 * 86_400_000).toISOString().slice(0, 10);
    const search = {
      origin: 'LHR',
      destination: 'JFK',
      departureDate: departure,
      returnDate: back,
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
      tripType: 'round-trip',
    };
    await measure(base, {
      name: 'api.flights.search',
      path: '/api/flights/search',
      method: 'POST',
      body: search,
      budget: { min_rps: 300, max_p99_ms: 200 },
      note: 'one popular search repeated: answered from the per-minute search cache after the first',
    });
    // Every request a search nobody made this minute: the sandbox builds each answer anew.
    const routes = [
      ['LHR', 'JFK'],
      ['CDG', 'JFK'],
      ['LHR', 'DXB'],
      ['FRA', 'SIN'],
      ['LAX', 'NRT'],
      ['AMS', 'ORD'],
      ['MAD', 'MEX'],
      ['SYD', 'LAX'],
    ] as const;
    let searchNumber = 0;
    await measure(base, {
      name: 'api.flights.search.uncached',
      path: '/api/flights/search',
      method: 'POST',
      nextBody: () => {
        searchNumber += 1;
        const [origin, destination] = routes[searchNumber % routes.length] ?? routes[0];
        const day = 7 + (Math.floor(searchNumber / routes.length) % 300);
        return {
          ...search,
          origin,
          destination,
          departureDate: new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10),
          returnDate: new Date(Date.now() + (day + 7) * 86_400_000).toISOString().slice(0, 10),
        };
      },
      note: 'a different search on every request (no cache hit); for information, no budget',
    });
    const found = (await (
      await fetch(`${base}/api/flights/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(search),
      })
    ).json()) as { offers: { id: string }[] };
    const offerId = found.offers[0]?.id;
    if (!offerId) throw new Error('the search found no offer to benchmark');
    await measureBookings(base, search);
    await measure(base, {
      name: 'api.flights.offer',
      path: `/api/flights/offer/${offerId}`,
      budget: { min_rps: 2000 },
    });
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
