import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import {
  constructWebhookEvent,
  WebhookSignatureError,
} from '../../providers/payments/stripe/stripe-webhooks';
import { paymentErrors } from './payments.errors';
import type { PaymentsRepository } from './payments.repository';
import { createStripeEventHandlers } from './stripe-event-handlers';
import type { StripeEventsRepository } from './stripe-events.repository';

export interface StripeWebhooksService {
  /**
   * Handles one webhook delivery: the signature is checked on the raw body (400 when unsigned,
   * signed with another secret, altered or older than five minutes), a repeated event changes
   * nothing, and what an event means for a payment or booking is recorded. Answers whether the
   * event was new.
   */
  receive(rawBody: Buffer, signature: string | string[] | undefined): Promise<{ repeat: boolean }>;
}

export function createStripeWebhooksService({
  secrets,
  events,
  payments,
  bookings,
  clock,
  log,
}: {
  /** The webhook endpoints' signing secrets (`whsec_…`): a test and a live one may both be set. */
  secrets: readonly string[];
  events: StripeEventsRepository;
  payments: PaymentsRepository;
  /** The bookings' side of a cancelled hold (the bookings service does this). */
  bookings: {
    /** A booking not yet ordered whose hold the processor cancelled fails now: true when it did. */
    paymentCanceled(bookingId: string): Promise<boolean>;
  };
  clock: () => Date;
  log: FastifyBaseLogger;
}): StripeWebhooksService {
  function verify(rawBody: Buffer, signature: string | string[] | undefined): Stripe.Event {
    let refused: unknown;
    for (const secret of secrets) {
      try {
        return constructWebhookEvent(rawBody, signature, secret, { now: clock });
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        refused = error;
      }
    }
    log.warn({ reason: (refused as Error | undefined)?.message }, 'Stripe webhook refused');
    throw paymentErrors.invalidSignature();
  }

  const { handle } = createStripeEventHandlers({ payments, bookings, clock, log });

  type Row = Parameters<StripeEventsRepository['record']>[0];

  return {
    async receive(rawBody, signature) {
      const event = verify(rawBody, signature);
      const base: Row = {
        id: event.id,
        type: event.type,
        livemode: event.livemode,
        paymentIntentId: null,
        bookingId: null,
        amountMinor: null,
        currency: null,
        reason: null,
        createdAt: new Date(event.created * 1000),
        receivedAt: clock(),
      };
      const kept = { recorded: false };
      try {
        const fresh = await handle(event, async (extra) => {
          kept.recorded = await events.record({ ...base, ...extra });
          return kept.recorded;
        });
        return { repeat: !fresh };
      } catch (error) {
        // Handled only in part: forget the event, so Stripe's retry (a non-2xx answer) redoes it.
        if (kept.recorded) await events.forget(event.id);
        throw error;
      }
    },
  };
}
