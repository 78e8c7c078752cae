import type { CardErrorCode } from '@contrail/contracts/payment-errors';

/**
 * What Contrail needs from a card processor, shaped after Stripe's PaymentIntents with manual
 * capture: authorise first, capture once the booking exists, void when it does not. Card numbers
 * never come back out: only the brand and the last four digits are kept.
 *
 * Two ways to collect the card (`collection`): the sandbox takes test cards from our own form
 * (`authorize`); Stripe takes the card in its own Payment Element in the browser, so the server
 * only creates an intent (`createIntent`) and real card numbers never reach it (PCI SAQ A).
 */
export interface PaymentProvider {
  readonly name: string;
  readonly live: boolean;
  readonly collection: 'card_form' | 'payment_element';
  /** `payment_element`: the publishable key the browser's element runs with (never a secret). */
  readonly publishableKey?: string;
  /**
   * `card_form`: places a hold for the amount with the card typed in our form; throws
   * PaymentError when the card is refused. A `payment_element` provider refuses (it never sees
   * card numbers).
   */
  authorize(input: AuthorizeInput): Promise<Authorization>;
  /**
   * `payment_element`: an intent to hold the amount (manual capture), which the browser confirms
   * with the card in the processor's element. `idempotencyKey` makes a retry answer the same
   * intent. A `card_form` provider refuses.
   */
  createIntent(input: CreateIntentInput): Promise<Intent>;
  /** Takes the held amount. Capturing a captured payment answers it again. */
  capture(paymentId: string): Promise<PaymentState>;
  /** Releases the hold. Voiding a voided payment answers it again; a captured one cannot be voided. */
  void(paymentId: string): Promise<PaymentState>;
  /**
   * Returns money from a captured payment (at most what is left). The same `idempotencyKey`
   * always answers the first refund instead of making another. A refund the processor refuses
   * because the money is no longer the merchant's to return (a disputed charge, one refunded in
   * full already) throws RefundRefusedError.
   */
  refund(
    paymentId: string,
    amountMinor: number,
    reason: string,
    idempotencyKey: string,
  ): Promise<Refund>;
  /**
   * What stands between the payment and a refund of it, as the processor has it now: a dispute,
   * and refunds made outside the product (an operator in the processor's dashboard).
   */
  refundStanding(paymentId: string): Promise<RefundStanding>;
  /** The payment as the processor has it now, with our metadata and the card's brand and last 4. */
  get(paymentId: string): Promise<PaymentDetails>;
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

interface AuthorizeInput {
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

interface Authorization extends PaymentState {
  cardBrand: string;
  cardLast4: string;
}

interface CreateIntentInput {
  amountMinor: number;
  currency: string;
  /** Our own ids, kept with the payment for reconciliation. */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

interface Intent extends PaymentState {
  /** What the browser confirms the intent with; never logged or stored. */
  clientSecret: string;
}

export interface PaymentDetails extends PaymentState {
  metadata: Record<string, string>;
  /** Known once a card is attached. */
  cardBrand: string | null;
  cardLast4: string | null;
  /**
   * When an open hold lapses unless captured (Stripe's `capture_before` on the charge); null
   * when the processor does not say.
   */
  captureBefore?: Date | null;
}

export interface PaymentState {
  id: string;
  /**
   * Stripe's PaymentIntent statuses: a hold is `requires_capture`; before it, the browser is still
   * collecting or confirming the card (`requires_payment_method`, `requires_confirmation`,
   * `requires_action` for 3-D Secure, `processing`).
   */
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'succeeded'
    | 'canceled';
  amountMinor: number;
  currency: string;
  refundedMinor: number;
}

interface Refund {
  id: string;
  paymentId: string;
  amountMinor: number;
  currency: string;
}

interface RefundStanding {
  /** The cardholder's bank disputes the charge: the processor refuses refunds of it. */
  disputed: boolean;
  /** Refunded by others than our own refunds (made with an idempotency key of ours). */
  refundedOutsideMinor: number;
  /** Captured and not refunded yet. */
  refundableMinor: number;
}

/** A processor's refusal: the codes passed to the traveller with the processor's message. */
export type PaymentErrorCode = CardErrorCode;

export class PaymentError extends Error {
  override readonly name = 'PaymentError';
  constructor(
    readonly code: PaymentErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Why the processor refused a refund: Stripe's `charge_disputed` (the bank is handling the money
 * in a dispute) or `charge_already_refunded` (nothing is left to refund).
 */
export type RefundRefusal = 'charge_disputed' | 'charge_already_refunded';

/** A refund refused because the money is not the merchant's to return: not a failure to retry. */
export class RefundRefusedError extends PaymentError {
  constructor(
    readonly refusal: RefundRefusal,
    message: string,
  ) {
    super('invalid_state', message);
  }
}
