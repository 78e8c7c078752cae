import { invalidParam } from './errors';
import type {
  ChargeRecord,
  DisputeRecord,
  IntentRecord,
  PaymentMethodRecord,
  RefundRecord,
} from './records';

/**
 * Renders records as Stripe's objects, field for field, in the API version the request asked for
 * (`Stripe-Version`), expanding what `expand[]` names.
 */

export interface Lookup {
  intent(id: string): IntentRecord | undefined;
  charge(id: string): ChargeRecord | undefined;
  paymentMethod(id: string): PaymentMethodRecord | undefined;
  refund(id: string): RefundRecord | undefined;
}

export interface RenderContext {
  version: string;
  /** Paths to expand, relative to the object rendered (`latest_charge`, `latest_charge.refunds`). */
  expand: readonly string[];
  lookup: Lookup;
}

type Kind = 'payment_intent' | 'charge' | 'refund' | 'payment_method' | 'dispute';
type Target = Kind | 'nothing' | 'refund_list';

/** What each object's `expand[]` may name; `nothing` is a field the sandbox always has null. */
const expandable: Record<Kind, Readonly<Record<string, Target>>> = {
  payment_intent: {
    latest_charge: 'charge',
    payment_method: 'payment_method',
    customer: 'nothing',
    application: 'nothing',
    on_behalf_of: 'nothing',
    review: 'nothing',
    source: 'nothing',
  },
  charge: {
    payment_intent: 'payment_intent',
    refunds: 'refund_list',
    customer: 'nothing',
    application: 'nothing',
    application_fee: 'nothing',
    on_behalf_of: 'nothing',
    review: 'nothing',
    source_transfer: 'nothing',
  },
  refund: { charge: 'charge', payment_intent: 'payment_intent' },
  payment_method: { customer: 'nothing' },
  dispute: { charge: 'charge', payment_intent: 'payment_intent' },
};

/** Refuses what cannot be expanded before the request does anything, as Stripe does. */
export function checkExpand(kind: Kind, paths: readonly string[], prefix = ''): void {
  for (const path of paths) {
    let current: Target = kind;
    for (const part of path.slice(prefix.length).split('.')) {
      const next: Target | undefined =
        current === 'nothing'
          ? undefined
          : current === 'refund_list'
            ? part === 'data'
              ? 'refund'
              : undefined
            : expandable[current][part];
      if (!path.startsWith(prefix) || next === undefined) {
        throw invalidParam(`This property cannot be expanded (${path}).`, 'expand');
      }
      current = next;
    }
  }
}

const childPaths = (expand: readonly string[], field: string) =>
  expand.filter((path) => path.startsWith(`${field}.`)).map((path) => path.slice(field.length + 1));

const wants = (ctx: RenderContext, field: string) =>
  ctx.expand.some((path) => path === field || path.startsWith(`${field}.`));

const child = (ctx: RenderContext, field: string): RenderContext => ({
  ...ctx,
  expand: childPaths(ctx.expand, field),
});

/** `2022-11-15` removed `charges` from PaymentIntents and `refunds` from Charges (unless expanded). */
const before = (version: string, date: string) => version.slice(0, 10) < date;

const nullable = (value: string | null | undefined) => value ?? null;

