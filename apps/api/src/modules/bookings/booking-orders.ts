/**
 * A booking's order at the airline: the offer re-read and re-priced, every rule checked again,
 * then ordered. What the airline refuses becomes the traveller's answer (a new price, seats
 * someone else took, a paused agency) and rolls the booking back; an order it may or may not
 * have made is left to the reconciler with the card hold kept.
 */
import { fromMinorUnits, toMinorUnits } from '@contrail/contracts/money';
import type { Passenger } from '@contrail/contracts/passenger-check';
import { AppError } from '../../lib/app-error';
import { SupplierError, type FlightSupplier } from '../../providers/flights/flight-supplier';
import type { BrandContext } from '../brands/brands.service';
import { supplierFailure } from '../flights';
import { paymentErrors, type PaymentAuthorizationRow } from '../payments';
import {
  assertPassengers,
  assertSeatRules,
  quote,
  seatConflict,
  supplierPassengers,
  type Quote,
} from '../checkout';
import { bookingErrors, storedFailure, type StoredFailure } from './bookings.errors';
import type { StoredOrder } from './bookings.columns';
import type { BookingsRepository } from './bookings.repository';
import type { BookingSettling } from './booking-settling';
import type { CreateBookingInput } from './booking-request';

/** What the order step records: the checked passengers and the prices of the quote. */
function orderingColumns(priced: Quote, passengers: Passenger[]) {
  return {
    passengers,
    providerTotalMinor: priced.providerTotalMinor,
    seatsTotalMinor: priced.seatsMinor,
    bags: priced.bags.map(({ id, passengerId, segmentIds, quantity, amountMinor }) => ({
      serviceId: id,
      passengerId,
      segmentIds,
      quantity,
      amountMinor,
    })),
    bagsTotalMinor: priced.bagsMinor,
    markupMinor: priced.markupMinor,
    contactEmail: passengers[0]?.email ?? '',
  };
}

/** The airline order for the priced offer: its seats and bags, for the provider's total. */
function orderInput(id: string, offerId: string, priced: Quote, passengers: Passenger[]) {
  return {
    offerId,
    passengers: supplierPassengers(passengers),
    services: [
      ...priced.seats.map((seat) => ({ id: seat.serviceId, quantity: 1 })),
      ...priced.bags.map((bag) => ({ id: bag.id, quantity: bag.quantity })),
    ],
    amount: fromMinorUnits(priced.providerTotalMinor, priced.currency),
    currency: priced.currency,
    offerTotal: priced.providerOffer.total_amount,
    reference: id,
  };
}

function failureOf(error: unknown): StoredFailure | undefined {
  // The order may exist: nothing is released until the reconciler has looked for it.
  if (error instanceof SupplierError && error.code === 'order_unconfirmed') return undefined;
  // Nothing was made, and the operator is told (by the supplier): the hold is released.
  if (error instanceof SupplierError && error.code === 'insufficient_balance') {
    return storedFailure(bookingErrors.bookingsPaused());
  }
  const mapped = error instanceof SupplierError ? supplierFailure(error) : error;
  if (mapped instanceof AppError) return storedFailure(mapped);
  if (error instanceof SupplierError) {
    return storedFailure(
      error.code === 'seat_unavailable'
        ? bookingErrors.seatUnavailable()
        : bookingErrors.orderFailed(),
    );
  }
  return undefined;
}

