/**
 * The Duffel-compatible server's routes: each air endpoint Contrail uses, by method and path,
 * to the part that answers it, and the stand-in's own test routes under `/sandbox/` (a path
 * Duffel does not have); any other path is Duffel's 404.
 */
import type { IncomingMessage } from 'node:http';
import type { airlineChangeEndpoints } from './duffel-server-airline-changes';
import type { cancellationEndpoints } from './duffel-server-cancellations';
import { notFound } from './duffel-server-errors';
import { readBody } from './duffel-server-http';
import type { offerRequestEndpoints } from './duffel-server-offer-requests';
import type { offerEndpoints } from './duffel-server-offers';
import type { orderEndpoints } from './duffel-server-orders';
import type { webhookEndpoints } from './duffel-server-webhooks';

export interface RouteParts {
  offerRequests: ReturnType<typeof offerRequestEndpoints>;
  offers: ReturnType<typeof offerEndpoints>;
  orders: ReturnType<typeof orderEndpoints>;
  cancellations: ReturnType<typeof cancellationEndpoints>;
  airlineChanges: ReturnType<typeof airlineChangeEndpoints>;
  webhooks: ReturnType<typeof webhookEndpoints>;
  /** The stand-in's own routes (`/sandbox/…`), for tests and demos to make things happen. */
  own: (
    method: string,
    path: string,
    request: IncomingMessage,
  ) => Promise<{ status: number; body: unknown }>;
}

/** The route table of one server: a request's method and path to its answer. */
export function duffelRoutes(parts: RouteParts) {
  const { createOfferRequest, getOfferRequest } = parts.offerRequests;
  const { listOffers, getOffer, seatMaps } = parts.offers;
  const { createOrder, listOrders, getOrder } = parts.orders;
  const { orderCancellations } = parts.cancellations;
  const { airlineChanges } = parts.airlineChanges;
  const { webhooks } = parts.webhooks;
  const { own } = parts;

  async function route(
    method: string,
    path: string,
    query: URLSearchParams,
    request: IncomingMessage,
    liveMode: boolean,
  ): Promise<{ status: number; body: unknown }> {
    const pieces = path.replace(/\/+$/, '').split('/').filter(Boolean);
    const [air, resource, id, action, verb] = pieces;
    if (air === 'sandbox') return own(method, pieces.join('/'), request);
    if (air !== 'air' || resource === undefined) throw notFound();
    const key = `${method} ${resource}${id === undefined ? '' : '/:id'}${action === undefined ? '' : `/${action}/${verb ?? ''}`}`;
    switch (key) {
      case 'POST offer_requests':
        return createOfferRequest(await readBody(request), query, liveMode);
      case 'GET offer_requests/:id':
        return getOfferRequest(id ?? '');
      case 'GET offers':
        return listOffers(query);
      case 'GET offers/:id':
        return getOffer(id ?? '', query);
      case 'GET seat_maps':
        return seatMaps(query);
      case 'POST orders':
        return createOrder(await readBody(request));
      case 'GET orders':
        return listOrders(query);
      case 'GET orders/:id':
        return getOrder(id ?? '');
      case 'POST order_cancellations':
      case 'GET order_cancellations':
      case 'GET order_cancellations/:id':
      case 'POST order_cancellations/:id/actions/confirm':
        return orderCancellations(key, id ?? '', query, request, liveMode);
      case 'GET airline_initiated_changes':
      case 'PATCH airline_initiated_changes/:id':
      case 'POST airline_initiated_changes/:id/actions/accept':
        return airlineChanges(key, id ?? '', query, request);
      case 'POST webhooks':
      case 'GET webhooks':
      case 'PATCH webhooks/:id':
      case 'DELETE webhooks/:id':
      case 'POST webhooks/:id/actions/ping':
        return webhooks(key, id ?? '', query, request, liveMode);
      default:
        throw notFound();
    }
  }

  return route;
}
