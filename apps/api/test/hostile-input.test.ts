import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientErrorMessages } from '../src/plugins/client-errors';
import { inputMessages } from '../src/plugins/input-guard';
import { useTestApp } from './app';
import { amountOf, passengersFor, payAndBook, searchOffer, TEST_CARD } from './booking-flow';
import { queryRows } from './database';
import { TestClient } from './http';
import { openConnection, rawGet, type RawResponse } from './raw-http';
import { ADMIN_PASSWORD, createAdmin } from './users';

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

  it('an amount whose minor units no integer column holds, at the booking', async () => {
    // The booking is kept (pending) with the amount it names before anything is priced: this
    // answered 500 when PostgreSQL refused the figure (22003).
    const response = await client().post(
      '/api/bookings',
      {
        offerId: 'off_x',
        passengers: [{ id: 'pas_1', type: 'adult' }],
        paymentDetails: { paymentId: 'pay_1', amount: '21474836.48', currency: 'USD' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    expect(await queryRows(t.database, sql`select id from bookings`)).toEqual([]);
  });

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

describe('text PostgreSQL cannot store, or no one types, is refused before any write', () => {
  const t = useTestApp({}, { clock: () => new Date('2026-11-22T10:00:00Z') });
  const client = () => new TestClient(t.app, { brand: 'skyhop.localhost' });
  const json = { 'content-type': 'application/json' };
  const refusal = (field?: string) => ({
    error: {
      code: 'invalid_characters',
      message: inputMessages.controlCharacters,
      ...(field ? { fields: { [field]: inputMessages.fieldControlCharacters } } : {}),
    },
  });
  const count = async (table: string) =>
    (await queryRows(t.database, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n;

  // Lone surrogates (what the JSON escape `\ud800` parses to, unpaired) made PostgreSQL refuse the
  // jsonb (22P02, a 500); noncharacters it stores, but no text a traveller types holds one.
  it.each([
    ['a high surrogate at the start', '\ud800My flight time changed'],
    ['a high surrogate in the middle', 'My flight\udbff time changed'],
    ['a high surrogate at the end', 'My flight time changed\ud83d'],
    ['a low surrogate at the start', '\udc00My flight time changed'],
    ['a low surrogate in the middle', 'My flight\ude00 time changed'],
    ['a low surrogate at the end', 'My flight time changed\udfff'],
    ['a pair the wrong way round', 'My flight \ude00\ud83d time changed'],
    ['the noncharacter U+FFFE', 'My flight\ufffe time changed'],
    ['the noncharacter U+FDD0', 'My flight\ufdd0 time changed'],
    ['the noncharacter U+10FFFF', 'My flight time changed\u{10ffff}'],
  ])('%s in a JSON string, naming the field', async (_name, message) => {
    const bodies: [string, Record<string, unknown>][] = [
      ['message', contact({ message })],
      ['firstName', contact({ firstName: `Gr${message}` })],
    ];
    for (const [field, body] of bodies) {
      const response = await client().post('/api/contact', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal(field));
    }
    expect(await count('enquiries')).toBe(0);
  });

  it.each([
    ['a lone surrogate in a key', '{"kind":"contact","\\ud800":1}'],
    ['a lone surrogate in a nested key', '{"kind":"contact","a":[{"b":{"x\\udc00":1}}]}'],
    ['a NUL in a nested key', '{"kind":"contact","a":[{"b":{"x\\u0000":1}}]}'],
    ['a noncharacter in a key', '{"kind":"contact","\\uffff":1}'],
  ])('%s', async (_name, prefix) => {
    const payload = `${prefix.slice(0, -1)},${JSON.stringify(contact()).slice(1)}`;
    const response = await client().request({
      method: 'POST',
      url: '/api/contact',
      payload,
      headers: json,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal());
    expect(await count('enquiries')).toBe(0);
  });

  it.each([
    ['a surrogate encoded in three bytes', [0xed, 0xa0, 0x80]],
    ['a low surrogate encoded in three bytes', [0xed, 0xbf, 0xbf]],
    ['a byte no UTF-8 has', [0xff]],
    ['a sequence cut short', [0xe2, 0x82]],
    ['an over-long NUL', [0xc0, 0x80]],
  ])('a JSON body that is not UTF-8: %s', async (_name, bytes) => {
    const [before, after] = JSON.stringify(contact({ message: 'Hello there, MARK' })).split('MARK');
    const payload = Buffer.concat([
      Buffer.from(before ?? ''),
      Buffer.from(bytes),
      Buffer.from(after ?? ''),
    ]);
    const response = await client().request({
      method: 'POST',
      url: '/api/contact',
      payload,
      headers: json,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal());
    expect(await count('enquiries')).toBe(0);
  });

  it('stores what PostgreSQL takes and people type, exactly as sent', async () => {
    // Pairs (emoji, CJK beyond the first plane), a byte order mark, line and paragraph
    // separators, private use and unassigned code points: valid Unicode, kept as it came.
    const message = '✈️ 😀 𠮷 \ufeff \u2028 \u2029 \ue000 \u{50000} — café';
    const firstName = 'Zoë 𝒢race';
    const response = await client().post('/api/contact', contact({ message, firstName }));
    expect(response.statusCode).toBe(201);
    const rows = await queryRows(t.database, sql`select fields from enquiries`);
    expect(rows).toMatchObject([{ fields: { message, firstName } }]);
  });

  it.each([
    ['/api/bookings/lookup?reference=AB%ED%A0%80&email=a%40example.com', 'bad_request'],
    ['/api/bookings/lookup?reference=AB%ED%B3%BF&email=a%40example.com', 'bad_request'],
    ['/api/flights/offer/off_%ED%A0%80', 'bad_request'],
    ['/api/bookings/lookup?reference=AB%EF%BF%BE&email=a%40example.com', 'invalid_characters'],
    ['/api/flights/offer/off_%EF%B7%90', 'invalid_characters'],
    ['/api/bookings/lookup?reference=AB%F4%8F%BF%BF&email=a%40example.com', 'invalid_characters'],
  ])('in the path or query: %s', async (url, code) => {
    const response = await client().get(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: { code } });
    // The retrieve-booking look-up keeps every look-up it answers; none of these was.
    expect(await count('enquiries')).toBe(0);
  });

  it('raw bytes in the address (a surrogate encoded), refused by Node on a real socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.end(
          Buffer.concat([
            Buffer.from('GET /api/bookings/lookup?reference=AB'),
            Buffer.from([0xed, 0xa0, 0x80]),
            Buffer.from('&email=a%40example.com HTTP/1.1\r\nHost: localhost\r\n\r\n'),
          ]),
        );
      });
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(await count('enquiries')).toBe(0);
  });

  it('a passenger name at the payment and at the booking, nothing written', async () => {
    const c = client();
    const offer = await searchOffer(c);
    const passengers = passengersFor(offer);
    const hostile = passengers.map((p, i) => (i === 0 ? { ...p, firstName: 'A\ud800da' } : p));
    const pay = (people: unknown[]) =>
      c.post('/api/payments/process-card', {
        offerId: offer.id,
        amount: amountOf(offer),
        currency: offer.total_currency,
        passengers: people,
        cardDetails: TEST_CARD,
      });
    const refused = await pay(hostile);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(refusal('passengers.0.firstName'));
    expect(await count('payment_authorizations')).toBe(0);

    const paid = await pay(passengers);
    expect(paid.statusCode).toBe(200);
    const { paymentId } = paid.json<{ paymentId: string }>();
    const booking = await c.post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers: hostile,
        paymentDetails: { paymentId, amount: amountOf(offer), currency: offer.total_currency },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(booking.statusCode).toBe(400);
    expect(booking.json()).toEqual(refusal('passengers.0.firstName'));
    for (const table of ['bookings', 'booking_passenger_names', 'booking_events']) {
      expect(await count(table), table).toBe(0);
    }
  });

  it('a back-office note and a reply to a message, nothing written', async () => {
    const traveller = client();
    const booked = await payAndBook(traveller, await searchOffer(traveller));
    expect(booked.statusCode).toBe(201);
    const { id } = booked.json<{ id: string }>();
    expect(
      (
        await traveller.post('/api/contact', {
          kind: 'support',
          fullName: 'Grace Hopper',
          email: 'grace@example.com',
          subject: 'Seat change',
          message: 'Can I change my seat?',
        })
      ).statusCode,
    ).toBe(201);
    const [enquiry] = await queryRows(t.database, sql`select id from enquiries`);

    await createAdmin(t.database);
    const staff = new TestClient(t.app);
    await staff.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD });
    const audited = await count('audit_log');
    const note = await staff.post(
      `/api/admin/bookings/${id}/notes`,
      { body: 'Called the traveller:\n\udbffwants an aisle' },
      { 'idempotency-key': randomUUID() },
    );
    expect(note.statusCode).toBe(400);
    expect(note.json()).toEqual(refusal('body'));
    const reply = await staff.post(
      `/api/admin/enquiries/${String(enquiry?.id)}/reply`,
      { message: 'Yes: pick it in My Trips.\udc00' },
      { 'idempotency-key': randomUUID() },
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual(refusal('message'));
    expect(await count('booking_notes')).toBe(0);
    expect(await count('enquiry_replies')).toBe(0);
    expect(await count("email_outbox where kind = 'enquiry_reply'")).toBe(0);
    expect(await count('audit_log')).toBe(audited);
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
