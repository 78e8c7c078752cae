/**
 * Stripe's test PaymentMethods (`pm_card_visa` …): each stands for one of Stripe's test cards and
 * what confirming with it does. Confirming makes a new `pm_…` PaymentMethod from it, as at Stripe.
 */

export interface TestCard {
  brand: 'visa' | 'mastercard' | 'amex' | 'discover';
  last4: string;
  funding: 'credit' | 'debit';
  country: string;
}

export type TestOutcome =
  | { kind: 'succeeds' }
  /** Succeeds, and the cardholder disputes the payment once it is captured. */
  | { kind: 'disputed' }
  /** 3-D Secure: `requires_action` until the test authenticates it (or fails it). */
  | { kind: 'authentication_required' }
  | { kind: 'declined'; code: string; declineCode?: string; message: string };

export interface TestPaymentMethod {
  card: TestCard;
  outcome: TestOutcome;
}

const visa = (last4: string, funding: 'credit' | 'debit' = 'credit'): TestCard => ({
  brand: 'visa',
  last4,
  funding,
  country: 'US',
});

const declined = (code: string, message: string, declineCode?: string): TestOutcome => ({
  kind: 'declined',
  code,
  message,
  ...(declineCode ? { declineCode } : {}),
});

export const testPaymentMethods: Readonly<Record<string, TestPaymentMethod>> = {
  pm_card_visa: { card: visa('4242'), outcome: { kind: 'succeeds' } },
  pm_card_visa_debit: { card: visa('5556', 'debit'), outcome: { kind: 'succeeds' } },
  pm_card_mastercard: {
    card: { brand: 'mastercard', last4: '4444', funding: 'credit', country: 'US' },
    outcome: { kind: 'succeeds' },
  },
  pm_card_amex: {
    card: { brand: 'amex', last4: '0005', funding: 'credit', country: 'US' },
    outcome: { kind: 'succeeds' },
  },
  pm_card_discover: {
    card: { brand: 'discover', last4: '1117', funding: 'credit', country: 'US' },
    outcome: { kind: 'succeeds' },
  },
  pm_card_chargeDeclined: {
    card: visa('0002'),
    outcome: declined('card_declined', 'Your card was declined.', 'generic_decline'),
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    card: visa('9995'),
    outcome: declined('card_declined', 'Your card has insufficient funds.', 'insufficient_funds'),
  },
  pm_card_chargeDeclinedFraudulent: {
    card: visa('0019'),
    outcome: declined('card_declined', 'Your card was declined.', 'fraudulent'),
  },
  // Stripe tells the cardholder no more than "declined" for a lost or stolen card; the decline
  // code is for the merchant.
  pm_card_chargeDeclinedLostCard: {
    card: visa('9987'),
    outcome: declined('card_declined', 'Your card was declined.', 'lost_card'),
  },
  pm_card_chargeDeclinedStolenCard: {
    card: visa('9979'),
    outcome: declined('card_declined', 'Your card was declined.', 'stolen_card'),
  },
  pm_card_chargeDeclinedExpiredCard: {
    card: visa('0069'),
    outcome: declined('expired_card', 'Your card has expired.', 'expired_card'),
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    card: visa('0127'),
    outcome: declined('incorrect_cvc', "Your card's security code is incorrect.", 'incorrect_cvc'),
  },
  pm_card_chargeDeclinedProcessingError: {
    card: visa('0119'),
    outcome: declined(
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
      'processing_error',
    ),
  },
  pm_card_authenticationRequired: {
    card: visa('3184'),
    outcome: { kind: 'authentication_required' },
  },
  pm_card_threeDSecure2Required: {
    card: visa('3220'),
    outcome: { kind: 'authentication_required' },
  },
  pm_card_createDispute: { card: visa('0259'), outcome: { kind: 'disputed' } },
};
