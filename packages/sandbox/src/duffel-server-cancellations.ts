/**
 * Order cancellations, as Duffel makes them: a quote, the list of an order's, one read back, and
 * the confirmation, with the passenger ids the order's answers carry.
 */
import type { IncomingMessage } from 'node:http';
import { error } from './duffel-server-errors';
import { readBody } from './duffel-server-http';
import { paginate } from './duffel-server-pagination';
import type { StoredRequest } from './duffel-server-request-store';
import type { Sandbox } from './sandbox';
import type { OrderCancellation } from './types';

export interface CancellationDeps {
  sandbox: Sandbox;
  /** The offer request an order was booked from. */
  requestOfOrder: (orderId: string) => StoredRequest | undefined;
  /** Ids from the sandbox as the offer request's own. */
  outward: <T>(stored: StoredRequest, value: T) => T;
}

/** The order cancellation endpoints of one server. */
export function cancellationEndpoints(deps: CancellationDeps) {
  const { sandbox, requestOfOrder, outward } = deps;

  /** A cancellation with the passenger ids its order's answers carry (its airline credits). */
  function cancellationAnswer(cancellation: OrderCancellation, liveMode?: boolean) {
    const stored = requestOfOrder(cancellation.order_id);
    const data = stored ? outward(stored, cancellation) : cancellation;
    return { ...data, live_mode: liveMode ?? stored?.liveMode ?? false };
  }

  /** Quotes, the order's list (Duffel's paging), one read back, and the confirmation. */
  async function orderCancellations(
    key: string,
    id: string,
    query: URLSearchParams,
    request: IncomingMessage,
    liveMode: boolean,
  ): Promise<{ status: number; body: unknown }> {
    if (key === 'POST order_cancellations') {
      const body = await readBody(request);
      const cancellation = await sandbox.quoteOrderCancellation({
        order_id: typeof body.order_id === 'string' ? body.order_id : '',
      });
      return { status: 201, body: { data: cancellationAnswer(cancellation, liveMode) } };
    }
    if (key === 'GET order_cancellations') {
      // Duffel lists every cancellation without a filter; the stand-in keeps them per order only.
      const orderId = query.get('order_id');
      if (orderId === null) {
        throw error(422, 'validation_error', 'validation_required', 'order_id is required.', {
          field: 'order_id',
          pointer: '/order_id',
        });
      }
      const found = await sandbox.listOrderCancellations(orderId);
      return {
        status: 200,
        body: paginate(
          found.map((c) => cancellationAnswer(c)),
          query,
        ),
      };
    }
    const cancellation =
      key === 'GET order_cancellations/:id'
        ? await sandbox.getOrderCancellation(id)
        : await sandbox.confirmOrderCancellation(id);
    return { status: 200, body: { data: cancellationAnswer(cancellation) } };
  }

  return { orderCancellations };
}
