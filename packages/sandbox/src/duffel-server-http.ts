/**
 * The HTTP side of the Duffel-compatible server: a request's JSON body read (`{"data": {…}}`),
 * an answer written (gzip where asked and worth it), and each request answered by its route or
 * with Duffel's error envelope, its request id and rate-limit headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlib, gzip as gzipAsync } from 'node:zlib';
import { error, fromSandbox, HttpError } from './duffel-server-errors';
import { randomId } from './duffel-server-ids';
import { isSandboxError } from './errors';

/** An answer's body already serialised. */
export class RawJson {
  constructor(readonly text: string) {}
}

export async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw error(
      400,
      'invalid_request_error',
      'malformed_json',
      'The request body is not valid JSON.',
    );
  }
  const data =
    typeof parsed === 'object' && parsed !== null ? (parsed as { data?: unknown }).data : null;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw error(422, 'validation_error', 'validation_required', 'Send the body as {"data": {…}}.', {
      field: 'data',
      pointer: '/data',
    });
  }
  return data as Record<string, unknown>;
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
): void {
  const payload = Buffer.from(body instanceof RawJson ? body.text : JSON.stringify(body));
  const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') && payload.length > 1024;
  const write = (bytes: Buffer) => {
    response.writeHead(status, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(bytes.length),
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    });
    response.end(bytes);
  };
  if (!gzip) {
    write(payload);
    return;
  }
  // Compressed in libuv's thread pool: 200 offers (1.4 MB) took 8 ms of this server's thread.
  gzipAsync(payload, { level: zlib.Z_BEST_SPEED }, (failure, zipped) => {
    if (failure) response.destroy(failure);
    else write(zipped);
  });
}

/** What answering a request takes: the access checks, the route table, and who sees each answer. */
export interface ListenerDeps {
  authenticate: (request: IncomingMessage) => { token: string; liveMode: boolean };
  rateLimitHeaders: (token: string) => Record<string, string>;
  route: (
    method: string,
    path: string,
    query: URLSearchParams,
    request: IncomingMessage,
    liveMode: boolean,
  ) => Promise<{ status: number; body: unknown }>;
  onRequest:
    ((entry: { method: string; path: string; query: string; status: number }) => void) | undefined;
}

/** The server's request listener. */
export function requestListener(deps: ListenerDeps) {
  const { authenticate, rateLimitHeaders, route } = deps;
  /** One HTTP request: answered by its route, or with Duffel's error envelope. */
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const requestId = randomId('', 20);
    const url = new URL(request.url ?? '/', 'http://duffel.local');
    const method = request.method ?? 'GET';
    let headers: Record<string, string> = { 'x-request-id': requestId };
    const answer = async () => {
      try {
        const { token, liveMode } = authenticate(request);
        headers = { ...headers, ...rateLimitHeaders(token) };
        const { status, body } = await route(
          method,
          url.pathname,
          url.searchParams,
          request,
          liveMode,
        );
        return { status, body };
      } catch (failure) {
        const http =
          failure instanceof HttpError
            ? failure
            : isSandboxError(failure)
              ? fromSandbox(failure)
              : error(500, 'api_error', 'internal_server_error', 'Something went wrong.');
        headers = { ...headers, ...http.headers };
        return {
          status: http.status,
          body: { errors: http.errors, meta: { status: http.status, request_id: requestId } },
        };
      }
    };
    void answer().then(({ status, body }) => {
      send(request, response, status, body, headers);
      deps.onRequest?.({ method, path: url.pathname, query: url.search, status });
    });
  };
  return onRequest;
}
