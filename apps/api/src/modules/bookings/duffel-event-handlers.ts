import type { FastifyBaseLogger } from 'fastify';
import { sourcedId } from '../../providers/registry';
import type { DuffelWebhookEventsRepository } from './duffel-webhook-events.repository';
import { changeOfEvent, type DuffelEvent } from './duffel-webhook-payloads';

/**
 * What a Duffel event means for our bookings: an airline's change to an order (a flight
 * retimed, renumbered or replaced) is kept with the booking of that order, recorded with the
 * event's row. An order we do not have is recorded and left there.
 */

type Row = Parameters<DuffelWebhookEventsRepository['record']>[0];

/**
 * `order.airline_initiated_change_detected`: the change the event's object names (v2: the
 * order's `id` and the change's `aic_id`) kept against our booking of that order, in the
 * event's mode. False when the event was a repeat.
 */
export async function handleAirlineChange(
  event: DuffelEvent,
  record: (extra: Partial<Row>) => Promise<boolean>,
  {
    events,
    clock,
    log,
  }: { events: DuffelWebhookEventsRepository; clock: () => Date; log: FastifyBaseLogger },
): Promise<boolean> {
  const { orderId, changeId, change } = changeOfEvent(event.data?.object);
  const mode = event.live_mode ? 'live' : 'test';
  // Our bookings keep a Duffel order's id as the mode's Duffel orders are named (`duffel-test~ord_…`).
  const bookingId = orderId
    ? await events.bookingOfOrder(sourcedId({ provider: 'duffel', mode }, orderId), mode)
    : undefined;
  if (!(await record({ orderId, bookingId: bookingId ?? null }))) return false;
  const about = { eventId: event.id, orderId, changeId };
  if (!bookingId) {
    log.info(about, 'Duffel airline-initiated change for an order we have no booking of');
    return true;
  }
  if (change?.orderId !== orderId) {
    log.warn({ ...about, bookingId }, 'Duffel airline-initiated change not in its event');
    return true;
  }
  const { orderId: _order, ...kept } = change;
  const written = await events.keepChange({ ...kept, bookingId, receivedAt: clock() });
  log.info(
    { ...about, bookingId, written, availableActions: change.availableActions },
    written
      ? 'the airline changed a booked order'
      : 'Duffel airline-initiated change older than the one kept',
  );
  return true;
}
