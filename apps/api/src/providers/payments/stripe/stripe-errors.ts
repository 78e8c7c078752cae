import { cardMessages } from '@contrail/contracts/payments';
import Stripe from 'stripe';
import { PaymentError, RefundRefusedError } from '../payment-provider';

/**
 * Stripe's errors in our terms: a card's refusal by its reason, a payment in the wrong state, and
 * everything else as the card processor's failure, with only what identifies it at Stripe kept.
 */

const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

/**
 * A refund's refusal: Stripe answers `charge_disputed` for a charge the cardholder disputes and
 * `charge_already_refunded` for one refunded in full; both are outcomes, not failures to retry.
 */
export function refundErrorFrom(error: unknown): PaymentError {
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
