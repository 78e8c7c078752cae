import { createHash } from 'node:crypto';
import { invalidParam, noSuch, StripeApiError, unexpectedState } from './errors';
import { newClientSecret, newId } from './ids';
import { formatAmount } from './money';
import {
  renderCharge,
  renderDispute,
  renderPaymentIntent,
  renderRefund,
  type Lookup,
  type RenderContext,
} from './objects';
import type {
  CardDetails,
  ChargeRecord,
  DisputeRecord,
  EventRecord,
  IntentRecord,
  LastPaymentError,
  PaymentMethodRecord,
  RefundRecord,
} from './records';
import { testPaymentMethods, type TestOutcome } from './test-payment-methods';

export type Mode = 'test' | 'live';

/** Who asked: the key's mode, the request's id and idempotency key, its API version. */
export interface RequestInfo {
  mode: Mode;
  requestId: string | null;
  idempotencyKey: string | null;
  version: string;
}

export interface AccountOptions {
  clock: () => Date;
  /** How long an uncaptured card authorisation lasts (Stripe: 7 days). */
  authorizationLifetimeMs: number;
  /** The API version webhook events are rendered in. */
  eventApiVersion: string;
  /** Where the sandbox answers, for the 3-D Secure page a `next_action` points at. */
  publicUrl: () => string;
  /** Every event, as it happens (the server posts them to the webhook endpoint). */
  onEvent: (event: EventRecord) => void;
}

export interface CreateIntentInput {
  amount: number;
  currency: string;
  captureMethod: IntentRecord['captureMethod'];
  confirmationMethod: IntentRecord['confirmationMethod'];
  metadata: Record<string, string>;
  description: string | null;
  receiptEmail: string | null;
  statementDescriptor: string | null;
  statementDescriptorSuffix: string | null;
  paymentMethodTypes: string[];
  allowedPaymentMethodTypes: string[] | null;
  excludedPaymentMethodTypes: string[] | null;
  automaticPaymentMethods: IntentRecord['automaticPaymentMethods'];
}

export interface ConfirmInput {
  paymentMethod?: string;
  returnUrl?: string;
  receiptEmail?: string;
}

const cancelable = new Set([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
]);
const confirmable = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

const fingerprintOf = (testId: string) =>
  createHash('sha256').update(testId).digest('base64url').replace(/[-_]/g, 'x').slice(0, 16);

/**
 * One Stripe account's objects, test and live kept apart, and what happens to them: the
 * PaymentIntent lifecycle with manual or automatic capture, Stripe's test PaymentMethods, 3-D
 * Secure, refunds, disputes, authorisations that lapse, and the events each step sends.
 */
export class StripeAccount {
  readonly intents = new Map<string, IntentRecord>();
  readonly charges = new Map<string, ChargeRecord>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly refunds = new Map<string, RefundRecord>();
  readonly disputes = new Map<string, DisputeRecord>();
  readonly events = new Map<string, EventRecord>();
  private seq = 0;

  readonly lookup: Lookup = {
    intent: (id) => this.intents.get(id),
    charge: (id) => this.charges.get(id),
    paymentMethod: (id) => this.paymentMethods.get(id),
    refund: (id) => this.refunds.get(id),
  };

  constructor(private readonly options: AccountOptions) {}

  private nowMs(): number {
    return this.options.clock().getTime();
  }

  private nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  private stamp(prefix: string, livemode: boolean) {
    this.seq += 1;
    return { id: newId(prefix), livemode, created: this.nowSeconds(), seq: this.seq };
  }

  ctx(version: string, expand: readonly string[] = []): RenderContext {
    return { version, expand, lookup: this.lookup };
  }

  /** Finds an object of the request's mode; one of the other mode is named in the answer. */
  find<T extends { livemode: boolean }>(
    map: ReadonlyMap<string, T>,
    kind: string,
    id: string,
    param: string,
    mode: Mode,
  ): T {
    const found = map.get(id);
    if (found && found.livemode === (mode === 'live')) return found;
    throw noSuch(kind, id, param, found ? (found.livemode ? 'live' : 'test') : undefined);
  }

