import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPackageRoot, repoRoot } from '../src/lib/package-root';

// `npm start` as an operator or a container runs it: npm, then our start script, then the
// server. The API bundle is built once into a folder of this test's own (API_DIST_DIR) and the
// web app is a stand-in page (WEB_DIST_DIR), both newer than every source, so `npm start` builds
// nothing and the test does not depend on, or overwrite, anyone's apps/*/dist.

const apiDist = join(apiPackageRoot(), 'dist', `start-test-${String(process.pid)}`);
const STAND_IN_PAGE = `<!doctype html><html lang="en"><head><title>Contrail - Flight Booking</title>
<link rel="icon" href="/favicon.svg" />
<script id="boot-data" type="application/json">null</script></head><body><div id="root"></div></body></html>`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function until(what: string, probe: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** True while something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True while any process of the group is alive. */
function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

/** A sign-in whose body arrives in two parts: in flight until `finish` sends the rest. */
function slowSignIn(port: number): {
  finish: () => void;
  response: Promise<{ status: number; body: string }>;
} {
  let request: ClientRequest | undefined;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      },
      (answer: IncomingMessage) => {
        let body = '';
        answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.write('{"username":"nobody",');
  });
  return { finish: () => request?.end('"password":"not-the-password"}'), response };
}

describe('npm start', () => {
  let dataDir: string;
  let webDist: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contrail-start-data-'));
    webDist = await mkdtemp(join(tmpdir(), 'contrail-start-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), STAND_IN_PAGE);
    await promisify(execFile)(process.execPath, [join(apiPackageRoot(), 'scripts', 'build.mjs')], {
      env: { ...process.env, API_DIST_DIR: apiDist },
    });
  }, 60_000);

  afterAll(async () => {
    await rm(apiDist, { recursive: true, force: true });
    await rm(webDist, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<{
    npm: ChildProcess;
    port: number;
    output: () => string;
    exit: Promise<number | null>;
  }> {
    const port = await freePort();
    // Its own process group, as a terminal gives a foreground job: the test can signal the group.
    const npm = spawn('npm', ['start'], {
      cwd: repoRoot(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: webDist,
        API_DIST_DIR: apiDist,
        ADMIN_PASSWORD: 'Start-Test-Admin-Pass-1!',
        LOG_LEVEL: 'info',
      },
    });
    let text = '';
    npm.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => npm.once('exit', resolve));
    await until(
      'the server to be ready',
      async () => (await fetch(`http://127.0.0.1:${String(port)}/api/ready`)).ok,
      60_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${text}`);
    });
    return { npm, port, output: () => text, exit };
  }

  it('serves from the process npm started; on SIGTERM, then Ctrl-C on the whole group, it finishes the request in flight and exits 0, leaving nothing behind', async () => {
    const { npm, port, output, exit } = await start();
    const groupId = npm.pid ?? 0;
    expect(output()).not.toContain('Building Contrail');
    // npm's one child is the server itself: no shell, no second node process in between.
    const children = await promisify(execFile)('ps', ['-o', 'args=', '--ppid', String(groupId)]);
    expect(children.stdout.trim().split('\n')).toEqual([
      'node --max-semi-space-size=32 scripts/start.mjs',
    ]);

    const signIn = slowSignIn(port);
    await new Promise((resolve) => setTimeout(resolve, 300));

    // A supervisor stops npm; then someone presses Ctrl-C, which the terminal sends to every
    // process of the group, npm forwarding it once more: three signals in all.
    process.kill(groupId, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(-groupId, 'SIGINT');
    await until('the server to stop listening', async () => !(await listening(port)), 5_000);

    // The request that was in flight still gets its real answer.
    signIn.finish();
    const answer = await signIn.response;
    expect(answer.status, answer.body).toBe(401);
    expect(answer.body).toContain('invalid_credentials');

    expect(await exit).toBe(0);
    await until(
      'every process of the group to end',
      () => Promise.resolve(!groupAlive(groupId)),
      5_000,
    );
    expect(await listening(port)).toBe(false);
    const text = output();
    expect(text).toContain('shutting down: finishing the requests in flight');
    expect(text).toContain('already shutting down');
    expect(text).toContain('shut down cleanly');
    // The sign-in is logged once, with its route and status.
    const signIns = text.split('\n').filter((line) => line.includes('"route":"/api/auth/login"'));
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toContain('"status":401');
  }, 90_000);
});
