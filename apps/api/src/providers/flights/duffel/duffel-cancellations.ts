/**
 * An order's cancellations on Duffel: a quote asked, confirmed, read back, and every one of an
 * order's listed.
 */
import type { Duffel } from '@duffel/api';
import { SupplierError, type FlightSupplier, type SupplierCancellation } from '../flight-supplier';
import type { DuffelCall } from './duffel-calls';
import { cancellationOf } from './duffel-cancellation-mapping';
import { translated } from './duffel-errors';
import { duffelId, duffelPathSegment } from './duffel-ids';

/** An order has a handful of cancellation quotes; more pages than this is a fault, not data. */
const MAX_CANCELLATION_PAGES = 20;

/** The supplier's cancellation methods. */
export function duffelCancellations({
  duffel,
  call,
  clock,
  knownCurrency,
  cancellationPageSize,
}: {
  duffel: Duffel;
  call: DuffelCall;
  clock: () => Date;
  /** The account's currency, once a search has told it: a cancellation's when it says none. */
  knownCurrency: () => string | null;
  /** Cancellations per page when listing an order's. */
  cancellationPageSize: number;
}): Pick<
  FlightSupplier,
  'quoteCancellation' | 'confirmCancellation' | 'getCancellation' | 'listCancellations'
> {
  function cancelled(raw: unknown) {
    const cancellation = cancellationOf(raw, { now: clock(), currency: knownCurrency() ?? 'USD' });
    if (cancellation === null) {
      throw new SupplierError('provider_error', 'Duffel answered a cancellation we cannot read.');
    }
    return cancellation;
  }

  return {
    quoteCancellation: (orderId) =>
      translated(async () => {
        const id = duffelId('order', orderId);
        const response = await call(
          'order_cancellations.create',
          () => duffel.orderCancellations.create({ order_id: id }),
          { read: false },
        );
        return cancelled(response.data);
      }),

    confirmCancellation: (cancellationId) =>
      translated(async () => {
        const segment = duffelPathSegment('cancellation', cancellationId);
        const response = await call(
          'order_cancellations.confirm',
          () => duffel.orderCancellations.confirm(segment),
          { read: false },
        );
        return cancelled(response.data);
      }),

    getCancellation: (cancellationId) =>
      translated(async () => {
        const segment = duffelPathSegment('cancellation', cancellationId);
        const response = await call(
          'order_cancellations.get',
          () => duffel.orderCancellations.get(segment),
          { read: true },
        );
        return cancelled(response.data);
      }),

    listCancellations: (orderId) =>
      translated(async () => {
        const id = duffelId('order', orderId);
        const found: SupplierCancellation[] = [];
        let after: string | undefined;
        // Every page: the confirmed one may be on any (Duffel lists them in no set order).
        for (let page = 0; page < MAX_CANCELLATION_PAGES; page += 1) {
          const response = await call(
            'order_cancellations.list',
            () =>
              duffel.orderCancellations.list({
                order_id: id,
                limit: cancellationPageSize,
                ...(after === undefined ? {} : { after }),
              }),
            { read: true },
          );
          found.push(...response.data.map((raw) => cancelled(raw)));
          const next = response.meta?.after;
          if (typeof next !== 'string' || next === '') return found;
          after = next;
        }
        throw new SupplierError('provider_error', 'Duffel listed more cancellations than we read.');
      }),
  };
}