  // --- events -----------------------------------------------------------------------------

  private emit(
    type: string,
    object: Record<string, unknown>,
    livemode: boolean,
    req: RequestInfo | null,
    previousAttributes: Record<string, unknown> | null = null,
  ): void {
    const event: EventRecord = {
      ...this.stamp('evt', livemode),
      type,
      apiVersion: this.options.eventApiVersion,
      object,
      previousAttributes,
      request: { id: req?.requestId ?? null, idempotency_key: req?.idempotencyKey ?? null },
    };
    this.events.set(event.id, event);
    this.options.onEvent(event);
  }

  private emitIntent(
    type: string,
    intent: IntentRecord,
    req: RequestInfo | null,
    previous?: Record<string, unknown>,
  ) {
    this.emit(
      type,
      renderPaymentIntent(intent, this.ctx(this.options.eventApiVersion)),
      intent.livemode,
      req,
      previous ?? null,
    );
  }

  private emitCharge(
    type: string,
    charge: ChargeRecord,
    req: RequestInfo | null,
    previous?: Record<string, unknown>,
  ) {
    this.emit(
      type,
      renderCharge(charge, this.ctx(this.options.eventApiVersion)),
      charge.livemode,
      req,
      previous ?? null,
    );
  }

  // --- PaymentIntents ------------------------------------------------------------------------

  createIntent(input: CreateIntentInput, req: RequestInfo): IntentRecord {
    const stamp = this.stamp('pi', req.mode === 'live');
    const intent: IntentRecord = {
      ...stamp,
      createdMs: this.nowMs(),
      ...input,
      clientSecret: newClientSecret(stamp.id),
      status: 'requires_payment_method',
      paymentMethodId: null,
      latestChargeId: null,
      chargeIds: [],
      lastPaymentError: null,
      nextAction: null,
      amountCapturable: 0,
      amountReceived: 0,
      canceledAt: null,
      cancellationReason: null,
    };
    this.intents.set(intent.id, intent);
    this.emitIntent('payment_intent.created', intent, req);
    return intent;
  }

  /** Attaches a PaymentMethod without confirming (`payment_method` on create). */
  attach(intent: IntentRecord, paymentMethod: string, req: RequestInfo): void {
    intent.paymentMethodId = this.resolvePaymentMethod(paymentMethod, req).id;
    intent.status = 'requires_confirmation';
  }

