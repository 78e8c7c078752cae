import type { FastifyBaseLogger } from 'fastify';
import { SupplierError, type FlightSupplier } from '../../providers/flights/flight-supplier';
import { sourcedId } from '../../providers/registry';
import type { DuffelWebhookEventsRepository } from './duffel-webhook-events.repository';
import {
  changeOfEvent,
  findChange,
  type DuffelChange,
  type DuffelEvent,
} from './duffel-webhook-payloads';

/**
 * What a Duffel event means for our bookings: an airline's change to an order (a flight
 * retimed, renumbered or replaced) is kept with the booking of that order, recorded with the
 * event's row. An order we do not have is recorded and left there.
 */

type Row = Parameters<DuffelWebhookEventsRepository['record']>[0];

/** What the handlers need: our records, and Duffel's own list of an order's changes. */
export interface DuffelEventDeps {
  events: DuffelWebhookEventsRepository;
  /** The supplier that made the order, by the id our booking keeps for it. */
  supplier: Pick<FlightSupplier, 'listAirlineChanges'>;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The change an event names: the one its object carries, else (v2's events name the change by
 * `aic_id` and leave it out) the one Duffel lists for the order. Null when neither has it; an
 * order Duffel no longer knows has none.
 */
async function changeNamed(
  named: ReturnType<typeof changeOfEvent>,
  keptOrderId: string,
  supplier: DuffelEventDeps['supplier'],
): Promise<DuffelChange | null> {
  if (named.change || !named.changeId) return named.change;
  try {
    const listed = (await supplier.listAirlineChanges?.(keptOrderId)) ?? [];
    return findChange(listed, named.changeId);
  } catch (error) {
    if (error instanceof SupplierError && error.code === 'not_found') return null;
    throw error;
  }
}

/**
 * `order.airline_initiated_change_detected`: the change the event names (v2: the order's `id`
 * and the change's `aic_id`) kept against our booking of that order, in the event's mode. False
 * when the event was a repeat.
 */
export async function handleAirlineChange(
  event: DuffelEvent,
  record: (extra: Partial<Row>) => Promise<boolean>,
  { events, supplier, clock, log }: DuffelEventDeps,
): Promise<boolean> {
  const named = changeOfEvent(event.data?.object);
  const { orderId, changeId } = named;
  const mode = event.live_mode ? 'live' : 'test';
  // Our bookings keep a Duffel order's id as the mode's Duffel orders are named (`duffel-test~ord_…`).
  const keptOrderId = orderId ? sourcedId({ provider: 'duffel', mode }, orderId) : null;
  const bookingId = keptOrderId ? await events.bookingOfOrder(keptOrderId, mode) : undefined;
  if (!(await record({ orderId, bookingId: bookingId ?? null }))) return false;
  const about = { eventId: event.id, orderId, changeId };
  if (!bookingId || !keptOrderId) {
    log.info(about, 'Duffel airline-initiated change for an order we have no booking of');
    return true;
  }
  const change = await changeNamed(named, keptOrderId, supplier);
  if (change?.orderId !== orderId) {
    log.warn({ ...about, bookingId }, 'Duffel airline-initiated change not found');
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
