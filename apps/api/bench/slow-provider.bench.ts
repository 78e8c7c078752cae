// Searches that wait on a slow provider, against the built server in Duffel test mode
// (DUFFEL_TEST_TOKEN, DUFFEL_API_URL) with the repository's Duffel-compatible server, in a process
// of its own, holding each offer request BENCH_DUFFEL_LATENCY_MS (3000) and answering
// BENCH_DUFFEL_OFFERS (200) offers, as a busy Duffel does:
//  1. 200 distinct one-way searches in flight at once, on a fresh embedded database: every one
//     answered, the p99 within the provider's latency plus 150 ms; meanwhile the home page, an offer
//     read and /api/health, each under 100 ms at p99; the server's resident memory (all its
//     processes, sampled every 100 ms) under 1 GB at its peak and back within 10 % of its start.
//  2. Identical searches, 50 visitors at once, on two processes sharing a fresh PostgreSQL database
//     (BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres):
//     one offer request reaches the provider, and a second wave within the cache window none.
//     Skipped, and said so, when no PostgreSQL server answers. A shorter trial:
//     BENCH_SLOW_SEARCHES=40 BENCH_DUFFEL_LATENCY_MS=500 BENCH_SETTLE_S=5.
import { addDays, addMonths, BOOKING_HORIZON_MONTHS } from '@contrail/contracts/flight-search';
import { searchOffersOf } from '@contrail/contracts/search-results';
import {
  benchDatabaseUrl,
  BROWSER_HEADERS,
  buildIfNeeded,
  ROUTES,
  startServer,
  today,
} from './support';
import { startProbes } from './latency-probes';
import { LATENCY_MS, OFFERS, startDuffel, type Duffel } from './slow-duffel';

const SEARCHES = Number(process.env.BENCH_SLOW_SEARCHES ?? 200);
/** Over how long the distinct searches start: within the provider's latency, all in flight at once. */
const RAMP_MS = Number(process.env.BENCH_SLOW_RAMP_MS ?? LATENCY_MS * 0.9);
const VISITORS = 50;
/** What the product may add to the provider's latency at p99. */
const SEARCH_OVERHEAD_BUDGET_MS = 150;
const PROBE_BUDGET_MS = 100;
const RSS_EVERY_MS = 100;
const PEAK_RSS_BUDGET_MB = 1024;
/** After the run, resident memory within this share above its start. */
const SETTLED_RSS_SHARE = 0.1;
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 30);
/** A search answered later than this is an error, not a bench that never ends. */
const SEARCH_TIMEOUT_MS = LATENCY_MS + 30_000;
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A one-way search of `route` on the day `offset` days after today, checked against the horizon. */
function oneWay(route: number, offset: number) {
  const from = today();
  const [origin, destination] = ROUTES[route % ROUTES.length] ?? ROUTES[0];
  const departureDate = addDays(from, offset);
  if (departureDate > addMonths(from, BOOKING_HORIZON_MONTHS)) {
    throw new Error(`bench search on ${departureDate} is past the booking horizon`);
  }
  return {
    origin,
    destination,
    departureDate,
    cabinClass: 'economy',
    adultsCount: 1,
    childrenCount: 0,
    infantsCount: 0,
    tripType: 'one-way',
  };
}

/** The n-th of the wave's distinct searches: routes in turn, then the next day, from a week ahead. */
const distinctSearch = (n: number) => oneWay(n, 7 + Math.floor(n / ROUTES.length));

interface Searched {
  ms: number;
  status: number | string;
  offers: number;
}

async function timedSearch(base: string, criteria: unknown): Promise<Searched & { ids: string[] }> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
      body: JSON.stringify(criteria),
      signal: AbortSignal.timeout(SEARCH_TIMEOUT_MS),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    const offers = response.status === 200 ? searchOffersOf(JSON.parse(text) as unknown) : [];
    return {
      ms,
      status: response.status,
      offers: offers.length,
      ids: offers.map((offer) => offer.id),
    };
  } catch (error) {
    return { ms: performance.now() - started, status: String(error), offers: 0, ids: [] };
  }
}