  private resolvePaymentMethod(id: string, req: RequestInfo): PaymentMethodRecord {
    const test = testPaymentMethods[id];
    if (!test) {
      const found = this.paymentMethods.get(id);
      if (found?.livemode === (req.mode === 'live')) return found;
      throw noSuch('PaymentMethod', id, 'payment_method');
    }
    if (req.mode === 'live') {
      throw new StripeApiError(
        402,
        'card_error',
        'Your card was declined. Your request was in live mode, but used a known test card.',
        { code: 'card_declined', decline_code: 'live_mode_test_card', param: 'payment_method' },
      );
    }
    const year = this.options.clock().getUTCFullYear();
    const card: CardDetails = {
      ...test.card,
      expMonth: 12,
      expYear: year + 3,
      fingerprint: fingerprintOf(id),
    };
    const pm: PaymentMethodRecord = { ...this.stamp('pm', false), card, testId: id };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  confirm(intent: IntentRecord, input: ConfirmInput, req: RequestInfo): IntentRecord {
    if (!confirmable.has(intent.status)) {
      throw unexpectedState(
        intent.status === 'succeeded'
          ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
          : `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
        renderPaymentIntent(intent, this.ctx(req.version)),
      );
    }
    const pm =
      input.paymentMethod !== undefined
        ? this.resolvePaymentMethod(input.paymentMethod, req)
        : intent.paymentMethodId
          ? this.paymentMethods.get(intent.paymentMethodId)
          : undefined;
    if (!pm) {
      throw invalidParam(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    }
    if (input.receiptEmail !== undefined) intent.receiptEmail = input.receiptEmail;
    intent.paymentMethodId = pm.id;
    intent.lastPaymentError = null;
    intent.nextAction = null;
    const outcome: TestOutcome = testPaymentMethods[pm.testId]?.outcome ?? { kind: 'succeeds' };
    if (outcome.kind === 'authentication_required') {
      intent.status = 'requires_action';
      const url = `${this.options.publicUrl()}/_sandbox/3d_secure?payment_intent=${intent.id}&payment_intent_client_secret=${intent.clientSecret}`;
      intent.nextAction = input.returnUrl
        ? { type: 'redirect_to_url', url, returnUrl: input.returnUrl }
        : { type: 'use_stripe_sdk', url, sourceId: newId('src') };
      this.emitIntent('payment_intent.requires_action', intent, req);
      return intent;
    }
    if (outcome.kind === 'declined') {
      this.decline(intent, pm, outcome, req);
    }
    this.authorise(intent, pm, false, outcome.kind === 'disputed', req);
    return intent;
  }

  /** The test's answer to 3-D Secure: the authorisation goes ahead, or the payment fails. */
  authenticate(intent: IntentRecord, outcome: 'succeed' | 'fail', req: RequestInfo): IntentRecord {
    const pm = intent.paymentMethodId ? this.paymentMethods.get(intent.paymentMethodId) : undefined;
    if (intent.status !== 'requires_action' || !pm) {
      throw unexpectedState(
        `Only a PaymentIntent that requires_action can be authenticated; this one is ${intent.status}.`,
        renderPaymentIntent(intent, this.ctx(req.version)),
      );
    }
    intent.nextAction = null;
    if (outcome === 'succeed') {
      this.authorise(intent, pm, true, false, req);
      return intent;
    }
    intent.status = 'requires_payment_method';
    intent.paymentMethodId = null;
    intent.lastPaymentError = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      paymentMethodId: pm.id,
    };
    this.emitIntent('payment_intent.payment_failed', intent, req);
    return intent;
  }

  private newCharge(
    intent: IntentRecord,
    pm: PaymentMethodRecord,
    fields: Partial<ChargeRecord> & Pick<ChargeRecord, 'status' | 'outcome'>,
  ): ChargeRecord {
    const charge: ChargeRecord = {
      ...this.stamp('ch', intent.livemode),
      amount: intent.amount,
      amountCaptured: 0,
      amountRefunded: 0,
      currency: intent.currency,
      captured: false,
      paid: false,
      paymentIntentId: intent.id,
      paymentMethodId: pm.id,
      card: pm.card,
      threeDSecure: false,
      failureCode: null,
      failureMessage: null,
      description: intent.description,
      metadata: { ...intent.metadata },
      refundIds: [],
      disputeId: null,
      captureBefore: Math.floor((this.nowMs() + this.options.authorizationLifetimeMs) / 1000),
      balanceTransaction: null,
      disputeOnCapture: false,
      ...fields,
    };
    this.charges.set(charge.id, charge);
    intent.chargeIds.push(charge.id);
    intent.latestChargeId = charge.id;
    return charge;
  }

  /** A refused card: a failed charge, the intent back to `requires_payment_method`, a 402. */
  private decline(
    intent: IntentRecord,
    pm: PaymentMethodRecord,
    outcome: Extract<TestOutcome, { kind: 'declined' }>,
    req: RequestInfo,
  ): never {
    const reason = outcome.declineCode ?? outcome.code;
    const charge = this.newCharge(intent, pm, {
      status: 'failed',
      failureCode: outcome.code,
      failureMessage: outcome.message,
      outcome: {
        networkStatus: 'declined_by_network',
        reason,
        sellerMessage:
          reason === 'generic_decline'
            ? 'The bank did not return any further details with this decline.'
            : `The bank returned the decline code \`${reason}\`.`,
        type: 'issuer_declined',
      },
    });
    const error: LastPaymentError = {
      type: 'card_error',
      code: outcome.code,
      ...(outcome.declineCode ? { declineCode: outcome.declineCode } : {}),
      message: outcome.message,
      paymentMethodId: pm.id,
      chargeId: charge.id,
    };
    intent.status = 'requires_payment_method';
    intent.paymentMethodId = null;
    intent.lastPaymentError = error;
    this.emitCharge('charge.failed', charge, req);
    this.emitIntent('payment_intent.payment_failed', intent, req);
    const ctx = this.ctx(req.version);
    const rendered = renderPaymentIntent(intent, ctx);
    throw new StripeApiError(402, 'card_error', outcome.message, {
      charge: charge.id,
      code: outcome.code,
      ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
      payment_intent: rendered,
      payment_method: (rendered.last_payment_error as { payment_method: unknown }).payment_method,
    });
  }

