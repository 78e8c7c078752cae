/**
 * A Stripe-compatible HTTP server for tests, so that the official `stripe` SDK (pointed here by
 * its `host`, `port` and `protocol`) can create, confirm, capture, cancel and refund
 * PaymentIntents with no network access. It speaks Stripe's v1 wire format: form-encoded
 * parameters with bracketed keys, bearer (or basic) API keys, `Stripe-Version`, idempotency keys
 * that replay the first answer, Stripe's error envelope and statuses, list and search pagination,
 * and webhooks signed as Stripe signs them.
 *
 * Its own test helpers live under `/_sandbox/` (Stripe has no such paths), see the README.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeAccount } from './account';
import { renderEvent, type Mode, type RequestInfo } from './account-ledger';
import { invalidParam, missingParam, noSuch, StripeApiError, unknownParam } from './errors';
import { parseForm, FormSyntaxError, type FormObject } from './form';
import { newRequestId } from './ids';
import {
  formatAmount,
  hasValidLastDigit,
  isSupportedCurrency,
  MAXIMUM_AMOUNT,
  minimumAmount,
} from './money';
import { checkExpand } from './expand';
import {
  renderCharge,
  renderDispute,
  renderPaymentIntent,
  renderPaymentMethod,
  renderRefund,
} from './objects';
import { inRange, Params } from './params';
import type { EventRecord, IntentRecord } from './records';
import { matches, parseQuery } from './search';
import { WebhookSender, type WebhookDelivery, type WebhookEndpoint } from './webhooks';

/** The API version the SDK this repository uses pins; the account's default for other callers. */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface StripeServerOptions {
  /** The sandbox's time: `created`, hold lifetimes, idempotency expiry, webhook timestamps. */
  readonly clock?: () => Date;
  /**
   * The account's secret keys (`sk_test_…`, `sk_live_…`); their `pk_` twins are accepted where
   * Stripe takes publishable keys. Any other key is refused with Stripe's 401, as Stripe refuses a
   * key it never issued or one rolled in the dashboard.
   */
  readonly apiKeys: readonly string[];
  /** Where events are posted, signed with the endpoint's secret. None: events are only kept. */
  readonly webhook?: WebhookEndpoint;
  /** The account's API version: for requests without `Stripe-Version`, and for webhook events. */
  readonly apiVersion?: string;
  /** How long an uncaptured card authorisation lasts (Stripe: 7 days). */
  readonly authorizationLifetimeMs?: number;
  /**
   * How long after creation a PaymentIntent becomes searchable. Stripe says "under a minute"; the
   * default 0 makes it at once, a test of the lag sets it.
   */
  readonly searchDelayMs?: number;
  /** The address the 3-D Secure page is reached at; by default the listening address. */
  readonly publicUrl?: string;
  /** Sees each request once answered (method, path without the query, status). */
  readonly onRequest?: (entry: { method: string; path: string; status: number }) => void;
}

export interface StripeServer {
  readonly server: Server;
  /** Starts listening; answers the base URL (what `STRIPE_API_URL` is set to). */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** Every webhook delivery so far, with its attempts. */
  deliveries(): readonly WebhookDelivery[];
  /** Resolves once every event so far has been delivered or has run out of attempts. */
  webhooksIdle(): Promise<void>;
}

interface Auth {
  mode: Mode;
  kind: 'secret' | 'publishable';
}

interface Call {
  params: Params;
  path: Record<string, string>;
  info: RequestInfo;
  auth: Auth;
  expand: string[];
}

interface Answer {
  status: number;
  body: unknown;
}

type Handler = (call: Call) => unknown;

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  names: string[];
  handler: Handler;
  /** The parameters it takes; any other is `parameter_unknown` before anything else is checked. */
  params: readonly string[];
  /** Publishable keys may call it (with the intent's client secret). */
  publishable?: boolean;
}

/** An intent's amount in a currency Stripe supports, between its minimum charge and maximum. */
function checkIntentAmount(amount: number, currency: string): void {
  if (!isSupportedCurrency(currency)) {
    throw invalidParam(
      `Invalid currency: ${currency}. Stripe currently supports these currencies: ${[...Intl.supportedValuesOf('currency')].map((c) => c.toLowerCase()).join(', ')}`,
      'currency',
    );
  }
  if (amount < minimumAmount(currency)) {
    throw invalidParam(
      `Amount must be at least ${formatAmount(minimumAmount(currency), currency)} ${currency}`,
      'amount',
      'amount_too_small',
    );
  }
  if (amount > MAXIMUM_AMOUNT) {
    throw invalidParam(
      `Amount must be no more than ${formatAmount(MAXIMUM_AMOUNT, currency)}`,
      'amount',
      'amount_too_large',
    );
  }
  checkLastDigit(amount, currency, 'amount');
}

/**
 * A three-decimal currency's amount (KWD, BHD, JOD, OMR, TND) whose last digit is not 0, refused
 * as Stripe refuses it for Payment Intents, captures and refunds.
 */
function checkLastDigit(amount: number, currency: string, param: string): void {
  if (hasValidLastDigit(amount, currency)) return;
  throw invalidParam(
    `Invalid amount: ${amount}. Amounts in ${currency}, a three-decimal currency, must be a multiple of 10 (the last digit 0).`,
    param,
    'invalid_charge_amount',
  );
}

/**
 * `automatic_payment_methods` as given (only without `payment_method_types`), or, since API
 * version 2023-08-16, on by default for an intent that names no payment method types.
 */
