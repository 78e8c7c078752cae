/**
 * Order rules: the order document assembled from the offer, the passengers and the services,
 * the one payment checked, and refunds computed from the fare conditions. Passengers are checked
 * in order-passengers.ts and services in order-services.ts. Everything here is pure; the sandbox
 * does the reading and writing through the store.
 */
import { invalid, requestObject, sandboxErrorCodes, SandboxError } from './errors';
import { formatAmount, parseAmount, type CurrencyCode } from './money';
import { offerObject } from './offer-objects';
import type { PricedOffer } from './offers';
import type { ChosenSeat, ChosenServices } from './order-services';
import { exitRowDisclosures } from './seat-maps';
import type { SeatInfo } from './seat-maps';
import { zonedTimeToInstant } from './time-zones';
import type { Order, OrderPassenger, OrderService, OrderSlice, SeatMetadata } from './types';

/** The seat name shown in seat maps and orders. */
export function seatName(seat: SeatInfo): string | null {
  if (seat.exitRow) return 'Exit row seat';
  if (seat.front && seat.cabinClass === 'economy') return 'Preferred seat';
  return null;
}

export function seatMetadata(seat: SeatInfo): SeatMetadata {
  return {
    designator: seat.designator,
    name: seatName(seat),
    disclosures: seat.exitRow ? [...exitRowDisclosures] : [],
  };
}

export interface OrderIdentity {
  readonly id: string;
  readonly bookingReference: string;
  readonly ticketNumbers: readonly string[];
  readonly serviceIds: readonly string[];
}

/** The order's slices: the offer's, not changeable, with each passenger's chosen seat. */
function orderSlices(
  priced: PricedOffer,
  offerSlices: ReturnType<typeof offerObject>['slices'],
  services: ChosenServices,
): OrderSlice[] {
  const seatByPassengerSegment = new Map<string, ChosenSeat>();
  for (const chosen of services.seats)
    seatByPassengerSegment.set(`${chosen.segment}|${chosen.passenger}`, chosen);

  let segmentCounter = 0;
  return offerSlices.map((slice) => ({
    ...slice,
    changeable: false,
    segments: slice.segments.map((segment) => {
      const segmentIndex = segmentCounter++;
      return {
        ...segment,
        passengers: segment.passengers.map((passenger) => {
          const passengerIndex = priced.passengers.findIndex(
            (p) => p.id === passenger.passenger_id,
          );
          const chosen = seatByPassengerSegment.get(`${segmentIndex}|${passengerIndex}`);
          return { ...passenger, seat: chosen === undefined ? null : seatMetadata(chosen.seat) };
        }),
      };
    }),
  }));
}

/** The order's services: the seats, then the extra bags, each with its id and its price. */
function orderServicesOf(
  priced: PricedOffer,
  services: ChosenServices,
  identity: OrderIdentity,
): OrderService[] {
  const currency = priced.spec.currency;
  const segmentIds = priced.segmentIds.flat();
  let serviceCounter = 0;
  const nextServiceId = (): string =>
    identity.serviceIds[serviceCounter++] ?? `ser_${serviceCounter}`;
  return [
    ...services.seats.map((chosen): OrderService => ({
      id: nextServiceId(),
      type: 'seat',
      passenger_ids: [priced.passengers[chosen.passenger]?.id ?? ''],
      segment_ids: [segmentIds[chosen.segment] ?? ''],
      quantity: 1,
      total_amount: formatAmount(chosen.price, currency),
      total_currency: currency,
      metadata: seatMetadata(chosen.seat),
    })),
    ...services.bags.map((bag): OrderService => ({
      id: nextServiceId(),
      type: 'baggage',
      passenger_ids: [priced.passengers[bag.passenger]?.id ?? ''],
      segment_ids: [...(priced.segmentIds[bag.slice] ?? [])],
      quantity: bag.quantity,
      total_amount: formatAmount(bag.unitPrice * bag.quantity, currency),
      total_currency: currency,
      metadata: {
        type: 'checked',
        maximum_weight_kg: 23,
        maximum_length_cm: null,
        maximum_height_cm: null,
        maximum_depth_cm: null,
      },
    })),
  ];
}

