import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultBrand } from '@contrail/contracts/brands';
import { bootDataSchema, siteInfoSchema } from '@contrail/contracts/site';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { ConfigError, parseConfig } from '../config';
import { renderPage } from '../web/render-page';

const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" />
<link rel="icon" href="/favicon.svg" />
<title>Contrail - Flight Booking</title>
<script id="boot-data" type="application/json">null</script>
</head><body><div id="root"></div></body></html>`;

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'contrail-web-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  return dir;
}

/** The policy's directives by name, each with its sources. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function bootData(html: string) {
  const match = /<script id="boot-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  return bootDataSchema.parse(JSON.parse(match?.[1] ?? 'null'));
}

describe('analytics not configured', () => {
  const t = useTestApp({ WEB_DIST_DIR: fakeDist() });

  it('lists no Google origin in the policy of pages and API answers', async () => {
    for (const url of ['/', '/expedia', '/api/site']) {
      const response = await t.app.inject({ method: 'GET', url });
      const header = response.headers['content-security-policy'];
      expect(header).not.toMatch(/google/);
      const policy = directives(header);
      expect(policy.get('script-src')?.filter((source) => !source.startsWith("'nonce-"))).toEqual([
        "'self'",
      ]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.has('frame-src')).toBe(false);
    }
  });

  it('gives the site info and the boot data no analytics', async () => {
    const site = siteInfoSchema.parse((await t.app.inject('/api/site')).json());
    expect(site.analytics).toBeUndefined();
    const page = await t.app.inject('/');
    expect(bootData(page.body).site.analytics).toBeUndefined();
  });
});

describe('analytics configured', () => {
  const t = useTestApp({
    WEB_DIST_DIR: fakeDist(),
    ANALYTICS_TAG_ID: 'AW-123456789',
    ANALYTICS_CONVERSION_LABEL: 'AbC-D_efG',
  });

  it('allows the Google tag to load and report, in the policy of every response', async () => {
    for (const url of ['/', '/api/site']) {
      const response = await t.app.inject({ method: 'GET', url });
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('script-src')).toEqual(
        expect.arrayContaining(["'self'", 'https://www.googletagmanager.com']),
      );
      expect(policy.get('script-src')).toContainEqual(expect.stringMatching(/^'nonce-/));
      expect(policy.get('connect-src')).toEqual(
        expect.arrayContaining([
          "'self'",
          'https://www.googletagmanager.com',
          'https://*.google-analytics.com',
          'https://googleads.g.doubleclick.net',
        ]),
      );
      expect(policy.get('img-src')).toContain('https:');
      // Still strict where the tag needs nothing.
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      expect(policy.get('object-src')).toEqual(["'none'"]);
    }
  });

  it('carries the tag id and conversion label in the site info and the boot data', async () => {
    const analytics = { tagId: 'AW-123456789', conversionLabel: 'AbC-D_efG' };
    const response = await t.app.inject('/api/site');
    expect(siteInfoSchema.parse(response.json()).analytics).toEqual(analytics);
    const page = await t.app.inject('/?brand=skyhop.localhost');
    expect(bootData(page.body).site.analytics).toEqual(analytics);
  });
});

describe('analytics configuration', () => {
  it('reads a tag id alone, with a label, or with a full AW-…/label', () => {
    const tagOnly = parseConfig({ ANALYTICS_TAG_ID: 'G-ABC123DEF4' });
    expect(tagOnly.ANALYTICS_TAG_ID).toBe('G-ABC123DEF4');
    expect(tagOnly.ANALYTICS_CONVERSION_LABEL).toBeUndefined();
    expect(
      parseConfig({ ANALYTICS_TAG_ID: ' AW-123456789 ', ANALYTICS_CONVERSION_LABEL: 'AbC' }),
    ).toMatchObject({ ANALYTICS_TAG_ID: 'AW-123456789', ANALYTICS_CONVERSION_LABEL: 'AbC' });
    expect(
      parseConfig({
        ANALYTICS_TAG_ID: 'G-ABC123DEF4',
        ANALYTICS_CONVERSION_LABEL: 'AW-123456789/AbC',
      }).ANALYTICS_CONVERSION_LABEL,
    ).toBe('AW-123456789/AbC');
    const blank = parseConfig({ ANALYTICS_TAG_ID: ' ', ANALYTICS_CONVERSION_LABEL: '' });
    expect(blank.ANALYTICS_TAG_ID).toBeUndefined();
    expect(blank.ANALYTICS_CONVERSION_LABEL).toBeUndefined();
  });

  it.each([
    [{ ANALYTICS_TAG_ID: 'UA-12345-1' }, /ANALYTICS_TAG_ID: must be a Google tag id/],
    [{ ANALYTICS_TAG_ID: 'G-<script>' }, /ANALYTICS_TAG_ID:/],
    [{ ANALYTICS_CONVERSION_LABEL: 'AbC' }, /ANALYTICS_CONVERSION_LABEL: needs ANALYTICS_TAG_ID/],
    [
      { ANALYTICS_TAG_ID: 'G-ABC123DEF4', ANALYTICS_CONVERSION_LABEL: 'AbC' },
      /ANALYTICS_CONVERSION_LABEL: must be AW-123456789\/label/,
    ],
    [
      { ANALYTICS_TAG_ID: 'AW-123456789', ANALYTICS_CONVERSION_LABEL: 'a b' },
      /ANALYTICS_CONVERSION_LABEL: must be a conversion label/,
    ],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });
});

describe('the script nonce in the page', () => {
  const site = { companyName: 'C', companyNumber: '1', registeredOffice: 'R' };
  const boot = { brandKey: 'default', brand: defaultBrand, site };
  const head = { title: 'Contrail - Flight Booking', description: 'D', canonicalUrl: null };

  it('is written in a csp-nonce meta element when given', () => {
    const html = renderPage(INDEX, boot, head, 'style-n0nce', 'script-n0nce');
    expect(html).toContain('<meta property="csp-nonce" nonce="script-n0nce" />');
    expect(html).toContain('<style id="brand-theme" nonce="style-n0nce">');
  });

  it('is left out when not given, and escaped when odd', () => {
    expect(renderPage(INDEX, boot, head, 'n')).not.toContain('csp-nonce');
    expect(renderPage(INDEX, boot, head, 'n', '"><x')).toContain('nonce="&quot;&gt;&lt;x"');
  });
});
