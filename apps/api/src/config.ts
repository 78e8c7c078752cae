import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';
import { stripeConfigProblems, stripeConfigShape } from './providers/payments/stripe/stripe-config';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true, false, 1, 0, yes, no, on, off',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** An optional whole number of things (processes, threads) from `min` to `max`. */
const optionalCount = (min: number, max: number) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .optional(),
  );

/** Google tag ids: Analytics (G-), Ads (AW-), a combined Google tag (GT-), Floodlight (DC-). */
const GOOGLE_TAG_ID = /^(?:G|AW|GT|DC)-[A-Z0-9]{4,20}$/;
/** A Google Ads conversion label, alone or with its conversion id (`AW-123456789/AbC-D_efG`). */
const CONVERSION_LABEL = /^(?:AW-\d{4,20}\/)?[\w-]{1,100}$/;

/**
 * A Duffel access token for one mode. A token of the other mode is refused naming the variable it
 * belongs in; the value itself never appears in a message (it is a secret).
 */
function duffelToken(mode: 'test' | 'live') {
  const other = mode === 'test' ? 'live' : 'test';
  return optionalText.pipe(
    z
      .string()
      .refine((value) => !value.startsWith(`duffel_${other}_`), {
        message: `is a Duffel ${other} token (duffel_${other}_…); set it as DUFFEL_${other.toUpperCase()}_TOKEN`,
      })
      .refine((value) => /^duffel_(test|live)_/.test(value), {
        message: `must be a Duffel ${mode} access token, starting duffel_${mode}_`,
      })
      .refine((value) => /^[\w-]+$/.test(value), {
        message: 'must be the access token exactly as Duffel shows it',
      })
      .optional(),
  );
}

/**
 * A Duffel webhook endpoint's secret, as Duffel shows it (the key of its signatures, used as
 * given). The value never appears in a message.
 */
const duffelWebhookSecret = optionalText.pipe(
  z
    .string()
    .min(8, "must be the webhook endpoint's secret exactly as Duffel shows it")
    .refine((value) => !/\s/.test(value), {
      message: "must be the webhook endpoint's secret exactly as Duffel shows it",
    })
    .optional(),
);