function automaticMethodsOf(
  automatic: FormObject | undefined,
  types: unknown,
  version: string,
): IntentRecord['automaticPaymentMethods'] {
  if (types && automatic !== undefined) {
    throw invalidParam(
      'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
      'automatic_payment_methods',
    );
  }
  if (automatic === undefined) {
    return !types && version.slice(0, 10) >= '2023-08-16' ? { enabled: true } : null;
  }
  const { enabled, allow_redirects: redirects, ...other } = automatic;
  const unknown = Object.keys(other)[0];
  if (unknown !== undefined) {
    throw invalidParam(
      `Received unknown parameter: automatic_payment_methods[${unknown}]`,
      `automatic_payment_methods[${unknown}]`,
      'parameter_unknown',
    );
  }
  if (enabled !== 'true' && enabled !== 'false') {
    throw invalidParam(
      'Missing required param: automatic_payment_methods[enabled].',
      'automatic_payment_methods[enabled]',
      'parameter_missing',
    );
  }
  if (redirects !== undefined && redirects !== 'always' && redirects !== 'never') {
    throw invalidParam(
      'Invalid automatic_payment_methods[allow_redirects]: must be one of always or never',
      'automatic_payment_methods[allow_redirects]',
    );
  }
  return {
    enabled: enabled === 'true',
    ...(redirects !== undefined ? { allow_redirects: redirects } : {}),
  };
}

const unrecognized = (method: string, path: string) =>
  new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    {},
    false,
  );

const authError = (message: string) =>
  new StripeApiError(401, 'invalid_request_error', message, {}, false);

