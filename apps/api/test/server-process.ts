import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { apiPackageRoot } from '../src/lib/package-root';

// The real server as `npm start` runs it (the built bundle in a process of its own), for the
// tests that kill, signal or multiply it.

const apiRoot = apiPackageRoot();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The date `days` from now, as the search takes it. */
export const inDays = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A bundle built for one test file, in a folder of its own, removed by `remove`. */
export interface ServerBundle {
  distDir: string;
  remove(): Promise<void>;
}

export async function buildServer(name: string): Promise<ServerBundle> {
  const distDir = join(apiRoot, 'dist', `${name}-${String(process.pid)}`);
  await promisify(execFile)(process.execPath, [join(apiRoot, 'scripts', 'build.mjs')], {
    env: { ...process.env, API_DIST_DIR: distDir },
  });
  return { distDir, remove: () => rm(distDir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  process: ChildProcess;
  base: string;
  output: () => string;
  /** The exit code, once the process has ended. */
  exited: Promise<number | null>;
}

export interface StartOptions {
  /** DATA_DIR, DATABASE_URL, ADMIN_PASSWORD, provider keys…: added to (or replacing) the base. */
  env: Record<string, string>;
  /** A process that exits before it is ready is answered (a test of refusing to start), not thrown. */
  mayExit?: boolean;
  timeoutMs?: number;
}

/** Starts the bundle on a free port; resolves once it answers /api/ready. */
export async function startServer(
  bundle: ServerBundle,
  { env, mayExit = false, timeoutMs = 60_000 }: StartOptions,
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${String(port)}`;
  let output = '';
  const child = spawn(process.execPath, [join(bundle.distDir, 'server.js')], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      TZ: 'UTC',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      EMAIL_DELIVERY_INTERVAL_MS: '0',
      // One process unless a test asks for several (the default is one per core).
      WEB_CONCURRENCY: '1',
      // Searches on the request thread unless a test asks for search threads (the default is one
      // per core): the tests run side by side on a machine whose cores are already busy.
      SEARCH_THREADS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (mayExit) break;
      throw new Error(`the server stopped:\n${output}`);
    }
    const ready = await fetch(`${base}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      // Not left running for the rest of the run, holding its port and database.
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await sleep(100);
  }
  return { process: child, base, output: () => output, exited };
}

/** Sends `signal` (SIGKILL: killed on the spot) and waits for the process to end. */
export async function stopServer(
  server: ServerProcess | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (server === undefined) return;
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  server.process.kill(signal);
  await server.exited;
}
