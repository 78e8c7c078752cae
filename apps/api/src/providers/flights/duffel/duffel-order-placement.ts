/**
 * An order placed on Duffel, paid from the account's balance. Never a second order: an answer
 * lost is looked for before the order is said unconfirmed. An offer whose offer request another
 * order booked is replaced by the same flights; a price Duffel says changed is checked against
 * the offer before the traveller is told.
 */
import { DuffelError, type Duffel } from '@duffel/api';
import { fromMinorUnits, toMinorUnits } from '@contrail/contracts/money';
import type { Offer } from '@contrail/contracts/offers';
import {
  SupplierError,
  type SupplierLog,
  type SupplierOrder,
  type SupplierOrderInput,
} from '../flight-supplier';
import { orderPassengers } from '../order-passengers';
import type { DuffelCall } from './duffel-calls';
import { failureOf } from './duffel-errors';
import { duffelId } from './duffel-ids';
import {
  BOOKING_METADATA_KEY,
  OFFER_METADATA_KEY,
  type DuffelOrderLookup,
} from './duffel-order-lookup';
import type { DuffelReplace } from './duffel-replacement';
import { TimeoutError, type DuffelSleep } from './duffel-waits';
import type { OfferReplacement, OfferReplacements } from './offer-replacements';
import { inverse } from './replacement-ids';

/** A failure after which the order may exist all the same: Duffel failed, or we stopped waiting. */
function uncertain(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  if (!(error instanceof DuffelError)) return !(error instanceof SupplierError);
  const failure = failureOf(error);
  // Duffel documents order_not_created as "no order was created": the one 5xx that is certain.
  if (failure.errors.some((e) => e.code === 'order_not_created')) return false;
  return failure.status === null || failure.status >= 500;
}

/** Codes after which Duffel says the price is not what was paid: the offer tells the new one. */
const PRICE_CODES = new Set(['price_changed', 'payment_amount_does_not_match_order_amount']);

/** The ids an order sends Duffel, checked before anything is asked: offer, passengers, services. */
function checkOrderIds(input: SupplierOrderInput): void {
  duffelId('offer', input.offerId);
  for (const passenger of input.passengers) {
    duffelId('passenger', passenger.id);
    if (passenger.infantPassengerId) duffelId('passenger', passenger.infantPassengerId);
  }
  for (const service of input.services) duffelId('service', service.id);
}

