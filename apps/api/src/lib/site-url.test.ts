import { describe, expect, it } from 'vitest';
import { pageUrl, siteUrlFor } from './site-url';

const request = (host: string, brandKey: string, protocol = 'http') => ({
  protocol,
  host,
  brandKey,
});

describe('siteUrlFor', () => {
  it('names the brand with ?brand= on localhost and IP addresses', () => {
    const site = siteUrlFor(request('localhost:3000', 'skyhop.localhost'), 'skyhop.localhost');
    expect(
      pageUrl(site, '/manage-booking', { reference: 'ABC123', email: 'a+b@example.com' }),
    ).toBe(
      'http://localhost:3000/manage-booking?reference=ABC123&email=a%2Bb%40example.com&brand=skyhop.localhost',
    );
    expect(pageUrl(siteUrlFor(request('127.0.0.1:3100', 'default'), 'default'), '/login')).toBe(
      'http://127.0.0.1:3100/login',
    );
    expect(pageUrl(siteUrlFor(request('[::1]:3000', 'default'), 'default'), '/x')).toBe(
      'http://[::1]:3000/x',
    );
  });

  it("uses the brand's own host as it was reached", () => {
    const site = siteUrlFor(
      request('www.skyhop.example', 'skyhop.example', 'https'),
      'skyhop.example',
    );
    expect(pageUrl(site, '/reset-password', { token: 't' })).toBe(
      'https://www.skyhop.example/reset-password?token=t',
    );
  });

  it('does not trust a host that named no brand when PUBLIC_URL says where the site is', () => {
    // An unknown host fell back to the default brand: it may be forged to steal a reset link.
    const forged = request('evil.example', 'evil.example', 'https');
    expect(pageUrl(siteUrlFor(forged, 'default', 'https://fly.example/'), '/reset-password')).toBe(
      'https://fly.example/reset-password',
    );
    expect(pageUrl(siteUrlFor(forged, 'default'), '/login')).toBe('https://evil.example/login');
  });
});
