import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorCodes } from '@contrail/contracts/errors';
import { AppError } from '../lib/app-error';

export interface AdmissionOptions {
  /** Requests past their checks and not yet sent: handler, serialisation and compression. */
  concurrency: number;
  /** Requests waiting for a turn; past this, 503 at once rather than memory without bound. */
  maxWaiting: number;
  /** Requests that never wait (health checks, which must answer while the rest queue). */
  bypass: (request: FastifyRequest) => boolean;
}

const released = Symbol('admission released');
type Admitted = FastifyRequest & { [released]?: boolean };

/**
 * Lets a bounded number of requests do their work at once and queues the rest, first come first
 * served. Without it, every request of 200 busy connections was worked on at the same time: each
 * held its answer in memory until all were done, and a health check queued behind all of them
 * (seconds). Queued requests hold nothing but their parsed input; each one admitted from the
 * queue starts on a turn of the event loop of its own, so that new connections, health checks
 * and answers already made are never stuck behind the whole queue.
 */
export const admissionPlugin = fp<AdmissionOptions>(
  async (app: FastifyInstance, { concurrency, maxWaiting, bypass }) => {
    let running = 0;
    const waiting: (() => void)[] = [];

    const admitNext = () => {
      if (running >= concurrency) return;
      const next = waiting.shift();
      if (!next) return;
      running += 1;
      setImmediate(next);
    };

    const release = (request: Admitted) => {
      if (request[released] !== false) return;
      request[released] = true;
      running -= 1;
      admitNext();
    };

    app.addHook('preHandler', async (request: Admitted, reply: FastifyReply) => {
      // Already holding its turn: a handler passed the request on to the not-found handler
      // (`reply.callNotFound()`, as @fastify/static does), and Fastify runs preHandler again.
      // Counting it twice kept a turn for ever; 16 such requests stopped the server.
      if (bypass(request) || request[released] === false) return;
      if (running < concurrency && waiting.length === 0) {
        running += 1;
        request[released] = false;
        return;
      }
      if (waiting.length >= maxWaiting) {
        throw new AppError(
          503,
          errorCodes.serverBusy,
          'The server is busy. Please try again in a moment.',
          undefined,
          { 'retry-after': '1' },
        );
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
      request[released] = false;
      // The client gave up while it waited: its turn goes to the next one. Its connection tells,
      // not the request stream: that one is destroyed as soon as a body has been read in full,
      // which every POST waiting here has (taking that for a departure left each unanswered).
      if (request.raw.socket.destroyed || reply.raw.destroyed) {
        release(request);
        reply.hijack();
      }
    });
    // Registered after compression: the turn ends once the answer is made, not when a slow
    // client has read it.
    // Hooks that finish at once: a handler that sends without returning the reply counts on
    // the answer being on its way when it returns.
    app.addHook('onSend', (request: Admitted, _reply, payload, done) => {
      release(request);
      done(null, payload);
    });
    app.addHook('onResponse', (request: Admitted, _reply, done) => {
      release(request);
      done();
    });
    app.addHook('onRequestAbort', (request: Admitted, done) => {
      release(request);
      done();
    });
  },
  { name: 'admission' },
);
