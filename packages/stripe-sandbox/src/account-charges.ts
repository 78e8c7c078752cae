/**
 * What happens to a charge once a card is tried: authorised (captured at once or held) or
 * declined, a hold released, refunds, and disputes with the card network's outcome.
 */
import { invalidParam, StripeApiError, unexpectedState } from './errors';
import { newId } from './ids';
import { formatAmount } from './money';
import { renderPaymentIntent, renderRefund } from './objects';
import { AccountLedger, type RequestInfo } from './account-ledger';
import type {
  ChargeRecord,
  DisputeRecord,
  IntentRecord,
  LastPaymentError,
  PaymentMethodRecord,
  RefundRecord,
} from './records';
import type { TestOutcome } from './test-payment-methods';

/** The account's charges, their refunds and disputes; the PaymentIntent lifecycle builds on it. */
export class AccountCharges extends AccountLedger {
  protected newCharge(
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
  protected decline(
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

  protected authorise(
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

  protected release(
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
}
