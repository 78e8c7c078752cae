import { createHash } from 'node:crypto';
import { AccountCharges } from './account-charges';
import type { RequestInfo } from './account-ledger';
import { invalidParam, noSuch, StripeApiError, unexpectedState } from './errors';
import { newClientSecret, newId } from './ids';
import { formatAmount } from './money';
import { renderPaymentIntent } from './objects';
import type { CardDetails, ChargeRecord, IntentRecord, PaymentMethodRecord } from './records';
import { testPaymentMethods, type TestOutcome } from './test-payment-methods';

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
export class StripeAccount extends AccountCharges {
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
}