export function bookingOrders({
  bookings,
  supplier,
  clock,
  settling: { markUncertain, mustFind, rollBack },
}: {
  bookings: BookingsRepository;
  supplier: FlightSupplier;
  clock: () => Date;
  settling: Pick<BookingSettling, 'markUncertain' | 'mustFind' | 'rollBack'>;
}) {
  /**
   * What an airline's refusal of the order means to the traveller: a new price (shown, and agreed
   * to, before any new hold) or seats someone else took meanwhile (named).
   */
  async function orderFailure(
    error: unknown,
    brand: BrandContext,
    input: CreateBookingInput,
    priced: Quote | undefined,
  ): Promise<unknown> {
    if (!(error instanceof SupplierError) || !priced) return error;
    if (error.code === 'seat_unavailable' && error.details.taken) {
      const taken = error.details.taken.flatMap((seat) => {
        const index = input.seats.findIndex(
          (s) => s.segmentId === seat.segmentId && s.designator === seat.designator,
        );
        return index < 0 ? [] : [{ index, ...seat }];
      });
      if (taken.length > 0) return seatConflict(priced.providerOffer, taken);
    }
    if (error.code === 'price_changed') {
      try {
        const now = await quote(supplier, brand, input.offerId, input, clock());
        // The same price again would have the traveller agree to it again, and again: the
        // offer cannot be booked as it stands, so it is no longer sold.
        if (now.sellTotalMinor === priced.sellTotalMinor && now.currency === priced.currency) {
          return supplierFailure(
            new SupplierError('offer_unavailable', 'The price the airline shows is refused.'),
          );
        }
        return bookingErrors.amountChanged(now);
      } catch (requoteError) {
        return requoteError instanceof AppError ? requoteError : error;
      }
    }
    if (error.code === 'insufficient_balance') return bookingErrors.bookingsPaused();
    // Our rules are the airline's; should the airline still refuse a passenger, nothing is charged,
    // and the fields it named (on our form's names) are shown.
    if (error.code === 'validation') return bookingErrors.orderFailed(error.details.fields);
    return error;
  }

  /**
   * Re-reads the offer and re-prices it, checks every rule again and orders it from the airline.
   * Expired, changed or refused means the hold is released and the booking fails; an order the
   * airline may or may not have made is left 'ordering' for the reconciler.
   */
  async function placeOrder(
    id: string,
    brand: BrandContext,
    input: CreateBookingInput,
    authorization: PaymentAuthorizationRow,
    now: Date,
  ): Promise<StoredOrder> {
    let priced: Quote | undefined;
    try {
      priced = await quote(supplier, brand, input.offerId, input, clock());
      // The card holds exactly what the traveller agreed to; a new price needs a new hold.
      if (
        input.paymentDetails.currency.toUpperCase() !== authorization.currency ||
        toMinorUnits(input.paymentDetails.amount, authorization.currency) !==
          authorization.amountMinor
      ) {
        throw paymentErrors.paymentNotUsable();
      }
      if (priced.sellTotalMinor !== authorization.amountMinor)
        throw bookingErrors.amountChanged(priced);
      const passengers = assertPassengers(
        priced.providerOffer,
        input.passengers,
        now.toISOString().slice(0, 10),
      );
      assertSeatRules(priced.providerOffer, passengers, priced.seats);
      const advanced = await bookings.advance(
        id,
        'pending',
        'ordering',
        orderingColumns(priced, passengers),
        clock(),
      );
      if (!advanced) throw bookingErrors.inProgress();
      const order = await supplier.createOrder(orderInput(id, input.offerId, priced, passengers));
      // The fare's conditions, as the offer showed them, go with the order kept for the trip.
      return { ...order, conditions: priced.providerOffer.conditions };
    } catch (caught) {
      if (caught instanceof SupplierError && caught.code === 'order_unconfirmed') {
        // Left 'ordering' and uncertain: the reconciler asks the airline again on a schedule
        // and captures once the order shows; the hold is never released without a person.
        await markUncertain(await mustFind(id), {
          providerCode: caught.details.providerCode ?? 'no_answer',
          requestId: caught.details.requestId ?? null,
        });
        throw bookingErrors.orderUnconfirmed();
      }
      const error = await orderFailure(caught, brand, input, priced);
      const failure = failureOf(error);
      if (!failure) throw error;
      const current = await mustFind(id);
      await rollBack(current, current.status, failure);
      throw error instanceof AppError
        ? error
        : new AppError(failure.status, failure.code, failure.message);
    }
  }

  return { placeOrder };
}
