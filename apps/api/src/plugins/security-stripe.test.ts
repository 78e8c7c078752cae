import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { STRIPE_SOURCES } from './security';

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

const withoutNonces = (sources: string[] | undefined) =>
  sources?.filter((source) => !source.startsWith("'nonce-"));

describe('Content-Security-Policy without Stripe', () => {
  const t = useTestApp();

  it('lists no Stripe origin', async () => {
    const header = (await t.app.inject('/api/site')).headers['content-security-policy'];
    expect(header).not.toMatch(/stripe/);
    expect(directives(header).has('frame-src')).toBe(false);
  });
});

describe('Content-Security-Policy with Stripe keys', () => {
  const t = useTestApp({
    STRIPE_TEST_SECRET_KEY: 'sk_test_contrail0000csp',
    STRIPE_TEST_PUBLISHABLE_KEY: 'pk_test_contrail0000csp',
    STRIPE_WEBHOOK_SECRET: 'whsec_contrail0000csp',
  });

  it("allows Stripe.js, its frames and its API, and nothing else of Stripe's", async () => {
    const policy = directives((await t.app.inject('/api/site')).headers['content-security-policy']);
    expect(withoutNonces(policy.get('script-src'))).toEqual([
      "'self'",
      ...STRIPE_SOURCES['script-src'],
    ]);
    expect(policy.get('connect-src')).toEqual(["'self'", ...STRIPE_SOURCES['connect-src']]);
    expect(policy.get('frame-src')).toEqual([...STRIPE_SOURCES['frame-src']]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('tells the web app to show the Payment Element with the test publishable key', async () => {
    const config = await t.app.inject('/api/payments/config');
    expect(config.json()).toEqual({
      collection: 'stripe',
      publishableKey: 'pk_test_contrail0000csp',
    });
  });
});
