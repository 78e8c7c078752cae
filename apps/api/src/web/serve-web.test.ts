import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootDataSchema } from '@contrail/contracts/site';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { TestClient } from '../../test/http';
import { ADMIN_PASSWORD, createAdmin } from '../../test/users';

const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" />
<link rel="icon" href="/favicon.svg" />
<title>Contrail - Flight Booking</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
<script id="boot-data" type="application/json">null</script>
</head><body><div id="root"></div></body></html>`;

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'contrail-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

function bootData(html: string) {
  const match = /<script id="boot-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  return bootDataSchema.parse(JSON.parse(match?.[1] ?? 'null'));
}

describe('serving the web app', () => {
  const t = useTestApp({ WEB_DIST_DIR: fakeDist() });

  it('writes the default brand into the page on localhost', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<title>Contrail - Flight Booking</title>');
    expect(bootData(response.body)).toMatchObject({
      brandKey: 'default',
      brand: { name: 'Contrail' },
    });
  });

  it("writes the ?brand= brand's title, icon, theme and boot data", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/search?brand=skyhop.localhost' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>SkyHop - Flight Booking</title>');
    expect(html).toContain('<link rel="icon" href="/brand/skyhop.svg" />');
    expect(html).toMatch(
      /<style id="brand-theme" nonce="[^"]+">:root\{--background:#fbfaf7;[^<]*--primary:#0f766e;/,
    );
    expect(bootData(html)).toMatchObject({
      brandKey: 'skyhop.localhost',
      brand: { name: 'SkyHop', theme: { primary: '#0f766e' } },
      site: { companyName: 'Contrail Travel Ltd' },
    });
  });

  it('takes the brand from the Host header on a brand host, ignoring ?brand=', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/?brand=default',
      headers: { host: 'skyhop.localhost:3000' },
    });
    expect(response.body).toContain('<title>SkyHop - Flight Booking</title>');
  });

  it('allows exactly the nonce of its theme style in the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const nonce = /<style id="brand-theme" nonce="([^"]+)">/.exec(response.body)?.[1];
    expect(nonce).toBeTruthy();
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`style-src 'self' 'nonce-${nonce ?? 'missing'}'`));
    const again = await t.app.inject({ method: 'GET', url: '/' });
    expect(again.body).not.toContain(`nonce="${nonce ?? 'missing'}"`);
  });

  it("hands the page the CSP's script nonce, for a tag the app may add", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)" \/>/.exec(response.body)?.[1];
    expect(nonce).toBeTruthy();
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`script-src [^;]*'nonce-${nonce ?? 'missing'}'`));
  });

  it('answers app routes, even unknown ones, with the page (the app shows its 404)', async () => {
    for (const url of ['/my-trips', '/flight/off_123', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache, private');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets with long-lived caching and misses as plain 404s', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('never serves the raw template', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(response.body).not.toContain(
      '<script id="boot-data" type="application/json">null</script>',
    );
  });

  it('writes the signed-in user into the boot data, and null when signed out', async () => {
    expect(bootData((await t.app.inject({ method: 'GET', url: '/' })).body).user).toBeNull();
    await createAdmin(t.database);
    const client = new TestClient(t.app);
    await client.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD });
    const page = await client.get('/account-settings');
    expect(bootData(page.body).user).toMatchObject({ username: 'root', isAdmin: true });
    expect(page.body).not.toMatch(/argon2|password_?hash/i);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('serving before the web app is built', () => {
  const t = useTestApp({ WEB_DIST_DIR: join(tmpdir(), 'contrail-no-such-dist') });

  it('says how to build it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});
