/**
 * What the endpoints share: the PaymentIntent a call names (of the key's mode), the check of its
 * client secret, `expand[]` read and checked, and Stripe's lists (the key's mode only, newest
 * first, with cursors either way).
 */
import type { StripeAccount } from './account';
import type { Call } from './endpoint';
import { invalidParam } from './errors';
import { checkExpand } from './expand';
import { renderPaymentIntent } from './objects';
import type { Params } from './params';
import type { IntentRecord } from './records';

/** The helpers of the endpoints of one account. */
export function endpointKit(account: StripeAccount) {
  const intentOf = (call: Call, id = call.path.id ?? '', param = 'intent'): IntentRecord =>
    account.find(account.intents, 'payment_intent', id, param, call.info.mode);

  /** A publishable key reaches an intent only with its client secret, as Stripe.js does. */
  function checkClientSecret(call: Call, intent: IntentRecord): void {
    const secret = call.params.string('client_secret');
    if (call.auth.kind === 'publishable' && secret === undefined) {
      throw invalidParam(
        'You must provide the client_secret of the PaymentIntent when using a publishable key.',
        'client_secret',
      );
    }
    if (secret !== undefined && secret !== intent.clientSecret) {
      throw invalidParam(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        'client_secret',
      );
    }
  }

  const renderIntent = (call: Call, intent: IntentRecord) =>
    renderPaymentIntent(intent, account.ctx(call.info.version, call.expand));

  function readExpand(params: Params, kind: Parameters<typeof checkExpand>[0], list = false) {
    const expand = params.stringArray('expand') ?? [];
    const own = list ? expand.filter((path) => path !== 'total_count') : expand;
    checkExpand(kind, own, list ? 'data.' : '');
    return expand;
  }

  /** Stripe's lists: newest first (by `created`, then by creation order), cursors either way. */
  function paginate<T extends { id: string; seq: number; created: number; livemode: boolean }>(
    call: Call,
    items: readonly T[],
    all: ReadonlyMap<string, T>,
    kind: string,
  ): { data: T[]; hasMore: boolean } {
    const limit = call.params.integer('limit', { min: 1, max: 100 }) ?? 10;
    const after = call.params.string('starting_after');
    const before = call.params.string('ending_before');
    const newer = (a: T, b: T) =>
      a.created > b.created || (a.created === b.created && a.seq > b.seq);
    const newestFirst = [...items].sort((a, b) => (newer(a, b) ? -1 : newer(b, a) ? 1 : 0));
    if (before !== undefined) {
      const cursor = account.find(all, kind, before, 'ending_before', call.info.mode);
      const newerThan = newestFirst.filter((item) => newer(item, cursor));
      return { data: newerThan.slice(-limit), hasMore: newerThan.length > limit };
    }
    const cursor =
      after === undefined
        ? undefined
        : account.find(all, kind, after, 'starting_after', call.info.mode);
    const rest = cursor ? newestFirst.filter((item) => newer(cursor, item)) : newestFirst;
    return { data: rest.slice(0, limit), hasMore: rest.length > limit };
  }

  const list = (url: string, data: unknown[], hasMore: boolean) => ({
    object: 'list',
    data,
    has_more: hasMore,
    url,
  });

  const ofMode = <T extends { livemode: boolean }>(call: Call, items: Iterable<T>) =>
    [...items].filter((item) => item.livemode === (call.info.mode === 'live'));

  return { intentOf, checkClientSecret, renderIntent, readExpand, paginate, list, ofMode };
}

export type EndpointKit = ReturnType<typeof endpointKit>;

/** `data.latest_charge` on a list is `latest_charge` on each of its items. */
export function childExpand(expand: readonly string[]): string[] {
  return expand.filter((path) => path.startsWith('data.')).map((path) => path.slice(5));
}
