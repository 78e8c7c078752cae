import type Stripe from 'stripe';
import { PaymentError, type PaymentProvider } from '../payment-provider';
import { paymentErrorFrom, refundErrorFrom } from './stripe-errors';
import { chargeOf, idempotencyKey, intentId, isAmount, refundedOf } from './stripe-intents';

/**
 * Refunds at Stripe: each made once under our key, which it keeps beyond Stripe's own day, and
 * what a payment has standing (disputed, refunded elsewhere, left to refund).
 */

/** Our refund's key, kept on the refund so that a retry after Stripe forgot the key finds it. */
const REFUND_KEY_METADATA = 'contrail_refund_key';

export function stripeRefunds({
  stripe,
  retrieve,
}: {
  stripe: Stripe;
  /** The PaymentIntent with its latest charge. */
  retrieve: (id: string) => Promise<Stripe.PaymentIntent>;
}): Pick<PaymentProvider, 'refund' | 'refundStanding'> {
  return {
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
  };
}