/** Assembles the order document from a priced offer, the passengers and the services. */
export function buildOrder(
  priced: PricedOffer,
  passengers: readonly OrderPassenger[],
  services: ChosenServices,
  identity: OrderIdentity,
  now: number,
  metadata: Readonly<Record<string, string>>,
): Order {
  const currency = priced.spec.currency;
  const offer = offerObject(priced, false);
  const slices = orderSlices(priced, offer.slices, services);
  const orderServices = orderServicesOf(priced, services, identity);

  const ticketCode = priced.owner.seed.ticketingCode;
  const createdAt = new Date(now).toISOString();
  return {
    id: identity.id,
    live_mode: false,
    type: 'instant',
    booking_reference: identity.bookingReference,
    offer_id: priced.id,
    created_at: createdAt,
    cancelled_at: null,
    owner: priced.owner.duffel,
    slices,
    passengers,
    services: orderServices,
    conditions: offer.conditions,
    total_amount: formatAmount(priced.totalAmount + services.total, currency),
    total_currency: currency,
    base_amount: formatAmount(priced.baseAmount + services.total, currency),
    base_currency: currency,
    tax_amount: formatAmount(priced.taxAmount, currency),
    tax_currency: currency,
    payment_status: {
      awaiting_payment: false,
      paid_at: createdAt,
      payment_required_by: null,
      price_guarantee_expires_at: null,
    },
    documents:
      ticketCode === null
        ? []
        : passengers.map((passenger, i) => ({
            type: 'electronic_ticket',
            unique_identifier: `${ticketCode}${identity.ticketNumbers[i] ?? ''}`,
            passenger_ids: [passenger.id],
          })),
    available_actions: ['cancel'],
    metadata,
  };
}

/**
 * The one payment of an order: from the balance, in the offer's currency, for exactly the offer's
 * total plus the services. The total the search showed, where the price has changed since, is
 * told apart: the airline's new price is given back.
 */
export function validatePayment(
  payments: unknown,
  priced: PricedOffer,
  searchTotal: number,
  servicesTotal: number,
): void {
  const currency = priced.spec.currency;
  if (!Array.isArray(payments) || payments.length !== 1) {
    throw invalid('payments', 'Give exactly one payment.');
  }
  const payment = requestObject(payments[0], 'payments[0]');
  if (payment.type !== 'balance') {
    throw invalid('payments[0].type', 'The payment type must be balance.');
  }
  if (typeof payment.currency !== 'string' || payment.currency !== currency) {
    throw invalid('payments[0].currency', `The offer is priced in ${currency}.`);
  }
  const amount = typeof payment.amount === 'string' ? parseAmount(payment.amount, currency) : null;
  if (amount === null) {
    throw invalid('payments[0].amount', 'Write the amount as a decimal string, e.g. "512.40".');
  }
  const expected = priced.totalAmount + servicesTotal;
  if (amount !== expected) {
    if (amount === searchTotal + servicesTotal) {
      throw new SandboxError(
        sandboxErrorCodes.priceChanged,
        `The airline has changed the price to ${formatAmount(priced.totalAmount, currency)} ${currency}.`,
        { total_amount: formatAmount(priced.totalAmount, currency), total_currency: currency },
      );
    }
    throw invalid(
      'payments[0].amount',
      `The payment must be exactly the offer total plus services: ${formatAmount(expected, currency)} ${currency}.`,
    );
  }
}

/** The instant the order's first flight leaves. */
export function firstDepartureInstant(order: Order): number {
  const segment = order.slices[0]?.segments[0];
  if (segment === undefined) throw new RangeError('An order needs a flight');
  const [date = '', time = '00:00:00'] = segment.departing_at.split('T');
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return zonedTimeToInstant(segment.origin.time_zone, date, hours * 60 + minutes);
}

/**
 * The refund if the order is cancelled now, from its conditions: a refundable fare returns the
 * total (services included) less the penalty; a non-refundable one returns the taxes and airport
 * charges, which airlines refund on unflown tickets.
 */
export function refundAmount(order: Order, currency: CurrencyCode): number {
  const total = parseAmount(order.total_amount, currency) ?? 0;
  const tax = parseAmount(order.tax_amount, currency) ?? 0;
  const refund = order.conditions.refund_before_departure;
  if (refund?.allowed === true) {
    const penalty =
      refund.penalty_amount === null ? 0 : (parseAmount(refund.penalty_amount, currency) ?? 0);
    return Math.max(tax, total - penalty);
  }
  return tax;
}
