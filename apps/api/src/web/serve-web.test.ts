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
    expect(html).toContain('<title>Search Results - SkyHop</title>');
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
    expect(csp).toMatch(new RegExp(`style-src 'self' [^;]*'nonce-${nonce ?? 'missing'}'`));
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

  it("answers the app's routes, dynamic ones too, with the page and 200", async () => {
    for (const url of [
      '/my-trips',
      '/flight/off_123',
      '/search?origin=LHR',
      '/booking?offer=x',
      '/About/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache, private');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('answers an unknown path with 404 and the branded page, which shows the not-found page', async () => {
    for (const url of ['/no/such/page', '/flight/off_123/extra', '/admin/no-such-screen']) {
      const response = await t.app.inject({ method: 'GET', url: `${url}?brand=skyhop.localhost` });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<title>Page Not Found - SkyHop</title>');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).toContain('<div id="root"></div>');
      expect(bootData(response.body)).toMatchObject({ brand: { name: 'SkyHop' } });
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/no/such/page' });
    expect(head.statusCode).toBe(404);
  });

  it.each([
    ['/', 'SkyHop - Flight Booking'],
    ['/about', 'About Us - SkyHop'],
    ['/faq?q=refund', 'Frequently Asked Questions - SkyHop'],
    ['/flight/off_123', 'Flight Details - SkyHop'],
    ['/my-trips', 'My Trips - SkyHop'],
    ['/expedia', 'Partner Flight Offers - SkyHop'],
  ])("gives %s its own title and description in the brand's name", async (url, title) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { host: 'skyhop.localhost:3000' },
    });
    expect(response.body).toContain(`<title>${title}</title>`);
    expect(response.body.match(/<title>/g)).toHaveLength(1);
    expect(response.body).toMatch(/<meta name="description" content="[^"]*SkyHop[^"]*" \/>/);
  });

  it('links public pages to their canonical URL on the brand host, and keeps the rest out of the index', async () => {
    const page = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { host: 'skyhop.localhost:3000' } });
    expect((await page('/faq?q=refund')).body).toContain(
      '<link rel="canonical" href="http://skyhop.localhost:3000/faq" />',
    );
    expect((await page('/privacy-policy')).body).toContain(
      '<link rel="canonical" href="http://skyhop.localhost:3000/privacy" />',
    );
    for (const url of ['/search?origin=LHR', '/my-trips', '/login']) {
      const body = (await page(url)).body;
      expect(body, url).toContain('<meta name="robots" content="noindex" />');
      expect(body, url).not.toContain('rel="canonical"');
    }
  });

  it('keeps ?brand= in canonical links on hosts that cannot name the brand', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/about?brand=skyhop.localhost' });
    expect(response.body).toContain(
      '<link rel="canonical" href="http://localhost/about?brand=skyhop.localhost" />',
    );
  });

  it("writes robots.txt for the brand's host: private pages and the API disallowed, the sitemap named", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'skyhop.localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers.vary).toContain('Host');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/api/',
      '/booking',
      '/my-trips',
      '/manage-booking',
      '/account-settings',
      '/admin-settings',
      '/admin/brands',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /about');
    expect(lines).toContain('Sitemap: http://skyhop.localhost:3000/sitemap.xml');
  });

  it("lists the brand's public content pages in sitemap.xml, and no private ones", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'skyhop.localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(urls).toEqual(
      [
        '/',
        '/privacy',
        '/terms',
        '/cookies',
        '/cancellation-policy',
        '/about',
        '/expedia',
        '/support',
        '/faq',
        '/contact',
      ].map((path) => `http://skyhop.localhost:3000${path}`),
    );
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
  });

  it('names the brand in sitemap URLs on hosts that cannot name it', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt?brand=skyhop.localhost' });
    expect(robots.body).toContain('Sitemap: http://localhost/sitemap.xml?brand=skyhop.localhost');
    const sitemap = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml?brand=skyhop.localhost',
    });
    expect(sitemap.body).toContain('<loc>http://localhost/faq?brand=skyhop.localhost</loc>');
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

describe('serving behind a proxy (TRUST_PROXY)', () => {
  const t = useTestApp({ WEB_DIST_DIR: fakeDist(), TRUST_PROXY: 'true' });
  const forwarded = {
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'skyhop.localhost',
    'x-forwarded-for': '203.0.113.9',
  };

  it('writes the forwarded host and protocol into canonical links, robots.txt and the sitemap', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/about', headers: forwarded });
    expect(page.body).toContain('<title>About Us - SkyHop</title>');
    expect(page.body).toContain('<link rel="canonical" href="https://skyhop.localhost/about" />');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: forwarded });
    expect(robots.body).toContain('Sitemap: https://skyhop.localhost/sitemap.xml');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: forwarded });
    expect(sitemap.body).toContain('<loc>https://skyhop.localhost/</loc>');
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
