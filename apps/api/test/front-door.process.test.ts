import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { buildProbeApp, openFrontDoor, type HandOffTarget } from '../src/front-door';

// The front door with real worker processes: connections cross the IPC channel as they do
// under `npm start` with several processes.

const WORKER = fileURLToPath(new URL('./front-door/worker.ts', import.meta.url));

async function startWorker(blockMs: number): Promise<ChildProcess> {
  const child = fork(WORKER, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BLOCK_MS: String(blockMs) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', () => reject(new Error('the worker stopped before serving')));
  });
  return child;
}

/** Sends the pieces on one connection, a pause before each; resolves with what came back. */
function exchange(port: number, pieces: [number, string][]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.once('connect', () => {
      let at = 0;
      for (const [pause, text] of pieces) {
        at += pause;
        setTimeout(() => {
          if (!socket.destroyed) socket.write(text.replaceAll('\n', '\r\n'));
        }, at);
      }
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no end within 8 s; got ${JSON.stringify(answer)}`));
    }, 8_000).unref();
  });
}

const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

describe('the front door with worker processes', () => {
  let probes: FastifyInstance;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    probes = await buildProbeApp({
      config: { LOG_LEVEL: 'silent', COOKIE_SECURE: false },
      ping: () => Promise.resolve(),
      serving: () => true,
    });
  });

  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  afterAll(async () => {
    await probes.close();
  });

  /** A front door whose one worker blocks for 800 ms when told to. */
  async function doorToBusyWorker() {
    const worker = await startWorker(800);
    children.push(worker);
    const door = await openFrontDoor({
      port: 0,
      host: '127.0.0.1',
      probes,
      nextWorker: () => worker as unknown as HandOffTarget,
    });
    return { worker, door };
  }

  it('leaves what the client sends after the first bytes to the worker, even while the worker is busy', async () => {
    const { worker, door } = await doorToBusyWorker();
    try {
      worker.send('block');
      await new Promise((done) => setTimeout(done, 100));
      // The head now; the body while the connection is on its way to the blocked worker.
      const answer = await exchange(door.port, [
        [
          0,
          'POST /api/echo HTTP/1.1\nHost: a\nContent-Type: application/json\nContent-Length: 14\nConnection: close\n\n',
        ],
        [250, '{"split":true}'],
      ]);
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(JSON.parse(bodyOf(answer))).toEqual({ pid: worker.pid, body: { split: true } });
    } finally {
      await door.stopAccepting();
    }
  });

  it('sends connections queued for a worker that dies to another, and leaves none hanging', async () => {
    const [stuck, healthy] = await Promise.all([startWorker(5_000), startWorker(0)]);
    children.push(stuck, healthy);
    const door = await openFrontDoor({
      port: 0,
      host: '127.0.0.1',
      probes,
      // The stuck one first, while it is there.
      nextWorker: (excluded) =>
        (excluded.has(stuck as unknown as HandOffTarget) || stuck.exitCode !== null
          ? healthy
          : stuck) as unknown as HandOffTarget,
    });
    try {
      stuck.send('block');
      await new Promise((done) => setTimeout(done, 100));
      const answers = Array.from({ length: 3 }, () =>
        exchange(door.port, [[0, 'GET /api/who HTTP/1.1\nHost: a\nConnection: close\n\n']]),
      );
      await new Promise((done) => setTimeout(done, 300));
      stuck.kill('SIGKILL');
      const settled = await Promise.all(answers);
      const servedBy = settled.map((answer) =>
        answer.startsWith('HTTP/1.1 200')
          ? (JSON.parse(bodyOf(answer)) as { pid: number }).pid
          : 'closed',
      );
      // The first was already the stuck worker's when it died: closed, never left hanging. The
      // others waited in the queue for it and are served by the healthy one.
      expect(servedBy.filter((by) => by === healthy.pid)).toHaveLength(2);
      expect(servedBy.filter((by) => by === 'closed')).toHaveLength(1);
    } finally {
      await door.stopAccepting();
    }
  });

  it('on stop, hands over a connection whose request it has read, even while its worker is busy', async () => {
    const { worker, door } = await doorToBusyWorker();
    worker.send('block');
    await new Promise((done) => setTimeout(done, 100));
    const answers = Array.from({ length: 3 }, () =>
      exchange(door.port, [[0, 'GET /api/who HTTP/1.1\nHost: a\nConnection: close\n\n']]),
    );
    await new Promise((done) => setTimeout(done, 100));
    await door.stopAccepting();
    for (const answer of await Promise.all(answers)) {
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    }
  });
});
