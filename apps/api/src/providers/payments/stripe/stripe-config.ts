import { z } from 'zod';
import type { PaymentProvider } from '../payment-provider';
import { createStripePaymentProvider, DEFAULT_STRIPE_API_URL } from './stripe-payments';

/**
 * The environment Stripe reads (a key pair per mode, the webhook secret, the API URL), spread into the one config schema. A key is
 * refused for a wrong prefix naming the variable and what it must start with, never the value:
 * keys are secrets. That half of a key pair is set is checked over the whole config
 * (`stripeConfigProblems`).
 */

/** Loopback hosts, where plain http:// cannot be read by anyone on the way. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

const KEY_CHARACTERS = /^[A-Za-z0-9_]+$/;

function stripeKey(prefix: string, description: string, others: Record<string, string>) {
  return z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .pipe(
      z
        .string()
        .superRefine((value, context) => {
          if (value.startsWith(prefix)) {
            if (!KEY_CHARACTERS.test(value) || value.length < prefix.length + 8) {
              context.addIssue({
                code: 'custom',
                message: `must be the ${description} exactly as Stripe's dashboard shows it`,
              });
            }
            return;
          }
          const belongs = Object.entries(others).find(([other]) => value.startsWith(other));
          context.addIssue({
            code: 'custom',
            message: belongs
              ? `is a ${belongs[0]}… key, not a ${description}; set it as ${belongs[1]}`
              : `must be a ${description}, starting ${prefix}`,
          });
        })
        .optional(),
    );
}

const keyHomes = {
  sk_test_: 'STRIPE_TEST_SECRET_KEY',
  pk_test_: 'STRIPE_TEST_PUBLISHABLE_KEY',
  sk_live_: 'STRIPE_LIVE_SECRET_KEY',
  pk_live_: 'STRIPE_LIVE_PUBLISHABLE_KEY',
};

export const stripeConfigShape = {
  /** Stripe in test mode (instead of the built-in sandbox payments): `sk_test_…`. */
  STRIPE_TEST_SECRET_KEY: stripeKey('sk_test_', 'Stripe test secret key', keyHomes),
  /** The browser's Payment Element in test mode: `pk_test_…`. */
  STRIPE_TEST_PUBLISHABLE_KEY: stripeKey('pk_test_', 'Stripe test publishable key', keyHomes),
  /** Stripe in live mode: `sk_live_…`; without the pair live mode cannot be switched on. */
  STRIPE_LIVE_SECRET_KEY: stripeKey('sk_live_', 'Stripe live secret key', keyHomes),
  STRIPE_LIVE_PUBLISHABLE_KEY: stripeKey('pk_live_', 'Stripe live publishable key', keyHomes),
  /**
   * The webhook endpoint's signing secret (`whsec_…`); a test and a live endpoint have one each,
   * so several may be given, separated by commas.
   */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .pipe(
      z
        .string()
        .transform((value) => value.split(',').map((secret) => secret.trim()))
        .refine(
          (secrets) => secrets.every((secret) => /^whsec_[A-Za-z0-9+/=_-]{8,}$/.test(secret)),
          {
            message:
              "must be the webhook endpoint's signing secret, starting whsec_ (several separated by commas)",
          },
        )
        .optional(),
    ),
  /** Where the Stripe SDK sends its requests (tests: the Stripe sandbox, packages/stripe-sandbox). */
  STRIPE_API_URL: z
    .string()
    .trim()
    .default(DEFAULT_STRIPE_API_URL)
    .pipe(
      z
        .url({ protocol: /^https?$/, error: 'must be an https:// URL' })
        .refine(
          (value) => {
            const url = new URL(value);
            return url.protocol === 'https:' || LOOPBACK_HOST.test(url.hostname);
          },
          { message: 'must be https:// (http:// only for a server on this machine)' },
        )
        .refine(
          (value) => {
            const url = new URL(value);
            return url.pathname === '/' && url.search === '' && url.username === '';
          },
          { message: 'takes a scheme, host and port only (the SDK adds /v1 itself)' },
        )
        .transform((value) => value.replace(/\/+$/, '')),
    ),
};

type StripeConfig = z.output<z.ZodObject<typeof stripeConfigShape>>;

/** One mode's Stripe keys. */
export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
}

/** The Stripe keys of a mode, when both of its pair are set. */
export function stripeKeysFor(config: StripeConfig, mode: 'test' | 'live'): StripeKeys | null {
  const secretKey = mode === 'test' ? config.STRIPE_TEST_SECRET_KEY : config.STRIPE_LIVE_SECRET_KEY;
  const publishableKey =
    mode === 'test' ? config.STRIPE_TEST_PUBLISHABLE_KEY : config.STRIPE_LIVE_PUBLISHABLE_KEY;
  return secretKey && publishableKey ? { secretKey, publishableKey } : null;
}

/**
 * What the fields alone cannot say: a key without its other half, and Stripe keys without the
 * webhook secret that tells us of lapsed holds, refunds and disputes.
 */
export function stripeConfigProblems(config: StripeConfig): string[] {
  const problems: string[] = [];
  for (const mode of ['TEST', 'LIVE'] as const) {
    const secret = config[`STRIPE_${mode}_SECRET_KEY`];
    const publishable = config[`STRIPE_${mode}_PUBLISHABLE_KEY`];
    if (secret && !publishable) {
      problems.push(
        `STRIPE_${mode}_PUBLISHABLE_KEY: is needed with STRIPE_${mode}_SECRET_KEY (the browser's payment form uses it)`,
      );
    }
    if (publishable && !secret) {
      problems.push(
        `STRIPE_${mode}_SECRET_KEY: is needed with STRIPE_${mode}_PUBLISHABLE_KEY (the server creates the payments with it)`,
      );
    }
  }
  const anyKeys = stripeKeysFor(config, 'test') !== null || stripeKeysFor(config, 'live') !== null;
  if (anyKeys && !config.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      "STRIPE_WEBHOOK_SECRET: is needed with Stripe keys: the signing secret of the webhook endpoint set up in Stripe's dashboard (see README, Going live)",
    );
  }
  return problems;
}

/**
 * Stripe for each mode whose key pair is set (test mode without one takes the built-in sandbox
 * payments; live mode without one cannot be switched on).
 */
export function stripeProvidersFromConfig(
  config: StripeConfig,
): Partial<Record<'test' | 'live', PaymentProvider>> {
  const providers: Partial<Record<'test' | 'live', PaymentProvider>> = {};
  for (const mode of ['test', 'live'] as const) {
    const keys = stripeKeysFor(config, mode);
    if (keys)
      providers[mode] = createStripePaymentProvider({ ...keys, apiUrl: config.STRIPE_API_URL });
  }
  return providers;
}
