/**
 * What Contrail needs from a card processor, shaped after Stripe's PaymentIntents with manual
 * capture: authorise first, capture once the booking exists, void when it does not. The sandbox
 * implements it now, Stripe later. Card numbers go in and never come back out: only the brand and
 * the last four digits are kept.
 */
export interface PaymentProvider {
  readonly name: string;
  readonly live: boolean;
  /** Places a hold for the amount; throws PaymentError when the card is refused. */
  authorize(input: AuthorizeInput): Promise<Authorization>;
  /** Takes the held amount. Capturing a captured payment answers it again. */
  capture(paymentId: string): Promise<PaymentState>;
  /** Releases the hold. Voiding a voided payment answers it again; a captured one cannot be voided. */
  void(paymentId: string): Promise<PaymentState>;
  /**
   * Returns money from a captured payment (at most what is left). The same `idempotencyKey`
   * always answers the first refund instead of making another.
   */
  refund(
    paymentId: string,
    amountMinor: number,
    reason: string,
    idempotencyKey: string,
  ): Promise<Refund>;
  get(paymentId: string): Promise<PaymentState>;
  /**
   * Holds (authorised, not captured, not voided) placed before `createdBefore`, oldest first, with
   * the metadata we gave them: how the hold sweep finds a hold whatever our own rows say.
   */
  listOpenHolds(createdBefore: Date, limit: number): Promise<OpenHold[]>;
  /** The payment whose metadata has `key` = `value` (our payment id), or null. */
  findByMetadata(key: string, value: string): Promise<PaymentState | null>;
}

export interface OpenHold extends PaymentState {
  metadata: Record<string, string>;
  createdAt: Date;
}

export interface AuthorizeInput {
  amountMinor: number;
  currency: string;
  card: {
    number: string;
    expiryMonth: string;
    expiryYear: string;
    cvc: string;
    holderName: string;
  };
  /** Our own ids, kept with the payment for reconciliation. */
  metadata: Record<string, string>;
}

export interface Authorization extends PaymentState {
  cardBrand: string;
  cardLast4: string;
}

export interface PaymentState {
  id: string;
  status: 'requires_capture' | 'succeeded' | 'canceled';
  amountMinor: number;
  currency: string;
  refundedMinor: number;
}

export interface Refund {
  id: string;
  paymentId: string;
  amountMinor: number;
  currency: string;
}

export const paymentErrorCodes = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'test_cards_only',
  'invalid_state',
  'not_found',
  'processing_error',
] as const;
export type PaymentErrorCode = (typeof paymentErrorCodes)[number];

export class PaymentError extends Error {
  override readonly name = 'PaymentError';
  constructor(
    readonly code: PaymentErrorCode,
    message: string,
  ) {
    super(message);
  }
}
