import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A server's connections and the answers each still owes, so that the server can stop without
 * dropping a request it received (docs/decisions/023-draining-connections.md).
 */
export interface FollowedConnections {
  /**
   * Stops the server the way a client loses nothing: first lets what the operating system already
   * holds in (connections waiting to be accepted, request bytes waiting to be read) reach the
   * server, then stops listening and closes every idle connection. Each answer still owed is
   * given, the last on its connection with `Connection: close`, and its connection closed once it
   * owes none. Resolves when the last connection has closed.
   */
  drain(): Promise<void>;
}

/** The answers owed on each connection, oldest first, whichever server it belongs to. */
const owedBy = new WeakMap<Socket, ServerResponse[]>();
const followed = new WeakMap<Server, FollowedConnections>();
/** Answers this module told to close their connection (and may tell otherwise). */
const closing = new WeakSet<ServerResponse>();

/** Called once a connection owes no answer, or has closed. */
const answeredWaiters = new WeakMap<Socket, (() => void)[]>();

const owedOn = (socket: Socket): ServerResponse[] => owedBy.get(socket) ?? [];

/** Whether a request on this connection is still arriving: its head read, not all its body. */
export function requestArriving(socket: Socket): boolean {
  return owedOn(socket).some((response) => !response.req.complete);
}

/** Whether an answer has begun on this connection: bytes of anyone else's would land inside it. */
export function answerStarted(socket: Socket): boolean {
  return owedOn(socket).some((response) => response.headersSent);
}

/**
 * Calls `then` once every answer owed on the connection has been given (at once if none is):
 * bytes written there by anyone else before would reach the client as part of those answers.
 */
export function afterAnswers(socket: Socket, then: () => void): void {
  if (owedOn(socket).length === 0 || socket.destroyed) {
    then();
    return;
  }
  const waiters = answeredWaiters.get(socket) ?? [];
  answeredWaiters.set(socket, waiters);
  waiters.push(then);
}

function answered(socket: Socket): void {
  for (const then of answeredWaiters.get(socket)?.splice(0) ?? []) then();
}

/** One turn of the event loop, which polls the operating system once. */
const loopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How long a stop may go on taking in the connections queued before it. Node accepts one queued
 * connection per turn of its event loop, so a full queue (511) takes as many turns; under a load
 * that keeps connecting, this ends it.
 */
const MAX_INTAKE_MS = 2_000;
/**
 * Turns without a new connection after which the queue is empty and every request sent on a
 * connection so far has been read: the first finds nothing queued, and reads what the client of
 * the last one accepted sent; the second is to spare.
 */
const QUIET_TURNS = 2;

/** Makes `response` the one that closes its connection, if its head is not yet written. */
function closeAfter(response: ServerResponse): void {
  if (response.headersSent || response.hasHeader('connection')) return;
  response.setHeader('connection', 'close');
  closing.add(response);
}

/** Lets an earlier answer keep the connection open after all: another request came after it. */
function keepOpenAfter(response: ServerResponse): void {
  if (!closing.delete(response) || response.headersSent) return;
  response.removeHeader('connection');
}

/**
 * Follows the connections of `server` from now on (once per server: a second call answers the
 * first one's follower).
 */
export function followConnections(server: Server): FollowedConnections {
  const existing = followed.get(server);
  if (existing) return existing;
  const open = new Set<Socket>();
  /** Serving; then taking in what was sent (answers close their connection); then closing. */
  let phase: 'serving' | 'taking-in' | 'closing' = 'serving';
  let allClosed: (() => void) | undefined;
  let accepted = 0;

  // Once the listening socket is closed, a connection that owes no answer and has read nothing
  // of a next request is closed; the turns first let a request its client already sent arrive.
  const closeIdleSoon = async () => {
    for (let turn = 0; turn < QUIET_TURNS; turn += 1) await loopTurn();
    server.closeIdleConnections();
  };

  /** Takes in what the operating system holds for the server: queued connections, sent bytes. */
  const takeInWhatWasSent = async () => {
    const deadline = Date.now() + MAX_INTAKE_MS;
    let quiet = 0;
    while (quiet < QUIET_TURNS && Date.now() < deadline) {
      const before = accepted;
      await loopTurn();
      quiet = accepted === before ? quiet + 1 : 0;
    }
  };

  server.on('connection', (socket: Socket) => {
    accepted += 1;
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      owedBy.delete(socket);
      answered(socket);
      if (open.size === 0) allClosed?.();
    });
  });
  // Ahead of the app's own listener: the answer is marked before anything can write its head.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const owed = owedBy.get(socket) ?? [];
    owedBy.set(socket, owed);
    if (phase !== 'serving') {
      // Requests sent one behind the other: only the last closes the connection.
      const previous = owed.at(-1);
      if (previous) keepOpenAfter(previous);
      closeAfter(response);
    }
    owed.push(response);
    response.once('close', () => {
      const at = owed.indexOf(response);
      if (at !== -1) owed.splice(at, 1);
      if (owed.length === 0) answered(socket);
      if (phase === 'closing' && owed.length === 0) void closeIdleSoon();
    });
  });

  const drain = async () => {
    phase = 'taking-in';
    for (const socket of open) {
      const last = owedBy.get(socket)?.at(-1);
      if (last) closeAfter(last);
    }
    // Closing the listening socket would reset every connection still queued on it, and closing
    // an idle connection whose request is still unread would reset it too.
    if (server.listening) await takeInWhatWasSent();
    phase = 'closing';
    const stopped = new Promise<void>((resolve) => {
      allClosed = resolve;
      if (open.size === 0) resolve();
    });
    // Node's close() also closes the connections that are idle now.
    if (server.listening) server.close();
    else server.closeIdleConnections();
    await stopped;
  };
  let draining: Promise<void> | undefined;
  const follower: FollowedConnections = { drain: () => (draining ??= drain()) };
  followed.set(server, follower);
  return follower;
}
