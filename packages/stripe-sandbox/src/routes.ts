/**
 * The route table: every endpoint the sandbox answers, Stripe's and its own, with the parameters
 * each takes (any other is refused first) and whether a publishable key may call it.
 */
import type { StripeAccount } from './account';
import { chargeEndpoints } from './charge-endpoints';
import { routeOf, type Handler, type Route } from './endpoint';
import { endpointKit } from './endpoint-kit';
import { eventEndpoints } from './event-endpoints';
import { CONFIRM_INTENT_PARAMS, CREATE_INTENT_PARAMS } from './intent-params';
import { paymentIntentEndpoints } from './payment-intent-endpoints';
import { paymentIntentLists } from './payment-intent-search';
import { dashboardHelpers, sandboxHelpers } from './sandbox-helpers';
import type { WebhookSender } from './webhooks';

export interface RouteDeps {
  account: StripeAccount;
  /** Where events are sent; null for an account without a webhook endpoint. */
  sender: WebhookSender | null;
  clock: () => Date;
  /** How long after creation a PaymentIntent becomes searchable. */
  searchDelayMs: number;
}

/** Every endpoint of one account, with the parameters it takes. */
export function stripeRoutes(deps: RouteDeps): Route[] {
  const { account } = deps;
  const kit = endpointKit(account);
  const { createIntent, retrieveIntent, confirmIntent, captureIntent, cancelIntent } =
    paymentIntentEndpoints(account, kit);
  const { listIntents, searchIntents } = paymentIntentLists(account, kit, deps);
  const { createRefund, retrieveRefund, listRefunds, retrieveCharge, retrievePaymentMethod } =
    chargeEndpoints(account, kit);
  const { retrieveEvent, listEvents } = eventEndpoints(account, kit);
  const { helperAuthenticate, helperDispute, helperExpire, helperResend, helperDeliveries } =
    sandboxHelpers(account, kit, deps.sender);
  const routes: Route[] = [];
  const dashboard = dashboardHelpers(account, kit.intentOf, kit.readExpand);
  const listParams = ['created', 'limit', 'starting_after', 'ending_before', 'expand'];
  const route = (
    method: Route['method'],
    path: string,
    handler: Handler,
    params: readonly string[],
    publishable = false,
  ) => {
    routes.push(routeOf(method, path, handler, params, publishable));
  };

  route('POST', '/v1/payment_intents', createIntent, CREATE_INTENT_PARAMS);
  route('GET', '/v1/payment_intents', listIntents, [...listParams, 'customer']);
  route('GET', '/v1/payment_intents/search', searchIntents, ['query', 'limit', 'page', 'expand']);
  route('GET', '/v1/payment_intents/:id', retrieveIntent, ['client_secret', 'expand'], true);
  route('POST', '/v1/payment_intents/:id/confirm', confirmIntent, CONFIRM_INTENT_PARAMS, true);
  route('POST', '/v1/payment_intents/:id/capture', captureIntent, [
    'amount_to_capture',
    'metadata',
    'expand',
  ]);
  route('POST', '/v1/payment_intents/:id/cancel', cancelIntent, ['cancellation_reason', 'expand']);
  route('POST', '/v1/refunds', createRefund, [
    'payment_intent',
    'charge',
    'amount',
    'reason',
    'metadata',
    'expand',
  ]);
  route('GET', '/v1/refunds', listRefunds, [...listParams, 'payment_intent', 'charge']);
  route('GET', '/v1/refunds/:id', retrieveRefund, ['expand']);
  route('GET', '/v1/charges/:id', retrieveCharge, ['expand']);
  route('GET', '/v1/payment_methods/:id', retrievePaymentMethod, ['expand']);
  route('GET', '/v1/disputes/:id', dashboard.retrieveDispute, ['expand']);
  route('GET', '/v1/events', listEvents, [...listParams, 'type', 'types']);
  route('GET', '/v1/events/:id', retrieveEvent, []);
  route('POST', '/_sandbox/payment_intents/:id/authenticate', helperAuthenticate, ['outcome']);
  route('POST', '/_sandbox/payment_intents/:id/dispute', helperDispute, ['reason']);
  route('POST', '/_sandbox/payment_intents/:id/expire', helperExpire, []);
  route('POST', '/_sandbox/payment_intents/:id/refund', dashboard.refund, ['amount', 'reason']);
  route('POST', '/_sandbox/disputes/:id/submit_evidence', dashboard.submitEvidence, []);
  route('POST', '/_sandbox/disputes/:id/close', dashboard.closeDispute, ['outcome']);
  route('POST', '/_sandbox/events/:id/resend', helperResend, []);
  route('GET', '/_sandbox/webhook_deliveries', helperDeliveries, []);
  return routes;
}
