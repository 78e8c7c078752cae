import { describe, expect, it } from 'vitest';
import { searchThreadCount } from './cluster';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('fills every default from an empty environment', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      ADMIN_USERNAME: 'admin',
      COOKIE_SECURE: false,
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
  });

  it('reads numbers, flags and URLs', () => {
    const config = parseConfig({
      PORT: '8080',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: '1',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      LOG_LEVEL: 'warn',
    });
    expect(config.PORT).toBe(8080);
    expect(config.COOKIE_SECURE).toBe(true);
    expect(config.TRUST_PROXY).toEqual({ hops: 1 });
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.LOG_LEVEL).toBe('warn');
  });

  it('reads the e-mail settings', () => {
    expect(parseConfig({})).toMatchObject({
      EMAIL_FROM: 'Contrail <no-reply@contrail.example>',
      EMAIL_DELIVERY_INTERVAL_MS: 5000,
    });
    const config = parseConfig({
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      EMAIL_DELIVERY_INTERVAL_MS: '250',
      PUBLIC_URL: 'https://travel.example.com',
    });
    expect(config.SMTP_URL).toBe('smtps://mailer:secret@smtp.example.com:465');
    expect(config.EMAIL_DELIVERY_INTERVAL_MS).toBe(250);
    expect(config.PUBLIC_URL).toBe('https://travel.example.com');
    expect(parseConfig({ SMTP_URL: '', PUBLIC_URL: ' ' })).toMatchObject({
      SMTP_URL: undefined,
      PUBLIC_URL: undefined,
    });
  });

  it('treats an empty DATABASE_URL as absent', () => {
    expect(parseConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['COOKIE_SECURE', 'maybe'],
    ['TRUST_PROXY', 'sure'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['LOG_LEVEL', 'loud'],
    ['ADMIN_PASSWORD', 'short'],
    ['SMTP_URL', 'mail.example.com:25'],
    ['EMAIL_DELIVERY_INTERVAL_MS', '-1'],
    ['PUBLIC_URL', 'travel.example.com'],
    ['PUBLIC_URL', 'ftp://travel.example.com'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    let caught: unknown;
    try {
      parseConfig({ [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toContain(`${name}:`);
  });

  it.each([
    ['false', false],
    ['', false],
    ['0', false],
    ['true', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.0/8, 192.0.2.10', { addresses: ['10.0.0.0/8', '192.0.2.10'] }],
    ['loopback,fd00::/8,::1', { addresses: ['loopback', 'fd00::/8', '::1'] }],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(parseConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each([
    ['11', 'at most 10 proxies'],
    ['10.0.0.300', '"10.0.0.300" is not an IP address'],
    ['10.0.0.0/33', 'prefix length outside 0–32'],
    ['proxy.example.com', 'Set false, the number of proxies in front (1)'],
    ['-1', 'is not an IP address'],
  ])('refuses TRUST_PROXY=%s saying why', (value, problem) => {
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY: `);
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(problem);
  });

  it('reads SEARCH_THREADS; by default one per core where one process serves, else none', () => {
    expect(parseConfig({ SEARCH_THREADS: '3' }).SEARCH_THREADS).toBe(3);
    expect(parseConfig({ SEARCH_THREADS: '' }).SEARCH_THREADS).toBeUndefined();
    expect(() => parseConfig({ SEARCH_THREADS: 'two' })).toThrow('SEARCH_THREADS: ');
    expect(() => parseConfig({ SEARCH_THREADS: '65' })).toThrow('SEARCH_THREADS: ');
    const unset = parseConfig({});
    expect(searchThreadCount(unset, 1, 2)).toBe(2);
    expect(searchThreadCount(unset, 1, 1)).toBe(0);
    expect(searchThreadCount(unset, 2, 2)).toBe(0);
    expect(searchThreadCount(parseConfig({ SEARCH_THREADS: '0' }), 1, 4)).toBe(0);
    expect(searchThreadCount(parseConfig({ SEARCH_THREADS: '1' }), 3, 4)).toBe(1);
  });

  it('lists every bad variable at once', () => {
    expect(() => parseConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT:[\s\S]*LOG_LEVEL:/);
  });

  describe('Duffel', () => {
    it('is off by default and points the SDK at Duffel', () => {
      const config = parseConfig({});
      expect(config.DUFFEL_TEST_TOKEN).toBeUndefined();
      expect(config.DUFFEL_LIVE_TOKEN).toBeUndefined();
      expect(config.DUFFEL_API_URL).toBe('https://api.duffel.com');
    });

    it('gives a search Duffel’s supplier_timeout and a grace, within Duffel’s 2 to 60 seconds', () => {
      expect(parseConfig({})).toMatchObject({
        DUFFEL_SUPPLIER_TIMEOUT_MS: 12_000,
        SEARCH_GRACE_MS: 3_000,
      });
      expect(parseConfig({ DUFFEL_SUPPLIER_TIMEOUT_MS: '2000' }).DUFFEL_SUPPLIER_TIMEOUT_MS).toBe(
        2000,
      );
      expect(() => parseConfig({ DUFFEL_SUPPLIER_TIMEOUT_MS: '1999' })).toThrow(
        /DUFFEL_SUPPLIER_TIMEOUT_MS/,
      );
      expect(() => parseConfig({ DUFFEL_SUPPLIER_TIMEOUT_MS: '60001' })).toThrow(
        /DUFFEL_SUPPLIER_TIMEOUT_MS/,
      );
      expect(() => parseConfig({ SEARCH_GRACE_MS: '-1' })).toThrow(/SEARCH_GRACE_MS/);
    });

    it('reads a token per mode and a local server for tests', () => {
      const config = parseConfig({
        DUFFEL_TEST_TOKEN: 'duffel_test_Abc-123',
        DUFFEL_LIVE_TOKEN: 'duffel_live_Xyz_9',
        DUFFEL_LIVE_WEBHOOK_SECRET: 'QKfUULLQh+8SegYmIsF6kA==',
        DUFFEL_API_URL: 'http://127.0.0.1:4010/',
      });
      expect(config).toMatchObject({
        DUFFEL_TEST_TOKEN: 'duffel_test_Abc-123',
        DUFFEL_LIVE_TOKEN: 'duffel_live_Xyz_9',
        DUFFEL_API_URL: 'http://127.0.0.1:4010',
      });
    });

    it('refuses a live token without the live webhook secret, and test mode needs none', () => {
      const refused = () => parseConfig({ DUFFEL_LIVE_TOKEN: 'duffel_live_Xyz_9' });
      expect(refused).toThrow(ConfigError);
      expect(refused).toThrow(/DUFFEL_LIVE_WEBHOOK_SECRET: is needed with DUFFEL_LIVE_TOKEN/);
      expect(refused).not.toThrow(/duffel_live_Xyz_9/);
      // The test secret is not the live one.
      expect(() =>
        parseConfig({
          DUFFEL_LIVE_TOKEN: 'duffel_live_Xyz_9',
          DUFFEL_WEBHOOK_SECRET: 'QKfUULLQh+8SegYmIsF6kA==',
        }),
      ).toThrow(/DUFFEL_LIVE_WEBHOOK_SECRET/);
      expect(parseConfig({ DUFFEL_TEST_TOKEN: 'duffel_test_Abc-123' }).DUFFEL_WEBHOOK_SECRET).toBe(
        undefined,
      );
    });

    it('reads a webhook secret per mode, and never repeats one it refuses', () => {
      const config = parseConfig({
        DUFFEL_WEBHOOK_SECRET: ' QKfUULLQh+8SegYmIsF6kA== ',
        DUFFEL_LIVE_WEBHOOK_SECRET: '',
      });
      expect(config.DUFFEL_WEBHOOK_SECRET).toBe('QKfUULLQh+8SegYmIsF6kA==');
      expect(config.DUFFEL_LIVE_WEBHOOK_SECRET).toBeUndefined();
      for (const value of ['Qk7short', 'QKfUULLQh 8SegYmIsF6kA==']) {
        const refused = () => parseConfig({ DUFFEL_LIVE_WEBHOOK_SECRET: value.slice(0, 7) });
        expect(refused).toThrow(ConfigError);
        expect(refused).toThrow(/DUFFEL_LIVE_WEBHOOK_SECRET: .*exactly as Duffel shows it/);
        const spaced = () => parseConfig({ DUFFEL_WEBHOOK_SECRET: value.replace('k', 'k k') });
        expect(spaced).toThrow(/DUFFEL_WEBHOOK_SECRET: /);
        expect(spaced).not.toThrow(value.replace('k', 'k k'));
      }
    });

    it.each([
      ['DUFFEL_TEST_TOKEN', 'duffel_live_secret123', 'set it as DUFFEL_LIVE_TOKEN'],
      ['DUFFEL_LIVE_TOKEN', 'duffel_test_secret123', 'set it as DUFFEL_TEST_TOKEN'],
      ['DUFFEL_TEST_TOKEN', 'sk_test_secret123', 'starting duffel_test_'],
      ['DUFFEL_LIVE_TOKEN', 'duffel_live_secret 123', 'exactly as Duffel shows it'],
      ['DUFFEL_API_URL', 'http://api.duffel.com', 'must be https://'],
      ['DUFFEL_API_URL', 'ftp://api.duffel.com', 'must be an https:// URL'],
    ])('refuses %s=%s, naming the variable and never the token', (name, value, problem) => {
      const error = (() => {
        try {
          parseConfig({ [name]: value });
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain(`${name}: `);
      expect(message).toContain(problem);
      expect(message).not.toContain('secret');
    });
  });
});