function maskKey(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`;
}

function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${sortedJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(
          new StripeApiError(413, 'invalid_request_error', 'Request body too large.', {}, false),
        );
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

interface IdempotencyRecord {
  endpoint: string;
  params: string;
  answer: Answer;
  expiresMs: number;
}

/**
 * What a new card intent may not take: a statement descriptor (cards take only its suffix), a
 * return URL unless it is confirmed at once, or a customer (the sandbox has none).
 */
function checkNewIntentOptions(options: {
  statementDescriptor: string | null;
  returnUrl: string | undefined;
  confirm: boolean;
  customer: string | undefined;
}): void {
  const { statementDescriptor, returnUrl, confirm, customer } = options;
  if (statementDescriptor !== null) {
    throw invalidParam(
      'The statement_descriptor parameter is not supported for the payment_method_type card. To override the statement descriptor on a card charge, use statement_descriptor_suffix.',
      'statement_descriptor',
    );
  }
  if (returnUrl !== undefined && !confirm) {
    throw invalidParam(
      'The parameter return_url cannot be passed when creating a PaymentIntent unless confirm is set to true.',
      'return_url',
    );
  }
  if (customer !== undefined) throw noSuch('customer', customer, 'customer');
}

/** The capture method of an intent that names none: asynchronous from API version 2024-04-10. */
function defaultCaptureMethod(version: string): 'automatic' | 'automatic_async' {
  return version.slice(0, 10) >= '2024-04-10' ? 'automatic_async' : 'automatic';
}

/** The parameters creating an intent takes. */
const CREATE_INTENT_PARAMS = [
  'amount',
  'currency',
  'capture_method',
  'confirmation_method',
  'confirm',
  'payment_method',
  'return_url',
  'payment_method_types',
  'allowed_payment_method_types',
  'excluded_payment_method_types',
  'automatic_payment_methods',
  'metadata',
  'description',
  'receipt_email',
  'statement_descriptor',
  'statement_descriptor_suffix',
  'customer',
  'expand',
];

/** The parameters confirming an intent takes (with a publishable key, its client secret). */
const CONFIRM_INTENT_PARAMS = [
  'client_secret',
  'payment_method',
  'payment_method_types',
  'allowed_payment_method_types',
  'excluded_payment_method_types',
  'payment_method_data',
  'return_url',
  'receipt_email',
  'use_stripe_sdk',
  'expand',
];

/** The request's parameters: a POST's form-encoded body (no other type), else the query string. */
function readParams(request: IncomingMessage, method: string, body: string, url: URL): FormObject {
  try {
    if (method === 'POST') {
      const type = request.headers['content-type'] ?? '';
      if (body !== '' && !type.startsWith('application/x-www-form-urlencoded')) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'Invalid request: the body must be application/x-www-form-urlencoded, as Stripe takes it.',
          {},
          false,
        );
      }
      return parseForm(body);
    }
    return parseForm(url.search.slice(1));
  } catch (error) {
    if (error instanceof FormSyntaxError) throw invalidParam(error.message, error.key);
    throw error;
  }
}

/** A publishable key may call only the routes that take one (with the intent's client secret). */
function checkKeyKind(auth: Auth, matched: Route): void {
  if (auth.kind === 'publishable' && !matched.publishable) {
    throw authError(
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    );
  }
}

/** An idempotency key is 1 to 255 characters long. */
function checkIdempotencyKey(key: string): void {
  if (key.length > 255 || key.length === 0) {
    throw invalidParam(
      'Invalid idempotency key: it must be between 1 and 255 characters long.',
      'idempotency_key',
    );
  }
}

/** The values of a route's `:name` parts in the path. */
function pathParams(matched: Route, pathname: string): Record<string, string> {
  return Object.fromEntries(
    matched.names.map((name, index) => [
      name,
      decodeURIComponent(matched.pattern.exec(pathname)?.[index + 1] ?? ''),
    ]),
  );
}

/** The handler's answer; an error Stripe would give again for the same key is an answer too. */
function runHandler(matched: Route, call: Call): Answer {
  try {
    return { status: 200, body: matched.handler(call) };
  } catch (error) {
    if (!(error instanceof StripeApiError) || !error.replayable) throw error;
    return { status: error.status, body: error.body() };
  }
}

/**
 * What an operator does in Stripe's dashboard, outside the product: refund a payment, and follow a
 * dispute (read it, submit evidence, and — standing in for the card network — its outcome).
 */
function dashboardHelpers(
  account: StripeAccount,
  intentOf: (call: Call) => IntentRecord,
  readExpand: (params: Params, kind: 'dispute') => string[],
) {
  const disputeOf = (call: Call) =>
    account.find(account.disputes, 'dispute', call.path.id ?? '', 'dispute', call.info.mode);
  return {
    /** Stripe's refund (events and refusals alike), with none of the product's metadata. */
    refund: (call: Call): unknown => {
      const intent = intentOf(call);
      const amount = call.params.integer('amount', { min: 1 });
      const reason =
        call.params.oneOf('reason', [
          'duplicate',
          'fraudulent',
          'requested_by_customer',
        ] as const) ?? null;
      const refund = account.refund(
        account.refundableCharge(intent),
        amount,
        reason,
        {},
        call.info,
      );
      return renderRefund(refund, account.ctx(call.info.version));
    },
    retrieveDispute: (call: Call): unknown => {
      const expand = readExpand(call.params, 'dispute');
      return renderDispute(disputeOf(call), account.ctx(call.info.version, expand));
    },
    submitEvidence: (call: Call): unknown => {
      return renderDispute(
        account.submitEvidence(disputeOf(call), call.info),
        account.ctx(call.info.version),
      );
    },
    closeDispute: (call: Call): unknown => {
      const outcome = call.params.oneOf('outcome', ['won', 'lost'] as const);
      if (outcome === undefined) throw missingParam('outcome');
      return renderDispute(
        account.closeDispute(disputeOf(call), outcome, call.info),
        account.ctx(call.info.version),
      );
    },
  };
}

/** The account's secret keys: at least one, each `sk_test_…` or `sk_live_…`. */
function accountKeys(apiKeys: readonly string[]): ReadonlySet<string> {
  const keys = new Set(apiKeys);
  if (keys.size === 0 || [...keys].some((key) => !/^sk_(test|live)_[A-Za-z0-9_]{8,}$/.test(key))) {
    throw new Error('apiKeys: give the account one secret key (sk_test_… or sk_live_…) or more');
  }
  return keys;
}

/** Checks a request's key against the account's: Stripe's 401 for none or any other. */
function keyCheck(apiKeys: readonly string[]): (header: string | undefined) => Auth {
  const keys = accountKeys(apiKeys);
  return function authenticate(header: string | undefined): Auth {
    if (!header) {
      throw authError(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    }
    let key = '';
    const [scheme = '', value = ''] = header.split(/\s+/, 2);
    if (scheme.toLowerCase() === 'bearer') key = value;
    else if (scheme.toLowerCase() === 'basic') {
      key = Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? '';
    }
    const match = /^(sk|pk)_(test|live)_[A-Za-z0-9_]{8,}$/.exec(key);
    const secretTwin = key.replace(/^pk_/, 'sk_');
    if (!match || !keys.has(secretTwin)) {
      throw authError(`Invalid API Key provided: ${maskKey(key)}`);
    }
    return {
      mode: match[2] === 'live' ? 'live' : 'test',
      kind: match[1] === 'pk' ? 'publishable' : 'secret',
    };
  };
}

export function createStripeServer(options: StripeServerOptions): StripeServer {
  const clock = options.clock ?? (() => new Date());
  const accountVersion = options.apiVersion ?? DEFAULT_API_VERSION;
  let publicUrl = options.publicUrl ?? '';
  const sender = options.webhook ? new WebhookSender(options.webhook, clock) : null;

  const deliver = (event: EventRecord) => {
    if (!sender?.wants(event.type)) return;
    sender.send(event.id, event.type, JSON.stringify(renderEvent(event, 1), null, 2));
  };

  const account = new StripeAccount({
    clock,
    authorizationLifetimeMs: options.authorizationLifetimeMs ?? 7 * DAY_MS,
    eventApiVersion: accountVersion,
    publicUrl: () => publicUrl,
    onEvent: deliver,
  });
  const idempotency = new Map<string, IdempotencyRecord>();

  // --- requests ---------------------------------------------------------------------------

  const authenticate = keyCheck(options.apiKeys);

  function apiVersionOf(header: string | undefined): string {
    if (header === undefined) return accountVersion;
    if (!/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(header)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Invalid Stripe API version: ${header}`,
        {},
        false,
      );
    }
    return header;
  }

  const intentOf = (call: Call, id = call.path.id ?? '', param = 'intent'): IntentRecord =>
    account.find(account.intents, 'payment_intent', id, param, call.info.mode);

  /** A publishable key reaches an intent only with its client secret, as Stripe.js does. */
  function checkClientSecret(call: Call, intent: IntentRecord): void {
    const secret = call.params.string('client_secret');
    if (call.auth.kind === 'publishable' && secret === undefined) {
      throw invalidParam(
        'You must provide the client_secret of the PaymentIntent when using a publishable key.',
        'client_secret',
      );
    }
    if (secret !== undefined && secret !== intent.clientSecret) {
      throw invalidParam(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        'client_secret',
      );
    }
  }

  const renderIntent = (call: Call, intent: IntentRecord) =>
    renderPaymentIntent(intent, account.ctx(call.info.version, call.expand));

  function readExpand(params: Params, kind: Parameters<typeof checkExpand>[0], list = false) {
    const expand = params.stringArray('expand') ?? [];
    const own = list ? expand.filter((path) => path !== 'total_count') : expand;
    checkExpand(kind, own, list ? 'data.' : '');
    return expand;
  }

  /** Stripe's lists: newest first (by `created`, then by creation order), cursors either way. */
  function paginate<T extends { id: string; seq: number; created: number; livemode: boolean }>(
    call: Call,
    items: readonly T[],
    all: ReadonlyMap<string, T>,
    kind: string,
  ): { data: T[]; hasMore: boolean } {
    const limit = call.params.integer('limit', { min: 1, max: 100 }) ?? 10;
    const after = call.params.string('starting_after');
    const before = call.params.string('ending_before');
    const newer = (a: T, b: T) =>
      a.created > b.created || (a.created === b.created && a.seq > b.seq);
    const newestFirst = [...items].sort((a, b) => (newer(a, b) ? -1 : newer(b, a) ? 1 : 0));
    if (before !== undefined) {
      const cursor = account.find(all, kind, before, 'ending_before', call.info.mode);
      const newerThan = newestFirst.filter((item) => newer(item, cursor));
      return { data: newerThan.slice(-limit), hasMore: newerThan.length > limit };
    }
    const cursor =
      after === undefined
        ? undefined
        : account.find(all, kind, after, 'starting_after', call.info.mode);
    const rest = cursor ? newestFirst.filter((item) => newer(cursor, item)) : newestFirst;
    return { data: rest.slice(0, limit), hasMore: rest.length > limit };
  }

  const list = (url: string, data: unknown[], hasMore: boolean) => ({
    object: 'list',
    data,
    has_more: hasMore,
    url,
  });

  const ofMode = <T extends { livemode: boolean }>(call: Call, items: Iterable<T>) =>
    [...items].filter((item) => item.livemode === (call.info.mode === 'live'));

  // --- endpoints --------------------------------------------------------------------------

  /**
   * `2026-09-30.endive` replaced `payment_method_types` with `allowed_payment_method_types` (and
   * `excluded_payment_method_types`); the sandbox takes cards only.
   */
  function readMethodTypes(call: Call): {
    legacy: string[] | undefined;
    allowed: string[] | undefined;
    excluded: string[] | undefined;
  } {
    const { params } = call;
    const endive = call.info.version.slice(0, 10) >= '2026-09-30';
    if (endive && params.has('payment_method_types')) throw unknownParam('payment_method_types');
    const legacy = endive ? undefined : params.stringArray('payment_method_types');
    const allowed = params.stringArray('allowed_payment_method_types');
    const excluded = params.stringArray('excluded_payment_method_types');
    const named: [string, string[] | undefined][] = [
      ['payment_method_types', legacy],
      ['allowed_payment_method_types', allowed],
    ];
    for (const [param, types] of named) {
      for (const [index, type] of (types ?? []).entries()) {
        if (type !== 'card') {
          throw invalidParam(
            `The payment method type "${type}" is not available in the Stripe sandbox, which takes cards only.`,
            `${param}[${index}]`,
          );
        }
      }
    }
    if (excluded?.includes('card')) {
      throw invalidParam(
        'The Stripe sandbox takes cards only, so card cannot be excluded.',
        'excluded_payment_method_types',
      );
    }
    return { legacy, allowed, excluded };
  }

  function createIntent(call: Call): unknown {
    const { params } = call;
    const methodTypes = readMethodTypes(call);
    const types = methodTypes.legacy;
    const amount = params.integer('amount', { required: true });
    const currency = params.string('currency', { required: true }).toLowerCase();
    const requestedCapture = params.oneOf('capture_method', [
      'automatic',
      'automatic_async',
      'manual',
    ] as const);
    const confirmationMethod =
      params.oneOf('confirmation_method', ['automatic', 'manual'] as const) ?? 'automatic';
    const confirm = params.boolean('confirm') ?? false;
    const paymentMethod = params.string('payment_method');
    const returnUrl = params.string('return_url');
    const automatic = params.hash('automatic_payment_methods');
    const metadata = params.metadata() ?? {};
    const description = params.string('description', { maxLength: 1000 }) ?? null;
    const receiptEmail = params.string('receipt_email') ?? null;
    const statementDescriptor = params.string('statement_descriptor', { maxLength: 22 }) ?? null;
    const suffix = params.string('statement_descriptor_suffix', { maxLength: 22 }) ?? null;
    const customer = params.string('customer');
    const expand = readExpand(params, 'payment_intent');

    checkIntentAmount(amount, currency);
    const automaticPaymentMethods = automaticMethodsOf(automatic, types, call.info.version);
    checkNewIntentOptions({ statementDescriptor, returnUrl, confirm, customer });

    const intent = account.createIntent(
      {
        amount,
        currency,
        captureMethod: requestedCapture ?? defaultCaptureMethod(call.info.version),
        confirmationMethod,
        metadata: Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== '')),
        description,
        receiptEmail,
        statementDescriptor,
        statementDescriptorSuffix: suffix,
        paymentMethodTypes: ['card'],
        allowedPaymentMethodTypes: methodTypes.allowed ?? null,
        excludedPaymentMethodTypes: methodTypes.excluded ?? null,
        automaticPaymentMethods,
      },
      call.info,
    );
    if (confirm) {
      account.confirm(
        intent,
        {
          ...(paymentMethod !== undefined ? { paymentMethod } : {}),
          ...(returnUrl !== undefined ? { returnUrl } : {}),
        },
        call.info,
      );
    } else if (paymentMethod !== undefined) {
      account.attach(intent, paymentMethod, call.info);
    }
    return renderPaymentIntent(intent, account.ctx(call.info.version, expand));
  }

  function retrieveIntent(call: Call): unknown {
    const intent = intentOf(call);
    checkClientSecret(call, intent);
    call.expand = readExpand(call.params, 'payment_intent');
    return renderIntent(call, intent);
  }

  function confirmIntent(call: Call): unknown {
    const { params } = call;
    const intent = intentOf(call);
    checkClientSecret(call, intent);
    const methodTypes = readMethodTypes(call);
    if (methodTypes.allowed) intent.allowedPaymentMethodTypes = methodTypes.allowed;
    if (methodTypes.excluded) intent.excludedPaymentMethodTypes = methodTypes.excluded;
    const paymentMethod = params.string('payment_method');
    const returnUrl = params.string('return_url');
    const receiptEmail = params.string('receipt_email');
    params.boolean('use_stripe_sdk');
    if (params.hash('payment_method_data') !== undefined) {
      // Card numbers never reach a server in Contrail, and Stripe refuses them from one too.
      throw invalidParam(
        'Sending credit card numbers directly to the Stripe API is generally unsafe. We suggest you use test tokens that map to the test card you are using, see https://stripe.com/docs/testing. To enable testing raw card data APIs, see https://support.stripe.com/questions/enabling-access-to-raw-card-data-apis.',
        'payment_method_data',
      );
    }
    call.expand = readExpand(params, 'payment_intent');
    account.confirm(
      intent,
      {
        ...(paymentMethod !== undefined ? { paymentMethod } : {}),
        ...(returnUrl !== undefined ? { returnUrl } : {}),
        ...(receiptEmail !== undefined ? { receiptEmail } : {}),
      },
      call.info,
    );
    return renderIntent(call, intent);
  }

  function captureIntent(call: Call): unknown {
    const intent = intentOf(call);
    const amount = call.params.integer('amount_to_capture', { min: 1 });
    if (amount !== undefined) checkLastDigit(amount, intent.currency, 'amount_to_capture');
    const metadata = call.params.metadata();
    call.expand = readExpand(call.params, 'payment_intent');
    if (metadata) mergeMetadata(intent.metadata, metadata);
    account.capture(intent, amount, call.info);
    return renderIntent(call, intent);
  }

  function cancelIntent(call: Call): unknown {
    const intent = intentOf(call);
    const reason = call.params.oneOf('cancellation_reason', [
      'duplicate',
      'fraudulent',
      'requested_by_customer',
      'abandoned',
    ] as const);
    call.expand = readExpand(call.params, 'payment_intent');
    account.cancel(intent, reason ?? null, call.info);
    return renderIntent(call, intent);
  }

  function listIntents(call: Call): unknown {
    const created = call.params.range('created');
    const customer = call.params.string('customer');
    call.expand = readExpand(call.params, 'payment_intent', true);
    const items = ofMode(call, account.intents.values()).filter(
      (intent) => inRange(intent.created, created) && customer === undefined,
    );
    const page = paginate(call, items, account.intents, 'payment_intent');
    const ctx = account.ctx(call.info.version, childExpand(call.expand));
    return list(
      '/v1/payment_intents',
      page.data.map((intent) => renderPaymentIntent(intent, ctx)),
      page.hasMore,
    );
  }

  function searchIntents(call: Call): unknown {
    const query = parseQuery(call.params.string('query', { required: true, maxLength: 5000 }));
    const limit = call.params.integer('limit', { min: 1, max: 100 }) ?? 10;
    const pageToken = call.params.string('page');
    call.expand = readExpand(call.params, 'payment_intent', true);
    const offset = pageToken === undefined ? 0 : pageOffset(pageToken);
    const visibleBefore = clock().getTime() - (options.searchDelayMs ?? 0);
    const found = ofMode(call, account.intents.values())
      .filter((intent) => intent.createdMs <= visibleBefore)
      .filter((intent) =>
        matches(query, {
          amount: intent.amount,
          created: intent.created,
          currency: intent.currency,
          customer: null,
          status: intent.status,
          metadata: intent.metadata,
        }),
      )
      .sort((a, b) => b.created - a.created || b.seq - a.seq);
    const data = found.slice(offset, offset + limit);
    const hasMore = found.length > offset + limit;
    const ctx = account.ctx(call.info.version, childExpand(call.expand));
    return {
      object: 'search_result',
      data: data.map((intent) => renderPaymentIntent(intent, ctx)),
      has_more: hasMore,
      next_page: hasMore ? Buffer.from(`offset:${offset + limit}`).toString('base64url') : null,
      ...(call.expand.includes('total_count') ? { total_count: found.length } : {}),
      url: '/v1/payment_intents/search',
    };
  }

  function createRefund(call: Call): unknown {
    const { params } = call;
    const intentId = params.string('payment_intent');
    const chargeId = params.string('charge');
    const amount = params.integer('amount', { min: 1 });
    const reason = params.oneOf('reason', [
      'duplicate',
      'fraudulent',
      'requested_by_customer',
    ] as const);
    const metadata = params.metadata() ?? {};
    const expand = readExpand(params, 'refund');
    if (intentId === undefined && chargeId === undefined) {
      throw invalidParam(
        'One of the following params should be provided for this request: payment_intent or charge.',
        'payment_intent',
        'parameter_missing',
      );
    }
    let charge;
    if (intentId !== undefined) {
      const intent = intentOf(call, intentId, 'payment_intent');
      charge = account.refundableCharge(intent);
      if (chargeId !== undefined && chargeId !== charge.id) {
        throw invalidParam(
          `Charge ${chargeId} does not belong to PaymentIntent ${intent.id}.`,
          'charge',
        );
      }
    } else {
      const found = account.find(
        account.charges,
        'charge',
        chargeId ?? '',
        'charge',
        call.info.mode,
      );
      charge = account.refundableCharge(intentOf(call, found.paymentIntentId, 'charge'));
    }
    if (amount !== undefined) checkLastDigit(amount, charge.currency, 'amount');
    const refund = account.refund(
      charge,
      amount,
      reason ?? null,
      Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== '')),
      call.info,
    );
    return renderRefund(refund, account.ctx(call.info.version, expand));
  }

  function retrieveRefund(call: Call): unknown {
    const refund = account.find(
      account.refunds,
      'refund',
      call.path.id ?? '',
      'refund',
      call.info.mode,
    );
    const expand = readExpand(call.params, 'refund');
    return renderRefund(refund, account.ctx(call.info.version, expand));
  }

  function listRefunds(call: Call): unknown {
    const intentId = call.params.string('payment_intent');
    const chargeId = call.params.string('charge');
    const created = call.params.range('created');
    call.expand = readExpand(call.params, 'refund', true);
    const items = ofMode(call, account.refunds.values()).filter(
      (refund) =>
        (intentId === undefined || refund.paymentIntentId === intentId) &&
        (chargeId === undefined || refund.chargeId === chargeId) &&
        inRange(refund.created, created),
    );
    const page = paginate(call, items, account.refunds, 'refund');
    const ctx = account.ctx(call.info.version, childExpand(call.expand));
    return list(
      '/v1/refunds',
      page.data.map((refund) => renderRefund(refund, ctx)),
      page.hasMore,
    );
  }

  function retrieveCharge(call: Call): unknown {
    const charge = account.find(
      account.charges,
      'charge',
      call.path.id ?? '',
      'charge',
      call.info.mode,
    );
    const expand = readExpand(call.params, 'charge');
    return renderCharge(charge, account.ctx(call.info.version, expand));
  }

  function retrievePaymentMethod(call: Call): unknown {
    const pm = account.find(
      account.paymentMethods,
      'PaymentMethod',
      call.path.id ?? '',
      'payment_method',
      call.info.mode,
    );
    const expand = readExpand(call.params, 'payment_method');
    return renderPaymentMethod(pm, account.ctx(call.info.version, expand));
  }

  function retrieveEvent(call: Call): unknown {
    const event = account.find(account.events, 'event', call.path.id ?? '', 'id', call.info.mode);
    return renderEvent(event);
  }

  function listEvents(call: Call): unknown {
    const type = call.params.string('type');
    const types = call.params.stringArray('types');
    const created = call.params.range('created');
    const typeMatches = (pattern: string, actual: string) =>
      pattern.endsWith('*') ? actual.startsWith(pattern.slice(0, -1)) : pattern === actual;
    const items = ofMode(call, account.events.values()).filter(
      (event) =>
        inRange(event.created, created) &&
        (type === undefined || typeMatches(type, event.type)) &&
        (types === undefined || types.some((pattern) => typeMatches(pattern, event.type))),
    );
    const page = paginate(call, items, account.events, 'event');
    return list(
      '/v1/events',
      page.data.map((event) => renderEvent(event)),
      page.hasMore,
    );
  }

  // --- the sandbox's own helpers ------------------------------------------------------------

  function helperAuthenticate(call: Call): unknown {
    const intent = intentOf(call);
    const outcome = call.params.oneOf('outcome', ['succeed', 'fail'] as const) ?? 'succeed';
    account.authenticate(intent, outcome, call.info);
    return renderIntent(call, intent);
  }

  function helperDispute(call: Call): unknown {
    const intent = intentOf(call);
    const reason =
      call.params.oneOf('reason', [
        'fraudulent',
        'duplicate',
        'product_not_received',
        'product_unacceptable',
        'subscription_canceled',
        'credit_not_processed',
        'general',
        'unrecognized',
      ] as const) ?? 'fraudulent';
    return renderDispute(
      account.dispute(intent, reason, call.info),
      account.ctx(call.info.version),
    );
  }

  function helperExpire(call: Call): unknown {
    const intent = intentOf(call);
    const charge = intent.latestChargeId ? account.charges.get(intent.latestChargeId) : undefined;
    if (intent.status !== 'requires_capture' || !charge) {
      throw invalidParam(
        `Only a hold (requires_capture) can lapse; this PaymentIntent is ${intent.status}.`,
        'intent',
        'payment_intent_unexpected_state',
      );
    }
    account.expire(intent, charge);
    return renderIntent(call, intent);
  }

  function helperResend(call: Call): unknown {
    const event = account.find(account.events, 'event', call.path.id ?? '', 'id', call.info.mode);
    if (!sender) {
      throw invalidParam('The sandbox was started without a webhook endpoint.', 'id');
    }
    sender.send(event.id, event.type, JSON.stringify(renderEvent(event, 1), null, 2));
    return renderEvent(event);
  }

  function helperDeliveries(): unknown {
    const deliveries = sender?.deliveries() ?? [];
    return list('/_sandbox/webhook_deliveries', [...deliveries].reverse(), false);
  }

  /** Every endpoint, with the parameters it takes. */
  function routeTable(): Route[] {
    const routes: Route[] = [];
    const dashboard = dashboardHelpers(account, intentOf, readExpand);
    const listParams = ['created', 'limit', 'starting_after', 'ending_before', 'expand'];
    const route = (
      method: Route['method'],
      path: string,
      handler: Handler,
      params: readonly string[],
      publishable = false,
    ) => {
      const names: string[] = [];
      const pattern = new RegExp(
        `^${path.replace(/:(\w+)/g, (_, name: string) => {
          names.push(name);
          return '([^/]+)';
        })}$`,
      );
      routes.push({ method, pattern, names, handler, params, publishable });
    };

    route('POST', '/v1/payment_intents', createIntent, CREATE_INTENT_PARAMS);
    route('GET', '/v1/payment_intents', listIntents, [...listParams, 'customer']);
    route('GET', '/v1/payment_intents/search', searchIntents, ['query', 'limit', 'page', 'expand']);
    route('GET', '/v1/payment_intents/:id', retrieveIntent, ['client_secret', 'expand'], true);
    route('POST', '/v1/payment_intents/:id/confirm', confirmIntent, CONFIRM_INTENT_PARAMS, true);
    route('POST', '/v1/payment_intents/:id/capture', captureIntent, [
      'amount_to_capture',
      'metadata',
      'expand',
    ]);
    route('POST', '/v1/payment_intents/:id/cancel', cancelIntent, [
      'cancellation_reason',
      'expand',
    ]);
    route('POST', '/v1/refunds', createRefund, [
      'payment_intent',
      'charge',
      'amount',
      'reason',
      'metadata',
      'expand',
    ]);
    route('GET', '/v1/refunds', listRefunds, [...listParams, 'payment_intent', 'charge']);
    route('GET', '/v1/refunds/:id', retrieveRefund, ['expand']);
    route('GET', '/v1/charges/:id', retrieveCharge, ['expand']);
    route('GET', '/v1/payment_methods/:id', retrievePaymentMethod, ['expand']);
    route('GET', '/v1/disputes/:id', dashboard.retrieveDispute, ['expand']);
    route('GET', '/v1/events', listEvents, [...listParams, 'type', 'types']);
    route('GET', '/v1/events/:id', retrieveEvent, []);
    route('POST', '/_sandbox/payment_intents/:id/authenticate', helperAuthenticate, ['outcome']);
    route('POST', '/_sandbox/payment_intents/:id/dispute', helperDispute, ['reason']);
    route('POST', '/_sandbox/payment_intents/:id/expire', helperExpire, []);
    route('POST', '/_sandbox/payment_intents/:id/refund', dashboard.refund, ['amount', 'reason']);
    route('POST', '/_sandbox/disputes/:id/submit_evidence', dashboard.submitEvidence, []);
    route('POST', '/_sandbox/disputes/:id/close', dashboard.closeDispute, ['outcome']);
    route('POST', '/_sandbox/events/:id/resend', helperResend, []);
    route('GET', '/_sandbox/webhook_deliveries', helperDeliveries, []);
    return routes;
  }
  const routes = routeTable();

  // --- the 3-D Secure page a next_action points at -----------------------------------------

  function threeDSecurePage(
    url: URL,
    method: string,
    body: string,
  ): Answer & { location?: string; html?: string } {
    const source = method === 'POST' ? new URLSearchParams(body) : url.searchParams;
    const id = source.get('payment_intent') ?? '';
    const secret = source.get('payment_intent_client_secret') ?? '';
    const intent = account.intents.get(id);
    if (intent?.clientSecret !== secret) {
      return { status: 404, body: null, html: page('Unknown payment', '<p>No such payment.</p>') };
    }
    if (method === 'GET') {
      const hidden = `<input type="hidden" name="payment_intent" value="${escapeHtml(id)}"><input type="hidden" name="payment_intent_client_secret" value="${escapeHtml(secret)}">`;
      return {
        status: 200,
        body: null,
        html: page(
          '3D Secure 2 Test Page',
          `<p>Stripe sandbox: authenticate the payment of ${escapeHtml(formatAmount(intent.amount, intent.currency))}?</p>` +
            `<form method="post">${hidden}<button name="outcome" value="succeed">Complete</button> <button name="outcome" value="fail">Fail</button></form>`,
        ),
      };
    }
    const action = intent.nextAction;
    const outcome = source.get('outcome') === 'fail' ? 'fail' : 'succeed';
    try {
      account.authenticate(intent, outcome, {
        mode: intent.livemode ? 'live' : 'test',
        requestId: null,
        idempotencyKey: null,
        version: accountVersion,
      });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return {
        status: 400,
        body: null,
        html: page('Payment', `<p>${escapeHtml(error.message)}</p>`),
      };
    }
    if (action?.type === 'redirect_to_url') {
      const target = new URL(action.returnUrl);
      target.searchParams.set('payment_intent', intent.id);
      target.searchParams.set('payment_intent_client_secret', intent.clientSecret);
      target.searchParams.set('redirect_status', outcome === 'succeed' ? 'succeeded' : 'failed');
      return { status: 303, body: null, location: target.toString() };
    }
    return {
      status: 200,
      body: null,
      html: page('Payment', '<p>Authentication complete. You can close this window.</p>'),
    };
  }

  // --- the HTTP layer -----------------------------------------------------------------------

  /**
   * The answer an idempotency key gave within the last day, for the same endpoint and the same
   * parameters (another endpoint or other parameters are an error); undefined for a new key.
   */
  function replayOf(
    storeKey: string,
    key: string,
    endpoint: string,
    paramsJson: string,
  ): Answer | undefined {
    const earlier = idempotency.get(storeKey);
    if (!earlier || earlier.expiresMs <= clock().getTime()) return undefined;
    if (earlier.endpoint !== endpoint) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${earlier.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        {},
        false,
      );
    }
    if (earlier.params !== paramsJson) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        {},
        false,
      );
    }
    return earlier.answer;
  }

  async function answer(
    request: IncomingMessage,
    url: URL,
  ): Promise<{ answer: Answer; headers: Record<string, string> }> {
    const method = request.method ?? 'GET';
    const requestId = newRequestId();
    const headers: Record<string, string> = { 'request-id': requestId };
    const body = await readBody(request, 1024 * 1024);
    const matched = routes.find((r) => r.method === method && r.pattern.test(url.pathname));
    try {
      if (!matched) throw unrecognized(method, url.pathname);
      const auth = authenticate(request.headers.authorization);
      checkKeyKind(auth, matched);
      const version = apiVersionOf(headerOf(request, 'stripe-version'));
      headers['stripe-version'] = version;
      const raw = readParams(request, method, body, url);
      const key = method === 'POST' ? headerOf(request, 'idempotency-key') : undefined;
      if (key !== undefined) {
        headers['idempotency-key'] = key;
        checkIdempotencyKey(key);
      }
      account.expireHolds();
      const endpoint = `${method} ${url.pathname}`;
      const paramsJson = sortedJson(raw);
      const storeKey = key === undefined ? undefined : `${auth.mode}:${key}`;
      const earlier =
        storeKey === undefined || key === undefined
          ? undefined
          : replayOf(storeKey, key, endpoint, paramsJson);
      if (earlier) {
        headers['idempotent-replayed'] = 'true';
        return { answer: earlier, headers };
      }
      const call: Call = {
        params: new Params(raw, matched.params),
        path: pathParams(matched, url.pathname),
        info: { mode: auth.mode, requestId, idempotencyKey: key ?? null, version },
        auth,
        expand: [],
      };
      const result = runHandler(matched, call);
      if (storeKey !== undefined) {
        idempotency.set(storeKey, {
          endpoint,
          params: paramsJson,
          answer: result,
          expiresMs: clock().getTime() + DAY_MS,
        });
      }
      return { answer: result, headers };
    } catch (error) {
      if (error instanceof StripeApiError) {
        return { answer: { status: error.status, body: error.body() }, headers };
      }
      throw error;
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
    const method = request.method ?? 'GET';
    let status = 500;
    try {
      if (url.pathname === '/_sandbox/3d_secure') {
        const body = await readBody(request, 64 * 1024);
        const result = threeDSecurePage(url, method, body);
        status = result.status;
        if (result.location) {
          response.writeHead(status, { location: result.location });
          response.end();
        } else {
          response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
          response.end(result.html ?? '');
        }
        return;
      }
      const { answer: result, headers } = await answer(request, url);
      status = result.status;
      response.writeHead(status, {
        ...headers,
        'content-type': 'application/json',
        'cache-control': 'no-cache, no-store',
      });
      response.end(JSON.stringify(result.body, null, 2));
    } catch (error) {
      status = error instanceof StripeApiError ? error.status : 500;
      const body =
        error instanceof StripeApiError
          ? error.body()
          : { error: { message: 'An unknown error occurred', type: 'api_error' } };
      if (!response.headersSent) {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body, null, 2));
      }
      if (!(error instanceof StripeApiError)) {
        // A bug in the sandbox, not an answer Stripe would give: say so where the test runs.
        console.error('stripe-sandbox: unexpected error', error);
      }
    } finally {
      options.onRequest?.({ method, path: url.pathname, status });
    }
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });

  return {
    server,
    async listen(port = 0, host = '127.0.0.1') {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      const base = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
      if (!options.publicUrl) publicUrl = base;
      return base;
    },
    async close() {
      sender?.close();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
    deliveries: () => sender?.deliveries() ?? [],
    webhooksIdle: () => sender?.idle() ?? Promise.resolve(),
  };
}

function mergeMetadata(target: Record<string, string>, update: Record<string, string>): void {
  for (const [key, value] of Object.entries(update)) {
    if (value === '') Reflect.deleteProperty(target, key);
    else target[key] = value;
  }
}

function pageOffset(token: string): number {
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match) throw invalidParam('Invalid page: the value is not a page this search gave.', 'page');
  return Number(match[1]);
}

/** `data.latest_charge` on a list is `latest_charge` on each of its items. */
function childExpand(expand: readonly string[]): string[] {
  return expand.filter((path) => path.startsWith('data.')).map((path) => path.slice(5));
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${content}</body></html>`;
}
