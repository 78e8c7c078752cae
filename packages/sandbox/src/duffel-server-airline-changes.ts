/**
 * Airline-initiated changes over HTTP, as Duffel answers them: the list (of an order's, with
 * `order_id`), accepting a change, and telling Duffel what was done about one it could not act
 * on (`PATCH`, for changes offering `update`); and a change detected on an order, which the
 * order's answers and the webhooks subscribed to `order.airline_initiated_change_detected` see.
 */
import type { IncomingMessage } from 'node:http';
import type {
  AirlineInitiatedChange,
  ChangeActionTaken,
  ChangeRecords,
} from './duffel-server-change-records';
import { error, notFound } from './duffel-server-errors';
import { readBody } from './duffel-server-http';
import { randomId } from './duffel-server-ids';
import { paginate } from './duffel-server-pagination';
import {
  applyScheduleChange,
  slicesAfter,
  type ScheduleChange,
} from './duffel-server-schedule-changes';
import type { OrderSlice } from './types';

/** An order as its answers show it (its slices after any change taken). */
export interface ChangedOrder {
  readonly id: string;
  readonly slices: readonly OrderSlice[];
  readonly live_mode: boolean;
}

export interface AirlineChangeDeps {
  clock: () => Date;
  records: ChangeRecords;
  readOrder: (orderId: string) => Promise<ChangedOrder>;
  /** Told of each change detected, with the order's answer that now carries it. */
  onDetected: (change: AirlineInitiatedChange, order: ChangedOrder) => Promise<void>;
}

const actionsTaken: readonly ChangeActionTaken[] = ['accepted', 'cancelled', 'changed'];

/** The airline-initiated change endpoints of one server, and the detection of a change. */
export function airlineChangeEndpoints(deps: AirlineChangeDeps) {
  const { clock, records } = deps;

  function changeOf(id: string): AirlineInitiatedChange {
    const change = records.find(id);
    if (change === undefined) throw notFound();
    return change;
  }

  function refuseAction(change: AirlineInitiatedChange, action: 'accept' | 'update') {
    if (change.available_actions.includes(action)) return;
    const why =
      change.action_taken === null
        ? `This airline-initiated change cannot be given the ${action} action; its available_actions are [${change.available_actions.join(', ')}].`
        : `An action was already taken on this airline-initiated change (${change.action_taken}).`;
    throw error(422, 'invalid_state_error', 'unavailable_action', why);
  }

  async function take(change: AirlineInitiatedChange, taken: ChangeActionTaken) {
    if (taken === 'accepted') {
      const order = await deps.readOrder(change.order_id);
      records.take(order.id, slicesAfter(order.slices, change.removed, change.added), change);
    }
    const now = clock().toISOString();
    change.action_taken = taken;
    change.action_taken_at = now;
    change.updated_at = now;
    change.available_actions = [];
    return { status: 200, body: { data: change } };
  }

  async function airlineChanges(
    key: string,
    id: string,
    query: URLSearchParams,
    request: IncomingMessage,
  ): Promise<{ status: number; body: unknown }> {
    if (key === 'GET airline_initiated_changes') {
      return { status: 200, body: paginate(records.list(query.get('order_id')), query) };
    }
    const change = changeOf(id);
    if (key === 'POST airline_initiated_changes/:id/actions/accept') {
      refuseAction(change, 'accept');
      return take(change, 'accepted');
    }
    if (key !== 'PATCH airline_initiated_changes/:id') throw notFound();
    const taken = (await readBody(request)).action_taken;
    if (!actionsTaken.includes(taken as ChangeActionTaken)) {
      throw error(
        422,
        'validation_error',
        taken === undefined ? 'validation_required' : 'invalid_value',
        'action_taken must be one of accepted, cancelled or changed.',
        { field: 'action_taken', pointer: '/action_taken' },
      );
    }
    refuseAction(change, 'update');
    return take(change, taken as ChangeActionTaken);
  }

  /** The airline changes an order's schedule: the change recorded and announced. */
  async function detect(orderId: string, schedule: ScheduleChange) {
    const before = await deps.readOrder(orderId);
    const { removed, added, actions } = applyScheduleChange(before.slices, schedule);
    const now = clock().toISOString();
    const change: AirlineInitiatedChange = {
      id: randomId('aic_'),
      order_id: before.id,
      added,
      removed,
      available_actions: actions,
      action_taken: null,
      action_taken_at: null,
      created_at: now,
      updated_at: now,
      travel_agent_ticket: null,
    };
    records.add(change);
    await deps.onDetected(change, await deps.readOrder(orderId));
    return change;
  }

  return { airlineChanges, detect };
}

/** The stand-in's own way to make a change happen: `{data: {order_id, kind, …}}` read. */
export function scheduleChangeOf(body: Record<string, unknown>): {
  orderId: string;
  change: ScheduleChange;
} {
  const orderId = typeof body.order_id === 'string' ? body.order_id : '';
  if (orderId === '') {
    throw error(422, 'validation_error', 'validation_required', 'order_id is required.', {
      field: 'order_id',
      pointer: '/order_id',
    });
  }
  const slice = typeof body.slice === 'number' ? body.slice : 0;
  const selfManaged = body.self_managed === true;
  if (body.kind === 'retime') {
    return {
      orderId,
      change: { kind: 'retime', minutes: body.minutes as number, slice, selfManaged },
    };
  }
  if (body.kind === 'cancel') {
    const replacementMinutes = (body.replacement_minutes as number | null | undefined) ?? null;
    return { orderId, change: { kind: 'cancel', replacementMinutes, slice, selfManaged } };
  }
  throw error(422, 'validation_error', 'invalid_value', 'kind must be retime or cancel.', {
    field: 'kind',
    pointer: '/kind',
  });
}
