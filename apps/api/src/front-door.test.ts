import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import type { Server as HttpServer } from 'node:http';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProbeApp,
  isProbeRequest,
  openFrontDoor,
  receiveHandoff,
  ServingWorkers,
  type FrontDoor,
  type HandOffTarget,
} from './front-door';

/** A worker in this process: what it is sent reaches `server` a turn later, as across IPC. */
function workerServing(
  server: () => HttpServer,
  onSend: (message: unknown) => void = () => undefined,
): HandOffTarget {
  const send = (
    message: unknown,
    socket: unknown,
    _options: unknown,
    callback?: (error: Error | null) => void,
  ) => {
    onSend(message);
    setImmediate(() => {
      receiveHandoff(server(), message, socket);
      target.emit('message', { type: 'contrail:received' });
    });
    callback?.(null);
    return true;
  };
  const target = Object.assign(new EventEmitter(), { send });
  return target as unknown as HandOffTarget;
}

const request = (text: string) => Buffer.from(text.replaceAll('\n', '\r\n'), 'latin1');

describe('isProbeRequest', () => {
  it.each([
    'GET /api/health HTTP/1.1\nHost: a\n\n',
    'HEAD /api/health HTTP/1.1\nHost: a\n\n',
    'GET /api/ready HTTP/1.0\n\n',
    'GET /api/health?probe=lb HTTP/1.1\nHost: a\nUser-Agent: kube-probe/1.30\n\n',
  ])('takes one whole bodiless probe: %j', (text) => {
    expect(isProbeRequest(request(text))).toBe(true);
  });

  it.each([
    // Not a probe.
    'GET /api/system/mode HTTP/1.1\nHost: a\n\n',
    'GET /api/healthz HTTP/1.1\nHost: a\n\n',
    'GET /api/health/x HTTP/1.1\nHost: a\n\n',
    'POST /api/health HTTP/1.1\nHost: a\nContent-Length: 0\n\n',
    'get /api/health HTTP/1.1\nHost: a\n\n',
    // A probe with a body, or more than one request: the worker parses it as it is.
    'GET /api/health HTTP/1.1\nHost: a\nContent-Length: 5\n\nhello',
    'GET /api/health HTTP/1.1\nHost: a\ncontent-length : 0\n\n',
    'GET /api/health HTTP/1.1\nHost: a\nTransfer-Encoding: chunked\n\n',
    'GET /api/health HTTP/1.1\nHost: a\n\nGET /api/system/mode HTTP/1.1\nHost: a\n\n',
    // Not all of it yet.
    'GET /api/health HTTP/1.1\nHost: a\n',
    'GET /api/hea',
    '',
    'PRI * HTTP/2.0\n\nSM\n\n',
  ])('hands on anything else: %j', (text) => {
    expect(isProbeRequest(request(text))).toBe(false);
  });
});

describe('ServingWorkers', () => {
  const fakeWorker = () =>
    Object.assign(new EventEmitter(), { id: Math.random() }) as unknown as Worker;

  it('hands out the workers in turn, leaves out one not heard from for 5 s, and takes it back when it speaks', () => {
    let now = 1_000_000;
    const workers = new ServingWorkers(() => now);
    const [a, b] = [fakeWorker(), fakeWorker()];
    workers.add(a);
    workers.add(b);
    const turns = [workers.next(), workers.next(), workers.next(), workers.next()];
    expect(new Set(turns)).toEqual(new Set([a, b]));
    expect(turns[0]).not.toBe(turns[1]);

    now += 4_000;
    a.emit('message', { type: 'contrail:heartbeat' });
    now += 2_000;
    // b was last heard 6 s ago: stuck.
    expect(workers.responsive()).toEqual([a]);
    expect([workers.next(), workers.next()]).toEqual([a, a]);

    b.emit('message', { type: 'something else' });
    expect(workers.responsive()).toEqual([a]);
    b.emit('message', { type: 'contrail:heartbeat' });
    expect(workers.responsive()).toHaveLength(2);

    // One that begins to drain, or whose channel closes, gets nothing more.
    b.emit('message', { type: 'contrail:draining' });
    b.emit('message', { type: 'contrail:heartbeat' });
    expect(workers.responsive()).toEqual([a]);
    expect(workers.has(b)).toBe(false);
    workers.add(b);
    b.emit('disconnect');
    expect(workers.responsive()).toEqual([a]);
    workers.add(b);

    expect(workers.delete(a)).toBe(true);
    a.emit('message', { type: 'contrail:heartbeat' });
    expect(workers.responsive()).toEqual([b]);
    now += 10_000;
    expect(workers.responsive()).toEqual([]);
    expect(workers.next()).toBeUndefined();
  });
});

