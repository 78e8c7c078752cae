import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../config';
import { stripeKeysFor, stripeProvidersFromConfig } from './stripe-config';

const TEST_PAIR = {
  STRIPE_TEST_SECRET_KEY: 'sk_test_51Abc0000secretvalue',
  STRIPE_TEST_PUBLISHABLE_KEY: 'pk_test_51Abc0000publicvalue',
};
const LIVE_PAIR = {
  STRIPE_LIVE_SECRET_KEY: 'sk_live_51Xyz0000secretvalue',
  STRIPE_LIVE_PUBLISHABLE_KEY: 'pk_live_51Xyz0000publicvalue',
};
const WEBHOOK = { STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefSECRET' };

function problemsOf(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the configuration was accepted');
}

describe('Stripe configuration', () => {
  it('is off by default: the sandbox payments answer, and the SDK would talk to Stripe', () => {
    const config = parseConfig({});
    expect(stripeKeysFor(config, 'test')).toBeNull();
    expect(stripeKeysFor(config, 'live')).toBeNull();
    expect(config.STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(config.STRIPE_API_URL).toBe('https://api.stripe.com');
  });

  it('reads a key pair per mode, the webhook secrets and a local server for tests', () => {
    const config = parseConfig({
      ...TEST_PAIR,
      ...LIVE_PAIR,
      STRIPE_WEBHOOK_SECRET: 'whsec_testEndpoint0001, whsec_liveEndpoint0002',
      STRIPE_API_URL: 'http://127.0.0.1:3991/',
    });
    expect(stripeKeysFor(config, 'test')).toEqual({
      secretKey: TEST_PAIR.STRIPE_TEST_SECRET_KEY,
      publishableKey: TEST_PAIR.STRIPE_TEST_PUBLISHABLE_KEY,
    });
    expect(stripeKeysFor(config, 'live')).toEqual({
      secretKey: LIVE_PAIR.STRIPE_LIVE_SECRET_KEY,
      publishableKey: LIVE_PAIR.STRIPE_LIVE_PUBLISHABLE_KEY,
    });
    expect(config.STRIPE_WEBHOOK_SECRET).toEqual([
      'whsec_testEndpoint0001',
      'whsec_liveEndpoint0002',
    ]);
    expect(config.STRIPE_API_URL).toBe('http://127.0.0.1:3991');
  });

  it('takes an empty variable as unset', () => {
    const config = parseConfig({ STRIPE_TEST_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: ' ' });
    expect(stripeKeysFor(config, 'test')).toBeNull();
    expect(config.STRIPE_WEBHOOK_SECRET).toBeUndefined();
  });

  it.each([
    ['STRIPE_TEST_SECRET_KEY', 'sk_live_51Xyz0000secretvalue', 'set it as STRIPE_LIVE_SECRET_KEY'],
    [
      'STRIPE_TEST_SECRET_KEY',
      'pk_test_51Abc0000secretvalue',
      'set it as STRIPE_TEST_PUBLISHABLE_KEY',
    ],
    [
      'STRIPE_TEST_PUBLISHABLE_KEY',
      'sk_test_51Abc0000secretvalue',
      'set it as STRIPE_TEST_SECRET_KEY',
    ],
    ['STRIPE_LIVE_SECRET_KEY', 'sk_test_51Abc0000secretvalue', 'set it as STRIPE_TEST_SECRET_KEY'],
    [
      'STRIPE_LIVE_PUBLISHABLE_KEY',
      'pk_test_51Abc0000secretvalue',
      'set it as STRIPE_TEST_PUBLISHABLE_KEY',
    ],
    ['STRIPE_LIVE_SECRET_KEY', 'secretvalue123456', 'starting sk_live_'],
    ['STRIPE_TEST_SECRET_KEY', 'sk_test_secret value', 'exactly as'],
    ['STRIPE_WEBHOOK_SECRET', 'secret_0123456789', 'starting whsec_'],
    ['STRIPE_WEBHOOK_SECRET', 'whsec_0123456789secret,', 'starting whsec_'],
    ['STRIPE_API_URL', 'http://api.stripe.com', 'must be https://'],
    ['STRIPE_API_URL', 'ftp://api.stripe.com', 'must be an https:// URL'],
    ['STRIPE_API_URL', 'https://api.stripe.com/v1', 'scheme, host and port only'],
  ])('refuses %s=%s, naming the variable and never the key', (name, value, problem) => {
    const message = problemsOf({ ...TEST_PAIR, ...WEBHOOK, [name]: value });
    expect(message).toContain(`${name}: `);
    expect(message).toContain(problem);
    expect(message).not.toContain('secretvalue');
    expect(message).not.toContain('0123456789');
  });

  it.each([
    [{ STRIPE_TEST_SECRET_KEY: TEST_PAIR.STRIPE_TEST_SECRET_KEY }, 'STRIPE_TEST_PUBLISHABLE_KEY'],
    [
      { STRIPE_TEST_PUBLISHABLE_KEY: TEST_PAIR.STRIPE_TEST_PUBLISHABLE_KEY },
      'STRIPE_TEST_SECRET_KEY',
    ],
    [{ STRIPE_LIVE_SECRET_KEY: LIVE_PAIR.STRIPE_LIVE_SECRET_KEY }, 'STRIPE_LIVE_PUBLISHABLE_KEY'],
    [
      { STRIPE_LIVE_PUBLISHABLE_KEY: LIVE_PAIR.STRIPE_LIVE_PUBLISHABLE_KEY },
      'STRIPE_LIVE_SECRET_KEY',
    ],
  ])('refuses half a key pair (%o), naming the missing half', (half, missing) => {
    const message = problemsOf({ ...half, ...WEBHOOK });
    expect(message).toContain(`${missing}: is needed with`);
    expect(message).not.toContain('secretvalue');
    expect(message).not.toContain('publicvalue');
  });

  it('refuses Stripe keys without the webhook secret', () => {
    expect(problemsOf({ ...LIVE_PAIR })).toContain(
      'STRIPE_WEBHOOK_SECRET: is needed with Stripe keys',
    );
    expect(parseConfig({ ...LIVE_PAIR, ...WEBHOOK }).STRIPE_WEBHOOK_SECRET).toHaveLength(1);
  });

  it('lists every Stripe problem with the others at once', () => {
    const message = problemsOf({ PORT: 'x', STRIPE_TEST_SECRET_KEY: 'nonsense00000000' });
    expect(message).toMatch(/PORT:[\s\S]*STRIPE_TEST_SECRET_KEY:/);
  });
});

describe('Stripe providers from the configuration', () => {
  it('makes Stripe for each mode with a key pair, of that mode, with its publishable key', () => {
    const none = stripeProvidersFromConfig(parseConfig({}));
    expect(none).toEqual({});
    const testOnly = stripeProvidersFromConfig(parseConfig({ ...TEST_PAIR, ...WEBHOOK }));
    expect(testOnly.live).toBeUndefined();
    expect(testOnly.test).toMatchObject({
      name: 'stripe',
      live: false,
      collection: 'payment_element',
      publishableKey: TEST_PAIR.STRIPE_TEST_PUBLISHABLE_KEY,
    });
    const both = stripeProvidersFromConfig(parseConfig({ ...TEST_PAIR, ...LIVE_PAIR, ...WEBHOOK }));
    expect(both.live).toMatchObject({
      live: true,
      publishableKey: LIVE_PAIR.STRIPE_LIVE_PUBLISHABLE_KEY,
    });
  });
});
