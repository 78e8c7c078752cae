import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { scrubLogLine, serializeError } from '../lib/log-redaction';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The route pattern to log where no Fastify route matched: the web app's page (`/flight/$id`)
     * that answered, set by the page fallback. Null for a request that found nothing.
     */
    logRoute: string | null;
  }
}

/**
 * Paths pino blanks out wherever they appear in a log line: credentials, session cookies and
 * every card field, at the depths request bodies and errors put them.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  ...[
    'password',
    'currentPassword',
    'newPassword',
    'confirmPassword',
    'passwordHash',
    'token',
    'sessionId',
  ].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  ...[
    'cardDetails',
    'card',
    'cardNumber',
    'number',
    'cvv',
    'cvc',
    'expiryMonth',
    'expiryYear',
  ].flatMap((key) => [
    `cardDetails.${key}`,
    `*.cardDetails.${key}`,
    `body.${key}`,
    `*.body.${key}`,
  ]),
  'cardDetails',
  '*.cardDetails',
  '*.*.cardDetails',
];

export function loggerOptions(
  level: string,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Paths miss what sits deeper or under another name: each line is scrubbed by value too.
    hooks: { streamWrite: scrubLogLine },
    serializers: {
      // A failed query's parameters (hashes, passports, e-mail addresses) stay out of the log.
      err: serializeError,
      req(request: { method: string; url: string; id: string; headers: Record<string, unknown> }) {
        // The query string can hold personal data (booking look-ups by e-mail): log the path only.
        return { method: request.method, path: request.url.split('?')[0], id: request.id };
      },
    },
  };
}

/**
 * One line per request once it is answered, in place of Fastify's two ('incoming request',
 * 'request completed'): method, route pattern (never the URL, whose query may hold an e-mail
 * address), status, time in ms and brand key; the request's logger adds its id (`reqId`). A
 * request that matched nothing logs its path, without the query, so broken links can be found.
 * Fastify's other lines (a response stream that failed, a serializer error) are kept.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // Said once, when the request is answered.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = requestLine(request, reply);
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request');
  }
}

/**
 * The request's line (see RequestLogController), with the reply's status. Also said, at info, of
 * a request whose client left while it waited (499), whose answer is never sent.
 */
export function requestLine(request: FastifyRequest, reply: FastifyReply) {
  const route = request.routeOptions.url ?? request.logRoute;
  return {
    method: request.method,
    route,
    ...(route ? {} : { path: request.url.split('?')[0] }),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
    brand: request.brandKey || null,
  };
}

/** Lets the page fallback name the route it answered (see `logRoute`). */
export const requestLogPlugin = fp(
  (app: FastifyInstance, _options: unknown, done: () => void) => {
    app.decorateRequest('logRoute', null);
    done();
  },
  { name: 'request-log' },
);