/** Loopback hosts, where plain http:// cannot be read by anyone on the way. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** The whole environment the API reads, parsed once at boot. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Server processes (one per core by default). Used with DATABASE_URL only: the embedded
   * database belongs to one process (docs/decisions/017-one-worker-per-core.md).
   */
  WEB_CONCURRENCY: optionalCount(1, 64),
  /**
   * Threads that answer the built-in sandbox's searches beside the one serving HTTP; by default
   * one per core when one process serves (the embedded database), none when several do
   * (docs/decisions/020-search-threads.md).
   */
  SEARCH_THREADS: optionalCount(0, 64),
  ADMIN_USERNAME: z.string().trim().min(3).default('admin'),
  ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(12, 'must be at least 12 characters').optional(),
  ),
  COOKIE_SECURE: booleanFlag.default(false),
  /** The reverse proxies in front: false, a hop count, or their addresses (lib/trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (parsed === false || !('problem' in parsed)) return parsed;
      context.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(1_048_576),
  COMPANY_NAME: z.string().trim().min(1).default('Contrail Travel Ltd'),
  COMPANY_NUMBER: z.string().trim().min(1).default('15872304'),
  COMPANY_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default('20 Wenlock Road, London N1 7GU, United Kingdom'),
  WEB_DIST_DIR: optionalText,
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  EMAIL_FROM: z.string().trim().min(3).default('Contrail <no-reply@contrail.example>'),
  /**
   * How often this process's e-mail job polls its queue (at least 500 ms; an e-mail queued wakes
   * it at once); 0 leaves sending to other processes.
   */
  EMAIL_DELIVERY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /** Flight searches the price-alert job may make per hour, across every process (0: none). */
  ALERT_SEARCHES_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(60),
  /** Whether this process runs the price-alert job's queue (pg-boss); tests run the job by hand. */
  ALERT_JOBS: booleanFlag.default(true),
  PUBLIC_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  /** Duffel in test mode (instead of the built-in sandbox): a `duffel_test_…` access token. */
  DUFFEL_TEST_TOKEN: duffelToken('test'),
  /** Duffel in live mode: a `duffel_live_…` token; without it live mode cannot be switched on. */
  DUFFEL_LIVE_TOKEN: duffelToken('live'),
  /**
   * The secret of the Duffel webhook endpoint that receives test mode's events (Duffel shows it
   * once, when the endpoint is created); without it `POST /api/webhooks/duffel` refuses them.
   */
  DUFFEL_WEBHOOK_SECRET: duffelWebhookSecret,
  /** The secret of the endpoint that receives live mode's events (a live endpoint's own). */
  DUFFEL_LIVE_WEBHOOK_SECRET: duffelWebhookSecret,
  /** Where the Duffel SDK sends its requests (tests: the local Duffel-compatible server). */
  DUFFEL_API_URL: z
    .string()
    .trim()
    .default('https://api.duffel.com')
    .pipe(
      z
        .url({ protocol: /^https?$/, error: 'must be an https:// URL' })
        .refine(
          (value) => {
            const url = new URL(value);
            return url.protocol === 'https:' || LOOPBACK.test(url.hostname);
          },
          { message: 'must be https:// (http:// only for a server on this machine)' },
        )
        .transform((value) => value.replace(/\/+$/, '')),
    ),
  /**
   * How long Duffel may wait for the airlines of a search (its `supplier_timeout`, 2 to 60 s;
   * Duffel's own default is 20 s).
   */
  DUFFEL_SUPPLIER_TIMEOUT_MS: z.coerce.number().int().min(2000).max(60_000).default(12_000),
  /**
   * How much longer than the provider's `supplier_timeout` a traveller's search may take (its
   * pages, a wait for the rate limit) before it is answered 504 `supplier_timeout`.
   */
  SEARCH_GRACE_MS: z.coerce.number().int().min(0).max(30_000).default(3_000),
  ...stripeConfigShape,
  ANALYTICS_TAG_ID: optionalText.pipe(
    z
      .string()
      .regex(GOOGLE_TAG_ID, 'must be a Google tag id such as G-XXXXXXXXXX or AW-123456789')
      .optional(),
  ),
  ANALYTICS_CONVERSION_LABEL: optionalText.pipe(
    z
      .string()
      .regex(CONVERSION_LABEL, 'must be a conversion label, or AW-123456789/label')
      .optional(),
  ),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (result.success) {
    const analytics = analyticsProblem(result.data);
    const problems = [
      ...(analytics === null ? [] : [`ANALYTICS_CONVERSION_LABEL: ${analytics}`]),
      ...stripeConfigProblems(result.data),
      ...duffelConfigProblems(result.data),
    ];
    if (problems.length === 0) return result.data;
    throw new ConfigError(problems);
  }
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  );
}

/**
 * Live Duffel needs its webhook's secret: the airlines' changes to booked flights come that way,
 * and without it they would be refused, unheard, while travellers hold live tickets.
 */
function duffelConfigProblems(config: Config): string[] {
  if (!config.DUFFEL_LIVE_TOKEN || config.DUFFEL_LIVE_WEBHOOK_SECRET) return [];
  return [
    "DUFFEL_LIVE_WEBHOOK_SECRET: is needed with DUFFEL_LIVE_TOKEN: the secret of the webhook endpoint set up in Duffel's dashboard for live events (see README, Going live)",
  ];
}

/** A conversion is sent to an Ads conversion id: the tag's own, or one written in the label. */
function analyticsProblem(config: Config): string | null {
  const label = config.ANALYTICS_CONVERSION_LABEL;
  if (label === undefined) return null;
  if (config.ANALYTICS_TAG_ID === undefined) return 'needs ANALYTICS_TAG_ID';
  if (!label.includes('/') && !config.ANALYTICS_TAG_ID.startsWith('AW-'))
    return 'must be AW-123456789/label when ANALYTICS_TAG_ID is not an AW- id';
  return null;
}
