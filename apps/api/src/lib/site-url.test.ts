import { describe, expect, it } from 'vitest';
import { pageUrl, siteUrlFor, type KnownSites } from './site-url';

const request = (host: string, protocol = 'http') => ({ protocol, host });
const DEV: KnownSites = {
  publicUrl: undefined,
  host: '127.0.0.1',
  port: 3000,
  trustLoopback: true,
};
const PROD: KnownSites = { ...DEV, trustLoopback: false };
const PROD_PUBLIC: KnownSites = { ...PROD, publicUrl: 'https://fly.example/' };

const link = (host: string, brand: string, sites: KnownSites, protocol = 'http') =>
  pageUrl(siteUrlFor(request(host, protocol), brand, sites), '/reset-password', { token: 't' });

describe('siteUrlFor', () => {
  it('names the brand with ?brand= on a loopback address in development', () => {
    const site = siteUrlFor(request('localhost:3000'), 'skyhop.localhost', DEV);
    expect(
      pageUrl(site, '/manage-booking', { reference: 'ABC123', email: 'a+b@example.com' }),
    ).toBe(
      'http://localhost:3000/manage-booking?reference=ABC123&email=a%2Bb%40example.com&brand=skyhop.localhost',
    );
    expect(pageUrl(siteUrlFor(request('127.0.0.1:3100'), 'default', DEV), '/login')).toBe(
      'http://127.0.0.1:3100/login',
    );
    expect(pageUrl(siteUrlFor(request('[::1]:3000'), 'default', DEV), '/x')).toBe(
      'http://[::1]:3000/x',
    );
  });

  it("uses the brand's own host as it was reached, on the server's port or none", () => {
    for (const sites of [DEV, PROD, PROD_PUBLIC]) {
      expect(link('www.skyhop.example', 'skyhop.example', sites, 'https')).toBe(
        'https://www.skyhop.example/reset-password?token=t',
      );
      expect(link('skyhop.localhost:3000', 'skyhop.localhost', sites)).toBe(
        'http://skyhop.localhost:3000/reset-password?token=t',
      );
    }
  });

  it.each([
    ['an IP literal', '203.0.113.66:8443'],
    ['an IPv6 literal', '[2001:db8::66]:8443'],
    ['a single label', 'intranet-evil'],
    ['another name', 'evil.example'],
    ['an IDN', 'xn--bcher-kva.example'],
    ['a loopback name in production', 'localhost:3000'],
    ["the brand's host on another port", 'skyhop.example:8443'],
  ])('never links to %s: PUBLIC_URL, the brand, or the server itself', (_kind, host) => {
    // With PUBLIC_URL: the default brand there, a brand named by a host at its own host.
    expect(link(host, 'default', PROD_PUBLIC)).toBe('https://fly.example/reset-password?token=t');
    expect(link(host, 'skyhop.example', PROD_PUBLIC)).toBe(
      'https://skyhop.example/reset-password?token=t',
    );
    // Without it: where the server listens, naming the brand.
    expect(link(host, 'default', PROD)).toBe('http://127.0.0.1:3000/reset-password?token=t');
    expect(link(host, 'skyhop.example', PROD)).toBe(
      'http://127.0.0.1:3000/reset-password?token=t&brand=skyhop.example',
    );
    if (host !== 'localhost:3000') {
      // Development trusts only loopback.
      expect(link(host, 'default', DEV)).toBe('http://127.0.0.1:3000/reset-password?token=t');
    }
  });

  it('reaches a wildcard listen address on loopback, and keeps a PUBLIC_URL that needs ?brand=', () => {
    expect(link('evil.example', 'default', { ...PROD, host: '0.0.0.0', port: 8080 })).toBe(
      'http://127.0.0.1:8080/reset-password?token=t',
    );
    expect(link('evil.example', 'default', { ...PROD, host: '::', port: 8080 })).toBe(
      'http://127.0.0.1:8080/reset-password?token=t',
    );
    const local = { ...PROD, publicUrl: 'http://10.0.0.5:3000' };
    expect(link('evil.example', 'skyhop.localhost', local)).toBe(
      'http://skyhop.localhost/reset-password?token=t',
    );
    expect(link('evil.example', 'other', local)).toBe(
      'http://10.0.0.5:3000/reset-password?token=t&brand=other',
    );
  });
});