/** The q-quantile of a list of milliseconds, to 0.1 ms. */
function quantile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  const at =
    sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return Math.round(at * 10) / 10;
}

async function distinctSearches(duffel: Duffel): Promise<boolean> {
  const server = await startServer({ name: 'slowprovider' });
  try {
    // An offer found before the wave, on a day the wave does not search.
    const before = await timedSearch(server.base, oneWay(0, 200));
    const offerId = before.ids[0];
    if (!offerId) throw new Error(`the search before the wave answered ${String(before.status)}`);
    const paths = ['/', `/api/flights/offer/${offerId}`, '/api/health'];

    const rssStart = server.rssMb();
    let rssPeak = rssStart;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, server.rssMb());
    }, RSS_EVERY_MS);
    const requestsBefore = await duffel.offerRequests();
    const stopProbes = await startProbes(server.base, paths);
    const started = performance.now();
    // Started one after another across the provider's latency (BENCH_SLOW_RAMP_MS=0: all at once),
    // so that when the last starts the first is still waiting: all SEARCHES in flight at once.
    // Travellers do not press Search in the same millisecond, and a provider holding each request
    // exactly LATENCY_MS would otherwise answer all of them in the same millisecond too.
    const searches = await Promise.all(
      Array.from({ length: SEARCHES }, async (_, n) => {
        await new Promise((resolve) => setTimeout(resolve, (n * RAMP_MS) / SEARCHES));
        return timedSearch(server.base, distinctSearch(n));
      }),
    );
    const waveMs = performance.now() - started;
    const probes = await stopProbes();
    const offerRequests = (await duffel.offerRequests()) - requestsBefore;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, server.rssMb());

    // Settled: the first sample within budget, or the last of SETTLE_S seconds.
    const settledBudget = Math.round(rssStart * (1 + SETTLED_RSS_SHARE) * 10) / 10;
    let rssSettled = server.rssMb();
    let settleS = 0;
    while (rssSettled > settledBudget && settleS < SETTLE_S) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      settleS += 1;
      rssSettled = server.rssMb();
    }

    const answered = searches.filter((search) => search.status === 200);
    const errors = searches
      .filter((search) => search.status !== 200)
      .map((search) => String(search.status));
    const times = searches.map((search) => search.ms);
    const p99 = quantile(times, 0.99);
    const searchPass =
      answered.length === SEARCHES &&
      errors.length === 0 &&
      answered.every((search) => search.offers > 0) &&
      p99 - LATENCY_MS <= SEARCH_OVERHEAD_BUDGET_MS;
    console.log(
      JSON.stringify({
        name: 'slow_provider.distinct_searches',
        database: server.database,
        processes: server.processes,
        provider_latency_ms: LATENCY_MS,
        provider_offers: OFFERS,
        searches: SEARCHES,
        answered: answered.length,
        without_offers: answered.filter((search) => search.offers === 0).length,
        errors: errors.length,
        error_samples: [...new Set(errors)].slice(0, 5),
        offer_requests: offerRequests,
        latency_ms: {
          p50: quantile(times, 0.5),
          p99,
          max: quantile(times, 1),
          min: quantile(times, 0),
        },
        p99_over_provider_ms: Math.round((p99 - LATENCY_MS) * 10) / 10,
        wave_ms: Math.round(waveMs),
        ramp_ms: RAMP_MS,
        budget: { errors: 0, p99_max_ms: LATENCY_MS + SEARCH_OVERHEAD_BUDGET_MS },
        pass: searchPass,
      }),
    );

    let probesPass = true;
    for (const [path, checks] of Object.entries(probes)) {
      const ms = checks.map((check) => check.ms);
      const failures = checks.filter((check) => check.status !== 200).map((c) => String(c.status));
      const pathP99 = quantile(ms, 0.99);
      const pass = checks.length > 0 && failures.length === 0 && pathP99 < PROBE_BUDGET_MS;
      probesPass &&= pass;
      console.log(
        JSON.stringify({
          name: 'slow_provider.probe',
          path: path.startsWith('/api/flights/offer/') ? '/api/flights/offer/:id' : path,
          checks: checks.length,
          latency_ms: { p50: quantile(ms, 0.5), p99: pathP99, max: quantile(ms, 1) },
          failures: failures.length,
          failure_samples: [...new Set(failures)].slice(0, 5),
          budget: { p99_max_ms: PROBE_BUDGET_MS },
          pass,
        }),
      );
    }

    const rssPass = rssPeak < PEAK_RSS_BUDGET_MB && rssSettled <= settledBudget;
    console.log(
      JSON.stringify({
        name: 'slow_provider.rss',
        processes: server.processes,
        rss_mb: { start: rssStart, peak: rssPeak, settled: rssSettled },
        settled_after_s: settleS,
        budget: { peak_max_mb: PEAK_RSS_BUDGET_MB, settled_max_mb: settledBudget },
        pass: rssPass,
      }),
    );
    return searchPass && probesPass && rssPass;
  } finally {
    await server.stop();
  }
}

