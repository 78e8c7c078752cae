/**
 * Renders records as Stripe's objects, field for field, in the API version the request asked for
 * (`Stripe-Version`), expanding what `expand[]` names.
 */
import { child, wants, type RenderContext } from './expand';
import {
  billingDetails,
  cardPaymentDetails,
  cardPaymentOptions,
  chargeOutcome,
  emptyEvidence,
  renderNextAction,
} from './object-details';
import type {
  ChargeRecord,
  DisputeRecord,
  IntentRecord,
  PaymentMethodRecord,
  RefundRecord,
} from './records';

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
