/**
 * The sandbox's own helpers under `/_sandbox/` (Stripe has no such paths): what a test does in
 * place of the customer or the card network (3-D Secure's outcome, a dispute, a hold that lapses,
 * a webhook sent again), and what an operator does in Stripe's dashboard.
 */
import type { StripeAccount } from './account';
import { renderEvent } from './account-ledger';
import type { Call } from './endpoint';
import type { EndpointKit } from './endpoint-kit';
import { invalidParam, missingParam } from './errors';
import { renderDispute, renderRefund } from './objects';
import type { Params } from './params';
import type { IntentRecord } from './records';
import type { WebhookSender } from './webhooks';

/**
 * What an operator does in Stripe's dashboard, outside the product: refund a payment, and follow a
 * dispute (read it, submit evidence, and — standing in for the card network — its outcome).
 */
export function dashboardHelpers(
  account: StripeAccount,
  intentOf: (call: Call) => IntentRecord,
  readExpand: (params: Params, kind: 'dispute') => string[],
) {
  const disputeOf = (call: Call) =>
    account.find(account.disputes, 'dispute', call.path.id ?? '', 'dispute', call.info.mode);
  return {
    /** Stripe's refund (events and refusals alike), with none of the product's metadata. */
    refund: (call: Call): unknown => {
      const intent = intentOf(call);
      const amount = call.params.integer('amount', { min: 1 });
      const reason =
        call.params.oneOf('reason', [
          'duplicate',
          'fraudulent',
          'requested_by_customer',
        ] as const) ?? null;
      const refund = account.refund(
        account.refundableCharge(intent),
        amount,
        reason,
        {},
        call.info,
      );
      return renderRefund(refund, account.ctx(call.info.version));
    },
    retrieveDispute: (call: Call): unknown => {
      const expand = readExpand(call.params, 'dispute');
      return renderDispute(disputeOf(call), account.ctx(call.info.version, expand));
    },
    submitEvidence: (call: Call): unknown => {
      return renderDispute(
        account.submitEvidence(disputeOf(call), call.info),
        account.ctx(call.info.version),
      );
    },
    closeDispute: (call: Call): unknown => {
      const outcome = call.params.oneOf('outcome', ['won', 'lost'] as const);
      if (outcome === undefined) throw missingParam('outcome');
      return renderDispute(
        account.closeDispute(disputeOf(call), outcome, call.info),
        account.ctx(call.info.version),
      );
    },
  };
}

/** The test helpers of one account (webhooks through `sender`, where it has an endpoint). */
export function sandboxHelpers(
  account: StripeAccount,
  kit: EndpointKit,
  sender: WebhookSender | null,
) {
  const { intentOf, renderIntent, list } = kit;

  function helperAuthenticate(call: Call): unknown {
    const intent = intentOf(call);
    const outcome = call.params.oneOf('outcome', ['succeed', 'fail'] as const) ?? 'succeed';
    account.authenticate(intent, outcome, call.info);
    return renderIntent(call, intent);
  }

  function helperDispute(call: Call): unknown {
    const intent = intentOf(call);
    const reason =
      call.params.oneOf('reason', [
        'fraudulent',
        'duplicate',
        'product_not_received',
        'product_unacceptable',
        'subscription_canceled',
        'credit_not_processed',
        'general',
        'unrecognized',
      ] as const) ?? 'fraudulent';
    return renderDispute(
      account.dispute(intent, reason, call.info),
      account.ctx(call.info.version),
    );
  }

  function helperExpire(call: Call): unknown {
    const intent = intentOf(call);
    const charge = intent.latestChargeId ? account.charges.get(intent.latestChargeId) : undefined;
    if (intent.status !== 'requires_capture' || !charge) {
      throw invalidParam(
        `Only a hold (requires_capture) can lapse; this PaymentIntent is ${intent.status}.`,
        'intent',
        'payment_intent_unexpected_state',
      );
    }
    account.expire(intent, charge);
    return renderIntent(call, intent);
  }

  function helperResend(call: Call): unknown {
    const event = account.find(account.events, 'event', call.path.id ?? '', 'id', call.info.mode);
    if (!sender) {
      throw invalidParam('The sandbox was started without a webhook endpoint.', 'id');
    }
    sender.send(event.id, event.type, JSON.stringify(renderEvent(event, 1), null, 2));
    return renderEvent(event);
  }

  function helperDeliveries(): unknown {
    const deliveries = sender?.deliveries() ?? [];
    return list('/_sandbox/webhook_deliveries', [...deliveries].reverse(), false);
  }

  return { helperAuthenticate, helperDispute, helperExpire, helperResend, helperDeliveries };
}
