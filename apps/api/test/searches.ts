// What the tests of searches against the Duffel-compatible server share: a search's criteria,
// waiting for something to happen, and a browser's search over a real connection.
import { request as httpRequest, type ClientRequest, type Server } from 'node:http';
import { expect } from 'vitest';

/** The search form's body for a one-way search, one adult in economy. */
export function oneWaySearch(
  destination: string,
  {
    origin = 'LHR',
    departureDate = '2026-12-20',
  }: { origin?: string; departureDate?: string } = {},
) {
  return {
    origin,
    destination,
    departureDate,
    cabinClass: 'economy',
    adultsCount: 1,
    childrenCount: 0,
    infantsCount: 0,
    tripType: 'one-way',
  };
}

/** Waits up to 5 s for `check` to hold, then asserts that it does. */
export async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

/** A browser's search over a real connection to `port`, which the test can close (it leaves). */
export function searchOverHttp(port: number, criteria: object): ClientRequest {
  const body = JSON.stringify(criteria);
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    path: '/api/flights/search',
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'sec-fetch-site': 'same-origin',
    },
  });
  request.on('error', () => undefined);
  request.end(body);
  return request;
}

/** Pushes to `into` the path of each request to `server` whose client left before the answer. */
export function noteClosedEarly(server: Server, into: string[]): void {
  server.on('request', (request, response) => {
    response.on('close', () => {
      if (!response.writableFinished) into.push(new URL(request.url ?? '/', 'http://d').pathname);
    });
  });
}