/**
 * One raw HTTP exchange on a new connection, written in the given pieces; resolves with all it
 * read once the server closes the connection (the last request asks it to).
 */
function exchange(port: number, pieces: string[], { gapMs = 30 } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.once('connect', () => {
      pieces.forEach((piece, i) => {
        setTimeout(
          () => {
            if (!socket.destroyed) socket.write(piece.replaceAll('\n', '\r\n'));
          },
          gapMs * (i + 1),
        );
      });
    });
    setTimeout(() => socket.destroy(new Error('no answer')), 5_000).unref();
  });
}

describe('the front door', () => {
  let worker: FastifyInstance;
  let probes: FastifyInstance;
  let databaseAnswers = true;
  let workersServing = true;
  let handed = 0;
  let door: FrontDoor & { port: number };
  let noWorker = false;
  const slowReleases: (() => void)[] = [];

  beforeAll(async () => {
    worker = Fastify();
    worker.get('/api/health', async () => ({ from: 'worker' }));
    worker.get('/api/where', async () => ({ from: 'worker' }));
    worker.post('/api/echo', async (req) => ({ from: 'worker', body: req.body }));
    worker.get('/api/slow', async () => {
      await new Promise<void>((release) => slowReleases.push(release));
      return { from: 'worker', slow: true };
    });
    // Listening, as a worker does on its private address.
    await worker.listen({ port: 0, host: '127.0.0.1' });
    probes = await buildProbeApp({
      config: { LOG_LEVEL: 'silent', COOKIE_SECURE: false },
      ping: () => (databaseAnswers ? Promise.resolve() : Promise.reject(new Error('down'))),
      serving: () => workersServing,
    });
    const fakeWorker = workerServing(
      () => worker.server,
      () => (handed += 1),
    );
    door = await openFrontDoor({
      port: 0,
      host: '127.0.0.1',
      probes,
      nextWorker: () => (noWorker ? undefined : fakeWorker),
      firstBytesWaitMs: 200,
    });
  });

  afterEach(() => {
    databaseAnswers = true;
    workersServing = true;
    noWorker = false;
  });

  afterAll(async () => {
    await door.stopAccepting();
    await probes.close();
    await worker.close();
  });

  it('answers a probe itself, with the security headers, and closes the connection', async () => {
    const before = handed;
    const answer = await exchange(door.port, ['GET /api/health HTTP/1.1\nHost: a\n\n']);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/\r\ncache-control: no-store\r\n/i);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(answer).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/i);
    expect(answer.endsWith('{"status":"ok","database":"ok"}')).toBe(true);
    expect(handed).toBe(before);
  });

  it('answers 503 while the database does not answer, or no worker is serving', async () => {
    databaseAnswers = false;
    const down = await exchange(door.port, ['GET /api/health HTTP/1.1\nHost: a\n\n']);
    expect(down).toMatch(/^HTTP\/1\.1 503 /);
    expect(down).toContain('"code":"database_unavailable"');
    databaseAnswers = true;
    workersServing = false;
    const none = await exchange(door.port, ['GET /api/ready HTTP/1.1\nHost: a\n\n']);
    expect(none).toMatch(/^HTTP\/1\.1 503 /);
    expect(none).toContain('"code":"service_unavailable"');
  });

  it('hands every other connection to a worker with the bytes it read, and the worker keeps it alive', async () => {
    const before = handed;
    const answer = await exchange(door.port, [
      'GET /api/where HTTP/1.1\nHost: a\n\n',
      'POST /api/echo HTTP/1.1\nHost: a\nContent-Type: application/json\nContent-Length: 14\n\n{"split":',
      'true}',
      // A probe on a worker's connection is the worker's to answer.
      'GET /api/health HTTP/1.1\nHost: a\nConnection: close\n\n',
    ]);
    expect(handed).toBe(before + 1);
    const bodies = answer.match(/\{"from":"worker"[^\n]*?\}(?=HTTP|$)/g);
    expect(bodies).toEqual([
      '{"from":"worker"}',
      '{"from":"worker","body":{"split":true}}',
      '{"from":"worker"}',
    ]);
    expect(answer.match(/connection: close/gi)).toHaveLength(1);
  });

  it('hands on a probe that arrives in pieces, and a client that says nothing', async () => {
    const before = handed;
    const pieces = await exchange(door.port, [
      'GET /api/hea',
      'lth HTTP/1.1\nHost: a\nConnection: close\n\n',
    ]);
    expect(pieces.endsWith('{"from":"worker"}')).toBe(true);
    const late = await exchange(
      door.port,
      ['', 'GET /api/where HTTP/1.1\nHost: a\nConnection: close\n\n'],
      { gapMs: 400 },
    );
    expect(late.endsWith('{"from":"worker"}')).toBe(true);
    expect(handed).toBe(before + 2);
  });

  it('closes the connection when no worker serves', async () => {
    noWorker = true;
    expect(await exchange(door.port, ['GET /api/where HTTP/1.1\nHost: a\n\n'])).toBe('');
  });

  it("counts a handed connection as the worker's own: closing the worker waits for its request in flight", async () => {
    const other = Fastify();
    other.get('/api/slow', async () => {
      await new Promise<void>((release) => slowReleases.push(release));
      return { from: 'other', slow: true };
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const otherDoor = await openFrontDoor({
      port: 0,
      host: '127.0.0.1',
      probes,
      nextWorker: () => workerServing(() => other.server),
    });
    const answer = exchange(otherDoor.port, [
      'GET /api/slow HTTP/1.1\nHost: a\nConnection: close\n\n',
    ]);
    while (slowReleases.length === 0) await new Promise((done) => setTimeout(done, 10));
    let closed = false;
    const closing = other.close().then(() => (closed = true));
    await new Promise((done) => setTimeout(done, 100));
    expect(closed).toBe(false);
    slowReleases.shift()?.();
    expect(await answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"from":"other","slow":true\}$/);
    await closing;
    expect(closed).toBe(true);
    await otherDoor.stopAccepting();
  });

  it('on stop: takes no new connection, hands over those that speak, and closes one that says nothing', async () => {
    const handedHere: unknown[] = [];
    const stopping = await openFrontDoor({
      port: 0,
      host: '127.0.0.1',
      probes,
      nextWorker: () =>
        workerServing(
          () => worker.server,
          (message) => handedHere.push(message),
        ),
      firstBytesWaitMs: 10_000,
    });
    const silent = net.connect(stopping.port, '127.0.0.1');
    const silentClosed = new Promise((resolve) => silent.once('close', resolve));
    silent.on('error', () => undefined);
    await new Promise((resolve) => silent.once('connect', resolve));
    // Connected, its request on the way as the stop begins.
    const speaking = exchange(
      stopping.port,
      ['GET /api/where HTTP/1.1\nHost: a\nConnection: close\n\n'],
      {
        gapMs: 100,
      },
    );
    await new Promise((done) => setTimeout(done, 50));
    const started = Date.now();
    await stopping.stopAccepting();
    expect(Date.now() - started).toBeLessThan(2_000);
    await silentClosed;
    expect((await speaking).endsWith('{"from":"worker"}')).toBe(true);
    expect(handedHere).toHaveLength(1);
    await expect(exchange(stopping.port, ['GET /api/where HTTP/1.1\n\n'])).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});
