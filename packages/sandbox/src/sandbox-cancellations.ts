/**
 * Cancelling an order: a quote of the refund (to the balance, or as airline credits on one
 * route), confirmed before it expires while the first flight has not left, and the quotes read
 * back. On the refund-unknown route the refund is stated once the airline has had an hour.
 */
import { invalid, requestObject, sandboxErrorCodes, SandboxError } from './errors';
import { formatAmount, isSupportedCurrency, type CurrencyCode } from './money';
import { firstDepartureInstant, refundAmount } from './orders';
import { idAlphabet, type SandboxContext } from './sandbox-context';
import { findSpecialRoute, type SpecialBehaviour } from './special-routes';
import type { AirlineCredit, Order, OrderCancellation } from './types';

/** How long a cancellation quote may be confirmed. */
export const cancellationQuoteLifetimeMs = 15 * 60 * 1000;
/** On the refund-unknown route: how long after the confirmation the airline states the refund. */
export const unknownRefundSettlesMs = 60 * 60 * 1000;

/** The sandbox's order cancellations; `getOrder` reads the order a cancellation is of. */
export function sandboxCancellations(
  sandbox: SandboxContext,
  getOrder: (orderId: string) => Promise<Order>,
) {
  function checkCancellable(order: Order): void {
    if (order.cancelled_at !== null) {
      throw new SandboxError(sandboxErrorCodes.alreadyCancelled, 'The order is already cancelled.');
    }
    if (sandbox.now() >= firstDepartureInstant(order)) {
      throw new SandboxError(
        sandboxErrorCodes.orderNotCancellable,
        'The first flight has departed; the order can no longer be cancelled.',
      );
    }
  }

  /** The cancellation behaviour of the order's route (its first slice), if it has one. */
  function cancellationBehaviour(order: Order): SpecialBehaviour | undefined {
    const slice = order.slices[0];
    if (slice === undefined) return undefined;
    return findSpecialRoute(slice.origin.iata_code, slice.destination.iata_code)?.behaviour;
  }

  /** One credit per passenger, together `refund` (the first passenger takes the remainder). */
  function creditsFor(order: Order, refund: number, currency: CurrencyCode): AirlineCredit[] {
    const count = Math.max(1, order.passengers.length);
    const share = Math.floor(refund / count);
    const issuedOn = order.created_at.slice(0, 10);
    const expires = new Date(Date.parse(order.created_at));
    expires.setUTCFullYear(expires.getUTCFullYear() + 1);
    return order.passengers.map((passenger, index) => ({
      id: `acd_${sandbox.randomString(idAlphabet, 22)}`,
      credit_name: 'Future Flight Credit',
      credit_code: sandbox.randomString('0123456789', 13),
      credit_amount: formatAmount(index === 0 ? refund - share * (count - 1) : share, currency),
      credit_currency: currency,
      issued_on: issuedOn,
      expires_at: expires.toISOString(),
      passenger_id: passenger.id,
    }));
  }

  async function quoteOrderCancellation(input: {
    readonly order_id: string;
  }): Promise<OrderCancellation> {
    const orderId = requestObject(input).order_id;
    if (typeof orderId !== 'string') {
      throw invalid('order_id', 'Give the id of the order to cancel.');
    }
    const order = await getOrder(orderId);
    checkCancellable(order);
    const currency = order.total_currency;
    if (!isSupportedCurrency(currency)) {
      throw new Error(`Stored order ${order.id} has currency ${currency}`);
    }
    const created = sandbox.now();
    const refund = refundAmount(order, currency);
    const behaviour = cancellationBehaviour(order);
    const known = behaviour !== 'refund_unknown';
    const cancellation: OrderCancellation = {
      id: `ore_${sandbox.randomString(idAlphabet, 22)}`,
      order_id: order.id,
      live_mode: false,
      refund_amount: known ? formatAmount(refund, currency) : null,
      refund_currency: known ? currency : null,
      refund_to: behaviour === 'refund_to_credits' ? 'airline_credits' : 'balance',
      created_at: new Date(created).toISOString(),
      expires_at: new Date(created + cancellationQuoteLifetimeMs).toISOString(),
      confirmed_at: null,
      airline_credits: behaviour === 'refund_to_credits' ? creditsFor(order, refund, currency) : [],
    };
    await sandbox.store.insertCancellation(cancellation);
    return cancellation;
  }

  /**
   * The cancellation as it reads now: an unknown refund becomes known once the airline has had
   * `unknownRefundSettlesMs` after the confirmation (computed from the order, so every process
   * answers the same).
   */
  async function present(cancellation: OrderCancellation): Promise<OrderCancellation> {
    if (cancellation.refund_amount !== null || cancellation.confirmed_at === null) {
      return cancellation;
    }
    if (sandbox.now() < Date.parse(cancellation.confirmed_at) + unknownRefundSettlesMs)
      return cancellation;
    const order = await getOrder(cancellation.order_id);
    const currency = order.total_currency;
    if (!isSupportedCurrency(currency)) {
      throw new Error(`Stored order ${order.id} has currency ${currency}`);
    }
    return {
      ...cancellation,
      refund_amount: formatAmount(refundAmount(order, currency), currency),
      refund_currency: currency,
    };
  }

  async function getOrderCancellation(cancellationId: string): Promise<OrderCancellation> {
    const cancellation =
      typeof cancellationId === 'string'
        ? await sandbox.store.getCancellation(cancellationId)
        : null;
    if (cancellation === null) {
      throw new SandboxError(
        sandboxErrorCodes.notFound,
        'No order cancellation with this id exists.',
      );
    }
    return present(cancellation);
  }

  async function listOrderCancellations(orderId: string): Promise<OrderCancellation[]> {
    if (typeof orderId !== 'string') throw invalid('order_id', 'Give the id of an order.');
    const found = await sandbox.store.listCancellations(orderId);
    return Promise.all(found.map(present));
  }

  async function confirmOrderCancellation(cancellationId: string): Promise<OrderCancellation> {
    const cancellation = await getOrderCancellation(cancellationId);
    if (cancellation.confirmed_at !== null) {
      throw new SandboxError(sandboxErrorCodes.alreadyCancelled, 'The order is already cancelled.');
    }
    const order = await getOrder(cancellation.order_id);
    checkCancellable(order);
    const confirmedAt = sandbox.now();
    if (confirmedAt >= Date.parse(cancellation.expires_at)) {
      throw new SandboxError(
        sandboxErrorCodes.cancellationExpired,
        'The cancellation quote has expired; ask for a new one.',
      );
    }
    const confirmed: OrderCancellation = {
      ...cancellation,
      confirmed_at: new Date(confirmedAt).toISOString(),
    };
    const result = await sandbox.store.cancelOrder({
      order: { ...order, cancelled_at: confirmed.confirmed_at, available_actions: [] },
      cancellation: confirmed,
    });
    if (!result.ok) {
      throw new SandboxError(sandboxErrorCodes.alreadyCancelled, 'The order is already cancelled.');
    }
    return confirmed;
  }

  return {
    quoteOrderCancellation,
    confirmOrderCancellation,
    getOrderCancellation,
    listOrderCancellations,
  };
}
