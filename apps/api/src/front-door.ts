import { randomUUID } from 'node:crypto';
import type { Worker } from 'node:cluster';
import type { Server as HttpServer } from 'node:http';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { followConnections } from './lib/http-connections';
import { healthRoutes } from './modules/system/system.routes';
import { answerClientError } from './plugins/client-errors';
import { registerErrorHandling } from './plugins/errors';
import { loggerOptions, RequestLogController, requestLogPlugin } from './plugins/logging';
import { securityPlugin } from './plugins/security';

/**
 * The front door of several server processes (docs/decisions/018-front-door-probes.md). The
 * primary owns the port: it reads the first bytes of each new connection, answers a health or
 * readiness probe itself, and hands every other connection, with the bytes it read, to a worker.
 * A probe is then answered in milliseconds however busy the workers are: behind 200 busy
 * connections a worker answered it in 65–100 ms, up to 2 s at worst, and a load balancer whose
 * probes time out takes a busy server for a dead one.
 *
 * Only a connection whose first bytes are exactly one bodiless GET or HEAD of /api/health or
 * /api/ready is answered here, with `Connection: close` so that its next request is routed
 * afresh; anything else, a partial request included, reaches a worker byte for byte and is
 * parsed there as if the worker had accepted it.
 */

/** The message a worker receives with each connection the front door hands it. */
const HANDOFF = 'contrail:connection';
interface Handoff {
  type: typeof HANDOFF;
  /** The bytes the front door read from the connection, base64. */
  head: string;
}

const PROBE_LINE = /^(?:GET|HEAD) \/api\/(?:health|ready)(?:\?\S*)? HTTP\/1\.[01]\r\n/;
const BODY_HEADER = /\r\n(?:content-length|transfer-encoding)[ \t]*:/i;
/**
 * The primary's word to a worker to drain and stop. Sent over the same channel as the
 * connections, after the last of them, so a worker never stops before serving one it was handed.
 */
const DRAIN = 'contrail:drain';
/** On shutdown, how long a connection that has sent nothing yet may take to say something. */
const FIRST_BYTES_WAIT_ON_STOP_MS = 250;

/** What a worker sends the primary for each connection it receives, in the order received. */
const RECEIVED = 'contrail:received';

/** What a worker sends the primary as it begins to drain: it takes no new connection. */
const DRAINING = 'contrail:draining';

/** What a worker sends the primary every HEARTBEAT_MS while its event loop turns. */
const HEARTBEAT = 'contrail:heartbeat';
const HEARTBEAT_MS = 1_000;
/**
 * A worker not heard from for this long is stuck (an event loop blocked for seconds): it gets no
 * new connection, and with none other the probes answer 503. A busy worker's heartbeat is late
 * by a fraction of a second at most (its event loop turns every few milliseconds under 200
 * connections).
 */
const STUCK_AFTER_MS = 5_000;

/** A client that connects and says nothing is handed on after this long, to time out there. */
const FIRST_BYTES_WAIT_MS = 2_000;

/** Whether the first bytes of a connection are one whole probe request and nothing more. */
export function isProbeRequest(head: Buffer): boolean {
  const end = head.indexOf('\r\n\r\n');
  if (end === -1 || end + 4 !== head.length) return false;
  const text = head.toString('latin1');
  return PROBE_LINE.test(text) && !BODY_HEADER.test(text);
}

function isHandoff(message: unknown): message is Handoff {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === HANDOFF &&
    typeof (message as { head?: unknown }).head === 'string'
  );
}

/**
 * Reads no more of a connection: what the client sends next stays with the operating system
 * for whoever serves the connection. (`socket.pause()` alone keeps reading into the stream's
 * buffer, which is lost when the connection is handed to another process.)
 */
function stopReading(socket: net.Socket): void {
  const handle = (socket as unknown as { _handle?: { reading?: boolean; readStop?: () => void } })
    ._handle;
  socket.pause();
  if (handle?.readStop) {
    // As Node's own pause does for a socket that reads into a buffer of its own.
    handle.reading = false;
    handle.readStop();
  }
}

/** Gives a connection to an HTTP server with the bytes already read from it. */
function serveConnection(server: HttpServer, socket: net.Socket, head: Buffer): void {
  server.emit('connection', socket);
  if (head.length > 0) socket.emit('data', head);
  socket.resume();
}

/**
 * The primary's own app: the probes, with the headers every answer carries. It never listens:
 * the front door gives it the connections it answers.
 */
