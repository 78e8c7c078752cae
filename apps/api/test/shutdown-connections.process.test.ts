import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabaseUrl } from './database';
import { openConnection, rawGet, rawPost, type RawConnection } from './raw-http';
import {
  buildServer,
  sleep,
  startServer,
  stopServer,
  type ServerBundle,
  type ServerProcess,
} from './server-process';

// The real server stopped by a signal while its connections are in every state a client can
// leave them in: idle and kept alive, a request half sent, a request sent but not yet read,
// requests pipelined, new connections whose requests the server has not read yet. Every request
// sent before the signal gets its real answer, none is reset, idle connections close at once,
// and the process exits 0 well within its grace period (10 s).

const ADMIN_PASSWORD = 'Shutdown-Conn-Admin-Pass-1!';
const SIGN_IN = rawPost(
  '/api/auth/login',
  JSON.stringify({ username: 'nobody', password: 'not-the-password' }),
);
/** A page every server process answers. */
const PAGE = '/api/system/mode';
const NEW_CONNECTIONS = 24;
/** Half the grace period: a drain that waits for anything but answers takes longer. */
const EXIT_WITHIN_MS = 5_000;

/** Resolves true once connecting to the port is refused (the listening socket is closed). */
async function refusedWithin(port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const refused = await openConnection(port).then(
      (connection) => {
        connection.socket.destroy();
        return false;
      },
      () => true,
    );
    if (refused) return true;
    await sleep(20);
  }
  return false;
}

interface Connections {
  /** Answered once, now idle. */
  idle: RawConnection;
  /** A sign-in whose body is half sent. */
  halfSent: RawConnection;
  /** Answered once, then a second request written just before the signal. */
  sentAgain: RawConnection;
  /** Three requests in one write, just before the signal (on a new connection, if frozen). */
  pipelined: RawConnection;
  /** Opened just before the signal, each with a request written and not yet read. */
  fresh: RawConnection[];
}

/**
 * Leaves connections in every state. With `frozen`, the process is stopped (SIGSTOP) before the
 * last requests and connections: they wait in the operating system, sent and not yet read, until
 * the process goes on.
 */
async function connectionsInEveryState(
  server: ServerProcess,
  frozen: boolean,
): Promise<Connections> {
  const port = Number(new URL(server.base).port);
  const idle = await openConnection(port);
  await idle.write(rawGet(PAGE));
  await idle.responses(1);
  const sentAgain = await openConnection(port);
  await sentAgain.write(rawGet(PAGE));
  await sentAgain.responses(1);
  const halfSent = await openConnection(port);
  await halfSent.write(SIGN_IN.slice(0, -10));
  // A moment for the server to read the half-sent head: that request is in flight.
  await sleep(200);
  if (frozen) server.process.kill('SIGSTOP');
  // Frozen, a connection the server has not even accepted when the signal comes.
  const pipelined = await openConnection(port);
  const fresh = frozen
    ? await Promise.all(Array.from({ length: NEW_CONNECTIONS }, () => openConnection(port)))
    : [];
  await Promise.all([
    sentAgain.write(rawGet(PAGE)),
    pipelined.write(rawGet(PAGE) + SIGN_IN + rawGet(PAGE)),
    ...fresh.map((connection) => connection.write(rawGet(PAGE))),
  ]);
  return { idle, halfSent, sentAgain, pipelined, fresh };
}

/**
 * Signals the server with every kind of connection open; checks each, and how it stopped. A single
 * process is frozen meanwhile, so that the signal finds the last requests unread and the new
 * connections not yet accepted; with several processes, the workers' connections are checked.
 */
