/**
 * The endpoints of what a payment leaves behind: refunds (made, retrieved, listed), its charges
 * and its payment methods.
 */
import type { StripeAccount } from './account';
import type { Call } from './endpoint';
import { childExpand, type EndpointKit } from './endpoint-kit';
import { invalidParam } from './errors';
import { checkLastDigit } from './intent-params';
import { renderCharge, renderPaymentMethod, renderRefund } from './objects';
import { inRange } from './params';

/** The refund, charge and payment method endpoints of one account. */
export function chargeEndpoints(account: StripeAccount, kit: EndpointKit) {
  const { intentOf, readExpand, paginate, list, ofMode } = kit;

  function createRefund(call: Call): unknown {
    const { params } = call;
    const intentId = params.string('payment_intent');
    const chargeId = params.string('charge');
    const amount = params.integer('amount', { min: 1 });
    const reason = params.oneOf('reason', [
      'duplicate',
      'fraudulent',
      'requested_by_customer',
    ] as const);
    const metadata = params.metadata() ?? {};
    const expand = readExpand(params, 'refund');
    if (intentId === undefined && chargeId === undefined) {
      throw invalidParam(
        'One of the following params should be provided for this request: payment_intent or charge.',
        'payment_intent',
        'parameter_missing',
      );
    }
    let charge;
    if (intentId !== undefined) {
      const intent = intentOf(call, intentId, 'payment_intent');
      charge = account.refundableCharge(intent);
      if (chargeId !== undefined && chargeId !== charge.id) {
        throw invalidParam(
          `Charge ${chargeId} does not belong to PaymentIntent ${intent.id}.`,
          'charge',
        );
      }
    } else {
      const found = account.find(
        account.charges,
        'charge',
        chargeId ?? '',
        'charge',
        call.info.mode,
      );
      charge = account.refundableCharge(intentOf(call, found.paymentIntentId, 'charge'));
    }
    if (amount !== undefined) checkLastDigit(amount, charge.currency, 'amount');
    const refund = account.refund(
      charge,
      amount,
      reason ?? null,
      Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== '')),
      call.info,
    );
    return renderRefund(refund, account.ctx(call.info.version, expand));
  }

  function retrieveRefund(call: Call): unknown {
    const refund = account.find(
      account.refunds,
      'refund',
      call.path.id ?? '',
      'refund',
      call.info.mode,
    );
    const expand = readExpand(call.params, 'refund');
    return renderRefund(refund, account.ctx(call.info.version, expand));
  }

  function listRefunds(call: Call): unknown {
    const intentId = call.params.string('payment_intent');
    const chargeId = call.params.string('charge');
    const created = call.params.range('created');
    call.expand = readExpand(call.params, 'refund', true);
    const items = ofMode(call, account.refunds.values()).filter(
      (refund) =>
        (intentId === undefined || refund.paymentIntentId === intentId) &&
        (chargeId === undefined || refund.chargeId === chargeId) &&
        inRange(refund.created, created),
    );
    const page = paginate(call, items, account.refunds, 'refund');
    const ctx = account.ctx(call.info.version, childExpand(call.expand));
    return list(
      '/v1/refunds',
      page.data.map((refund) => renderRefund(refund, ctx)),
      page.hasMore,
    );
  }

  function retrieveCharge(call: Call): unknown {
    const charge = account.find(
      account.charges,
      'charge',
      call.path.id ?? '',
      'charge',
      call.info.mode,
    );
    const expand = readExpand(call.params, 'charge');
    return renderCharge(charge, account.ctx(call.info.version, expand));
  }

  function retrievePaymentMethod(call: Call): unknown {
    const pm = account.find(
      account.paymentMethods,
      'PaymentMethod',
      call.path.id ?? '',
      'payment_method',
      call.info.mode,
    );
    const expand = readExpand(call.params, 'payment_method');
    return renderPaymentMethod(pm, account.ctx(call.info.version, expand));
  }

  return { createRefund, retrieveRefund, listRefunds, retrieveCharge, retrievePaymentMethod };
}
