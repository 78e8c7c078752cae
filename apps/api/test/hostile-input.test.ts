import { connect } from 'node:net';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientErrorMessages } from '../src/plugins/client-errors';
import { inputMessages } from '../src/plugins/input-guard';
import { useTestApp } from './app';
import { queryRows } from './database';
import { TestClient } from './http';
import { openConnection, rawGet, type RawResponse } from './raw-http';

const contact = (overrides: Record<string, unknown> = {}) => ({
  kind: 'contact',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  reason: 'booking',
  message: 'My flight time changed; what are my options?',
  consent: true,
  ...overrides,
});

const search = {
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-12-20',
  returnDate: '2026-12-27',
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  tripType: 'round-trip',
};

/** `{"passengers":[{"passengers":[…"bottom"…]}]}`, written out: JSON.stringify itself overflows. */
function nested(depth: number): string {
  return `${'{"passengers":['.repeat(depth)}"bottom"${']}'.repeat(depth)}`;
}

describe('hostile input is refused at the edge with a 400', () => {
  const t = useTestApp({}, { clock: () => new Date('2026-11-22T10:00:00Z') });
  const client = () => new TestClient(t.app, { brand: 'skyhop.localhost' });

  async function expect400(request: InjectOptions & { url: string }, code?: string) {
    const response = await client().request(request);
    expect(response.statusCode, `${request.url} → ${response.body}`).toBe(400);
    const body = response.json<{ error: { code: string; message: string } }>();
    if (code) expect(body.error.code).toBe(code);
    expect(response.body).not.toMatch(/postgres|drizzle|stack|at .*\.ts/i);
    return body;
  }

  it.each([
    '/api/brands/sky%00hop.localhost',
    '/api/brands/sky%1bhop.localhost',
    '/api/brands/sky%C2%85hop.localhost',
    '/api/bookings/lookup?reference=ABC123%00&email=a%40example.com',
    '/api/bookings/lookup?reference=ABC123&email=a%0a%40example.com',
    '/search?from_origin=LH%00R',
    '/api/flights/offer/off_%00',
  ])('a control character in the path or query: %s', async (url) => {
    await expect400({ method: 'GET', url }, 'invalid_characters');
  });

  it.each(['/api/brands/%E0%A4%A', '/api/brands/%C0%80', '/api/brands/%FF'])(
    'escapes that are not UTF-8: %s',
    async (url) => {
      await expect400({ method: 'GET', url }, 'bad_request');
    },
  );

  it.each([
    'localhost:3000, skyhop.localhost',
    'skyhop.localhost/evil',
    'user@skyhop.localhost',
    'sky hop.localhost',
    'skyhop.localhost:99999999',
    '[::1',
    `${'a'.repeat(300)}.example`,
  ])('a Host header that names no host: %j', async (host) => {
    const body = await expect400({ method: 'GET', url: '/api/site', headers: { host } });
    expect(body).toEqual({ error: { code: 'bad_request', message: inputMessages.badHost } });
    // Pages and links built from the host are never reached either.
    await expect400({ method: 'GET', url: '/robots.txt', headers: { host } });
  });

  it('a request without any Host (HTTP/1.0), on a real socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.end('GET /robots.txt HTTP/1.0\r\n\r\n');
      });
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 400 /);
    expect(answer).toContain(inputMessages.badHost);
  });

  it.each(['localhost:3000', 'skyhop.localhost', '127.0.0.1:8080', '[::1]:3000', 'SkyHop.Example'])(
    'a Host header that names a host: %s',
    async (host) => {
      const response = await client().request({
        method: 'GET',
        url: '/api/site',
        headers: { host },
      });
      expect(response.statusCode).toBe(200);
    },
  );

  it('a path parameter longer than the router takes, in the envelope and not echoed', async () => {
    const body = await expect400(
      { method: 'GET', url: `/api/brands/${'a'.repeat(3000)}.example` },
      'bad_request',
    );
    expect(JSON.stringify(body)).not.toContain('a'.repeat(20));
  });

  it('a NUL or escape character in any JSON string or key', async () => {
    const login = await expect400(
      { method: 'POST', url: '/api/auth/login', payload: { username: 'ada\u0000', password: 'x' } },
      'invalid_characters',
    );
    expect(login).toMatchObject({
      error: { fields: { username: 'Contains characters that are not allowed' } },
    });
    await expect400(
      { method: 'POST', url: '/api/newsletter', payload: { 'email\u0000': 'a@example.com' } },
      'invalid_characters',
    );
    await expect400(
      { method: 'POST', url: '/api/contact', payload: contact({ lastName: 'Hop\nper' }) },
      'invalid_characters',
    );
    await expect400(
      { method: 'POST', url: '/api/contact', payload: contact({ message: 'Hi\u0000there' }) },
      'invalid_characters',
    );
    expect(await queryRows(t.database, sql`select id from enquiries`)).toEqual([]);
  });

  it('keeps line breaks and tabs where a text field holds them', async () => {
    const response = await client().post(
      '/api/contact',
      contact({ message: 'Line one,\r\nline two\tand a tab.' }),
    );
    expect(response.statusCode).toBe(201);
  });

  it('a body nested deeper than any request', async () => {
    await expect400(
      {
        method: 'POST',
        url: '/api/flights/search',
        payload: `${JSON.stringify(search).slice(0, -1)},"extra":${nested(50_000)}}`,
        headers: { 'content-type': 'application/json' },
      },
      'bad_request',
    );
    const deepArray = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    await expect400({
      method: 'POST',
      url: '/api/auth/login',
      payload: deepArray,
      headers: { 'content-type': 'application/json' },
    });
  });

  it.each(['99999999999999999999.00', '1e400', '-1.00', '12.345', 'NaN'])(
    'an amount outside the contract: %s',
    async (amount) => {
      await expect400(
        {
          method: 'POST',
          url: '/api/payments/process-card',
          payload: { offerId: 'off_x', amount, currency: 'USD', passengers: [], cardDetails: {} },
        },
        'validation_failed',
      );
    },
  );

  it('prototype keys in a JSON body', async () => {
    await expect400({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"username":"ada","password":"x","__proto__":{"isAdmin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    await expect400({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"username":"ada","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
      headers: { 'content-type': 'application/json' },
    });
  });
});