  private authorise(
    intent: IntentRecord,
    pm: PaymentMethodRecord,
    threeDSecure: boolean,
    disputeOnCapture: boolean,
    req: RequestInfo,
  ): void {
    const automatic = intent.captureMethod !== 'manual';
    const charge = this.newCharge(intent, pm, {
      status: 'succeeded',
      paid: true,
      captured: automatic,
      amountCaptured: automatic ? intent.amount : 0,
      balanceTransaction: automatic ? newId('txn') : null,
      threeDSecure,
      disputeOnCapture,
      outcome: {
        networkStatus: 'approved_by_network',
        reason: null,
        sellerMessage: 'Payment complete.',
        type: 'authorized',
      },
    });
    this.emitCharge('charge.succeeded', charge, req);
    if (automatic) {
      intent.status = 'succeeded';
      intent.amountReceived = intent.amount;
      this.emitIntent('payment_intent.succeeded', intent, req);
      if (disputeOnCapture) this.dispute(intent, 'fraudulent', req);
    } else {
      intent.status = 'requires_capture';
      intent.amountCapturable = intent.amount;
      this.emitIntent('payment_intent.amount_capturable_updated', intent, req, {
        amount_capturable: 0,
      });
    }
  }

  capture(
    intent: IntentRecord,
    amountToCapture: number | undefined,
    req: RequestInfo,
  ): IntentRecord {
    const charge = intent.latestChargeId ? this.charges.get(intent.latestChargeId) : undefined;
    if (intent.status !== 'requires_capture' || !charge) {
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        renderPaymentIntent(intent, this.ctx(req.version)),
      );
    }
    const amount = amountToCapture ?? intent.amountCapturable;
    if (amount > intent.amountCapturable) {
      throw invalidParam(
        `The amount to capture (${formatAmount(amount, intent.currency)}) is greater than the amount capturable (${formatAmount(intent.amountCapturable, intent.currency)}).`,
        'amount_to_capture',
        'amount_too_large',
      );
    }
    charge.captured = true;
    charge.amountCaptured = amount;
    // What is not captured is released, and Stripe counts it as refunded on the charge.
    charge.amountRefunded += charge.amount - amount;
    charge.balanceTransaction = newId('txn');
    intent.status = 'succeeded';
    intent.amountReceived = amount;
    intent.amountCapturable = 0;
    this.emitCharge('charge.captured', charge, req, { amount_captured: 0, captured: false });
    this.emitIntent('payment_intent.succeeded', intent, req);
    if (charge.disputeOnCapture) this.dispute(intent, 'fraudulent', req);
    return intent;
  }

  cancel(intent: IntentRecord, reason: string | null, req: RequestInfo): IntentRecord {
    if (!cancelable.has(intent.status)) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        renderPaymentIntent(intent, this.ctx(req.version)),
      );
    }
    const held = intent.status === 'requires_capture';
    intent.status = 'canceled';
    intent.canceledAt = this.nowSeconds();
    intent.cancellationReason = reason;
    intent.amountCapturable = 0;
    intent.nextAction = null;
    const charge = intent.latestChargeId ? this.charges.get(intent.latestChargeId) : undefined;
    // Cancelling a hold releases it, which Stripe records as a refund of the uncaptured charge.
    if (held && charge) this.release(charge, null, req, 'charge.refunded');
    this.emitIntent('payment_intent.canceled', intent, req);
    return intent;
  }

  private release(
    charge: ChargeRecord,
    reason: string | null,
    req: RequestInfo | null,
    eventType: 'charge.refunded' | 'charge.expired',
  ): void {
    const previous = { amount_refunded: charge.amountRefunded, refunded: false };
    const refund: RefundRecord = {
      ...this.stamp('re', charge.livemode),
      amount: charge.amount - charge.amountRefunded,
      chargeId: charge.id,
      paymentIntentId: charge.paymentIntentId,
      currency: charge.currency,
      metadata: {},
      reason,
      balanceTransaction: newId('txn'),
    };
    this.refunds.set(refund.id, refund);
    charge.refundIds.push(refund.id);
    charge.amountRefunded = charge.amount;
    this.emitCharge(eventType, charge, req, eventType === 'charge.refunded' ? previous : undefined);
  }

  /** Holds past their lifetime lapse, as card authorisations do: the intent is canceled. */
  expireHolds(): void {
    const now = this.nowSeconds();
    for (const intent of this.intents.values()) {
      if (intent.status !== 'requires_capture') continue;
      const charge = intent.latestChargeId ? this.charges.get(intent.latestChargeId) : undefined;
      if (charge && charge.captureBefore <= now) this.expire(intent, charge);
    }
  }

  /** Lets one hold lapse now (the sandbox's own helper; Stripe waits out the lifetime). */
  expire(intent: IntentRecord, charge: ChargeRecord): void {
    intent.status = 'canceled';
    intent.canceledAt = this.nowSeconds();
    intent.cancellationReason = 'automatic';
    intent.amountCapturable = 0;
    this.release(charge, 'expired_uncaptured_charge', null, 'charge.expired');
    this.emitIntent('payment_intent.canceled', intent, null);
  }

  // --- refunds and disputes ------------------------------------------------------------------

  refund(
    charge: ChargeRecord,
    amount: number | undefined,
    reason: string | null,
    metadata: Record<string, string>,
    req: RequestInfo,
  ): RefundRecord {
    if (charge.disputeId) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${charge.id} has been charged back; cannot issue a refund.`,
        { code: 'charge_disputed' },
      );
    }
    const refunded = charge.amountRefunded - (charge.amount - charge.amountCaptured);
    const left = charge.amountCaptured - refunded;
    if (left <= 0) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${charge.id} has already been refunded.`,
        { code: 'charge_already_refunded' },
      );
    }
    const wanted = amount ?? left;
    if (wanted > left) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        refunded > 0
          ? `Refund amount (${formatAmount(wanted, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, charge.currency)})`
          : `Refund amount (${formatAmount(wanted, charge.currency)}) is greater than charge amount (${formatAmount(left, charge.currency)})`,
        { param: 'amount' },
      );
    }
    const previous = { amount_refunded: charge.amountRefunded, refunded: false };
    const refund: RefundRecord = {
      ...this.stamp('re', charge.livemode),
      amount: wanted,
      chargeId: charge.id,
      paymentIntentId: charge.paymentIntentId,
      currency: charge.currency,
      metadata,
      reason,
      balanceTransaction: newId('txn'),
    };
    this.refunds.set(refund.id, refund);
    charge.refundIds.push(refund.id);
    charge.amountRefunded += wanted;
    this.emit(
      'refund.created',
      renderRefund(refund, this.ctx(this.options.eventApiVersion)),
      refund.livemode,
      req,
    );
    this.emitCharge('charge.refunded', charge, req, previous);
    return refund;
  }

  /** The charge refundable by a refund of this PaymentIntent, or Stripe's refusal. */
  refundableCharge(intent: IntentRecord): ChargeRecord {
    const charge = intent.latestChargeId ? this.charges.get(intent.latestChargeId) : undefined;
    if (charge?.status !== 'succeeded' || !charge.captured) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        { param: 'payment_intent' },
      );
    }
    return charge;
  }

  dispute(intent: IntentRecord, reason: string, req: RequestInfo): DisputeRecord {
    const charge = intent.latestChargeId ? this.charges.get(intent.latestChargeId) : undefined;
    if (!charge?.captured || intent.status !== 'succeeded') {
      throw unexpectedState(
        `Only a captured payment can be disputed; this PaymentIntent is ${intent.status}.`,
        renderPaymentIntent(intent, this.ctx(req.version)),
      );
    }
    if (charge.disputeId) {
      throw invalidParam(`Charge ${charge.id} is already disputed.`, 'payment_intent');
    }
    const dispute: DisputeRecord = {
      ...this.stamp('dp', charge.livemode),
      amount: charge.amountCaptured,
      chargeId: charge.id,
      paymentIntentId: intent.id,
      currency: charge.currency,
      reason,
      evidenceDueBy: this.nowSeconds() + 21 * 24 * 60 * 60,
      status: 'needs_response',
      submissionCount: 0,
    };
    this.disputes.set(dispute.id, dispute);
    charge.disputeId = dispute.id;
    this.emitDispute('charge.dispute.created', dispute, req);
    // The disputed amount leaves the balance at once, as at Stripe.
    this.emitDispute('charge.dispute.funds_withdrawn', dispute, req);
    return dispute;
  }

  /** Evidence submitted, as from the dashboard: the card network reviews it. */
  submitEvidence(dispute: DisputeRecord, req: RequestInfo): DisputeRecord {
    if (dispute.status !== 'needs_response') {
      throw invalidParam(
        `Dispute ${dispute.id} is ${dispute.status}; evidence can be submitted only while it needs a response.`,
        'dispute',
      );
    }
    dispute.status = 'under_review';
    dispute.submissionCount += 1;
    this.emitDispute('charge.dispute.updated', dispute, req, { status: 'needs_response' });
    return dispute;
  }

  /** The card network decides: won (the money comes back) or lost (it stays with the cardholder). */
  closeDispute(dispute: DisputeRecord, outcome: 'won' | 'lost', req: RequestInfo): DisputeRecord {
    if (dispute.status === 'won' || dispute.status === 'lost') {
      throw invalidParam(`Dispute ${dispute.id} is already closed (${dispute.status}).`, 'dispute');
    }
    const previous = dispute.status;
    dispute.status = outcome;
    this.emitDispute('charge.dispute.closed', dispute, req, { status: previous });
    if (outcome === 'won') this.emitDispute('charge.dispute.funds_reinstated', dispute, req);
    return dispute;
  }

  private emitDispute(
    type: string,
    dispute: DisputeRecord,
    req: RequestInfo | null,
    previous?: Record<string, unknown>,
  ) {
    this.emit(
      type,
      renderDispute(dispute, this.ctx(this.options.eventApiVersion)),
      dispute.livemode,
      req,
      previous ?? null,
    );
  }
}

/** An event as Stripe sends it and as `GET /v1/events/{id}` answers it. */
export function renderEvent(event: EventRecord, pendingWebhooks = 0): Record<string, unknown> {
  return {
    id: event.id,
    object: 'event',
    api_version: event.apiVersion,
    created: event.created,
    data: {
      object: event.object,
      ...(event.previousAttributes ? { previous_attributes: event.previousAttributes } : {}),
    },
    livemode: event.livemode,
    pending_webhooks: pendingWebhooks,
    request: event.request,
    type: event.type,
  };
}
