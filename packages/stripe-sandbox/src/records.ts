/** What the sandbox keeps of each object; `objects.ts` renders them in Stripe's shapes. */

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface CardDetails {
  brand: string;
  last4: string;
  funding: string;
  country: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
}

interface Owned {
  id: string;
  livemode: boolean;
  /** Unix seconds, as every Stripe object's `created`. */
  created: number;
  /** Order of creation, which breaks ties between objects created in the same second. */
  seq: number;
}

export interface PaymentMethodRecord extends Owned {
  card: CardDetails;
  /** The test PaymentMethod it was made from (`pm_card_visa`). */
  testId: string;
}

export interface LastPaymentError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  declineCode?: string;
  message: string;
  paymentMethodId: string;
  chargeId?: string;
}

export type NextAction =
  | { type: 'redirect_to_url'; url: string; returnUrl: string }
  | { type: 'use_stripe_sdk'; url: string; sourceId: string };

export interface IntentRecord extends Owned {
  /** Milliseconds, for search's delay and the hold's lifetime. */
  createdMs: number;
  amount: number;
  currency: string;
  captureMethod: 'automatic' | 'automatic_async' | 'manual';
  confirmationMethod: 'automatic' | 'manual';
  clientSecret: string;
  status: IntentStatus;
  metadata: Record<string, string>;
  description: string | null;
  receiptEmail: string | null;
  statementDescriptor: string | null;
  statementDescriptorSuffix: string | null;
  paymentMethodTypes: string[];
  allowedPaymentMethodTypes: string[] | null;
  excludedPaymentMethodTypes: string[] | null;
  automaticPaymentMethods: { enabled: boolean; allow_redirects?: string } | null;
  paymentMethodId: string | null;
  latestChargeId: string | null;
  chargeIds: string[];
  lastPaymentError: LastPaymentError | null;
  nextAction: NextAction | null;
  amountCapturable: number;
  amountReceived: number;
  canceledAt: number | null;
  cancellationReason: string | null;
}

export interface ChargeOutcome {
  networkStatus: string;
  reason: string | null;
  sellerMessage: string;
  type: string;
}

export interface ChargeRecord extends Owned {
  amount: number;
  amountCaptured: number;
  /** Refunded from the captured amount, plus any authorisation released uncaptured. */
  amountRefunded: number;
  currency: string;
  captured: boolean;
  paid: boolean;
  status: 'succeeded' | 'failed';
  paymentIntentId: string;
  paymentMethodId: string;
  card: CardDetails;
  threeDSecure: boolean;
  failureCode: string | null;
  failureMessage: string | null;
  outcome: ChargeOutcome;
  description: string | null;
  metadata: Record<string, string>;
  refundIds: string[];
  disputeId: string | null;
  /** Unix seconds after which an uncaptured authorisation lapses. */
  captureBefore: number;
  balanceTransaction: string | null;
  /** The cardholder disputes it once captured (`pm_card_createDispute`). */
  disputeOnCapture: boolean;
}

export interface RefundRecord extends Owned {
  amount: number;
  chargeId: string;
  paymentIntentId: string;
  currency: string;
  metadata: Record<string, string>;
  reason: string | null;
  balanceTransaction: string;
}

export interface DisputeRecord extends Owned {
  amount: number;
  chargeId: string;
  paymentIntentId: string;
  currency: string;
  reason: string;
  evidenceDueBy: number;
  /** Stripe's dispute statuses this sandbox plays: answered (`under_review`), then won or lost. */
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  /** Evidence submitted (as from the dashboard): how often. */
  submissionCount: number;
}

export interface EventRecord extends Owned {
  type: string;
  apiVersion: string;
  object: Record<string, unknown>;
  previousAttributes: Record<string, unknown> | null;
  request: { id: string | null; idempotency_key: string | null };
}
