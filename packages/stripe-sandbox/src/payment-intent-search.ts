/**
 * The PaymentIntent lists: the list (by `created`, with cursors) and the search (Stripe's query
 * language, with page tokens, and searchable only a while after creation, as at Stripe).
 */
import type { StripeAccount } from './account';
import type { Call } from './endpoint';
import { childExpand, type EndpointKit } from './endpoint-kit';
import { invalidParam } from './errors';
import { renderPaymentIntent } from './objects';
import { inRange } from './params';
import { matches, parseQuery } from './search';

/** The list and search of one account's PaymentIntents. */
export function paymentIntentLists(
  account: StripeAccount,
  kit: EndpointKit,
  options: { clock: () => Date; searchDelayMs: number },
) {
  const { clock } = options;
  const { readExpand, paginate, list, ofMode } = kit;

  function listIntents(call: Call): unknown {
    const created = call.params.range('created');
    const customer = call.params.string('customer');
    call.expand = readExpand(call.params, 'payment_intent', true);
    const items = ofMode(call, account.intents.values()).filter(
      (intent) => inRange(intent.created, created) && customer === undefined,
    );
    const page = paginate(call, items, account.intents, 'payment_intent');
    const ctx = account.ctx(call.info.version, childExpand(call.expand));
    return list(
      '/v1/payment_intents',
      page.data.map((intent) => renderPaymentIntent(intent, ctx)),
      page.hasMore,
    );
  }

  function searchIntents(call: Call): unknown {
    const query = parseQuery(call.params.string('query', { required: true, maxLength: 5000 }));
    const limit = call.params.integer('limit', { min: 1, max: 100 }) ?? 10;
    const pageToken = call.params.string('page');
    call.expand = readExpand(call.params, 'payment_intent', true);
    const offset = pageToken === undefined ? 0 : pageOffset(pageToken);
    const visibleBefore = clock().getTime() - options.searchDelayMs;
    const found = ofMode(call, account.intents.values())
      .filter((intent) => intent.createdMs <= visibleBefore)
      .filter((intent) =>
        matches(query, {
          amount: intent.amount,
          created: intent.created,
          currency: intent.currency,
          customer: null,
          status: intent.status,
          metadata: intent.metadata,
        }),
      )
      .sort((a, b) => b.created - a.created || b.seq - a.seq);
    const data = found.slice(offset, offset + limit);
    const hasMore = found.length > offset + limit;
    const ctx = account.ctx(call.info.version, childExpand(call.expand));
    return {
      object: 'search_result',
      data: data.map((intent) => renderPaymentIntent(intent, ctx)),
      has_more: hasMore,
      next_page: hasMore ? Buffer.from(`offset:${offset + limit}`).toString('base64url') : null,
      ...(call.expand.includes('total_count') ? { total_count: found.length } : {}),
      url: '/v1/payment_intents/search',
    };
  }

  return { listIntents, searchIntents };
}

function pageOffset(token: string): number {
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match) throw invalidParam('Invalid page: the value is not a page this search gave.', 'page');
  return Number(match[1]);
}
