import Stripe from 'stripe';

/** A webhook that is unsigned, signed with another secret, altered, too old or from the future. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

export interface WebhookCheckOptions {
  /**
   * How far a signature's time may be from ours, either way (Stripe's default: 300 s), against
   * replays of a captured event.
   */
  toleranceSeconds?: number;
  /** The receiving time: the app's clock, so that tests can set it. */
  now: () => Date;
}

/** The signature's time (`t=`) in seconds, read as the SDK reads it: the last `t` counts. */
function signedAtSeconds(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value = ''] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value, 10);
  }
  return timestamp;
}

/**
 * Checks a Stripe webhook's `Stripe-Signature` on the raw body (as received, before any JSON
 * parsing) with the endpoint's `whsec_` secret, and answers the event. The SDK refuses only
 * signatures too far in the past; one made more than the tolerance ahead of our clock (an event
 * signed for later replays, or a clock gone wrong) is refused here too.
 */
export function constructWebhookEvent(
  payload: Buffer | string,
  signatureHeader: string | string[] | undefined,
  secret: string,
  options: WebhookCheckOptions,
): Stripe.Event {
  if (typeof signatureHeader !== 'string' || signatureHeader === '') {
    throw new WebhookSignatureError('The webhook has no Stripe-Signature header');
  }
  const toleranceSeconds = options.toleranceSeconds ?? Stripe.webhooks.DEFAULT_TOLERANCE;
  const nowMs = options.now().getTime();
  let event: Stripe.Event;
  try {
    // The SDK takes the receiving time in milliseconds.
    event = Stripe.webhooks.constructEvent(
      payload,
      signatureHeader,
      secret,
      toleranceSeconds,
      undefined,
      nowMs,
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      // Not the SDK's error as the cause: it holds the payload, whose intents carry client secrets.
      throw new WebhookSignatureError(error.message);
    }
    throw error;
  }
  // The time is signed with the body, so only now, with the signature good, is it Stripe's.
  const skewSeconds = Math.abs(nowMs / 1000 - signedAtSeconds(signatureHeader));
  if (!(skewSeconds <= toleranceSeconds)) {
    throw new WebhookSignatureError('The signature is not from within the tolerance of now');
  }
  return event;
}
