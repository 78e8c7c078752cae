// HTTP benchmarks against `npm start` as an operator runs it: on the embedded database (one
// process), and on a PostgreSQL server with one process per core when one answers
// (BENCH_DATABASE_URL, else DATABASE_URL). Prints one JSON line per measure: requests/s and
// latency percentiles under load, whole bookings end to end, and the date strip.
import { get, type ClientRequest } from 'node:http';
import autocannon from 'autocannon';
import {
  benchDatabaseUrl,
  BROWSER_HEADERS,
  buildIfNeeded,
  guestBooking,
  newSearch,
  popularSearch,
  postJson,
  searchOffers,
  spread,
  startServer,
  TIMEOUT_S,
  type RunningServer,
} from './support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 20;
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 30);
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_S ?? 5);
let warmUpNumber = 0;

/** Searches: what a results page costs the server, whoever searched it before. */
const SEARCH_BUDGETS = {
  repeated: { min_rps: 1500, max_p99_ms: 250 },
  new: { min_rps: 300, max_p99_ms: 250 },
};

interface Case {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  /** A different body for each request (overrides `body`). */
  nextBody?: () => unknown;
  budget?: { min_rps?: number; max_p99_ms?: number };
  note?: string;
}

async function measure(server: RunningServer, test: Case): Promise<boolean> {
  const { name, path, method = 'GET', body, nextBody, budget, note } = test;
  const json = body !== undefined || nextBody !== undefined;
  const result = await autocannon({
    url: `${server.base}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    method,
    headers: { ...BROWSER_HEADERS, ...(json ? { 'content-type': 'application/json' } : {}) },
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
      database: server.database,
      processes: server.processes,
      connections: CONNECTIONS,
      duration_s: DURATION_S,
      requests_per_s: rps,
      latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99 },
      bytes_per_answer: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
      non_2xx: result.non2xx,
      errors: result.errors,
      ...(budget ? { budget, pass } : {}),
      ...(note ? { note } : {}),
    }),
  );
  return pass;
}

/**
 * Health probes as load balancers send them: each on a new connection, CONNECTIONS at a time.
 * (The answer closes its connection when several processes serve, and autocannon's latency of
 * requests on connections that close counts its own reconnection queue, seconds that no probe
 * waited.)
 */
async function measureProbes(server: RunningServer): Promise<boolean> {
  const times: number[] = [];
  let failures = 0;
  const until = performance.now() + DURATION_S * 1000;
  const probe = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      get(`${server.base}/api/health`, { agent: false, timeout: TIMEOUT_S * 1000 }, (response) => {
        response.resume();
        response.once('end', () => {
          if (response.statusCode === 200) times.push(performance.now() - started);
          else failures += 1;
          resolve();
        });
      })
        .once('timeout', function (this: ClientRequest) {
          this.destroy();
        })
        .once('error', () => {
          failures += 1;
          resolve();
        });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await probe();
    }),
  );
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.floor(q * (sorted.length - 1))] ?? 0) * 10) / 10;
  console.log(
    JSON.stringify({
      name: 'api.health',
      database: server.database,
      processes: server.processes,
      connections: CONNECTIONS,
      duration_s: DURATION_S,
      requests_per_s: Math.round(times.length / DURATION_S),
      latency_ms: { p50: at(0.5), p90: at(0.9), p99: at(0.99) },
      failures,
      note: 'a new connection for each probe',
      pass: failures === 0,
    }),
  );
  return failures === 0;
}

/** Whole bookings one after another: search, authorise the card, book (a guest each time). */
async function measureBookings(server: RunningServer): Promise<boolean> {
  const times: number[] = [];
  const problems: string[] = [];
  for (let i = 0; i < BOOKINGS; i += 1) {
    const started = performance.now();
    const problem = await guestBooking(server.base, i, newSearch(10_000 + i));
    if (problem) problems.push(problem);
    else times.push(performance.now() - started);
  }
  console.log(
    JSON.stringify({
      name: 'api.booking.end_to_end',
      database: server.database,
      processes: server.processes,
      bookings: times.length,
      ...spread(times),
      problems: problems.slice(0, 5),
      pass: problems.length === 0,
    }),
  );
  return problems.length === 0;
}

/** The ±3-day strip of a results page, for routes and dates nobody priced before. */
async function measureDateStrip(server: RunningServer): Promise<boolean> {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < 40; i += 1) {
    const started = performance.now();
    const answer = await postJson(server.base, '/api/flights/date-prices', newSearch(20_000 + i));
    if (answer.status === 200) times.push(performance.now() - started);
    else failures += 1;
  }
  console.log(
    JSON.stringify({
      name: 'api.flights.date_prices',
      database: server.database,
      processes: server.processes,
      requests: times.length,
      ...spread(times),
      note: 'seven days priced from the fare model, one request after another',
      pass: failures === 0,
    }),
  );
  return failures === 0;
}

async function bench(server: RunningServer): Promise<boolean> {
  const results: boolean[] = [];
  results.push(await measureProbes(server));
  results.push(await measure(server, { name: 'api.brand', path: '/api/brands/skyhop.localhost' }));
  results.push(await measure(server, { name: 'web.page', path: '/?brand=skyhop.localhost' }));
  const popular = popularSearch();
  results.push(
    await measure(server, {
      name: 'api.flights.search.repeated',
      path: '/api/flights/search',
      method: 'POST',
      body: popular,
      budget: SEARCH_BUDGETS.repeated,
      note: 'one popular search repeated: answered from each process’s cache for the sandbox’s minute',
    }),
  );
  // Warm-up, not measured: the same routes and dates for two adults (so no answer is cached for
  // the measured searches, which are for one), as a server that has been up a while has seen
  // them: the code compiled, each airport's days read from the time-zone database once.
  await autocannon({
    url: `${server.base}/api/flights/search`,
    connections: CONNECTIONS,
    duration: WARM_UP_S,
    method: 'POST',
    headers: { ...BROWSER_HEADERS, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          body: JSON.stringify({ ...newSearch((warmUpNumber += 1)), adultsCount: 2 }),
        }),
      },
    ],
  });
  let searchNumber = 0;
  results.push(
    await measure(server, {
      name: 'api.flights.search.new',
      path: '/api/flights/search',
      method: 'POST',
      nextBody: () => newSearch((searchNumber += 1)),
      budget: SEARCH_BUDGETS.new,
      note: 'a search nobody made before on every request: the sandbox builds each answer anew',
    }),
  );
  const [offer] = await searchOffers(server.base, popular);
  if (!offer) throw new Error('the search found no offer to benchmark');
  results.push(
    await measure(server, {
      name: 'api.flights.offer',
      path: `/api/flights/offer/${offer.id}`,
      budget: { min_rps: 2000 },
    }),
  );
  results.push(await measureDateStrip(server));
  results.push(await measureBookings(server));
  return results.every(Boolean);
}

async function main(): Promise<void> {
  buildIfNeeded();
  let pass = true;
  const setups: { name: string; databaseUrl?: string }[] = [{ name: 'embedded' }];
  const databaseUrl = await benchDatabaseUrl();
  if (databaseUrl) setups.push({ name: 'postgres', databaseUrl });
  else
    console.log(JSON.stringify({ name: 'api.postgres', skipped: 'no PostgreSQL server answers' }));
  for (const setup of setups) {
    const server = await startServer(setup);
    try {
      pass = (await bench(server)) && pass;
    } finally {
      await server.stop();
    }
  }
  if (!pass) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
