/**
 * The parts of Stripe's objects that the sandbox fills from one record alone or the same way each
 * time: billing details (none are collected), a charge's outcome and card details, an intent's
 * card options and next action, and a new dispute's evidence.
 */
import type { ChargeRecord, IntentRecord } from './records';

/** The billing details of a card and its charges: none are collected (the form asks only for the card). */
export function billingDetails(): Record<string, unknown> {
  return {
    address: {
      city: null,
      country: null,
      line1: null,
      line2: null,
      postal_code: null,
      state: null,
    },
    email: null,
    name: null,
    phone: null,
    tax_id: null,
  };
}

/** What the card network and Radar said of a charge. */
export function chargeOutcome(charge: ChargeRecord): Record<string, unknown> {
  return {
    advice_code: null,
    network_advice_code: null,
    network_decline_code: null,
    network_status: charge.outcome.networkStatus,
    reason: charge.outcome.reason,
    risk_level: 'normal',
    risk_score: 20,
    seller_message: charge.outcome.sellerMessage,
    type: charge.outcome.type,
  };
}

/** The 3D Secure authentication of a charge whose card asked for it. */
function threeDSecureDetails(): Record<string, unknown> {
  return {
    authentication_flow: 'challenge',
    electronic_commerce_indicator: '05',
    result: 'authenticated',
    result_reason: null,
    transaction_id: '00000000-0000-0000-0000-000000000000',
    version: '2.2.0',
  };
}

/** How a charge was paid: the card, its checks and what its authorization allows. */
export function cardPaymentDetails(charge: ChargeRecord): Record<string, unknown> {
  return {
    card: {
      amount_authorized: charge.status === 'succeeded' ? charge.amount : null,
      authorization_code: charge.status === 'succeeded' ? '123456' : null,
      brand: charge.card.brand,
      ...(charge.captured || charge.status !== 'succeeded'
        ? {}
        : { capture_before: charge.captureBefore }),
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: charge.card.country,
      exp_month: charge.card.expMonth,
      exp_year: charge.card.expYear,
      extended_authorization: { status: 'disabled' },
      fingerprint: charge.card.fingerprint,
      funding: charge.card.funding,
      incremental_authorization: { status: 'unavailable' },
      installments: null,
      last4: charge.card.last4,
      mandate: null,
      multicapture: { status: 'unavailable' },
      network: charge.card.brand,
      network_token: { used: false },
      network_transaction_id: '104557651805572',
      overcapture: { maximum_amount_capturable: charge.amount, status: 'unavailable' },
      regulated_status: 'unregulated',
      three_d_secure: charge.threeDSecure ? threeDSecureDetails() : null,
      wallet: null,
    },
    type: 'card',
  };
}

/** The card options of an intent: 3D Secure when the card asks for it. */
export function cardPaymentOptions(): Record<string, unknown> {
  return {
    card: {
      installments: null,
      mandate_options: null,
      network: null,
      request_three_d_secure: 'automatic',
    },
  };
}

/** What the intent asks of the customer next: 3-D Secure, by redirect or in Stripe.js. */
export function renderNextAction(intent: IntentRecord): Record<string, unknown> | null {
  const action = intent.nextAction;
  if (!action) return null;
  if (action.type === 'redirect_to_url') {
    return {
      redirect_to_url: { return_url: action.returnUrl, url: action.url },
      type: 'redirect_to_url',
    };
  }
  return {
    type: 'use_stripe_sdk',
    use_stripe_sdk: {
      source: action.sourceId,
      stripe_js: action.url,
      type: 'three_d_secure_redirect',
    },
  };
}

/** A new dispute's evidence: nothing submitted yet. */
export function emptyEvidence(): Record<string, unknown> {
  return {
    access_activity_log: null,
    billing_address: null,
    cancellation_policy: null,
    cancellation_policy_disclosure: null,
    cancellation_rebuttal: null,
    customer_communication: null,
    customer_email_address: null,
    customer_name: null,
    customer_purchase_ip: null,
    customer_signature: null,
    duplicate_charge_documentation: null,
    duplicate_charge_explanation: null,
    duplicate_charge_id: null,
    product_description: null,
    receipt: null,
    refund_policy: null,
    refund_policy_disclosure: null,
    refund_refusal_explanation: null,
    service_date: null,
    service_documentation: null,
    shipping_address: null,
    shipping_carrier: null,
    shipping_date: null,
    shipping_documentation: null,
    shipping_tracking_number: null,
    uncategorized_file: null,
    uncategorized_text: null,
  };
}
