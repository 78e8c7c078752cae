import { errorCodes, type ApiErrorBody } from '@contrail/contracts/errors';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { afterAnswers, answerStarted, requestArriving } from '../lib/http-connections';

/** How long a refused connection may take to close its end before it is cut. */
const LINGER_MS = 2_000;

export const clientErrorMessages = {
  malformed: 'The request is not valid HTTP',
  headersTooLarge: 'The request headers are too large',
  tooLarge: 'The request is too large',
  timeout: 'The request did not arrive in time',
} as const;

interface ClientErrorAnswer {
  status: number;
  body: ApiErrorBody['error'];
}

/**
 * What a request Node refused before any route saw it gets: the status Node itself would give,
 * in the API's envelope. Null for what is no request at all (a connection reset or broken).
 */
export function clientErrorAnswer(code: string | undefined): ClientErrorAnswer | null {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        body: { code: errorCodes.headersTooLarge, message: clientErrorMessages.headersTooLarge },
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        status: 413,
        body: { code: errorCodes.payloadTooLarge, message: clientErrorMessages.tooLarge },
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        body: { code: errorCodes.requestTimeout, message: clientErrorMessages.timeout },
      };
    default:
      // llhttp's parse errors: a bad request line, header or chunk, or a request smuggling both
      // Content-Length and Transfer-Encoding.
      return code?.startsWith('HPE_')
        ? {
            status: 400,
            body: { code: errorCodes.badRequest, message: clientErrorMessages.malformed },
          }
        : null;
  }
}

/** The raw HTTP answer: nothing of the request is echoed, and the connection ends with it. */
export function clientErrorResponse({ status, body }: ClientErrorAnswer): string {
  const json = JSON.stringify({ error: body });
  return (
    `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${String(Buffer.byteLength(json))}\r\n` +
    'Cache-Control: no-store\r\n' +
    'X-Content-Type-Options: nosniff\r\n' +
    'Connection: close\r\n\r\n' +
    json
  );
}

/** Connections already refused: what the client still sends is read and dropped. */
const refused = new WeakSet<Socket>();

/** Writes the answer and ends our side; the client's side may stay open a moment, not longer. */
function refuse(socket: Socket, answer: ClientErrorAnswer): void {
  if (socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(answer));
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * Fastify's `clientErrorHandler`, for Node's own refusals (a malformed request line or header,
 * headers too large, a bad chunk, a request that never arrived in full): the answer in the
 * envelope, then the connection closed gently. Ending our side and letting the client close
 * its own lets the client read the answer; cutting the connection while its bytes were still
 * arriving reset it, and the answer was lost with it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (refused.has(socket)) return;
  refused.add(socket);
  const answer = clientErrorAnswer(error.code);
  if (!answer) {
    socket.destroy();
    return;
  }
  // The bad bytes (or the time out) are the body of a request still arriving: that request gets
  // this answer, unless its own has begun.
  if (requestArriving(socket)) {
    if (answerStarted(socket)) socket.destroy();
    else refuse(socket, answer);
    return;
  }
  // They are a request pipelined behind others: those are answered first, in order.
  afterAnswers(socket, () => refuse(socket, answer));
}