export async function buildProbeApp({
  config,
  ping,
  serving,
}: {
  config: Pick<Config, 'LOG_LEVEL' | 'COOKIE_SECURE'>;
  ping: () => Promise<void>;
  serving: () => boolean;
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Each probe is logged as a worker logs any request: one line, when answered.
    logController: new RequestLogController(),
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  followConnections(app.server);
  await app.register(requestLogPlugin);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(securityPlugin, { secureCookies: config.COOKIE_SECURE });
  app.addHook('onRequest', (request, reply, done) => {
    void reply
      .header('x-request-id', request.id)
      .header('cache-control', 'no-store')
      .header('connection', 'close');
    done();
  });
  await app.register(healthRoutes, { prefix: '/api', ping, serving });
  await app.ready();
  return app;
}

/** What the front door needs of a worker: to send it a connection, and to hear it is gone. */
export type HandOffTarget = Pick<Worker, 'send' | 'once' | 'on'>;

/** A connection sent to a worker that has not yet said it received it. */
interface InTransit {
  socket: net.Socket;
  head: Buffer;
  /** Workers it was already meant for. */
  excluded: ReadonlySet<HandOffTarget>;
  /** Its handle, which Node keeps open here until the worker has it. */
  handle: { close(): void } | undefined;
}

/**
 * The workers the front door hands connections to, in turn: those that said they serve, have
 * been heard from lately, and have not begun to drain.
 */
export class ServingWorkers {
  private readonly lastHeard = new Map<Worker, number>();
  private turn = 0;

  constructor(private readonly now: () => number = Date.now) {}

  add(worker: Worker): void {
    this.lastHeard.set(worker, this.now());
    worker.on('message', (message: unknown) => {
      const type = (message as { type?: unknown } | null)?.type;
      if (type === DRAINING) this.lastHeard.delete(worker);
      else if (type === HEARTBEAT && this.lastHeard.has(worker)) {
        this.lastHeard.set(worker, this.now());
      }
    });
    // Its channel closed (it is exiting): nothing more can be handed to it.
    worker.once('disconnect', () => this.lastHeard.delete(worker));
  }

  delete(worker: Worker): boolean {
    return this.lastHeard.delete(worker);
  }

  has(worker: Worker): boolean {
    return this.lastHeard.has(worker);
  }

  /** The workers heard from within STUCK_AFTER_MS. */
  responsive(): Worker[] {
    const since = this.now() - STUCK_AFTER_MS;
    return [...this.lastHeard].filter(([, heard]) => heard >= since).map(([worker]) => worker);
  }

  /** The next responsive worker in turn, other than those excluded. */
  next(excluded: ReadonlySet<HandOffTarget> = new Set()): Worker | undefined {
    const workers = this.responsive().filter((worker) => !excluded.has(worker));
    this.turn = (this.turn + 1) % Math.max(1, workers.length);
    return workers[this.turn];
  }
}

export interface FrontDoor {
  /**
   * Takes no more connections, and resolves once each it took has been answered or handed to a
   * worker (one that has sent nothing is closed after FIRST_BYTES_WAIT_ON_STOP_MS).
   */
  stopAccepting(): Promise<void>;
}

/** Tells a serving worker to drain once it has served every connection handed to it. */
export function drainWorker(worker: Worker, signal: NodeJS.Signals): void {
  // A worker whose channel is gone cannot be told: the signal says it instead.
  if (!worker.isConnected()) {
    worker.process.kill(signal);
    return;
  }
  worker.send({ type: DRAIN }, (error: Error | null) => {
    if (error) worker.process.kill(signal);
  });
}

/**
 * Whether a connection is still this process's own: Node gives a socket's handle to the other
 * process only when its message leaves the queue (one connection at a time per worker, each
 * acknowledged before the next), and drops the handle here then.
 */
function stillHeld(socket: net.Socket): boolean {
  return handleOf(socket) !== undefined;
}

function handleOf(socket: net.Socket): { close(): void } | undefined {
  return (socket as unknown as { _handle?: { close(): void } | null })._handle ?? undefined;
}

/**
 * Listens on the public port in the primary: probes go to `probes`, every other connection to
 * the worker `nextWorker` names. A connection queued for a worker that goes away (or whose send
 * fails) before it was handed over goes to another; with none serving, it is closed.
 */
export async function openFrontDoor({
  port,
  host,
  probes,
  nextWorker,
  firstBytesWaitMs = FIRST_BYTES_WAIT_MS,
}: {
  port: number;
  host: string;
  probes: FastifyInstance;
  nextWorker: (excluded: ReadonlySet<HandOffTarget>) => HandOffTarget | undefined;
  firstBytesWaitMs?: number;
}): Promise<FrontDoor & { port: number }> {
  /** Connections whose first bytes have not come yet, with how to cut their wait short. */
  const untaken = new Map<net.Socket, () => void>();
  /**
   * Connections sent to each worker and not yet received by it, oldest first. A worker says
   * when it has received one (in order: one channel); if it goes away first, those still here
   * go to another worker, and one already on its way is closed (as a crash closes its own).
   */
  const handing = new Map<HandOffTarget, InTransit[]>();
  let handingCount = 0;
  let stopped: (() => void) | undefined;
  const settleIfStopped = () => {
    if (untaken.size === 0 && handingCount === 0) stopped?.();
  };

  const watch = (worker: HandOffTarget): InTransit[] => {
    const existing = handing.get(worker);
    if (existing) return existing;
    const inTransit: InTransit[] = [];
    handing.set(worker, inTransit);
    worker.on('message', (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type !== RECEIVED) return;
      if (inTransit.shift()) handingCount -= 1;
      settleIfStopped();
    });
    let gone = false;
    const goneAway = () => {
      if (gone) return;
      gone = true;
      handing.delete(worker);
      const lost = inTransit.splice(0);
      handingCount -= lost.length;
      for (const { socket, head, handle, excluded } of lost) {
        if (stillHeld(socket)) handOff(socket, head, new Set([...excluded, worker]));
        else handle?.close();
      }
      settleIfStopped();
    };
    // Node says 'exit' of a worker that dies with a connection on its way, not always 'disconnect'.
    worker.once('exit', goneAway);
    worker.once('disconnect', goneAway);
    return inTransit;
  };

  const handOff = (
    socket: net.Socket,
    head: Buffer,
    excluded: ReadonlySet<HandOffTarget> = new Set(),
  ): void => {
    const worker = nextWorker(excluded);
    if (!worker || !stillHeld(socket)) {
      socket.destroy();
      return;
    }
    const inTransit = watch(worker);
    const entry: InTransit = { socket, head, excluded, handle: handleOf(socket) };
    inTransit.push(entry);
    handingCount += 1;
    const handoff: Handoff = { type: HANDOFF, head: head.toString('base64') };
    // Sent, the connection is the worker's: this process closes its own copy.
    worker.send(handoff, socket, { keepOpen: false }, (error) => {
      if (!error) return;
      // Not sent (the channel closed): to another worker.
      const at = inTransit.indexOf(entry);
      if (at === -1) return;
      inTransit.splice(at, 1);
      handingCount -= 1;
      handOff(socket, head, new Set([...excluded, worker]));
      settleIfStopped();
    });
  };

  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    let timer: NodeJS.Timeout;
    const take = (head: Buffer) => {
      clearTimeout(timer);
      socket.off('data', take);
      untaken.delete(socket);
      stopReading(socket);
      if (isProbeRequest(head)) serveConnection(probes.server, socket, head);
      // Silent until the stop: no request was made on it.
      else if (head.length === 0 && stopped) socket.destroy();
      else handOff(socket, head);
      settleIfStopped();
    };
    timer = setTimeout(() => take(Buffer.alloc(0)), firstBytesWaitMs);
    untaken.set(socket, () => {
      clearTimeout(timer);
      timer = setTimeout(() => take(Buffer.alloc(0)), FIRST_BYTES_WAIT_ON_STOP_MS);
    });
    socket.on('data', take);
    socket.once('close', () => {
      clearTimeout(timer);
      if (untaken.delete(socket)) settleIfStopped();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  let stopping: Promise<void> | undefined;
  return {
    port: typeof address === 'object' && address ? address.port : port,
    stopAccepting: () => {
      stopping ??= new Promise<void>((resolve) => {
        stopped = resolve;
        server.close();
        for (const cutShort of untaken.values()) cutShort();
        settleIfStopped();
      });
      return stopping;
    },
  };
}

/**
 * In a worker: serves the connections the front door hands over, counted as the server's own so
 * that closing it waits for their requests in flight as for any other connection. `drain`
 * resolves when the primary says to stop (after the last connection it handed over) or is gone.
 */
export function acceptHandedConnections(server: HttpServer): { drain: Promise<void> } {
  // Tells the primary this process is not stuck; never keeps it alive by itself.
  setInterval(() => {
    if (process.connected) process.send?.({ type: HEARTBEAT });
  }, HEARTBEAT_MS).unref();
  const drain = new Promise<void>((resolve) => {
    process.on('message', (message: unknown, socket: unknown) => {
      if ((message as { type?: unknown } | null)?.type === DRAIN) resolve();
      else if (isHandoff(message)) {
        if (process.connected) process.send?.({ type: RECEIVED });
        receiveHandoff(server, message, socket);
      }
    });
    // The primary is gone: no connection will come.
    process.once('disconnect', () => resolve());
  });
  return { drain };
}

/** In a worker, as it begins to drain: the primary hands it no new connection. */
export function announceDraining(): void {
  if (process.connected) process.send?.({ type: DRAINING });
}

/**
 * Serves one connection the front door handed over (anything else is not for it: false), counted
 * as the server's own so that closing the server waits for its requests in flight.
 */
export function receiveHandoff(server: HttpServer, message: unknown, socket: unknown): boolean {
  if (!isHandoff(message) || !(socket instanceof net.Socket)) return false;
  // Node's own count of a server's connections, which close() waits to reach zero.
  const counted = server as unknown as { _connections: number; _emitCloseIfDrained(): void };
  // Handed over as the server stopped: Fastify answers 503 and closes it, uncounted.
  if (server.listening) {
    counted._connections += 1;
    socket.once('close', () => {
      counted._connections -= 1;
      counted._emitCloseIfDrained();
    });
  }
  serveConnection(server, socket, Buffer.from(message.head, 'base64'));
  return true;
}
