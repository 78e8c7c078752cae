import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app';
import { resetDatabase, testDatabase } from '../../test/database';
import { buildApp } from '../app';
import { loggerOptions, REDACTED_PATHS } from './logging';

function capture(): { logger: pino.Logger; lines: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  // No time, pid or host in the line: a secret's digits must not turn up there by chance.
  const logger = pino(
    { redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, timestamp: false, base: null },
    stream,
  );
  return { logger, lines: () => chunks.join('') };
}

describe('log redaction', () => {
  it('blanks passwords, cookies, authorization and card fields', () => {
    const { logger, lines } = capture();
    logger.info({
      req: { headers: { cookie: 'sid=abc123', authorization: 'Bearer tok123' } },
      password: 'hunter2-password',
      body: { currentPassword: 'old-secret-1', newPassword: 'New-secret-2!' },
      payment: { cardDetails: { number: '4242424242424242', cvv: '123' } },
      cardDetails: { number: '4000000000000002', cvv: '987', holderName: 'A Person' },
    });
    const text = lines();
    for (const secret of [
      'abc123',
      'tok123',
      'hunter2',
      'old-secret',
      'New-secret',
      '4242424242424242',
      '4000000000000002',
      '"123"',
      '"987"',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });
});

describe('request log', () => {
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
    const database = await testDatabase();
    await resetDatabase(database);
    app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: join(tmpdir(), 'contrail-no-such-dist') }),
      database,
      logger: { ...loggerOptions('info'), stream },
      settlingJobs: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  async function logOf(url: string, headers: Record<string, string> = {}) {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url, headers });
    return { response, lines: [...lines] };
  }

  it('writes one line per request: method, route pattern, status, ms, brand and request id', async () => {
    const { response, lines: logged } = await logOf(
      '/api/brands/skyhop.localhost?email=quill%40example.com',
      {
        'x-brand': 'skyhop.localhost',
      },
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      route: '/api/brands/:key',
      status: 200,
      brand: 'skyhop.localhost',
      reqId: response.headers['x-request-id'],
    });
    expect(typeof logged[0]?.ms).toBe('number');
    // Not a hexadecimal word: a request id or time could hold one by chance.
    expect(JSON.stringify(logged)).not.toContain('quill');
  });

  it('logs a page by its route in the web app, and a miss by its path without the query', async () => {
    const page = await logOf('/flight/off_123?from_origin=LHR');
    expect(page.lines).toEqual([
      expect.objectContaining({ route: '/flight/$id', brand: 'default' }),
    ]);
    expect(page.lines[0]).not.toHaveProperty('path');

    const miss = await logOf('/api/no-such-thing?email=quill%40example.com');
    expect(miss.lines).toEqual([
      expect.objectContaining({ route: null, path: '/api/no-such-thing', status: 404 }),
    ]);
    expect(JSON.stringify(miss.lines)).not.toContain('quill');
  });
});
