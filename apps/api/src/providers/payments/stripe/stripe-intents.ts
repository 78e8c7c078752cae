import { createHash } from 'node:crypto';
import { isChargeableAmount, isChargeableCurrency } from '@contrail/contracts/money';
import type Stripe from 'stripe';
import { PaymentError, type PaymentState } from '../payment-provider';

/**
 * A PaymentIntent in our terms: its state, card, hold and refunds as Stripe reports them, and the
 * checks on what is sent to Stripe (ids, amounts, idempotency keys) before it is sent.
 */

/**
 * Stripe keeps idempotency keys up to 255 characters; each operation gets its own namespace, so
 * the checkout's key can name both its intent and, say, a later refund.
 */
export function idempotencyKey(operation: string, key: string): string {
  const full = `contrail:${operation}:${key}`;
  return full.length <= 255
    ? full
    : `contrail:${operation}:sha256:${createHash('sha256').update(key).digest('hex')}`;
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

export const chargeOf = (intent: Stripe.PaymentIntent): Stripe.Charge | null =>
  intent.latest_charge && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;

/** When the hold of an uncaptured charge lapses, as Stripe says on the charge's card. */
export function captureBeforeOf(intent: Stripe.PaymentIntent): Date | null {
  const seconds = chargeOf(intent)?.payment_method_details?.card?.capture_before;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

/** Money returned from what was captured; a released hold is not a refund to us. */
export function refundedOf(intent: Stripe.PaymentIntent): number {
  const charge = chargeOf(intent);
  if (!charge?.captured) return 0;
  return Math.max(0, charge.amount_refunded - (charge.amount - charge.amount_captured));
}

export function stateOf(intent: Stripe.PaymentIntent): PaymentState {
  return {
    id: intent.id,
    status: statusOf(intent),
    amountMinor: intent.amount,
    currency: intent.currency.toUpperCase(),
    refundedMinor: refundedOf(intent),
  };
}

export function cardOf(intent: Stripe.PaymentIntent): { brand: string; last4: string } | null {
  const fromCharge = chargeOf(intent)?.payment_method_details?.card;
  if (fromCharge?.brand && fromCharge.last4) {
    return { brand: fromCharge.brand, last4: fromCharge.last4 };
  }
  const method = intent.payment_method;
  const card = method && typeof method === 'object' ? method.card : null;
  return card ? { brand: card.brand, last4: card.last4 } : null;
}

export const isAmount = (value: number) => Number.isSafeInteger(value) && value > 0;

/**
 * Stripe's amounts are the currency's ISO 4217 minor units (whole yen for JPY, fils for KWD), and
 * in a three-decimal currency Stripe takes only amounts whose last digit is 0. Nothing it would
 * refuse is sent: the pricing rounds every charge and refund to such an amount already.
 */
export function stripeTakes(amountMinor: number, currency: string): void {
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
export const INTENT_ID = /^pi_[A-Za-z0-9]{1,252}$/;

/** The id, if it is a PaymentIntent's; otherwise the failure Stripe's own 404 maps to. */
export function intentId(id: string): string {
  if (!INTENT_ID.test(id)) throw new PaymentError('not_found', 'This is not a PaymentIntent id');
  return id;
}
