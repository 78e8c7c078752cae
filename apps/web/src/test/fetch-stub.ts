import { vi } from 'vitest';
import type { ApiErrorCode } from '@contrail/contracts/errors';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
  /** The request's abort signal, if it was given one. */
  signal: AbortSignal | undefined;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(body), { status: 200, ...init, headers });
}

export function apiErrorResponse(
  status: number,
  code: ApiErrorCode,
  message: string,
  statusText?: string,
): Response {
  return jsonResponse({ error: { code, message } }, { status, statusText: statusText ?? '' });
}

/**
 * Replaces `fetch` with handlers keyed by "METHOD /path" (query string ignored). Unknown routes
 * fail the test loudly instead of hanging. Returns the recorded requests.
 */
export function stubFetch(handlers: Record<string, Handler>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const recorded: RecordedRequest = {
        method,
        path: url.pathname,
        headers: new Headers(init.headers),
        credentials: init.credentials,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
        signal: init.signal ?? undefined,
      };
      requests.push(recorded);
      const handler = handlers[`${method} ${url.pathname}`];
      if (!handler) throw new Error(`Unexpected request in test: ${method} ${url.pathname}`);
      return handler(recorded);
    }),
  );
  return requests;
}

/** The usual shell answers: signed out, and the site info. */
export const signedOut: Handler = () =>
  apiErrorResponse(401, 'not_authenticated', 'Not authenticated', 'Unauthorized');

export const siteInfo = {
  companyName: 'Contrail Travel Ltd',
  companyNumber: '12345678',
  registeredOffice: '1 Test Street, London',
};

export const siteHandler: Handler = () => jsonResponse(siteInfo);
