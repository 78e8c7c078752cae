import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, sleep } from './server-process';

// Several server processes on one port through node:cluster, as `npm start` runs them with
// DATABASE_URL (src/cluster.ts), with a small app in each worker (test/cluster/server.ts): the
// connections are dealt to the workers in turn, a busy or stuck worker does not hold up health
// probes on new connections, a stuck worker is ended and replaced as a crashed one is, and a stop
// answers every request in flight.

const SERVER = fileURLToPath(new URL('./cluster/server.ts', import.meta.url));
const STUCK_AFTER_MS = 5_000;

/** The worker processes the primary has forked, by pid (not tsx's esbuild). */
async function workersOf(primary: ChildProcess): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', [
    '-o',
    'pid=,args=',
    '--ppid',
    String(primary.pid),
  ]).catch(() => ({ stdout: '' }));
  return stdout
    .split('\n')
    .filter((line) => line.includes('cluster/server.ts'))
    .map((line) => Number.parseInt(line.trim(), 10))
    .filter((pid) => pid > 0);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

interface Answer {
  status: number;
  pid: number;
  ms: number;
}

/** GET on a connection of its own: its status, the pid of the worker that answered, how long. */
function onNewConnection(port: number, path: string, timeoutMs = 20_000): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = get(
      { host: '127.0.0.1', port, path, agent: false, timeout: timeoutMs },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            pid: (JSON.parse(body) as { pid: number }).pid,
            ms: performance.now() - started,
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}

describe('several server processes on one port (node:cluster)', () => {
  let primary: ChildProcess;
  let port: number;
  let output = '';
  let exited: Promise<number | null>;
  const all = (count: number, path: string) =>
    Promise.all(Array.from({ length: count }, () => onNewConnection(port, path)));

  /** Once both workers answer (a replacement takes a moment to start): the pids that answered. */
  const servedByBoth = () =>
    until(
      async () => new Set((await all(6, '/api/health')).map(({ pid }) => pid)),
      (pids) => pids.size === 2,
    );

  beforeAll(async () => {
    port = await freePort();
    primary = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...process.env, PORT: String(port), STUCK_AFTER_MS: String(STUCK_AFTER_MS) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    primary.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => primary.once('exit', resolve));
    await until(
      async () => output,
      (text) => text.includes('listening') || primary.exitCode !== null,
    );
    expect(output).toContain('listening');
  }, 90_000);

  afterAll(async () => {
    for (const pid of await workersOf(primary)) process.kill(pid, 'SIGKILL');
    primary.kill('SIGKILL');
  });

  it('runs one worker per process asked, and deals new connections to each in turn', async () => {
    const workers = await workersOf(primary);
    expect(workers).toHaveLength(2);
    const answers = await all(8, '/api/health');
    expect(answers.map(({ status }) => status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map(({ pid }) => pid))).toEqual(new Set(workers));
  });

  it('answers health probes on new connections fast while a worker is busy for seconds', async () => {
    // Busy for less than it takes to be found stuck.
    const { pid: busy } = await onNewConnection(port, '/api/block?ms=3000');
    await sleep(100);
    const probes = await all(8, '/api/health');
    // Each is answered, the one handed to the busy worker too once it is free again.
    expect(probes.map(({ status }) => status)).toEqual(probes.map(() => 200));
    // The primary hands a worker a new connection only once it took the one before: the busy one
    // takes at most the one it was handed before it became busy, the other answers the rest.
    const fast = probes.filter(({ ms }) => ms < 1_000);
    expect(fast.length).toBeGreaterThanOrEqual(probes.length - 1);
    expect(fast.every(({ pid }) => pid !== busy)).toBe(true);
  }, 30_000);

  it('ends a worker not heard from for a while and replaces it; the port answers meanwhile', async () => {
    const [stuck = 0, other = 0] = await workersOf(primary);
    process.kill(stuck, 'SIGSTOP');
    // At most one is handed to the stuck worker (and is lost with it); the rest to the other.
    const meanwhile = await Promise.allSettled(
      Array.from({ length: 4 }, () => onNewConnection(port, '/api/health', 10_000)),
    );
    const answered = meanwhile.flatMap((probe) =>
      probe.status === 'fulfilled' ? [probe.value] : [],
    );
    expect(
      answered.filter(({ pid, ms }) => pid === other && ms < 1_000).length,
    ).toBeGreaterThanOrEqual(3);
    const replaced = await until(
      () => workersOf(primary),
      (pids) => pids.length === 2 && !pids.includes(stuck),
    );
    expect(replaced).toContain(other);
    expect(replaced).not.toContain(stuck);
    expect(output).toMatch(/"message":"a server process stopped answering","pid":\d+/);
    expect(output).toMatch(/"message":"a server process stopped".*"replaced":true/);
    // The replacement serves.
    expect(await servedByBoth()).toEqual(new Set(replaced));
  }, 90_000);

  it('replaces a worker that crashes', async () => {
    const [victim = 0, survivor = 0] = await workersOf(primary);
    process.kill(victim, 'SIGKILL');
    const replaced = await until(
      () => workersOf(primary),
      (pids) => pids.length === 2 && !pids.includes(victim),
    );
    expect(replaced).toContain(survivor);
    expect(replaced).not.toContain(victim);
    expect(await servedByBoth()).toEqual(new Set(replaced));
  }, 90_000);

  it('on SIGTERM: every request in flight is answered, every worker drains, the primary exits 0', async () => {
    const inFlight = all(6, '/api/slow');
    await sleep(300);
    primary.kill('SIGTERM');
    const answers = await inFlight;
    expect(answers.map(({ status }) => status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map(({ pid }) => pid)).size).toBe(2);
    expect(await Promise.race([exited, sleep(20_000).then(() => 'still running')])).toBe(0);
    expect(await workersOf(primary)).toEqual([]);
  }, 40_000);
});
