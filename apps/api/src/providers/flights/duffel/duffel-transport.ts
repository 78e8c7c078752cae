import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { DuffelError, type Duffel } from '@duffel/api';

/** The signal of the Duffel call under way, read by the HTTP request the SDK makes for it. */
const callSignals = new AsyncLocalStorage<AbortSignal>();

/** Runs one SDK call whose HTTP request stops when `signal` aborts (see `stoppableRequests`). */
export function withCallSignal<T>(signal: AbortSignal | undefined, run: () => Promise<T>) {
  return signal ? callSignals.run(signal, run) : run();
}

/**
 * An answer's bytes are taken off the connection as they come, outside the JavaScript heap, and
 * parsed in one go once all have come: a wave of 200 offer pages of 1.5 MB each arriving
 * together read as text side by side held each page's text on the heap until it was whole
 * (some 250 MB of a search thread's heap, kept after).
 */
const utf8 = new TextDecoder();

/** What the SDK's resources ask its client for (its `Client.request`). */
interface SdkRequest {
  method: string;
  path: string;
  data?: Record<string, unknown>;
  params?: Record<string, unknown>;
  compress?: boolean;
}
type RequestFn = (request: SdkRequest) => Promise<unknown>;

const sdkVersion = (
  createRequire(import.meta.url)('@duffel/api/package.json') as { version: string }
).version;

/**
 * Lets a Duffel call stop its HTTP request. The SDK (4.x) gives its fetch no signal: a search
 * whose travellers all left kept its connection to Duffel open until Duffel answered, up to its
 * `supplier_timeout`, and read an answer nobody wanted. Where the call runs `withCallSignal`,
 * its client's request is made here instead, as the SDK makes it (the same URL, query in the
 * same order, headers and body; the same answer, or the same DuffelError), with Node's fetch
 * and the call's signal: aborting it closes the connection, and Duffel sees the request gone.
 * Every other call goes through the SDK's own request. Answers false, changing nothing, where
 * the SDK's client is not where this version keeps it (such a call then only stops being
 * waited for).
 */
export function stoppableRequests(
  duffel: Duffel,
  { token, basePath, source }: { token: string; basePath: string; source: string },
): boolean {
  const client = (duffel as unknown as { client?: { request?: unknown } }).client;
  if (!client || typeof client.request !== 'function') return false;
  const sdkRequest = client.request as RequestFn;
  const apiVersion = 'v2';
  const headers = {
    'User-Agent': `Duffel/${apiVersion} duffel_api_javascript/${sdkVersion} source/${source}`,
    Accept: 'application/json',
    'Accept-Encoding': 'gzip',
    'Content-Type': 'application/json',
    'Duffel-Version': apiVersion,
    Authorization: `Bearer ${token}`,
  };

  async function stoppable({ method, path, data, params }: SdkRequest, signal: AbortSignal) {
    const url = new URL(path, basePath);
    if (params) {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(params).sort()) {
        if (value === undefined || value === null) continue;
        for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
          query.append(name, String(item));
        }
      }
      url.search = query.toString();
    }
    const response = await fetch(url, {
      method,
      headers,
      ...(data ? { body: JSON.stringify({ data: { ...data } }) } : {}),
      signal,
    });
    const type = response.headers.get('content-type');
    const bytes = await response.arrayBuffer();
    const text = utf8.decode(bytes);
    const body: unknown = type?.includes('json') ? JSON.parse(text) : text;
    const answer = typeof body === 'object' && body !== null ? body : {};
    const said = answer as { errors?: unknown };
    if (!response.ok || said.errors) {
      throw new DuffelError({
        ...(answer as ConstructorParameters<typeof DuffelError>[0]),
        status: response.status,
        headers: response.headers as unknown as ConstructorParameters<
          typeof DuffelError
        >[0]['headers'],
      });
    }
    return { ...answer, status: response.status, headers: response.headers };
  }

  client.request = ((request: SdkRequest) => {
    const signal = callSignals.getStore();
    return signal ? stoppable(request, signal) : sdkRequest(request);
  }) satisfies RequestFn;
  return true;
}
