// What the benchmarks share: the server started as `npm start` starts it, dates that every day of
// the year can search, a guest booking over HTTP, and the memory of the server's processes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, addMonths, BOOKING_HORIZON_MONTHS } from '@contrail/contracts/flight-search';
import { searchOffersOf } from '@contrail/contracts/search-results';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import pg from 'pg';
import { buildNeeded, root } from '../../../scripts/build-state.mjs';

/** An answer later than this is a timeout. */
export const TIMEOUT_S = 10;

/**
 * Sent with every request, as every browser sends it: without it a search answer goes out
 * uncompressed, which measures the network, not the server.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip, deflate' };

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

/** Builds the web app and the API when their sources are newer, as `npm start` would. */
export function buildIfNeeded(): void {
  if (!buildNeeded()) return;
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('build failed');
}

/** Today's date (UTC), `YYYY-MM-DD`. */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * The dates of the n-th trip a bench searches: departures from a week to about nine months
 * ahead, returning a week later, so that every trip is searchable on any day of the year (the
 * horizon is 11 months: 334 days at the shortest). `from` is the day the bench runs.
 */
export function benchTrip(
  n: number,
  from = today(),
): { departureDate: string; returnDate: string } {
  const offset = 7 + (n % 270);
  const departureDate = addDays(from, offset);
  const returnDate = addDays(departureDate, 7);
  // Checked rather than assumed: a bench that searches past the horizon measures 422s.
  if (returnDate > addMonths(from, BOOKING_HORIZON_MONTHS)) {
    throw new Error(`bench trip ${departureDate}–${returnDate} is past the booking horizon`);
  }
  return { departureDate, returnDate };
}

export const ROUTES = [
  ['LHR', 'JFK'],
  ['CDG', 'JFK'],
  ['LHR', 'DXB'],
  ['FRA', 'SIN'],
  ['LAX', 'NRT'],
  ['AMS', 'ORD'],
  ['MAD', 'MEX'],
  ['SYD', 'LAX'],
] as const;

/** The n-th search nobody made before: routes in turn, each day in turn. */
export function newSearch(n: number) {
  const [origin, destination] = ROUTES[n % ROUTES.length] ?? ROUTES[0];
  return { ...popularSearch(), origin, destination, ...benchTrip(Math.floor(n / ROUTES.length)) };
}

/** The search everyone makes: London to New York in a month, for a week. */
export function popularSearch() {
  return {
    origin: 'LHR',
    destination: 'JFK',
    ...benchTrip(23),
    cabinClass: 'economy',
    adultsCount: 1,
    childrenCount: 0,
    infantsCount: 0,
    tripType: 'round-trip',
  };
}

