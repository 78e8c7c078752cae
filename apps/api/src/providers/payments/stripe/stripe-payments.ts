import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { awayFromTurn } from '../../../plugins/admission';
import {
  PaymentError,
  type PaymentDetails,
  type PaymentProvider,
  type PaymentState,
} from '../payment-provider';
import { paymentErrorFrom } from './stripe-errors';
import {
  captureBeforeOf,
  cardOf,
  idempotencyKey,
  INTENT_ID,
  intentId,
  isAmount,
  stateOf,
  stripeTakes,
} from './stripe-intents';
import { stripePaymentSearches } from './stripe-payment-searches';
import { stripeRefunds } from './stripe-refunds';

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

    ...stripeRefunds({ stripe, retrieve }),

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

    ...stripePaymentSearches(stripe),
  };
}
