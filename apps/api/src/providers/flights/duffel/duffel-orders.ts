/**
 * The supplier's orders on Duffel: whether one can be made now, placing one (and noting what its
 * outcome says of the balance), reading one back by its id or by our booking's, and the
 * airline's changes to one.
 */
import type { Duffel } from '@duffel/api';
import type {
  FlightSupplier,
  SupplierLog,
  SupplierOrder,
  SupplierOrderInput,
} from '../flight-supplier';
import type { DuffelBalance } from './duffel-balance';
import type { DuffelCall } from './duffel-calls';
import { translated } from './duffel-errors';
import { duffelId, duffelPathSegment } from './duffel-ids';
import type { DuffelOrderLookup } from './duffel-order-lookup';

/** The supplier's order methods. */
export function duffelOrders({
  duffel,
  call,
  log,
  balance: { balanceRefusal, noteBalance },
  placeOrder,
  lookup: { findOrder, orderAnswer },
}: {
  duffel: Duffel;
  call: DuffelCall;
  log: SupplierLog;
  balance: DuffelBalance;
  placeOrder: (input: SupplierOrderInput) => Promise<SupplierOrder>;
  lookup: DuffelOrderLookup;
}): Pick<
  FlightSupplier,
  'ordersRefused' | 'createOrder' | 'getOrder' | 'findOrderByReference' | 'listAirlineChanges'
> {
  return {
    ordersRefused: () => balanceRefusal(),

    createOrder: async (input) => {
      let outcome: unknown;
      try {
        outcome = await translated(() => placeOrder(input));
        return outcome as SupplierOrder;
      } catch (error) {
        outcome = error;
        throw error;
      } finally {
        // The order's own outcome stands whatever becomes of this note.
        await noteBalance(outcome, input.reference).catch((failure: unknown) => {
          log.warn(
            { bookingId: input.reference, err: failure },
            'Could not note the Duffel balance',
          );
        });
      }
    },

    getOrder: (orderId) =>
      translated(async () => {
        const segment = duffelPathSegment('order', orderId);
        const response = await call('orders.get', () => duffel.orders.get(segment), { read: true });
        return orderAnswer(response.data);
      }),

    findOrderByReference: (reference, hint) =>
      translated(() => findOrder(reference, hint?.familyName)),

    // As Duffel answers them: the webhooks' reader reads them.
    listAirlineChanges: (orderId) =>
      translated(async () => {
        const id = duffelId('order', orderId);
        const response = await call(
          'airlineInitiatedChanges.list',
          () => duffel.airlineInitiatedChanges.list(id),
          { read: true },
        );
        return [...response.data];
      }),
  };
}