describe("what Node's HTTP parser refuses is answered in the envelope, on a real socket", () => {
  const t = useTestApp();
  let port: number;

  beforeAll(async () => {
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });

  /** Sends `request` on a connection of its own; the answers, once the server has closed it. */
  async function send(request: string): Promise<RawResponse[]> {
    const connection = await openConnection(port);
    await connection.write(request);
    const closed = await connection.closed;
    // Closed by the server once it had answered, not reset under the client.
    expect(closed.error).toBeUndefined();
    return connection.received();
  }

  function expectRefusal(answer: RawResponse | undefined, status: number, code: string) {
    expect(answer?.status, answer?.body).toBe(status);
    expect(answer?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer?.headers.connection).toBe('close');
    expect(answer?.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(answer?.body ?? '') as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    return body;
  }

  it.each([
    ['a method HTTP has not', 'BREW /pot HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['a request line that is no HTTP', 'GET /api/site HTTP/9\r\nHost: a\r\n\r\n'],
    ['a header line without a colon', 'GET /api/site HTTP/1.1\r\nHost: a\r\nNo colon\r\n\r\n'],
    [
      'a chunk size that is no number',
      'POST /api/auth/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    ],
    [
      'both Content-Length and Transfer-Encoding, as request smuggling sends',
      'POST /api/auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
  ])('%s: 400 bad_request', async (_what, request) => {
    const [answer, ...more] = await send(request);
    expect(expectRefusal(answer, 400, 'bad_request')).toEqual({
      error: { code: 'bad_request', message: clientErrorMessages.malformed },
    });
    expect(more).toEqual([]);
  });

  it('headers larger than Node reads: 431 headers_too_large, which the client still reads in full', async () => {
    // 64 KiB of headers, four times what Node reads, sent whole before the answer can come.
    const [answer] = await send(
      `GET /api/site HTTP/1.1\r\nHost: a\r\nX-Padding: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    expect(expectRefusal(answer, 431, 'headers_too_large')).toEqual({
      error: { code: 'headers_too_large', message: clientErrorMessages.headersTooLarge },
    });
  });

  it('a malformed request pipelined behind good ones: those are answered first, in order', async () => {
    const answers = await send(
      rawGet('/api/health') + rawGet('/api/system/mode') + 'BREW /pot HTTP/1.1\r\n\r\n',
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400]);
    expect(answers[0]?.body).toContain('"status":"ok"');
    expectRefusal(answers[2], 400, 'bad_request');
  });
});

describe('two Host headers, or two X-Forwarded-Host from a trusted proxy, are refused', () => {
  /** Sends `headers` (name and value pairs) in a GET of /api/site; the one answer. */
  async function siteWith(port: number, headers: [string, string][]): Promise<RawResponse> {
    const connection = await openConnection(port);
    const lines = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
    await connection.write(`GET /api/site HTTP/1.1\r\n${lines}Connection: close\r\n\r\n`);
    const [answer] = await connection.responses(1);
    if (!answer) throw new Error('no answer');
    return answer;
  }

  const bodyOf = (answer: RawResponse) => JSON.parse(answer.body) as unknown;

  describe('with no proxy trusted', () => {
    const t = useTestApp();
    let port: number;
    beforeAll(async () => {
      port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    });

    it.each<[string, [string, string][]]>([
      [
        'naming two hosts',
        [
          ['Host', 'skyhop.localhost'],
          ['Host', 'evil.example'],
        ],
      ],
      [
        'the same host twice',
        [
          ['Host', 'skyhop.localhost'],
          ['host', 'skyhop.localhost'],
        ],
      ],
    ])('two Host headers, %s', async (_what, headers) => {
      const answer = await siteWith(port, headers);
      expect(answer.status, answer.body).toBe(400);
      expect(bodyOf(answer)).toEqual({
        error: { code: 'bad_request', message: inputMessages.duplicateHost },
      });
    });

    it('one Host, and X-Forwarded-Host twice from an untrusted peer: ignored, the Host serves', async () => {
      const answer = await siteWith(port, [
        ['Host', 'skyhop.localhost'],
        ['X-Forwarded-Host', 'a.example'],
        ['X-Forwarded-Host', 'b.example'],
      ]);
      expect(answer.status, answer.body).toBe(200);
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY=loopback)', () => {
    const t = useTestApp({ TRUST_PROXY: 'loopback' });
    let port: number;
    beforeAll(async () => {
      port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    });

    it.each<[string, [string, string][]]>([
      [
        'on two lines',
        [
          ['X-Forwarded-Host', 'skyhop.localhost'],
          ['X-Forwarded-Host', 'evil.example'],
        ],
      ],
      ['in one list', [['X-Forwarded-Host', 'evil.example, skyhop.localhost']]],
    ])('two X-Forwarded-Host values, %s', async (_what, forwarded) => {
      const answer = await siteWith(port, [['Host', 'localhost'], ...forwarded]);
      expect(answer.status, answer.body).toBe(400);
      expect(bodyOf(answer)).toEqual({
        error: { code: 'bad_request', message: inputMessages.duplicateForwardedHost },
      });
    });

    it('one X-Forwarded-Host names the brand', async () => {
      const answer = await siteWith(port, [
        ['Host', 'localhost'],
        ['X-Forwarded-Host', 'skyhop.localhost'],
      ]);
      expect(answer.status, answer.body).toBe(200);
    });
  });
});
