import { Writable } from 'node:stream';
import { UnsupportedCurrencyError } from '@contrail/contracts/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { testConfig } from '../../test/app';
import { testDatabase } from '../../test/database';
import { AppError } from '../lib/app-error';
import { loggerOptions } from './logging';

describe('error handling', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({ BODY_LIMIT_BYTES: '2048' }),
      database: await testDatabase(),
      logger: false,
    });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({ origin: z.string().length(3, 'Please select an origin airport') }),
        },
      },
      (request) => request.body,
    );
    typed.get('/api/test/crash', () => {
      throw new Error('secret internal detail at /srv/app.js:42');
    });
    // What a query fails with when the database is out of reach, as Drizzle wraps it.
    const failedQuery = (cause: Error) =>
      new Error('Failed query: select "id" from "brands"\nparams: secret-param', { cause });
    const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
    const databaseFailures: Record<string, () => Error> = {
      refused: () =>
        failedQuery(withCode('connect ECONNREFUSED 10.0.0.7:5432 (db.internal)', 'ECONNREFUSED')),
      terminated: () =>
        failedQuery(withCode('terminating connection due to administrator command', '57P01')),
      dropped: () => failedQuery(new Error('Connection terminated unexpectedly')),
      'pool-timeout': () => new Error('timeout exceeded when trying to connect'),
      'too-many': () => failedQuery(withCode('sorry, too many clients already', '53300')),
      closed: () => new Error('PGlite is closed'),
      'unique-violation': () =>
        failedQuery(withCode('duplicate key value violates unique constraint', '23505')),
    };
    typed.get<{ Params: { kind: string } }>('/api/test/database/:kind', (request) => {
      throw (databaseFailures[request.params.kind] ?? (() => new Error('unknown')))();
    });
    typed.get('/api/test/conflict', () => {
      throw new AppError(409, 'price_changed', 'The price has changed', undefined, {
        'x-extra': 'yes',
      });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a validation failure with 400, the rule message and the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { origin: 'LONDON' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Please select an origin airport',
        fields: { origin: 'Please select an origin airport' },
      },
    });
  });

  it('accepts a JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { origin: 'LHR' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ origin: 'LHR' });
  });

  it.each([
    ['text/plain', 'origin=LHR'],
    ['application/x-www-form-urlencoded', 'origin=LHR'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('refuses a %s body with 415', async (contentType, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"origin":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { origin: 'LHR', padding: 'x'.repeat(4096) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('hides the details of an unexpected failure', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
    });
    expect(response.body).not.toMatch(/secret|stack|\/srv/);
  });

  it.each(['refused', 'terminated', 'dropped', 'pool-timeout', 'too-many', 'closed'])(
    'answers 503 database_unavailable, with Retry-After and no detail, when the database is out of reach (%s)',
    async (kind) => {
      const response = await app.inject({ method: 'GET', url: `/api/test/database/${kind}` });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        error: {
          code: 'database_unavailable',
          message: 'The database is not answering. Please try again in a moment.',
        },
      });
      expect(response.body).not.toMatch(/secret|select|5432|db\.internal|ECONN|stack/i);
    },
  );

  it('still answers 500 for a statement the database refused', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/database/unique-violation',
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: 'internal_error' } });
    expect(response.body).not.toMatch(/secret|duplicate/);
  });

  it('answers an AppError with its status, code and headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.headers['x-extra']).toBe('yes');
    expect(response.json()).toEqual({
      error: { code: 'price_changed', message: 'The price has changed' },
    });
  });

  it('answers unknown API paths with a JSON 404, for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/nothing/here?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        error: { code: 'not_found', message: `Route ${method} /api/nothing/here not found` },
      });
    }
  });

  it('gives every response a request id and no-store caching on the API', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'( 'nonce-[^']+')?;/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('a currency the product cannot charge', () => {
  const lines: Record<string, unknown>[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n')) {
          if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        callback();
      },
    });
    app = await buildApp({
      config: testConfig(),
      database: await testDatabase(),
      logger: { ...loggerOptions('info'), stream },
    });
    app.get('/api/test/priced-in-inr', () => {
      throw new UnsupportedCurrencyError('INR');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers the traveller 422 with its code and tells the operator at error level', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/api/test/priced-in-inr' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: {
        code: 'currency_not_supported',
        message:
          'These flights are priced in INR, a currency we cannot take payment in, so they cannot be booked here. Please contact us and we will help you book.',
        details: { currency: 'INR' },
      },
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        currency: 'INR',
        msg: 'the flight provider prices in a currency that cannot be charged; sales are refused',
      }),
    );
  });
});
