import { describe, expect, it } from 'vitest';
import {
  hostNeedsExplicitBrand,
  isPlausibleBrandKey,
  normalizeHost,
  resolveBrandKey,
} from './brand-key';

describe('resolveBrandKey (spec 000 §4 host rules)', () => {
  it.each([
    // fewer than two labels, localhost, numeric IP: the explicit key, else 'default'
    ['localhost', undefined, 'default'],
    ['localhost:3000', 'skyhop.localhost', 'skyhop.localhost'],
    ['127.0.0.1:3000', 'skyhop.localhost', 'skyhop.localhost'],
    ['192.168.1.20', undefined, 'default'],
    ['[::1]:3000', 'skyhop.localhost', 'skyhop.localhost'],
    ['::1', null, 'default'],
    ['intranet', 'acme.example', 'acme.example'],
    ['intranet:8080', '', 'default'],
    ['localhost', '  SkyHop.Localhost ', 'skyhop.localhost'],
    // two labels: the host whole
    ['skyhop.com', undefined, 'skyhop.com'],
    ['skyhop.localhost:3000', undefined, 'skyhop.localhost'],
    ['SKYHOP.COM', undefined, 'skyhop.com'],
    // three or more labels: a leading www is dropped, otherwise the whole host
    ['www.skyhop.com', undefined, 'skyhop.com'],
    ['www.skyhop.co.uk:443', undefined, 'skyhop.co.uk'],
    ['book.skyhop.com', undefined, 'book.skyhop.com'],
    ['flights.www.example.com', undefined, 'flights.www.example.com'],
  ])('%s with explicit %s → %s', (host, explicit, expected) => {
    expect(resolveBrandKey(host, explicit)).toBe(expected);
  });

  it('ignores the explicit key on a real brand host', () => {
    expect(resolveBrandKey('skyhop.com', 'other.example')).toBe('skyhop.com');
    expect(resolveBrandKey('www.skyhop.com', 'other.example')).toBe('skyhop.com');
  });

  it('answers the default brand for keys no host name could be', () => {
    const long = `${'a'.repeat(250)}.com`;
    expect(resolveBrandKey(long)).toBe('default');
    expect(resolveBrandKey('localhost', long)).toBe('default');
    expect(resolveBrandKey('localhost', `${'a'.repeat(245)}.example`)).toBe(
      `${'a'.repeat(245)}.example`,
    );
    for (const key of ['sky\u0000hop.com', 'sky hop.com', '<script>.com', '../etc', 'a_b.com']) {
      expect(resolveBrandKey('localhost', key)).toBe('default');
    }
    expect(resolveBrandKey('evil\u0000.example.com')).toBe('default');
  });

  it('treats a two-label www host as a two-label host', () => {
    expect(resolveBrandKey('www.com')).toBe('www.com');
  });
});

describe('host helpers', () => {
  it('strips ports, brackets and a trailing dot', () => {
    expect(normalizeHost('Example.COM:8443')).toBe('example.com');
    expect(normalizeHost('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(normalizeHost('example.com.')).toBe('example.com');
  });

  it('knows which hosts need an explicit brand', () => {
    expect(hostNeedsExplicitBrand('localhost:5173')).toBe(true);
    expect(hostNeedsExplicitBrand('10.0.0.1')).toBe(true);
    expect(hostNeedsExplicitBrand('skyhop.localhost')).toBe(false);
  });
});

describe('isPlausibleBrandKey', () => {
  it('takes host names up to 253 characters and nothing else', () => {
    expect(isPlausibleBrandKey('default')).toBe(true);
    expect(isPlausibleBrandKey('xn--bcher-kva.example')).toBe(true);
    expect(isPlausibleBrandKey(`${'a'.repeat(249)}.com`)).toBe(true);
    expect(isPlausibleBrandKey(`${'a'.repeat(250)}.com`)).toBe(false);
    expect(isPlausibleBrandKey('')).toBe(false);
    expect(isPlausibleBrandKey('-skyhop.com')).toBe(false);
    expect(isPlausibleBrandKey('SkyHop.com')).toBe(false);
  });
});
