/**
 * Orders, as Duffel makes and lists them: an offer request booked once, the special routes'
 * failures before anything is booked (or after, for an order lost or listed late), the account's
 * balance debited, and the list by Duffel's filters.
 */
import type { ChangeRecords } from './duffel-server-change-records';
import { error } from './duffel-server-errors';
import { paginate } from './duffel-server-pagination';
import type { OfferRequestStore, StoredRequest } from './duffel-server-request-store';
import { parseAmount, type CurrencyCode } from './money';
import type { Sandbox } from './sandbox';
import { findSpecialRoute } from './special-routes';
import type { CreateOrderInput, Order } from './types';

export interface OrderDeps {
  sandbox: Sandbox;
  clock: () => Date;
  currency: CurrencyCode;
  /** How long after it was made an order of the late-order route is first listed. */
  lateOrderMs: number;
  requests: OfferRequestStore;
  /** The airline-initiated changes: an order's answer carries its changes and the slices left. */
  changes: ChangeRecords;
  /** Told of each order made, once its answer is ready (the scheduled changes start here). */
  afterOrder?: (
    order: ReturnType<ChangeRecords['decorate']> & { live_mode: boolean },
  ) => Promise<void>;
}

/** The order endpoints of one server, with its balance. */
export function orderEndpoints(deps: OrderDeps) {
  const { sandbox, clock, currency, lateOrderMs, requests } = deps;
  const { requestOfOffer, outward, inward } = requests;
  /** Orders made, each listed by GET /air/orders from `listedFrom` (epoch ms) on. */
  const orders: { id: string; requestId: string; listedFrom: number }[] = [];
  /** The account's balance in minor units of `currency`; null never runs out. */
  let balanceMinor: number | null = null;
  const orderRequest = new Map<string, StoredRequest>();
  /** Each order's offer id, as the client booked it. */
  const bookedOffers = new Map<string, string>();

  function orderAnswer(order: Order) {
    const stored = orderRequest.get(order.id);
    const data = stored ? outward(stored, order) : order;
    // A repeated offer (`offersPerRequest`) books under the id it was booked by.
    return deps.changes.decorate({
      ...data,
      offer_id: bookedOffers.get(order.id) ?? data.offer_id,
      live_mode: stored?.liveMode ?? false,
    });
  }

  /** The order's balance payment in minor units of the account's currency, where readable. */
  function paymentMinor(body: Record<string, unknown>): number | null {
    const payments = Array.isArray(body.payments) ? body.payments : [];
    const first = payments[0] as { amount?: unknown } | undefined;
    return typeof first?.amount === 'string' ? parseAmount(first.amount, currency) : null;
  }

  async function createOrder(body: Record<string, unknown>) {
    const selected = Array.isArray(body.selected_offers) ? body.selected_offers : [];
    const offerId = typeof selected[0] === 'string' ? selected[0] : '';
    if (offerId === '') {
      throw error(422, 'validation_error', 'validation_required', 'selected_offers is required.', {
        field: 'selected_offers',
        pointer: '/selected_offers',
      });
    }
    const stored = requestOfOffer(offerId);
    if (stored.bookedOrderId !== null) {
      throw error(
        422,
        'invalid_state_error',
        'offer_request_already_booked',
        'An offer from this offer request has already been booked. Create a new offer request to book again.',
      );
    }
    const first = stored.request.slices[0];
    const behaviour =
      first === undefined
        ? undefined
        : findSpecialRoute(first.origin.iata_code, first.destination.iata_code)?.behaviour;
    const amountMinor = paymentMinor(body);
    refuseOrder(behaviour, amountMinor, balanceMinor);
    const order = await sandbox.createOrder(inward(stored, body) as unknown as CreateOrderInput);
    if (balanceMinor !== null && amountMinor !== null) balanceMinor -= amountMinor;
    stored.bookedOrderId = order.id;
    bookedOffers.set(order.id, offerId);
    const now = clock().getTime();
    orders.push({
      id: order.id,
      requestId: stored.id,
      listedFrom: behaviour === 'order_late' ? now + lateOrderMs : now,
    });
    orderRequest.set(order.id, stored);
    if (behaviour === 'order_lost' || behaviour === 'order_late') {
      throw error(
        500,
        'api_error',
        'internal_server_error',
        'Something went wrong; contact support with the request_id.',
      );
    }
    const answer = orderAnswer(order);
    await deps.afterOrder?.(answer);
    return { status: 201, body: { data: answer } };
  }

  async function listOrders(query: URLSearchParams) {
    // Duffel's filters: booking_reference, passenger_name[], awaiting_payment (and user_id, for
    // customer users, which the sandbox has none of). Anything else is not a filter at Duffel.
    const reference = query.get('booking_reference');
    const names = query.getAll('passenger_name[]').map((name) => name.toLowerCase());
    const awaiting = query.get('awaiting_payment');
    const userId = query.get('user_id');
    const found: unknown[] = [];
    const now = clock().getTime();
    for (const entry of orders) {
      if (entry.listedFrom > now) continue;
      const order = await sandbox.getOrder(entry.id);
      if (reference !== null && order.booking_reference !== reference) continue;
      // Every sandbox order is instant, paid when made; none belongs to a customer user.
      if (awaiting === 'true' || userId !== null) continue;
      if (
        names.length > 0 &&
        !order.passengers.some((p) =>
          names.some(
            (name) =>
              p.given_name.toLowerCase().includes(name) ||
              p.family_name.toLowerCase().includes(name),
          ),
        )
      ) {
        continue;
      }
      found.push(orderAnswer(order));
    }
    return { status: 200, body: paginate(found, query) };
  }

  /** An order as its answers show it. */
  async function readOrder(id: string) {
    return orderAnswer(await sandbox.getOrder(id));
  }

  async function getOrder(id: string) {
    return { status: 200, body: { data: await readOrder(id) } };
  }

  /** The offer request an order was booked from. */
  function requestOfOrder(orderId: string): StoredRequest | undefined {
    return orderRequest.get(orderId);
  }

  function setBalance(amount: string | null): void {
    balanceMinor = amount === null ? null : (paymentMinor({ payments: [{ amount }] }) ?? 0);
  }

  return { createOrder, listOrders, getOrder, readOrder, requestOfOrder, setBalance };
}

