import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * How a provider call fails, injected once at a chosen call:
 * - `fail`: the provider answers 5xx and does nothing;
 * - `lose`: the provider does it, and its answer is lost (a 5xx, a timeout, a dropped connection);
 * - `kill-before`: the process dies just before the call (the call never leaves);
 * - `kill-after`: the provider does it, and the process dies before it hears the answer.
 * A killed call never returns: whatever came after it in that process never runs, as after a crash.
 */
type FaultMode = 'fail' | 'lose' | 'kill-before' | 'kill-after';

export interface Fault {
  /** Which call: a method name (in-process providers) or `METHOD /path` pattern (HTTP). */
  readonly at: string | RegExp;
  readonly mode: FaultMode;
}

/** One armed fault, fired at the first matching call; `reached` resolves when it has fired. */
export interface FaultSwitch {
  arm(fault: Fault): Promise<void>;
  disarm(): void;
  /** The armed fault if `call` matches it (and disarms it): at most once per arming. */
  take(call: string): FaultMode | null;
  fired(): void;
}

export function createFaultSwitch(): FaultSwitch {
  let armed: Fault | null = null;
  let reached: (() => void) | null = null;
  return {
    arm(fault) {
      armed = fault;
      return new Promise((resolve) => {
        reached = resolve;
      });
    },
    disarm() {
      armed = null;
    },
    take(call) {
      if (armed === null) return null;
      const hit = typeof armed.at === 'string' ? call === armed.at : armed.at.test(call);
      if (!hit) return null;
      const { mode } = armed;
      armed = null;
      return mode;
    },
    fired() {
      reached?.();
      reached = null;
    },
  };
}

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/**
 * Wraps every method of an in-process provider so that the armed fault strikes the named method:
 * `failure()` is what a failing call throws.
 */
export function withFaults<T extends object>(
  target: T,
  faults: FaultSwitch,
  failure: (method: string) => Error,
): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return async (...args: unknown[]) => {
        const mode = faults.take(property);
        const run = () => (value as (...a: unknown[]) => Promise<unknown>).apply(object, args);
        if (mode === null) return run();
        if (mode === 'fail' || mode === 'kill-before') {
          faults.fired();
          if (mode === 'fail') throw failure(property);
          return never();
        }
        await run();
        faults.fired();
        if (mode === 'lose') throw failure(property);
        return never();
      };
    },
  });
}

export interface FaultProxy {
  /** The base URL to give the SDK instead of the server's. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of a provider's stand-in that strikes the armed fault at the first
 * request whose `METHOD /path` matches: `failure` is the provider's own 5xx body for a failing
 * request. Everything else passes through unchanged.
 */
export async function startFaultProxy(
  upstream: string,
  faults: FaultSwitch,
  failure: { status: number; body: unknown },
): Promise<FaultProxy> {
  const target = new URL(upstream);
  const sockets = new Set<Socket>();
  const forward = (incoming: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>(
      (resolve, reject) => {
        const outgoing = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            method: incoming.method,
            path: incoming.url,
            headers: { ...incoming.headers, host: target.host },
          },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () =>
              resolve({
                status: answer.statusCode ?? 502,
                headers: answer.headers,
                body: Buffer.concat(chunks),
              }),
            );
            answer.on('error', reject);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      },
    );

  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        const path = (incoming.url ?? '').split('?')[0] ?? '';
        const mode = faults.take(`${incoming.method ?? ''} ${path}`);
        const fail = () => {
          response.writeHead(failure.status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(failure.body));
        };
        if (mode === 'fail' || mode === 'kill-before') {
          faults.fired();
          if (mode === 'fail') fail();
          return;
        }
        const answer = await forward(incoming, Buffer.concat(chunks));
        if (mode !== null) {
          faults.fired();
          if (mode === 'lose') fail();
          return;
        }
        const headers = { ...answer.headers };
        delete headers['transfer-encoding'];
        response.writeHead(answer.status, headers);
        response.end(answer.body);
      })().catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
