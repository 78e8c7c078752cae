/**
 * Webhooks, as Duffel keeps them: endpoints created with the events they want (their secret
 * shown once, in the answer that creates them), listed, updated, deleted and pinged; and the
 * events of the server published to every active endpoint of the same mode subscribed to them,
 * in Duffel's v2 event shape.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { error, notFound } from './duffel-server-errors';
import { readBody } from './duffel-server-http';
import { randomId } from './duffel-server-ids';
import { paginate } from './duffel-server-pagination';
import type { Delivery, webhookDelivery } from './duffel-server-webhook-delivery';

/** The event types Duffel lets an endpoint subscribe to. */
export const webhookEventTypes = [
  'order.created',
  'order.creation_failed',
  'order.airline_initiated_change_detected',
  'payment.created',
  'stays.booking.created',
  'stays.booking.cancelled',
  'stays.booking_creation_failed',
] as const;

interface Endpoint {
  readonly id: string;
  url: string;
  events: string[];
  active: boolean;
  readonly live_mode: boolean;
  readonly created_at: string;
  updated_at: string;
  readonly secret: string;
}

export interface WebhookDeps {
  clock: () => Date;
  delivery: ReturnType<typeof webhookDelivery>;
}

/** `{url, events}` of a create or update, checked as Duffel does. */
function endpointFields(body: Record<string, unknown>, partial: boolean) {
  const { url, events } = body;
  if (
    (!partial || url !== undefined) &&
    (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url))
  ) {
    throw error(
      422,
      'validation_error',
      url === undefined ? 'validation_required' : 'validation_format',
      'url must be an http(s) URL.',
      { field: 'url', pointer: '/url' },
    );
  }
  const known = (type: unknown) => webhookEventTypes.some((name) => name === type);
  if (
    (!partial || events !== undefined) &&
    (!Array.isArray(events) || events.length === 0 || !events.every(known))
  ) {
    throw error(
      422,
      'validation_error',
      events === undefined ? 'validation_required' : 'invalid_value',
      `events must list some of ${webhookEventTypes.join(', ')}.`,
      { field: 'events', pointer: '/events' },
    );
  }
  if (body.active !== undefined && typeof body.active !== 'boolean') {
    throw error(422, 'validation_error', 'validation_format', 'active must be true or false.', {
      field: 'active',
      pointer: '/active',
    });
  }
  return { url, events: events as string[] | undefined, active: body.active };
}

/** The webhook endpoints of one server, and its events published to them. */
export function webhookEndpoints(deps: WebhookDeps) {
  const { clock, delivery } = deps;
  const endpoints: Endpoint[] = [];
  const organisationId = randomId('org_');

  /** An endpoint as answered after its creation: without its secret. */
  const shown = ({ secret: _secret, ...endpoint }: Endpoint) => endpoint;

  function endpointOf(id: string): Endpoint {
    const endpoint = endpoints.find((candidate) => candidate.id === id);
    if (endpoint === undefined) throw notFound();
    return endpoint;
  }

  function eventOf(type: string, object: unknown, idempotencyKey: string, liveMode: boolean) {
    return {
      id: randomId('wev_'),
      type,
      api_version: 'v2',
      data: { object },
      live_mode: liveMode,
      idempotency_key: idempotencyKey,
      created_at: clock().toISOString(),
      identity_organisation_id: organisationId,
    };
  }

  /** An event to every active endpoint of its mode subscribed to its type. */
  function publish(type: string, object: unknown, idempotencyKey: string, liveMode: boolean) {
    const event = eventOf(type, object, idempotencyKey, liveMode);
    const targets = endpoints.filter(
      (endpoint) =>
        endpoint.active && endpoint.live_mode === liveMode && endpoint.events.includes(type),
    );
    if (targets.length > 0)
      delivery.send(targets.map((endpoint): Delivery => ({ event, endpoint })));
    return event;
  }

  async function create(request: IncomingMessage, liveMode: boolean) {
    const fields = endpointFields(await readBody(request), false);
    const now = clock().toISOString();
    const endpoint: Endpoint = {
      id: randomId('end_'),
      url: fields.url ?? '',
      events: fields.events ?? [],
      active: true,
      live_mode: liveMode,
      created_at: now,
      updated_at: now,
      secret: randomBytes(16).toString('base64'),
    };
    endpoints.push(endpoint);
    return { status: 201, body: { data: { ...endpoint } } };
  }

  async function update(id: string, request: IncomingMessage) {
    const endpoint = endpointOf(id);
    const fields = endpointFields(await readBody(request), true);
    if (fields.url !== undefined) endpoint.url = fields.url;
    if (fields.events !== undefined) endpoint.events = fields.events;
    if (fields.active !== undefined) endpoint.active = fields.active;
    endpoint.updated_at = clock().toISOString();
    return { status: 200, body: { data: shown(endpoint) } };
  }

  async function webhooks(
    key: string,
    id: string,
    query: URLSearchParams,
    request: IncomingMessage,
    liveMode: boolean,
  ): Promise<{ status: number; body: unknown }> {
    switch (key) {
      case 'POST webhooks':
        return create(request, liveMode);
      case 'GET webhooks':
        return {
          status: 200,
          body: paginate(endpoints.filter((e) => e.live_mode === liveMode).map(shown), query),
        };
      case 'PATCH webhooks/:id':
        return update(id, request);
      case 'DELETE webhooks/:id':
        endpoints.splice(endpoints.indexOf(endpointOf(id)), 1);
        return { status: 200, body: {} };
      case 'POST webhooks/:id/actions/ping': {
        const endpoint = endpointOf(id);
        delivery.send([
          { event: eventOf('ping.triggered', {}, endpoint.id, endpoint.live_mode), endpoint },
        ]);
        return { status: 200, body: {} };
      }
      default:
        throw notFound();
    }
  }

  return { webhooks, publish };
}