/** The order failures of the special routes that come before anything is booked. */
function refuseOrder(
  behaviour: string | undefined,
  amountMinor: number | null,
  balanceMinor: number | null,
): void {
  switch (behaviour) {
    case 'order_not_created':
      throw error(
        502,
        'api_error',
        'order_not_created',
        'The order could not be created. No order was made; you can try again.',
      );
    case 'order_timeout':
      throw error(
        504,
        'api_error',
        'gateway_timeout_error',
        'The airline took too long to respond; contact support with the request_id.',
      );
    case 'airline_unknown':
      throw error(
        502,
        'airline_error',
        'airline_unknown',
        'The airline responded with an unexpected error; contact support with the request_id.',
      );
    case 'amount_mismatch':
      throw error(
        422,
        'validation_error',
        'payment_amount_does_not_match_order_amount',
        'The payment amount does not match the order amount; retrieve the offer for its total.',
        { field: 'amount', pointer: '/payments/0/amount' },
      );
    case 'price_changed_stale':
      throw error(
        422,
        'airline_error',
        'price_changed',
        'The price of the offer has changed; retrieve the offer for its latest price.',
      );
    default:
  }
  const short =
    balanceMinor === null
      ? behaviour === 'insufficient_balance'
      : amountMinor !== null && amountMinor > balanceMinor;
  if (short) {
    throw error(
      422,
      'invalid_state_error',
      'insufficient_balance',
      'Your Duffel balance is too low to pay for this order; top it up and try again.',
    );
  }
}
