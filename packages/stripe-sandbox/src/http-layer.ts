/**
 * The HTTP layer: a request matched to its route, its key, API version and parameters checked, a
 * request sent again under its idempotency key given its first answer, and the handler's answer or
 * Stripe's error written as JSON, with Stripe's headers; the 3-D Secure page is HTML.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StripeAccount } from './account';
import { checkKeyKind } from './api-keys';
import { pathParams, runHandler, type Answer, type Auth, type Call, type Route } from './endpoint';
import { StripeApiError } from './errors';
import { newRequestId } from './ids';
import { sortedJson, type IdempotencyKeys } from './idempotency';
import { Params } from './params';
import { apiVersionOf, checkIdempotencyKey, headerOf, readBody, readParams } from './requests';
import { threeDSecurePage } from './three-d-secure-page';

const unrecognized = (method: string, path: string) =>
  new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    {},
    false,
  );

export interface HttpLayerDeps {
  account: StripeAccount;
  routes: readonly Route[];
  /** The account's check of a request's `Authorization` header. */
  authenticate: (header: string | undefined) => Auth;
  /** The API version of requests without `Stripe-Version`. */
  accountVersion: string;
  idempotency: IdempotencyKeys;
  /** Sees each request once answered (method, path without the query, status). */
  onRequest?: ((entry: { method: string; path: string; status: number }) => void) | undefined;
}

/** Answers one request of the account's API (or its 3-D Secure page) on `response`. */
export function requestHandler(
  deps: HttpLayerDeps,
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const { account, routes, authenticate, accountVersion, idempotency } = deps;

  async function answer(
    request: IncomingMessage,
    url: URL,
  ): Promise<{ answer: Answer; headers: Record<string, string> }> {
    const method = request.method ?? 'GET';
    const requestId = newRequestId();
    const headers: Record<string, string> = { 'request-id': requestId };
    const body = await readBody(request, 1024 * 1024);
    const matched = routes.find((r) => r.method === method && r.pattern.test(url.pathname));
    try {
      if (!matched) throw unrecognized(method, url.pathname);
      const auth = authenticate(request.headers.authorization);
      checkKeyKind(auth, matched);
      const version = apiVersionOf(headerOf(request, 'stripe-version'), accountVersion);
      headers['stripe-version'] = version;
      const raw = readParams(request, method, body, url);
      const key = method === 'POST' ? headerOf(request, 'idempotency-key') : undefined;
      if (key !== undefined) {
        headers['idempotency-key'] = key;
        checkIdempotencyKey(key);
      }
      account.expireHolds();
      const endpoint = `${method} ${url.pathname}`;
      const paramsJson = sortedJson(raw);
      const storeKey = key === undefined ? undefined : `${auth.mode}:${key}`;
      const earlier =
        storeKey === undefined || key === undefined
          ? undefined
          : idempotency.replayOf(storeKey, key, endpoint, paramsJson);
      if (earlier) {
        headers['idempotent-replayed'] = 'true';
        return { answer: earlier, headers };
      }
      const call: Call = {
        params: new Params(raw, matched.params),
        path: pathParams(matched, url.pathname),
        info: { mode: auth.mode, requestId, idempotencyKey: key ?? null, version },
        auth,
        expand: [],
      };
      const result = runHandler(matched, call);
      if (storeKey !== undefined) idempotency.remember(storeKey, endpoint, paramsJson, result);
      return { answer: result, headers };
    } catch (error) {
      if (error instanceof StripeApiError) {
        return { answer: { status: error.status, body: error.body() }, headers };
      }
      throw error;
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
    const method = request.method ?? 'GET';
    let status = 500;
    try {
      if (url.pathname === '/_sandbox/3d_secure') {
        const body = await readBody(request, 64 * 1024);
        const result = threeDSecurePage(account, accountVersion, url, method, body);
        status = result.status;
        if (result.location) {
          response.writeHead(status, { location: result.location });
          response.end();
        } else {
          response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
          response.end(result.html ?? '');
        }
        return;
      }
      const { answer: result, headers } = await answer(request, url);
      status = result.status;
      response.writeHead(status, {
        ...headers,
        'content-type': 'application/json',
        'cache-control': 'no-cache, no-store',
      });
      response.end(JSON.stringify(result.body, null, 2));
    } catch (error) {
      status = error instanceof StripeApiError ? error.status : 500;
      const body =
        error instanceof StripeApiError
          ? error.body()
          : { error: { message: 'An unknown error occurred', type: 'api_error' } };
      if (!response.headersSent) {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body, null, 2));
      }
      if (!(error instanceof StripeApiError)) {
        // A bug in the sandbox, not an answer Stripe would give: say so where the test runs.
        console.error('stripe-sandbox: unexpected error', error);
      }
    } finally {
      deps.onRequest?.({ method, path: url.pathname, status });
    }
  }

  return handle;
}