async function stopWithConnectionsOpen(
  server: ServerProcess,
  signal: NodeJS.Signals,
  { frozen }: { frozen: boolean },
): Promise<void> {
  const port = Number(new URL(server.base).port);
  const connections = await connectionsInEveryState(server, frozen);
  server.process.kill(signal);
  if (frozen) server.process.kill('SIGCONT');
  const signalledAt = Date.now();

  // Idle connections close at once, while a request is still in flight (its answer waits for
  // the rest of its body, below); no new connection is taken. At once is after the connections
  // queued are taken in: milliseconds, about a second on a machine loaded ten times over.
  const idleClosed = await connections.idle.closed;
  expect(idleClosed.error).toBeUndefined();
  expect(idleClosed.at - signalledAt).toBeLessThan(3_000);
  expect(await refusedWithin(port, 2_000)).toBe(true);
  expect(connections.halfSent.received()).toEqual([]);

  // The half-sent sign-in is finished after the signal and still answered, closing its connection.
  await connections.halfSent.write(SIGN_IN.slice(-10));
  const [signInAnswer] = await connections.halfSent.responses(1);
  expect(signInAnswer?.status, signInAnswer?.body).toBe(401);
  expect(signInAnswer?.body).toContain('invalid_credentials');
  expect(signInAnswer?.headers.connection).toBe('close');

  // Read by the server in the turn of its event loop that also brings the signal, the requests
  // below may be answered just before the drain begins (their connection then closed as idle)
  // or just after (their answer closing it): either way in full.
  const [, again] = await connections.sentAgain.responses(2);
  expect(again?.status, again?.body).toBe(200);
  // Pipelined: each answered in turn.
  const pipelined = await connections.pipelined.responses(3);
  expect(pipelined.map((answer) => answer.status)).toEqual([200, 401, 200]);
  const freshAnswers = await Promise.all(connections.fresh.map((c) => c.responses(1)));
  expect(freshAnswers.map(([answer]) => answer?.status)).toEqual(connections.fresh.map(() => 200));

  // Every connection ends cleanly: not one reset.
  const all = [
    connections.halfSent,
    connections.sentAgain,
    connections.pipelined,
    ...connections.fresh,
  ];
  const closings = await Promise.all(all.map((connection) => connection.closed));
  expect(closings.filter((closing) => closing.error !== undefined)).toEqual([]);

  const exitCode = await Promise.race([server.exited, sleep(15_000).then(() => 'still running')]);
  const tookMs = Date.now() - signalledAt;
  expect(exitCode, server.output()).toBe(0);
  expect(tookMs, `${signal} to exit took ${String(tookMs)} ms`).toBeLessThan(EXIT_WITHIN_MS);
  expect(server.output()).not.toContain('shutdown took too long');
  // For the record of how long a drain takes (the test's output shows it).
  console.info(`${signal}: exit 0 ${String(tookMs)} ms after the signal`);
}

describe('shutdown with connections in every state', () => {
  let bundle: ServerBundle;
  let dir: string;
  const onServer = Boolean(process.env.DATABASE_URL);

  beforeAll(async () => {
    bundle = await buildServer('shutdown-connections');
    dir = await mkdtemp(join(tmpdir(), 'contrail-shutdown-conn-'));
  }, 60_000);

  afterAll(async () => {
    await bundle.remove();
    await rm(dir, { recursive: true, force: true });
  });

  it('on the embedded database (SIGTERM): answers every request received, resets none, exits 0 at once', async () => {
    const server = await startServer(bundle, {
      env: { DATABASE_URL: '', DATA_DIR: join(dir, 'embedded'), ADMIN_PASSWORD },
      // A fresh embedded database (initdb, every migration) takes a minute on a loaded machine.
      timeoutMs: 90_000,
    });
    try {
      await stopWithConnectionsOpen(server, 'SIGTERM', { frozen: true });
    } finally {
      await stopServer(server, 'SIGKILL');
    }
  }, 150_000);

  it.runIf(onServer)(
    'on PostgreSQL, one process (SIGINT): answers every request received, resets none, exits 0 at once',
    async () => {
      const server = await startServer(bundle, {
        env: {
          DATABASE_URL: (await scratchDatabaseUrl('shutdown_conn')) ?? '',
          DATA_DIR: join(dir, 'server'),
          ADMIN_PASSWORD,
          WEB_CONCURRENCY: '1',
        },
        timeoutMs: 90_000,
      });
      try {
        await stopWithConnectionsOpen(server, 'SIGINT', { frozen: true });
      } finally {
        await stopServer(server, 'SIGKILL');
      }
    },
    150_000,
  );

  // Several processes on one port (node:cluster): the connections the workers serve, kept alive,
  // pipelined, half sent.
  it.runIf(onServer)(
    'on PostgreSQL, several processes (SIGHUP): the workers answer every request on their connections and exit 0 at once',
    async () => {
      const server = await startServer(bundle, {
        env: {
          DATABASE_URL: (await scratchDatabaseUrl('shutdown_conn_cluster')) ?? '',
          DATA_DIR: join(dir, 'cluster'),
          ADMIN_PASSWORD,
          WEB_CONCURRENCY: '2',
        },
        timeoutMs: 90_000,
      });
      try {
        await stopWithConnectionsOpen(server, 'SIGHUP', { frozen: false });
      } finally {
        await stopServer(server, 'SIGKILL');
      }
    },
    150_000,
  );
});
