/**
 * Orders read back from Duffel: one by its id, or the one made for a booking, found by our
 * booking's id in its metadata among the orders of its lead passenger's name; a replacement
 * order in the ids of the offer it stands in for.
 */
import type { Duffel } from '@duffel/api';
import { SupplierError, type SupplierOrder } from '../flight-supplier';
import type { DuffelCall } from './duffel-calls';
import { orderOf, orderReference } from './duffel-order-mapping';
import type { OfferReplacements } from './offer-replacements';
import { renamed } from './replacement-ids';

/** Our booking id in each order's metadata: how an order whose answer was lost is found. */
export const BOOKING_METADATA_KEY = 'contrail_booking';
/** The offer a replacement order stands in for (see OfferReplacements). */
export const OFFER_METADATA_KEY = 'contrail_offer';

/** Orders are listed 200 a page; a booking's order is among an account's recent ones. */
const ORDER_PAGES = 25;

/** How the adapter reads orders back. */
export function duffelOrderLookup({
  duffel,
  call,
  clock,
  replacements,
}: {
  duffel: Duffel;
  call: DuffelCall;
  clock: () => Date;
  replacements: OfferReplacements;
}) {
  /** Looks for the order made for a booking, in the orders of its lead passenger's name. */
  async function findOrder(reference: string, familyName?: string): Promise<SupplierOrder | null> {
    let after: string | undefined;
    for (let page = 0; page < ORDER_PAGES; page += 1) {
      const listed = await call(
        'orders.list',
        () =>
          duffel.orders.list({
            limit: 200,
            ...(familyName ? { 'passenger_name[]': [familyName] } : {}),
            ...(after ? { after } : {}),
          }),
        { read: true, bookingId: reference },
      );
      const raw = listed.data.find(
        (order) => orderReference(order, BOOKING_METADATA_KEY) === reference,
      );
      if (raw) return orderAnswer(raw);
      after = listed.meta?.after ?? undefined;
      if (!after) return null;
    }
    return null;
  }

  /** An order as the traveller's offer knew it (a replacement order in the replaced ids). */
  async function orderAnswer(raw: unknown): Promise<SupplierOrder> {
    const order = orderOf(raw, { now: clock() });
    if (order === null)
      throw new SupplierError('provider_error', 'Duffel answered an order we cannot read.');
    const replaced = orderReference(raw, OFFER_METADATA_KEY);
    const replacement = replaced ? await replacements.find(replaced) : null;
    return replacement ? renamed(order, replacement.ids) : order;
  }

  return { findOrder, orderAnswer };
}

export type DuffelOrderLookup = ReturnType<typeof duffelOrderLookup>;