export interface RunningServer {
  base: string;
  /** The process `npm start` runs (with workers: the primary). */
  pid: number;
  processes: number;
  database: 'embedded' | 'postgres';
  /** Resident memory of the server's processes together, MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

/** A fresh database on the PostgreSQL server at `url`, dropped by the returned function. */
async function scratchDatabase(url: string, name: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const database = `contrail_bench_${name}_${String(process.pid)}`;
  try {
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.query(`create database "${database}"`);
  } finally {
    await admin.end();
  }
  const scratch = new URL(url);
  scratch.pathname = `/${database}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop database if exists "${database}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The PostgreSQL server the benches may use, if one answers. */
export async function benchDatabaseUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) return undefined;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${String(pid)}/task/${String(pid)}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Every process below `pid`. */
function descendantsOf(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

async function waitReady(base: string, child: ChildProcess): Promise<void> {
  // A fresh embedded database is created first (initdb), which takes a while on a busy machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${String(child.exitCode)}`);
    const ready = await fetch(`${base}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready');
}

/**
 * `npm start` as an operator runs it, on a fresh embedded database, or on a fresh database of a
 * PostgreSQL server with one process per core. Stopped as a terminal stops it: SIGTERM to the
 * whole process group.
 */
export async function startServer({
  databaseUrl,
  name,
}: {
  databaseUrl?: string | undefined;
  name: string;
}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `contrail-bench-${name}-`));
  const scratch = databaseUrl ? await scratchDatabase(databaseUrl, name) : undefined;
  const port = await freePort();
  const base = `http://127.0.0.1:${String(port)}`;
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: scratch?.url ?? '',
      WEB_CONCURRENCY: process.env.BENCH_WEB_CONCURRENCY ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitReady(base, child);
  const npmPid = child.pid;
  if (npmPid === undefined) throw new Error('npm start has no pid');
  // The workers take a moment to listen after the first one answers.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const [server = npmPid] = childrenOf(npmPid);
  return {
    base,
    pid: server,
    processes: Math.max(1, childrenOf(server).length),
    database: scratch ? 'postgres' : 'embedded',
    // The server's processes, not npm's own.
    rssMb: () =>
      Math.round(descendantsOf(npmPid).reduce((sum, each) => sum + rssOf(each), 0) * 10) / 10,
    stop: async () => {
      process.kill(-npmPid, 'SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}

export async function postJson(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown; cookies: string[] }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER_HEADERS, ...headers },
    body: JSON.stringify(body),
    // An answer that never comes is an error of its own, not a bench that never ends.
    signal: AbortSignal.timeout(TIMEOUT_S * 1000),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as unknown) : {},
    cookies: response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? ''),
  };
}

/** The offers of a search, through the search API. */
export async function searchOffers(base: string, criteria: unknown): Promise<SearchOffer[]> {
  const found = await postJson(base, '/api/flights/search', criteria);
  if (found.status !== 200) throw new Error(`search answered ${String(found.status)}`);
  return searchOffersOf(found.json);
}

/** One guest booking of a search: search, authorise the card, book. Null when it went through. */
export async function guestBooking(
  base: string,
  n: number,
  criteria: unknown,
): Promise<string | null> {
  const offers = await searchOffers(base, criteria);
  const offer = offers[n % Math.min(5, offers.length)];
  if (!offer) return 'no offer to book';
  const passengers = offer.passengers.map((passenger) => ({
    id: passenger.id,
    type: passenger.type,
    title: 'ms',
    firstName: 'Bench',
    lastName: 'Traveller',
    gender: 'female',
    dateOfBirth: '1985-12-10',
    email: `bench${String(n)}-${String(Date.now())}@example.com`,
    phone: '+44 20 7946 0000',
    passportNumber: 'P1234567',
    // Valid ten years from today, so the bench passes on any date.
    passportExpiryDate: `${String(new Date().getUTCFullYear() + 10)}-01-01`,
    passportIssuingCountry: 'GB',
  }));
  const payment = await postJson(base, '/api/payments/process-card', {
    offerId: offer.id,
    amount: offer.total_amount,
    currency: offer.total_currency,
    passengers,
    cardDetails: {
      number: '4242424242424242',
      holderName: 'Bench Traveller',
      expiryMonth: '12',
      expiryYear: String((new Date().getUTCFullYear() + 4) % 100).padStart(2, '0'),
      cvv: '123',
    },
  });
  if (payment.status !== 200) return `payment answered ${String(payment.status)}`;
  const { paymentId } = payment.json as { paymentId?: string };
  const booking = await postJson(
    base,
    '/api/bookings',
    {
      offerId: offer.id,
      passengers,
      paymentDetails: { paymentId, amount: offer.total_amount, currency: offer.total_currency },
    },
    // The guest checkout cookie the payment set: the payment is usable only by its maker.
    {
      'idempotency-key': `bench-${String(n)}-${String(Date.now())}`,
      cookie: payment.cookies.join('; '),
    },
  );
  return booking.status === 201 ? null : `booking answered ${String(booking.status)}`;
}

/** Median and 95th percentile of a list of milliseconds. */
export function spread(times: number[]): { median_ms: number; p95_ms: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  return { median_ms: at(0.5), p95_ms: at(0.95) };
}
