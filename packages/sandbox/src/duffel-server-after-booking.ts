/**
 * What happens to an order after it is booked, on the Duffel-compatible server: the airline
 * changing its schedule (by the server's `scheduleChanges` rule when it is booked, by
 * `changeSchedule`, or by the stand-in's own `POST /sandbox/airline_initiated_changes`), the
 * change shown as Duffel shows it, and announced to the webhooks subscribed to
 * `order.airline_initiated_change_detected`; and each order made announced as `order.created`.
 */
import type { IncomingMessage } from 'node:http';
import {
  airlineChangeEndpoints,
  scheduleChangeOf,
  type ChangedOrder,
} from './duffel-server-airline-changes';
import type { ChangeRecords } from './duffel-server-change-records';
import { notFound } from './duffel-server-errors';
import { readBody } from './duffel-server-http';
import type { ScheduleChange } from './duffel-server-schedule-changes';
import { webhookDelivery, type WebhookDeliveryOptions } from './duffel-server-webhook-delivery';
import { webhookEndpoints } from './duffel-server-webhooks';

export interface AfterBookingOptions {
  /**
   * The airline's schedule changes: asked once of every order booked (its answer, slices and
   * all), a change it answers is detected right after the order is made; null or undefined
   * leaves the order as booked.
   */
  readonly scheduleChanges?: (order: ChangedOrder) => ScheduleChange | null | undefined;
  /** How webhook events are delivered: retry delays, timeout, duplicates, order. */
  readonly webhookDelivery?: WebhookDeliveryOptions;
}

export interface AfterBookingDeps {
  clock: () => Date;
  records: ChangeRecords;
  readOrder: (orderId: string) => Promise<ChangedOrder>;
}

/** The after-booking parts of one server. */
export function afterBooking(options: AfterBookingOptions, deps: AfterBookingDeps) {
  const { clock, records, readOrder } = deps;
  const delivery = webhookDelivery(options.webhookDelivery ?? {}, clock);
  const webhooks = webhookEndpoints({ clock, delivery });
  const airlineChanges = airlineChangeEndpoints({
    clock,
    records,
    readOrder,
    onDetected: async (change, order) => {
      // Duffel v2: the order, with the change's id beside it; the change is read from the list.
      webhooks.publish(
        'order.airline_initiated_change_detected',
        { ...order, aic_id: change.id },
        change.id,
        order.live_mode,
      );
    },
  });

  /** The stand-in's own routes, under `/sandbox/`. */
  async function own(method: string, path: string, request: IncomingMessage) {
    if (method === 'POST' && path === 'sandbox/airline_initiated_changes') {
      const { orderId, change } = scheduleChangeOf(await readBody(request));
      return { status: 201, body: { data: await airlineChanges.detect(orderId, change) } };
    }
    throw notFound();
  }

  async function afterOrder(order: ChangedOrder) {
    webhooks.publish('order.created', order, order.id, order.live_mode);
    const change = options.scheduleChanges?.(order);
    if (change) await airlineChanges.detect(order.id, change);
  }

  return {
    airlineChanges,
    webhooks,
    own,
    afterOrder,
    changeSchedule: airlineChanges.detect,
    settleWebhooks: () => delivery.settled(),
    webhookAttempts: () => delivery.attempts(),
    close: () => delivery.close(),
  };
}
