/**
 * What an endpoint is handed and what it gives back: the call (its parameters, the values in its
 * path, the key and the request it came with), the answer, and the route table's entries that
 * match a method and a path to their handler.
 */
import type { Mode, RequestInfo } from './account-ledger';
import { StripeApiError } from './errors';
import type { Params } from './params';

export interface Auth {
  mode: Mode;
  kind: 'secret' | 'publishable';
}

export interface Call {
  params: Params;
  path: Record<string, string>;
  info: RequestInfo;
  auth: Auth;
  expand: string[];
}

export interface Answer {
  status: number;
  body: unknown;
}

export type Handler = (call: Call) => unknown;

export interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  names: string[];
  handler: Handler;
  /** The parameters it takes; any other is `parameter_unknown` before anything else is checked. */
  params: readonly string[];
  /** Publishable keys may call it (with the intent's client secret). */
  publishable?: boolean;
}

/** A route of the table: `:name` parts of its path match one segment each. */
export function routeOf(
  method: Route['method'],
  path: string,
  handler: Handler,
  params: readonly string[],
  publishable = false,
): Route {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${path.replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  return { method, pattern, names, handler, params, publishable };
}

/** The values of a route's `:name` parts in the path. */
export function pathParams(matched: Route, pathname: string): Record<string, string> {
  return Object.fromEntries(
    matched.names.map((name, index) => [
      name,
      decodeURIComponent(matched.pattern.exec(pathname)?.[index + 1] ?? ''),
    ]),
  );
}

/** The handler's answer; an error Stripe would give again for the same key is an answer too. */
export function runHandler(matched: Route, call: Call): Answer {
  try {
    return { status: 200, body: matched.handler(call) };
  } catch (error) {
    if (!(error instanceof StripeApiError) || !error.replayable) throw error;
    return { status: error.status, body: error.body() };
  }
}
