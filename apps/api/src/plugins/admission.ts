import { AsyncLocalStorage } from 'node:async_hooks';
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
  /**
   * Requests whose provider's answer is heavy to work on (a search: mapping, pricing and
   * answering up to a few hundred offers). Back from the provider they queue in a lane of their
   * own, `heavyAtOnce` at a time, beside `concurrency`: other requests never queue behind every
   * search whose answer came, and those answers' work is bounded on the event loop. Any other
   * request comes back through the common queue.
   */
  heavy?: (request: FastifyRequest) => boolean;
  heavyAtOnce?: number;
}

/** One admitted request's turn, known to everything its handler runs. */
interface Turn {
  /** It holds a turn now (false while it waits on a provider, or once it is answered). */
  holding: boolean;
  /** Answered, or its client left: a turn it gets back is handed on at once. */
  done: boolean;
  /** Its way back to a turn after a provider answered, shared by calls that answer together. */
  back: Promise<void> | null;
  /** Gives the turn back (its lane's count goes down by one, the next one in its queue starts). */
  giveBack: () => void;
  /** Waits in its lane's queue for a turn on its way back: a request coming back is never refused. */
  queue: () => Promise<void>;
  /** Gives back a turn of that lane, once the request holds one. */
  giveBackReturning: () => void;
}

const turns = new AsyncLocalStorage<Turn>();
const turnOf = Symbol('admission turn');
type Admitted = FastifyRequest & { [turnOf]?: Turn };

/**
 * Runs `wait` (a call to a provider: Duffel, Stripe) without holding the request's turn: the turn
 * goes to the next request in the queue while the provider takes its time, and the request
 * queues again (first come, first served, never refused; a search in the heavy lane) before its
 * own work goes on with the answer or the error. Outside a request (jobs, the reconciler), or where the request holds no
 * turn (health checks, a call made while another of its calls waits), it just runs `wait`.
 */
export async function awayFromTurn<T>(wait: () => Promise<T>): Promise<T> {
  const turn = turns.getStore();
  if (!turn?.holding) return wait();
  turn.holding = false;
  turn.giveBack();
  try {
    return await wait();
  } finally {
    await comeBack(turn);
  }
}

/** The request holds a turn again (or, answered meanwhile, needs none). */
function comeBack(turn: Turn): Promise<void> {
  if (turn.holding || turn.done) return Promise.resolve();
  turn.back ??= turn.queue().then(() => {
    turn.back = null;
    turn.giveBack = turn.giveBackReturning;
    // Its client left while it queued: the turn it was given goes on to the next one.
    if (turn.done) turn.giveBack();
    else turn.holding = true;
  });
  return turn.back;
}

/** How many requests hold a turn now, for tests and diagnostics. */
interface AdmissionState {
  running(): number;
  waiting(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    admission: AdmissionState;
  }
}

/** A number of turns and the queue for them, first come first served. */
function createLane(limit: number) {
  let held = 0;
  const queue: (() => void)[] = [];
  const tryTake = (): boolean => {
    if (held >= limit || queue.length > 0) return false;
    held += 1;
    return true;
  };
  return {
    held: () => held,
    waiting: () => queue.length,
    /** A turn now, if one is free and nobody queues for one. */
    tryTake,
    /** Queues for a turn: `start` runs, on an event loop turn of its own, once it holds one. */
    join: (start: () => void) => {
      queue.push(start);
    },
    /** A turn now if one is free and nobody queues, else once the queue before it has had one. */
    take: (): Promise<void> =>
      tryTake() ? Promise.resolve() : new Promise<void>((resolve) => queue.push(resolve)),
    giveBack: () => {
      held -= 1;
      if (held >= limit) return;
      const next = queue.shift();
      if (!next) return;
      held += 1;
      setImmediate(next);
    },
  };
}

/**
 * Lets a bounded number of requests do their work at once and queues the rest, first come first
 * served. Without it, every request of 200 busy connections was worked on at the same time: each
 * held its answer in memory until all were done, and a health check queued behind all of them
 * (seconds). Queued requests hold nothing but their parsed input; each one admitted from the
 * queue starts on a turn of the event loop of its own, so that new connections, health checks
 * and answers already made are never stuck behind the whole queue. Waiting on a provider is not
 * working: a request gives its turn back for the wait (`awayFromTurn`).
 */
export const admissionPlugin = fp<AdmissionOptions>(
  async (
    app: FastifyInstance,
    { concurrency, maxWaiting, bypass, heavy = () => false, heavyAtOnce = 4 },
  ) => {
    const arrivals = createLane(concurrency);
    const returning = createLane(heavyAtOnce);

    const newTurn = (request: FastifyRequest): Turn => {
      const lane = heavy(request) ? returning : arrivals;
      return {
        holding: true,
        done: false,
        back: null,
        giveBack: arrivals.giveBack,
        queue: lane.take,
        giveBackReturning: lane.giveBack,
      };
    };

    /** The request is answered or gone: it holds no turn from now on. */
    const release = (request: Admitted) => {
      const turn = request[turnOf];
      if (!turn || turn.done) return;
      turn.done = true;
      if (turn.holding) {
        turn.holding = false;
        turn.giveBack();
      }
    };

    app.decorate('admission', {
      running: () => arrivals.held() + returning.held(),
      waiting: () => arrivals.waiting() + returning.waiting(),
    });

    // A hook with a callback, so that the handler and everything it awaits runs inside the
    // request's turn (AsyncLocalStorage), where `awayFromTurn` finds it.
    app.addHook('preHandler', (request: Admitted, reply: FastifyReply, done) => {
      // Already holding its turn: a handler passed the request on to the not-found handler
      // (`reply.callNotFound()`, as @fastify/static does), and Fastify runs preHandler again.
      // Counting it twice kept a turn for ever; 16 such requests stopped the server.
      if (bypass(request) || request[turnOf]) {
        done();
        return;
      }
      if (arrivals.tryTake()) {
        const turn = newTurn(request);
        request[turnOf] = turn;
        turns.run(turn, done);
        return;
      }
      if (arrivals.waiting() >= maxWaiting) {
        done(
          new AppError(
            503,
            errorCodes.serverBusy,
            'The server is busy. Please try again in a moment.',
            undefined,
            { 'retry-after': '1' },
          ),
        );
        return;
      }
      arrivals.join(() => {
        const turn = newTurn(request);
        request[turnOf] = turn;
        // The client gave up while it waited: its turn goes to the next one. Its connection
        // tells, not the request stream: that one is destroyed as soon as a body has been read
        // in full, which every POST waiting here has (taking that for a departure left each
        // unanswered).
        if (request.raw.socket.destroyed || reply.raw.destroyed) {
          release(request);
          reply.hijack();
          done();
          return;
        }
        turns.run(turn, done);
      });
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
