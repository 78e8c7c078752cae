import Stripe from 'stripe';

/** A webhook that is unsigned, signed with another secret, altered or too old: answer 400. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

export interface WebhookCheckOptions {
  /** How old a signature may be (Stripe's default: 300 s), against replays of a captured event. */
  toleranceSeconds?: number;
  /** The receiving time, for tests on an injected clock. */
  now?: () => Date;
}

/**
 * Checks a Stripe webhook's `Stripe-Signature` on the raw body (as received, before any JSON
 * parsing) with the endpoint's `whsec_` secret, and answers the event.
 */
export function constructWebhookEvent(
  payload: Buffer | string,
  signatureHeader: string | string[] | undefined,
  secret: string,
  options: WebhookCheckOptions = {},
): Stripe.Event {
  if (typeof signatureHeader !== 'string' || signatureHeader === '') {
    throw new WebhookSignatureError('The webhook has no Stripe-Signature header');
  }
  try {
    return Stripe.webhooks.constructEvent(
      payload,
      signatureHeader,
      secret,
      options.toleranceSeconds ?? Stripe.webhooks.DEFAULT_TOLERANCE,
      undefined,
      // The SDK takes the receiving time in milliseconds.
      options.now?.().getTime(),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      // Not the SDK's error as the cause: it holds the payload, whose intents carry client secrets.
      throw new WebhookSignatureError(error.message);
    }
    throw error;
  }
}