export function renderPaymentMethod(
  pm: PaymentMethodRecord,
  _ctx: RenderContext,
): Record<string, unknown> {
  return {
    id: pm.id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(),
    card: {
      brand: pm.card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: pm.card.country,
      display_brand: pm.card.brand,
      exp_month: pm.card.expMonth,
      exp_year: pm.card.expYear,
      fingerprint: pm.card.fingerprint,
      funding: pm.card.funding,
      generated_from: null,
      last4: pm.card.last4,
      networks: { available: [pm.card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: pm.created,
    customer: null,
    livemode: pm.livemode,
    metadata: {},
    type: 'card',
  };
}

export function renderRefund(refund: RefundRecord, ctx: RenderContext): Record<string, unknown> {
  const charge = ctx.lookup.charge(refund.chargeId);
  const intent = ctx.lookup.intent(refund.paymentIntentId);
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    balance_transaction: refund.balanceTransaction,
    charge:
      wants(ctx, 'charge') && charge ? renderCharge(charge, child(ctx, 'charge')) : refund.chargeId,
    created: refund.created,
    currency: refund.currency,
    destination_details: {
      card: {
        reference_status: 'pending',
        reference_type: 'acquirer_reference_number',
        type: 'refund',
      },
      type: 'card',
    },
    metadata: refund.metadata,
    payment_intent:
      wants(ctx, 'payment_intent') && intent
        ? renderPaymentIntent(intent, child(ctx, 'payment_intent'))
        : refund.paymentIntentId,
    reason: refund.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

function refundList(charge: ChargeRecord, ctx: RenderContext): Record<string, unknown> {
  const refunds = charge.refundIds
    .map((id) => ctx.lookup.refund(id))
    .filter((refund): refund is RefundRecord => refund !== undefined)
    .reverse();
  return {
    object: 'list',
    data: refunds.map((refund) => renderRefund(refund, child(ctx, 'data'))),
    has_more: false,
    total_count: refunds.length,
    url: `/v1/charges/${charge.id}/refunds`,
  };
}

/** The billing details of a card and its charges: none are collected (the form asks only for the card). */
function billingDetails(): Record<string, unknown> {
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
function chargeOutcome(charge: ChargeRecord): Record<string, unknown> {
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
function cardPaymentDetails(charge: ChargeRecord): Record<string, unknown> {
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

export function renderCharge(charge: ChargeRecord, ctx: RenderContext): Record<string, unknown> {
  const intent = ctx.lookup.intent(charge.paymentIntentId);
  const showRefunds = before(ctx.version, '2022-11-15') || wants(ctx, 'refunds');
  return {
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_captured: charge.amountCaptured,
    amount_refunded: charge.amountRefunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: charge.balanceTransaction,
    billing_details: billingDetails(),
    calculated_statement_descriptor: 'STRIPE SANDBOX',
    captured: charge.captured,
    created: charge.created,
    currency: charge.currency,
    customer: null,
    description: charge.description,
    disputed: charge.disputeId !== null,
    failure_balance_transaction: null,
    failure_code: charge.failureCode,
    failure_message: charge.failureMessage,
    fraud_details: {},
    livemode: charge.livemode,
    metadata: charge.metadata,
    on_behalf_of: null,
    outcome: chargeOutcome(charge),
    paid: charge.paid,
    payment_intent:
      wants(ctx, 'payment_intent') && intent
        ? renderPaymentIntent(intent, child(ctx, 'payment_intent'))
        : charge.paymentIntentId,
    payment_method: charge.paymentMethodId,
    payment_method_details: cardPaymentDetails(charge),
    radar_options: {},
    receipt_email: intent?.receiptEmail ?? null,
    receipt_number: null,
    receipt_url: null,
    refunded: charge.amountRefunded >= charge.amount,
    ...(showRefunds ? { refunds: refundList(charge, child(ctx, 'refunds')) } : {}),
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: intent?.statementDescriptor ?? null,
    statement_descriptor_suffix: intent?.statementDescriptorSuffix ?? null,
    status: charge.status,
    transfer_data: null,
    transfer_group: null,
  };
}

/** The intent's charges, newest first, as API versions before 2022-11-15 list them on it. */
function legacyChargeList(intent: IntentRecord, ctx: RenderContext): Record<string, unknown> {
  const charges = intent.chargeIds
    .map((id) => ctx.lookup.charge(id))
    .filter((charge): charge is ChargeRecord => charge !== undefined)
    .reverse();
  return {
    object: 'list',
    data: charges.map((charge) => renderCharge(charge, { ...ctx, expand: [] })),
    has_more: false,
    total_count: charges.length,
    url: `/v1/charges?payment_intent=${intent.id}`,
  };
}

/** Why the intent's last payment attempt failed, with the payment method it was made with. */
function lastPaymentError(
  error: NonNullable<IntentRecord['lastPaymentError']>,
  ctx: RenderContext,
): Record<string, unknown> {
  const method = ctx.lookup.paymentMethod(error.paymentMethodId);
  return {
    ...(error.chargeId ? { charge: error.chargeId } : {}),
    code: error.code,
    ...(error.declineCode ? { decline_code: error.declineCode } : {}),
    doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}`,
    message: error.message,
    payment_method: method ? renderPaymentMethod(method, ctx) : null,
    type: error.type,
  };
}

/** The card options of an intent: 3D Secure when the card asks for it. */
function cardPaymentOptions(): Record<string, unknown> {
  return {
    card: {
      installments: null,
      mandate_options: null,
      network: null,
      request_three_d_secure: 'automatic',
    },
  };
}

/** The intent's payment method: its id, or the whole object where it is expanded. */
function intentPaymentMethod(intent: IntentRecord, ctx: RenderContext): unknown {
  const paymentMethod = intent.paymentMethodId
    ? ctx.lookup.paymentMethod(intent.paymentMethodId)
    : undefined;
  return wants(ctx, 'payment_method') && paymentMethod
    ? renderPaymentMethod(paymentMethod, child(ctx, 'payment_method'))
    : nullable(intent.paymentMethodId);
}

export function renderPaymentIntent(
  intent: IntentRecord,
  ctx: RenderContext,
): Record<string, unknown> {
  const latest = intent.latestChargeId ? ctx.lookup.charge(intent.latestChargeId) : undefined;
  const error = intent.lastPaymentError;
  const legacyCharges = before(ctx.version, '2022-11-15');
  return {
    id: intent.id,
    object: 'payment_intent',
    allowed_payment_method_types: intent.allowedPaymentMethodTypes,
    amount: intent.amount,
    amount_capturable: intent.amountCapturable,
    amount_details: { tip: {} },
    amount_received: intent.amountReceived,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: intent.automaticPaymentMethods,
    canceled_at: intent.canceledAt,
    cancellation_reason: intent.cancellationReason,
    capture_method: intent.captureMethod,
    ...(legacyCharges ? { charges: legacyChargeList(intent, ctx) } : {}),
    client_secret: intent.clientSecret,
    confirmation_method: intent.confirmationMethod,
    created: intent.created,
    currency: intent.currency,
    customer: null,
    description: intent.description,
    excluded_payment_method_types: intent.excludedPaymentMethodTypes,
    last_payment_error: error ? lastPaymentError(error, ctx) : null,
    latest_charge:
      wants(ctx, 'latest_charge') && latest
        ? renderCharge(latest, child(ctx, 'latest_charge'))
        : nullable(intent.latestChargeId),
    livemode: intent.livemode,
    metadata: intent.metadata,
    next_action: renderNextAction(intent),
    on_behalf_of: null,
    payment_method: intentPaymentMethod(intent, ctx),
    payment_method_configuration_details: null,
    payment_method_options: cardPaymentOptions(),
    payment_method_types: intent.paymentMethodTypes,
    processing: null,
    receipt_email: intent.receiptEmail,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: intent.statementDescriptor,
    statement_descriptor_suffix: intent.statementDescriptorSuffix,
    status: intent.status,
    transfer_data: null,
    transfer_group: null,
  };
}

function renderNextAction(intent: IntentRecord): Record<string, unknown> | null {
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
function emptyEvidence(): Record<string, unknown> {
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

export function renderDispute(dispute: DisputeRecord, ctx: RenderContext): Record<string, unknown> {
  const charge = ctx.lookup.charge(dispute.chargeId);
  const intent = ctx.lookup.intent(dispute.paymentIntentId);
  return {
    id: dispute.id,
    object: 'dispute',
    amount: dispute.amount,
    balance_transactions: [],
    charge:
      wants(ctx, 'charge') && charge
        ? renderCharge(charge, child(ctx, 'charge'))
        : dispute.chargeId,
    created: dispute.created,
    currency: dispute.currency,
    enhanced_eligibility_types: [],
    evidence: emptyEvidence(),
    evidence_details: {
      due_by: dispute.evidenceDueBy,
      has_evidence: dispute.submissionCount > 0,
      past_due: false,
      submission_count: dispute.submissionCount,
    },
    is_charge_refundable: false,
    livemode: dispute.livemode,
    metadata: {},
    payment_intent:
      wants(ctx, 'payment_intent') && intent
        ? renderPaymentIntent(intent, child(ctx, 'payment_intent'))
        : dispute.paymentIntentId,
    reason: dispute.reason,
    status: dispute.status,
  };
}
