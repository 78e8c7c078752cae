import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { PAYMENT_METADATA_KEY } from '../checkout';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentAuthorizationRow } from './payments.table';
import type { StripeEventsRepository } from './stripe-events.repository';

/**
 * What each Stripe event means for our payments and bookings: a hold Stripe cancelled, money
 * refunded at Stripe, a refund's progress and a cardholder's dispute, each recorded with the
 * event's row, and only for a payment of the event's own mode.
 */

type Row = Parameters<StripeEventsRepository['record']>[0];

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export function createStripeEventHandlers({
  payments,
  bookings,
  clock,
  log,
}: {
  payments: PaymentsRepository;
  /** The bookings' side of a cancelled hold (the bookings service does this). */
  bookings: {
    /** A booking not yet ordered whose hold the processor cancelled fails now: true when it did. */
    paymentCanceled(bookingId: string): Promise<boolean>;
  };
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  /**
   * Our payment row of an intent: by its `pi_…` id, or by our id in its metadata — and only one
   * of the event's own mode. A test event never touches a live payment, nor a live event a test
   * one, whatever their metadata says (a test account can be given any metadata).
   */
  async function paymentOf(
    event: Stripe.Event,
    intentId: string | null,
    metadata: Stripe.Metadata | null | undefined,
  ): Promise<PaymentAuthorizationRow | undefined> {
    const byIntent = intentId ? await payments.findByProviderPaymentId(intentId) : null;
    const ours = metadata?.[PAYMENT_METADATA_KEY];
    const row =
      byIntent?.provider === 'stripe' ? byIntent : ours ? await payments.find(ours) : undefined;
    if (row?.provider !== 'stripe') return undefined;
    if (row.mode !== (event.livemode ? 'live' : 'test')) {
      log.warn(
        { eventId: event.id, type: event.type, livemode: event.livemode, paymentMode: row.mode },
        'Stripe event ignored: its mode is not its payment’s',
      );
      return undefined;
    }
    return row;
  }

  /** What an event means to us, recorded with the event's row. */
  async function handle(event: Stripe.Event, record: (extra: Partial<Row>) => Promise<boolean>) {
    switch (event.type) {
      case 'payment_intent.canceled':
        return intentCanceled(event, event.data.object, record);
      case 'charge.refunded':
        return chargeRefunded(event, event.data.object, record);
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
      case 'charge.refund.updated': {
        // Kept for the operator; the amount a payment has refunded comes from charge.refunded,
        // whose amount_refunded is cumulative (a refund's own event cannot say the total).
        const refund = event.data.object;
        const intentId = idOf(refund.payment_intent);
        const row = await paymentOf(event, intentId, refund.metadata);
        return record({
          paymentIntentId: intentId,
          bookingId: row?.bookingId ?? null,
          amountMinor: refund.amount,
          currency: refund.currency.toUpperCase(),
        });
      }
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed':
      case 'charge.dispute.funds_withdrawn':
      case 'charge.dispute.funds_reinstated':
        return disputeChanged(event, event.data.object, record);
      default:
        // Other events (the endpoint may be set to send more) are kept so a repeat is known.
        return record({});
    }
  }

  async function intentCanceled(
    event: Stripe.Event,
    intent: Stripe.PaymentIntent,
    record: (extra: Partial<Row>) => Promise<boolean>,
  ): Promise<boolean> {
    const row = await paymentOf(event, intent.id, intent.metadata);
    if (!(await record({ paymentIntentId: intent.id, bookingId: row?.bookingId ?? null })))
      return false;
    if (!row) return true;
    // No hold any more: an authorisation no booking claimed is closed.
    if (row.status === 'authorizing' || row.status === 'authorized') {
      await payments.transition(row.id, row.status, 'voided', clock());
    }
    if (row.bookingId && (await bookings.paymentCanceled(row.bookingId))) {
      log.warn(
        { bookingId: row.bookingId, reason: intent.cancellation_reason },
        'booking failed: Stripe cancelled its payment before capture',
      );
    }
    return true;
  }

  async function chargeRefunded(
    event: Stripe.Event,
    charge: Stripe.Charge,
    record: (extra: Partial<Row>) => Promise<boolean>,
  ): Promise<boolean> {
    const intentId = idOf(charge.payment_intent);
    const row = await paymentOf(event, intentId, charge.metadata);
    // A released hold also "refunds" the uncaptured part: only captured money counts. The amount
    // is the charge's total so far, so a late or repeated event can only confirm it.
    const refunded = charge.captured
      ? Math.max(0, charge.amount_refunded - (charge.amount - charge.amount_captured))
      : 0;
    const recorded = await record({
      paymentIntentId: intentId,
      bookingId: row?.bookingId ?? null,
      amountMinor: refunded,
      currency: charge.currency.toUpperCase(),
    });
    if (!recorded || !row) return recorded;
    await payments.noteRefunded(row.id, refunded, clock());
    if (row.bookingId && refunded > 0) {
      log.info({ bookingId: row.bookingId, refunded }, 'Stripe refunded a booking payment');
    }
    return true;
  }

  async function disputeChanged(
    event: Stripe.Event,
    dispute: Stripe.Dispute,
    record: (extra: Partial<Row>) => Promise<boolean>,
  ): Promise<boolean> {
    const intentId = idOf(dispute.payment_intent);
    const row = await paymentOf(event, intentId, dispute.metadata);
    const recorded = await record({
      paymentIntentId: intentId,
      bookingId: row?.bookingId ?? null,
      amountMinor: dispute.amount,
      currency: dispute.currency.toUpperCase(),
      reason: dispute.reason,
    });
    if (!recorded || !row) return recorded;
    const dueBy = dispute.evidence_details.due_by;
    const noted = await payments.noteDispute(
      row.id,
      {
        id: dispute.id,
        status: dispute.status,
        amountMinor: dispute.amount,
        reason: dispute.reason,
        evidenceDueBy: dueBy ? new Date(dueBy * 1000) : null,
        at: new Date(event.created * 1000),
      },
      clock(),
    );
    if (noted && event.type === 'charge.dispute.created') {
      // The operator answers a dispute in Stripe's dashboard, with evidence, by its deadline.
      log.warn(
        { bookingId: row.bookingId, reason: dispute.reason, evidenceDueBy: dueBy },
        'a card payment is disputed: answer it in the Stripe dashboard',
      );
    }
    return true;
  }

  return { handle };
}
