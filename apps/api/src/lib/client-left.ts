import { errorCodes } from '@contrail/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * What a request whose client went away ends with: 499 (nginx's "client closed request"), which
 * nobody receives. It is logged as the request's status, at info like any answered request,
 * never as an error.
 */
export const clientClosedRequest = (): AppError =>
  new AppError(
    499,
    errorCodes.clientClosedRequest,
    'The client closed the connection before the request was answered.',
  );

/** The reason a client-left signal aborts with (not a TimeoutError: a provider call reads it so). */
export class ClientLeftError extends Error {
  override readonly name = 'ClientLeftError';
  constructor() {
    super('The client closed the connection before the request was answered.');
  }
}

/**
 * A signal that aborts once the client of this request is gone: its connection closed before the
 * answer was sent in full. The response tells, not the request stream: Node closes that one as
 * soon as a body has been read in full, which every POST has by its handler (Fastify's own
 * `request.signal` aborts then, and would stop every search at once).
 */
export function clientLeft(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  const gone = () => {
    if (!response.writableFinished) controller.abort(new ClientLeftError());
  };
  if (response.destroyed || request.raw.socket.destroyed) gone();
  else response.once('close', gone);
  return controller.signal;
}

/**
 * `work`, unless `left` aborts first: then `onLeave` runs and the caller stops waiting for it at
 * once (499, `clientClosedRequest`), while `work` goes on or ends on its own. Without a signal,
 * just `work`.
 */
export function unlessLeft<T>(
  work: Promise<T>,
  left: AbortSignal | undefined,
  onLeave?: () => void,
): Promise<T> {
  if (!left) return work;
  let leave: () => void = () => undefined;
  const leaving = new Promise<never>((_resolve, reject) => {
    leave = () => {
      reject(clientClosedRequest());
      onLeave?.();
    };
  });
  if (left.aborted) leave();
  else left.addEventListener('abort', leave, { once: true });
  return Promise.race([work, leaving]).finally(() => left.removeEventListener('abort', leave));
}
