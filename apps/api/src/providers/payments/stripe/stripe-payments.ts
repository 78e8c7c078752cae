import { createHash, randomUUID } from 'node:crypto';
import { isChargeableAmount, isChargeableCurrency } from '@contrail/contracts/money';
import { cardMessages } from '@contrail/contracts/payments';
import Stripe from 'stripe';
import { awayFromTurn } from '../../../plugins/admission';
import {
  PaymentError,
  RefundRefusedError,
  type OpenHold,
  type PaymentDetails,
  type PaymentProvider,
  type PaymentState,
} from '../payment-provider';

export const DEFAULT_STRIPE_API_URL = 'https://api.stripe.com';

export interface StripePaymentsOptions {
  /** `sk_test_…` or `sk_live_…`; never logged. */
  secretKey: string;
  /** `pk_test_…` or `pk_live_…`, of the same account and mode: what the Payment Element uses. */
  publishableKey?: string;
  /** Where the Stripe API answers: `https://api.stripe.com`, or the Stripe sandbox in tests. */
  apiUrl?: string;
  /** How long one request may take (Stripe's SDK default is 80 s, too long for a checkout). */
  timeoutMs?: number;
  /** Retries of a request lost on the network (the SDK reuses its idempotency key). */
  maxNetworkRetries?: number;
}

/**
 * Card authorisations last 7 days at Stripe (we ask for no extended authorisation), so no hold
 * is older than this: the open-hold listing pages only through PaymentIntents created after
 * `createdBefore` minus this much.
 */
const HOLD_WINDOW_MS = 8 * 24 * 60 * 60 * 1000;

/**
 * The SDK's own HTTP client, whose every request to Stripe is waited for without an admission
 * turn (the request queues again for the turn before the SDK reads the answer).
 */
function awayFromTurnHttpClient(): Stripe.HttpClient {
  const http = Stripe.createNodeHttpClient();
  return Object.assign(Object.create(http) as Stripe.HttpClient, {
    makeRequest: (...args: Parameters<Stripe.HttpClient['makeRequest']>) =>
      awayFromTurn(() => http.makeRequest(...args)),
  });
}

/** The official SDK, pointed at `apiUrl` by host, port and protocol. */
export function createStripeClient(options: StripePaymentsOptions): Stripe {
  const url = new URL(options.apiUrl ?? DEFAULT_STRIPE_API_URL);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`The Stripe API URL must be http(s), not ${url.protocol}`);
  }
  if (url.pathname !== '/' || url.search || url.username) {
    // The SDK builds paths from /v1 itself: a base path would be silently dropped.
    throw new Error('The Stripe API URL takes a scheme, host and port only');
  }
  const https = url.protocol === 'https:';
  return new Stripe(options.secretKey, {
    host: url.hostname,
    port: url.port || (https ? 443 : 80),
    protocol: https ? 'https' : 'http',
    timeout: options.timeoutMs ?? 20_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    telemetry: false,
    appInfo: { name: 'Contrail' },
    httpClient: awayFromTurnHttpClient(),
  });
}

/**
 * Stripe keeps idempotency keys up to 255 characters; each operation gets its own namespace, so
 * the checkout's key can name both its intent and, say, a later refund.
 */