/** How the adapter places an order for a booking. */
export function duffelOrderPlacement({
  duffel,
  call,
  sleep,
  log,
  orderTimeoutMs,
  lookupWaits,
  replacements,
  readOffer,
  replace,
  lookup: { findOrder, orderAnswer },
}: {
  duffel: Duffel;
  call: DuffelCall;
  sleep: DuffelSleep;
  log: SupplierLog;
  /** How long an order may take before we stop waiting and look for it instead. */
  orderTimeoutMs: number;
  /** Pauses before each look for an order whose answer was lost. */
  lookupWaits: readonly number[];
  replacements: OfferReplacements;
  readOffer: (offerId: string) => Promise<Offer>;
  replace: DuffelReplace;
  lookup: DuffelOrderLookup;
}) {
  async function placeOrder(input: SupplierOrderInput): Promise<SupplierOrder> {
    checkOrderIds(input);
    const known = await replacements.find(input.offerId);
    if (known) return order(input, known);
    try {
      return await order(input, null);
    } catch (error) {
      const first = error instanceof DuffelError ? failureOf(error).errors[0] : undefined;
      if (first && PRICE_CODES.has(first.code)) return repriced(input);
      if (first?.code !== 'offer_request_already_booked') throw error;
      return orderReplacement(input);
    }
  }

  /** The order again on a fresh offer request for the same flights, at the same price only. */
  async function orderReplacement(input: SupplierOrderInput): Promise<SupplierOrder> {
    const found = await replace(input);
    if (
      found.currency !== input.currency ||
      found.totalMinor !== toMinorUnits(input.amount, input.currency)
    ) {
      throw new SupplierError('price_changed', 'The price of these flights has changed.', {
        totalAmount: fromMinorUnits(found.totalMinor, found.currency),
        totalCurrency: found.currency,
      });
    }
    return order(input, found.replacement, found.services);
  }

  /**
   * Duffel refused the amount paid (`price_changed`, or the payment not matching the order's
   * amount). The offer says the new price; where its re-read shows the price paid (the airline
   * and its pricing out of step, as Duffel warns), a fresh offer request for the same flights is
   * asked once, and booked at the same price; refused again, the offer cannot be booked. The
   * traveller never agrees to the same price twice.
   */
  async function repriced(input: SupplierOrderInput): Promise<SupplierOrder> {
    const now = await readOffer(input.offerId);
    if (input.offerTotal === undefined || now.total_amount !== input.offerTotal) {
      throw new SupplierError('price_changed', 'The price of these flights has changed.', {
        totalAmount: now.total_amount,
        totalCurrency: now.total_currency,
      });
    }
    log.warn(
      { bookingId: input.reference, duffel: { operation: 'price_unchanged', offerId: now.id } },
      'Duffel said the price changed; the offer shows the same price: asking for a fresh offer',
    );
    try {
      return await orderReplacement(input);
    } catch (error) {
      const first = error instanceof DuffelError ? failureOf(error).errors[0] : undefined;
      if (!(first && PRICE_CODES.has(first.code))) throw error;
      throw new SupplierError(
        'offer_unavailable',
        'The airline will not sell these flights at the price it shows.',
        { providerCode: first.code },
        { cause: error },
      );
    }
  }

  /** The order on Duffel, for the offer or (`replacement`) the offer standing in for it. */
  async function order(
    input: SupplierOrderInput,
    replacement: OfferReplacement | null,
    services: SupplierOrderInput['services'] = input.services,
  ): Promise<SupplierOrder> {
    const toNew = replacement ? inverse(replacement.ids) : {};
    const id = (value: string) => toNew[value] ?? value;
    const lead = input.passengers[0];
    const body = {
      type: 'instant' as const,
      selected_offers: [duffelId('offer', replacement ? replacement.offerId : input.offerId)],
      passengers: orderPassengers(input.passengers, id),
      services: services.map(({ id, quantity }) => ({ id, quantity })),
      payments: [{ type: 'balance' as const, amount: input.amount, currency: input.currency }],
      // Duffel's order takes no assistance request (no service or passenger field for one, and
      // metadata is for us only): the booking keeps them for the operator to pass on.
      metadata: {
        [BOOKING_METADATA_KEY]: input.reference,
        ...(replacement ? { [OFFER_METADATA_KEY]: input.offerId } : {}),
      },
    };
    try {
      const response = await call('orders.create', () => duffel.orders.create(body), {
        read: false,
        bookingId: input.reference,
        timeoutMs: orderTimeoutMs,
      });
      return await orderAnswer(response.data);
    } catch (error) {
      if (!uncertain(error)) throw error;
      // Never a second order, never a blind release of the payment: look for this one first.
      for (const wait of lookupWaits) {
        if (wait > 0) await sleep(wait);
        try {
          const found = await findOrder(input.reference, lead?.familyName);
          if (found) {
            log.info(
              { bookingId: input.reference, orderId: found.id },
              'Duffel order found after a failed answer',
            );
            return found;
          }
        } catch {
          // Not found is not known yet: the next look, or the reconciler, decides.
        }
      }
      const failure = error instanceof DuffelError ? failureOf(error) : null;
      const providerCode =
        failure?.errors[0]?.code ?? (error instanceof TimeoutError ? 'timeout' : 'no_answer');
      throw new SupplierError(
        'order_unconfirmed',
        'The airline did not confirm the order in time.',
        { ...(failure?.requestId ? { requestId: failure.requestId } : {}), providerCode },
        { cause: error },
      );
    }
  }

  return placeOrder;
}
