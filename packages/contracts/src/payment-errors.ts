/**
 * A card processor's refusal, passed to the traveller as a 402 with the processor's own message.
 */
export const CARD_ERROR_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  /** Test mode takes test cards only. */
  'test_cards_only',
  /** The payment is not in a state that allows the operation (a capture after a release). */
  'invalid_state',
  'not_found',
  'processing_error',
] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

/** The error codes of payments: card holds, payment intents and the processor's webhooks. */
export const PAYMENT_ERROR_CODES = [
  ...CARD_ERROR_CODES,
  /** 409: checkout's payment form is not the current processor's; the page loads it again. */
  'payment_form_changed',
  /** 400: the current processor takes cards in its own element, not in our form. */
  'card_collection_unsupported',
  /** 409: the payment is not this checkout's, or was used for another booking. */
  'payment_not_usable',
  /** 402: the card was not (or not fully) authorised. */
  'payment_not_completed',
  /** 503: the card processor did not answer. */
  'processor_unavailable',
  /** 400: a webhook whose signature does not verify. */
  'invalid_signature',
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];