function idempotencyKey(operation: string, key: string): string {
  const full = `contrail:${operation}:${key}`;
  return full.length <= 255
    ? full
    : `contrail:${operation}:sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** Our refund's key, kept on the refund so that a retry after Stripe forgot the key finds it. */
const REFUND_KEY_METADATA = 'contrail_refund_key';

const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

/**
 * A refund's refusal: Stripe answers `charge_disputed` for a charge the cardholder disputes and
 * `charge_already_refunded` for one refunded in full; both are outcomes, not failures to retry.
 */
function refundErrorFrom(error: unknown): PaymentError {
  if (
    isStripeError(error) &&
    (error.code === 'charge_disputed' || error.code === 'charge_already_refunded')
  ) {
    return new RefundRefusedError(error.code, error.message);
  }
  return paymentErrorFrom(error);
}

/**
 * Stripe's errors in our terms: card refusals by their code (and `decline_code` for insufficient
 * funds), a payment in the wrong state for the call, an unknown payment, and everything else —
 * keys refused, rate limits, Stripe down, the network — as `processing_error`, with what the log
 * needs of the SDK's error as the cause.
 */
export function paymentErrorFrom(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  const mapped = mapStripeError(error);
  mapped.cause = isStripeError(error) ? summaryOf(error) : error;
  return mapped;
}

/**
 * The SDK's error carries the PaymentIntent with its client secret (and, for a refused key, part
 * of the key): the cause keeps only what identifies the failure at Stripe.
 */
function summaryOf(error: Stripe.errors.StripeError): Error {
  const parts = [error.type, error.code, error.decline_code].filter(Boolean).join(' ');
  const summary = new Error(
    `Stripe ${parts} (HTTP ${error.statusCode ?? 'none'}, request ${error.requestId ?? 'none'})`,
  );
  summary.name = error.type;
  return summary;
}

function mapStripeError(error: unknown): PaymentError {
  if (!isStripeError(error)) {
    return new PaymentError('processing_error', 'The card processor could not be reached');
  }
  if (error instanceof Stripe.errors.StripeCardError) {
    if (error.code === 'expired_card')
      return new PaymentError('expired_card', cardMessages.expiredCard);
    if (error.code === 'incorrect_cvc') {
      return new PaymentError('incorrect_cvc', cardMessages.incorrectCvc);
    }
    if (error.code === 'processing_error') {
      return new PaymentError('processing_error', error.message);
    }
    if (error.decline_code === 'insufficient_funds') {
      return new PaymentError('insufficient_funds', cardMessages.insufficientFunds);
    }
    return new PaymentError('card_declined', cardMessages.declined);
  }
  if (error.code === 'resource_missing') return new PaymentError('not_found', error.message);
  if (error.code === 'amount_too_small' || error.code === 'amount_too_large') {
    return new PaymentError('processing_error', error.message);
  }
  if (
    error.code === 'payment_intent_unexpected_state' ||
    error.code === 'charge_already_refunded' ||
    error.code === 'charge_disputed' ||
    error instanceof Stripe.errors.StripeIdempotencyError ||
    (error instanceof Stripe.errors.StripeInvalidRequestError &&
      (error.param === 'amount' || error.param === 'payment_intent'))
  ) {
    return new PaymentError('invalid_state', error.message);
  }
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return new PaymentError('processing_error', 'The card processor refused our API key');
  }
  return new PaymentError('processing_error', 'The card processor could not process the request');
}

const knownStatuses: ReadonlySet<string> = new Set<PaymentState['status']>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
]);

/** A status this code does not know yet cannot be captured: it reads as still collecting. */
const statusOf = (intent: Stripe.PaymentIntent): PaymentState['status'] =>
  knownStatuses.has(intent.status)
    ? (intent.status as PaymentState['status'])
    : 'requires_payment_method';

const chargeOf = (intent: Stripe.PaymentIntent): Stripe.Charge | null =>
  intent.latest_charge && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;

/** When the hold of an uncaptured charge lapses, as Stripe says on the charge's card. */
function captureBeforeOf(intent: Stripe.PaymentIntent): Date | null {
  const seconds = chargeOf(intent)?.payment_method_details?.card?.capture_before;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

/** Money returned from what was captured; a released hold is not a refund to us. */
function refundedOf(intent: Stripe.PaymentIntent): number {
  const charge = chargeOf(intent);
  if (!charge?.captured) return 0;
  return Math.max(0, charge.amount_refunded - (charge.amount - charge.amount_captured));
}

function stateOf(intent: Stripe.PaymentIntent): PaymentState {
  return {
    id: intent.id,
    status: statusOf(intent),
    amountMinor: intent.amount,
    currency: intent.currency.toUpperCase(),
    refundedMinor: refundedOf(intent),
  };
}

function cardOf(intent: Stripe.PaymentIntent): { brand: string; last4: string } | null {
  const fromCharge = chargeOf(intent)?.payment_method_details?.card;
  if (fromCharge?.brand && fromCharge.last4) {
    return { brand: fromCharge.brand, last4: fromCharge.last4 };
  }
  const method = intent.payment_method;
  const card = method && typeof method === 'object' ? method.card : null;
  return card ? { brand: card.brand, last4: card.last4 } : null;
}

const isAmount = (value: number) => Number.isSafeInteger(value) && value > 0;

/**
 * Stripe's amounts are the currency's ISO 4217 minor units (whole yen for JPY, fils for KWD), and
 * in a three-decimal currency Stripe takes only amounts whose last digit is 0. Nothing it would
 * refuse is sent: the pricing rounds every charge and refund to such an amount already.
 */
function stripeTakes(amountMinor: number, currency: string): void {
  const code = currency.toUpperCase();
  if (!isChargeableCurrency(code) || !isChargeableAmount(amountMinor, code)) {
    throw new PaymentError(
      'processing_error',
      `Stripe cannot be asked for ${amountMinor} minor units of ${code}`,
    );
  }
}

/**
 * A PaymentIntent's id: `pi_` and letters and digits (24 of them today,
 * `pi_3MtwBwLkdIwHu7ix28a3tqPa`), within the 255 characters Stripe allows an id. The SDK
 * %-encodes path segments but not dots, so `..` would climb out of /v1/payment_intents.
 */
const INTENT_ID = /^pi_[A-Za-z0-9]{1,252}$/;

/** The id, if it is a PaymentIntent's; otherwise the failure Stripe's own 404 maps to. */
function intentId(id: string): string {
  if (!INTENT_ID.test(id)) throw new PaymentError('not_found', 'This is not a PaymentIntent id');
  return id;
}

/** Escapes a value for Stripe's search query language (quoted with '). */
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * Stripe as Contrail's card processor: PaymentIntents with manual capture that the browser
 * confirms in Stripe's Payment Element, so card numbers never reach our server. Every POST
 * carries an idempotency key; capture and cancel are idempotent in effect (asking again answers
 * the payment as it is), refunds by our key.
 */
export function createStripePaymentProvider(options: StripePaymentsOptions): PaymentProvider {
  const stripe = createStripeClient(options);
  const live = options.secretKey.startsWith('sk_live_');

  const retrieve = async (id: string): Promise<Stripe.PaymentIntent> => {
    try {
      return await stripe.paymentIntents.retrieve(intentId(id), {
        expand: ['latest_charge', 'payment_method'],
      });
    } catch (error) {
      throw paymentErrorFrom(error);
    }
  };

  /**
   * Ends a hold. Each call has a key of its own (a key Stripe keeps would replay an early
   * refusal after the state changed); asking for an ending the payment already has answers it.
   */
  const settle = async (id: string, to: 'succeeded' | 'canceled'): Promise<PaymentState> => {
    intentId(id);
    const requestOptions = {
      idempotencyKey: idempotencyKey(
        to === 'succeeded' ? 'capture' : 'cancel',
        `${id}:${randomUUID()}`,
      ),
    };
    try {
      const intent =
        to === 'succeeded'
          ? await stripe.paymentIntents.capture(id, { expand: ['latest_charge'] }, requestOptions)
          : await stripe.paymentIntents.cancel(id, { expand: ['latest_charge'] }, requestOptions);
      return stateOf(intent);
    } catch (error) {
      const mapped = paymentErrorFrom(error);
      if (mapped.code !== 'invalid_state') throw mapped;
      const now = await retrieve(id);
      if (now.status === to) return stateOf(now);
      const verb = to === 'succeeded' ? 'captured' : 'voided';
      throw new PaymentError(
        'invalid_state',
        `Payment ${id} is ${now.status} and cannot be ${verb}`,
      );
    }
  };

  return {
    name: 'stripe',
    live,
    collection: 'payment_element',
    ...(options.publishableKey === undefined ? {} : { publishableKey: options.publishableKey }),

    authorize() {
      return Promise.reject(
        new PaymentError(
          'processing_error',
          'Stripe takes the card in its Payment Element; card numbers never reach this server',
        ),
      );
    },

    async createIntent({ amountMinor, currency, metadata, idempotencyKey: key }) {
      if (!isAmount(amountMinor)) {
        throw new PaymentError(
          'processing_error',
          'The amount must be a positive whole number of minor units',
        );
      }
      stripeTakes(amountMinor, currency);
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountMinor,
            currency: currency.toLowerCase(),
            capture_method: 'manual',
            // Cards only: every card network supports a separate capture, not every other method.
            allowed_payment_method_types: ['card'],
            metadata,
          },
          { idempotencyKey: idempotencyKey('intent', key) },
        );
        if (!intent.client_secret) {
          throw new PaymentError(
            'processing_error',
            'Stripe answered an intent without a client secret',
          );
        }
        // An intent whose id we could not capture later is refused now, before any card is held.
        if (!INTENT_ID.test(intent.id)) {
          throw new PaymentError('processing_error', 'Stripe answered an intent id we cannot use');
        }
        return { ...stateOf(intent), clientSecret: intent.client_secret };
      } catch (error) {
        throw paymentErrorFrom(error);
      }
    },

    capture: (id) => settle(id, 'succeeded'),

    void: (id) => settle(id, 'canceled'),

    async refund(paymentId, amountMinor, reason, key) {
      intentId(paymentId);
      if (!isAmount(amountMinor)) {
        throw new PaymentError(
          'processing_error',
          'A refund must be a positive whole number of minor units',
        );
      }
      const asRefund = (refund: Stripe.Refund) => ({
        id: refund.id,
        paymentId,
        amountMinor: refund.amount,
        currency: refund.currency.toUpperCase(),
      });
      try {
        // Stripe forgets idempotency keys after a day; our key on the refund outlives that.
        for await (const earlier of stripe.refunds.list({
          payment_intent: paymentId,
          limit: 100,
        })) {
          if (earlier.metadata?.[REFUND_KEY_METADATA] === key) return asRefund(earlier);
        }
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentId,
            amount: amountMinor,
            // Stripe takes three reasons; ours (e.g. booking_cancelled) stays in the metadata.
            reason: 'requested_by_customer',
            metadata: { [REFUND_KEY_METADATA]: key, contrail_reason: reason },
          },
          { idempotencyKey: idempotencyKey('refund', key) },
        );
        return asRefund(refund);
      } catch (error) {
        throw refundErrorFrom(error);
      }
    },

    async refundStanding(paymentId) {
      const intent = await retrieve(paymentId);
      const charge = chargeOf(intent);
      let refundedOutsideMinor = 0;
      try {
        for await (const refund of stripe.refunds.list({ payment_intent: paymentId, limit: 100 })) {
          const counts = refund.status !== 'failed' && refund.status !== 'canceled';
          if (counts && refund.metadata?.[REFUND_KEY_METADATA] === undefined) {
            refundedOutsideMinor += refund.amount;
          }
        }
      } catch (error) {
        throw paymentErrorFrom(error);
      }
      const captured = charge?.captured ? charge.amount_captured : 0;
      return {
        disputed: charge?.disputed === true,
        refundedOutsideMinor,
        refundableMinor: Math.max(0, captured - refundedOf(intent)),
      };
    },

    async get(id): Promise<PaymentDetails> {
      const intent = await retrieve(id);
      const card = cardOf(intent);
      return {
        ...stateOf(intent),
        metadata: { ...intent.metadata },
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        captureBefore: captureBeforeOf(intent),
      };
    },

    async listOpenHolds(createdBefore, limit): Promise<OpenHold[]> {
      // `created` is in whole seconds: a hold of the cut-off's own second may be younger, so it
      // waits for the next sweep.
      const before = Math.floor(createdBefore.getTime() / 1000);
      const since = Math.floor((createdBefore.getTime() - HOLD_WINDOW_MS) / 1000);
      const holds: OpenHold[] = [];
      try {
        for await (const intent of stripe.paymentIntents.list({
          created: { lt: before, gte: since },
          limit: 100,
        })) {
          if (intent.status !== 'requires_capture') continue;
          holds.push({
            ...stateOf(intent),
            metadata: { ...intent.metadata },
            createdAt: new Date(intent.created * 1000),
          });
        }
      } catch (error) {
        throw paymentErrorFrom(error);
      }
      // Stripe lists newest first; the oldest holds are the most overdue.
      return holds
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
        .slice(0, limit);
    },

    async findByMetadata(key, value) {
      try {
        const found = await stripe.paymentIntents.search({
          query: `metadata[${quoted(key)}]:${quoted(value)}`,
          limit: 1,
          expand: ['data.latest_charge'],
        });
        const [intent] = found.data;
        return intent ? stateOf(intent) : null;
      } catch (error) {
        throw paymentErrorFrom(error);
      }
    },
  };
}
