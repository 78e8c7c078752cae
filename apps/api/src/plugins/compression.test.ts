import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../../test/app';
import { testDatabase } from '../../test/database';

const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" />
<link rel="icon" href="/favicon.svg" />
<title>Contrail - Flight Booking</title>
<script id="boot-data" type="application/json">null</script>
<style>${'.card { padding: 1rem; }\n'.repeat(60)}</style>
</head><body><div id="root"></div></body></html>`;

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

/** A built web app whose script has its .br and .gz beside it, as the build writes them. */
function builtWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'contrail-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-1.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app-1.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'app-1.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'plain-1.css'), '.a{color:red}'.repeat(200));
  return dir;
}

describe('compression', () => {
  let app: FastifyInstance;
  const items = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item number ${i}` }));

  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: builtWebApp() }),
      database: await testDatabase(),
      logger: false,
      settlingJobs: false,
    });
    app.get('/api/test/list', () => ({ items }));
    app.get('/api/test/sent-not-returned', async (_request, reply) => {
      void reply.send({ items });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('compresses a JSON answer with brotli, or gzip where brotli is not accepted', async () => {
    const br = await get('/api/test/list', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({ items });

    const gzip = await get('/api/test/list', 'gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual({ items });

    const plain = await get('/api/test/list', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.json()).toEqual({ items });
  });

  it('compresses an answer a handler sent without returning it, and sends it once', async () => {
    const response = await get('/api/test/sent-not-returned', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual({ items });
  });

  it('leaves small answers alone', async () => {
    const response = await get('/api/health', 'br');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('compresses pages, keeping their own Vary', async () => {
    const response = await get('/', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Host, X-Forwarded-Host, accept-encoding');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('<title>Contrail - Flight Booking</title>');
    expect(html).toContain('<div id="root"></div>');
  });

  it("sends a file's compressed form from the build as it is, and the file itself otherwise", async () => {
    const br = await get('/assets/app-1.js', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/app-1.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    // No compressed form in the build: the file goes as it is, never compressed per request.
    const css = await get('/assets/plain-1.css', 'br');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('.a{color:red}'.repeat(200));
  });
});
