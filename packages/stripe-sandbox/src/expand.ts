/**
 * What `expand[]` may name on each object, refused before a request does anything as Stripe
 * refuses it, and the context an object is rendered in: the API version, the paths to expand
 * below it, and where the account's other records are found.
 */
import { invalidParam } from './errors';
import type { ChargeRecord, IntentRecord, PaymentMethodRecord, RefundRecord } from './records';

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

export const wants = (ctx: RenderContext, field: string) =>
  ctx.expand.some((path) => path === field || path.startsWith(`${field}.`));

export const child = (ctx: RenderContext, field: string): RenderContext => ({
  ...ctx,
  expand: childPaths(ctx.expand, field),
});
