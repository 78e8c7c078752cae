import type Stripe from 'stripe';
import type { OpenHold, PaymentProvider } from '../payment-provider';
import { paymentErrorFrom } from './stripe-errors';
import { stateOf } from './stripe-intents';

/** Finding payments at Stripe: the holds still open before a time, and a payment by its metadata. */

/**
 * Card authorisations last 7 days at Stripe (we ask for no extended authorisation), so no hold
 * is older than this: the open-hold listing pages only through PaymentIntents created after
 * `createdBefore` minus this much.
 */
const HOLD_WINDOW_MS = 8 * 24 * 60 * 60 * 1000;

/** Escapes a value for Stripe's search query language (quoted with '). */
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function stripePaymentSearches(
  stripe: Stripe,
): Pick<PaymentProvider, 'listOpenHolds' | 'findByMetadata'> {
  return {
    async listOpenHolds(createdBefore, limit): Promise<OpenHold[]> {
      // `created` is in whole seconds: a hold of the cut-off's own second may be younger, so it
      // waits for the next sweep.
      const before = Math.floor(createdBefore.getTime() / 1000);
      const since = Math.floor((createdBefore.getTime() - HOLD_WINDOW_MS) / 1000);
      const holds: OpenHold[] = [];
      try {
        for await (const intent of stripe.paymentIntents.list({
          created: { lt: before, gte: since },
          limit: 100,
        })) {
          if (intent.status !== 'requires_capture') continue;
          holds.push({
            ...stateOf(intent),
            metadata: { ...intent.metadata },
            createdAt: new Date(intent.created * 1000),
          });
        }
      } catch (error) {
        throw paymentErrorFrom(error);
      }
      // Stripe lists newest first; the oldest holds are the most overdue.
      return holds
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
        .slice(0, limit);
    },

    async findByMetadata(key, value) {
      try {
        const found = await stripe.paymentIntents.search({
          query: `metadata[${quoted(key)}]:${quoted(value)}`,
          limit: 1,
          expand: ['data.latest_charge'],
        });
        const [intent] = found.data;
        return intent ? stateOf(intent) : null;
      } catch (error) {
        throw paymentErrorFrom(error);
      }
    },
  };
}