async function identicalSearches(duffel: Duffel): Promise<boolean> {
  // An empty DATABASE_URL is none, as `npm start` reads it.
  if (process.env.BENCH_DATABASE_URL === undefined && !process.env.DATABASE_URL) {
    process.env.BENCH_DATABASE_URL = DEFAULT_DATABASE_URL;
  }
  const databaseUrl = await benchDatabaseUrl();
  if (!databaseUrl) {
    console.log(
      JSON.stringify({
        name: 'slow_provider.identical_searches',
        skipped: 'no PostgreSQL server answered (BENCH_DATABASE_URL, DATABASE_URL)',
        pass: true,
      }),
    );
    return true;
  }
  process.env.BENCH_WEB_CONCURRENCY = '2';
  const server = await startServer({ databaseUrl, name: 'slowshared' });
  try {
    const criteria = oneWay(0, 90);
    const wave = async () => {
      const before = await duffel.offerRequests();
      const searches = await Promise.all(
        Array.from({ length: VISITORS }, () => timedSearch(server.base, criteria)),
      );
      const times = searches.map((search) => search.ms);
      return {
        answered: searches.filter((search) => search.status === 200 && search.offers > 0).length,
        errors: searches.filter((search) => search.status !== 200).length,
        latency_ms: { p50: quantile(times, 0.5), p99: quantile(times, 0.99) },
        offer_requests: (await duffel.offerRequests()) - before,
      };
    };
    const first = await wave();
    const second = await wave();
    const firstPass = first.answered === VISITORS && first.offer_requests === 1;
    const secondPass = second.answered === VISITORS && second.offer_requests === 0;
    for (const [name, figures, budget, pass] of [
      ['slow_provider.identical_searches', first, 1, firstPass],
      ['slow_provider.identical_searches_again', second, 0, secondPass],
    ] as const) {
      console.log(
        JSON.stringify({
          name,
          database: server.database,
          processes: server.processes,
          visitors: VISITORS,
          ...figures,
          budget: { offer_requests: budget, errors: 0 },
          pass,
        }),
      );
    }
    return firstPass && secondPass;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  buildIfNeeded();
  const duffel = await startDuffel();
  let pass: boolean;
  try {
    // Duffel test mode, as an operator sets it; the servers the benches start inherit it.
    delete process.env.DUFFEL_LIVE_TOKEN;
    delete process.env.DUFFEL_TOKEN;
    process.env.DUFFEL_TEST_TOKEN = 'duffel_test_local';
    process.env.DUFFEL_API_URL = duffel.url;
    const distinct = await distinctSearches(duffel);
    const identical = await identicalSearches(duffel);
    pass = distinct && identical;
  } finally {
    await duffel.stop();
  }
  if (!pass) process.exitCode = 1;
}
await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
