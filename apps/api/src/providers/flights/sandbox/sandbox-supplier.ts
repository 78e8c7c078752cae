import type { Offer, SeatMap, Segment, Slice } from '@contrail/contracts/offers';
import { airlineLogo } from '@contrail/reference-data';
import { createSandbox, searchQuantumMs, type Sandbox } from '@contrail/sandbox/sandbox';
import { formatAmount, isSupportedCurrency } from '@contrail/sandbox/money';
import type { SandboxStore } from '@contrail/sandbox/store';
import type * as Duffel from '@contrail/sandbox/types';
import {
  airlineLogoPath,
  type FlightSupplier,
  type SupplierCancellation,
  type SupplierOrder,
} from '../flight-supplier';
import { orderPassengers } from '../order-passengers';
import { airportList } from '../reference';
import { leftToSearch, sandboxAnswerer } from './sandbox-answerer';
import {
  airline,
  conditionsOf,
  onboardServices,
  passengersOf,
  place,
  searchInput,
  translated,
} from './sandbox-mapping';

function segmentOf(segment: Duffel.Segment | Duffel.OrderSegment): Segment {
  const passenger = segment.passengers[0];
  const cabin = passenger?.cabin_class ?? 'economy';
  return {
    id: segment.id,
    origin: place(segment.origin),
    destination: place(segment.destination),
    origin_terminal: segment.origin_terminal,
    destination_terminal: segment.destination_terminal,
    departing_at: segment.departing_at,
    arriving_at: segment.arriving_at,
    duration: segment.duration,
    flight_number: `${segment.marketing_carrier.iata_code}${segment.marketing_carrier_flight_number}`,
    aircraft: { name: segment.aircraft.name },
    airline: airline(segment.marketing_carrier),
    operating_carrier: {
      iata_code: segment.operating_carrier.iata_code,
      name: segment.operating_carrier.name,
    },
    cabin_class: cabin,
    cabin_class_marketing_name: passenger?.cabin_class_marketing_name ?? 'Economy',
    baggages: (passenger?.baggages ?? []).map((bag) => ({
      type: bag.type,
      quantity: bag.quantity,
    })),
    services: onboardServices(
      segment.aircraft.iata_code,
      Number(segment.distance),
      cabin,
      passenger?.baggages.find((bag) => bag.type === 'checked')?.quantity ?? 0,
    ),
    distance_km: Number.isFinite(Number(segment.distance))
      ? Math.round(Number(segment.distance))
      : null,
  };
}

function sliceOf(slice: Duffel.Slice | Duffel.OrderSlice): Slice {
  return {
    id: slice.id,
    origin: place(slice.origin),
    destination: place(slice.destination),
    duration: slice.duration,
    fare_brand_name: slice.fare_brand_name,
    segments: slice.segments.map(segmentOf),
  };
}

function offerOf(offer: Duffel.Offer): Offer {
  return {
    id: offer.id,
    slices: offer.slices.map(sliceOf),
    passengers: passengersOf(offer.passengers),
    conditions: conditionsOf(offer.conditions),
    base_amount: offer.base_amount,
    base_currency: offer.base_currency,
    tax_amount: offer.tax_amount,
    tax_currency: offer.tax_currency,
    total_amount: offer.total_amount,
    total_currency: offer.total_currency,
    available_services: offer.available_services.map((service) => ({
      id: service.id,
      type: service.type,
      name: 'Extra checked bag',
      description: `One additional checked bag up to ${service.metadata.maximum_weight_kg} kg`,
      total_amount: service.total_amount,
      total_currency: service.total_currency,
      maximum_quantity: service.maximum_quantity,
      passenger_ids: [...service.passenger_ids],
      segment_ids: [...service.segment_ids],
    })),
    passenger_identity_documents_required: offer.passenger_identity_documents_required,
    payment_requirements: {
      price_guarantee_expires_at: offer.payment_requirements.price_guarantee_expires_at,
      payment_required_by: offer.payment_requirements.payment_required_by,
    },
    owner: {
      name: offer.owner.name,
      iata_code: offer.owner.iata_code,
      logo_url: airlineLogoPath(offer.owner.iata_code),
    },
    total_emissions_kg: offer.total_emissions_kg,
    expires_at: offer.expires_at,
    created_at: offer.created_at,
  };
}

function seatMapOf(map: Duffel.SeatMap): SeatMap {
  return {
    id: map.id,
    segment_id: map.segment_id,
    slice_id: map.slice_id,
    cabins: map.cabins.map((cabin) => ({
      cabin_class: cabin.cabin_class,
      deck: cabin.deck,
      aisles: cabin.aisles,
      wings: cabin.wings ? { ...cabin.wings } : null,
      rows: cabin.rows.map((row) => ({
        sections: row.sections.map((section) => ({
          elements: section.elements.map((element) =>
            element.type === 'seat'
              ? {
                  type: 'seat' as const,
                  designator: element.designator,
                  name: element.name,
                  disclosures: [...element.disclosures],
                  available: element.available_services.length > 0,
                  available_services: element.available_services.map((service) => ({ ...service })),
                }
              : { type: element.type },
          ),
        })),
      })),
    })),
  };
}

function orderOf(order: Duffel.Order): SupplierOrder {
  const seats = order.slices.flatMap((slice) =>
    slice.segments.flatMap((segment) =>
      segment.passengers.flatMap((passenger) =>
        passenger.seat
          ? [
              {
                passengerId: passenger.passenger_id,
                segmentId: segment.id,
                designator: passenger.seat.designator,
                ...seatPrice(order, passenger.passenger_id, segment.id),
              },
            ]
          : [],
      ),
    ),
  );
  return {
    id: order.id,
    bookingReference: order.booking_reference,
    createdAt: order.created_at,
    cancelledAt: order.cancelled_at,
    totalAmount: order.total_amount,
    totalCurrency: order.total_currency,
    slices: order.slices.map(sliceOf),
    seats,
    refundable: order.conditions.refund_before_departure?.allowed ?? false,
  };
}

function seatPrice(order: Duffel.Order, passengerId: string, segmentId: string) {
  const service = order.services.find(
    (s) =>
      s.type === 'seat' &&
      s.passenger_ids.includes(passengerId) &&
      s.segment_ids.includes(segmentId),
  );
  return {
    totalAmount: service?.total_amount ?? '0.00',
    totalCurrency: service?.total_currency ?? order.total_currency,
  };
}

/** Nothing, written in the currency's own decimals ("0" in JPY, "0.00" in USD). */
function zeroIn(currency: string): string {
  return isSupportedCurrency(currency) ? formatAmount(0, currency) : '0.00';
}

function cancellationOf(
  cancellation: Duffel.OrderCancellation,
  orderCurrency: string,
): SupplierCancellation {
  const credits = cancellation.refund_to === 'airline_credits';
  const currency = cancellation.refund_currency ?? orderCurrency;
  return {
    id: cancellation.id,
    orderId: cancellation.order_id,
    refundAmount:
      cancellation.refund_amount === null
        ? null
        : credits
          ? zeroIn(currency)
          : cancellation.refund_amount,
    refundCurrency: currency,
    refundTo: credits ? 'airline_credits' : 'original_payment',
    airlineCredits: cancellation.airline_credits.map((credit) => ({
      id: credit.id,
      name: credit.credit_name,
      code: credit.credit_code,
      amount: credit.credit_amount,
      currency: credit.credit_currency,
      expiresAt: credit.expires_at,
      passengerId: credit.passenger_id,
    })),
    expiresAt: cancellation.expires_at,
    confirmedAt: cancellation.confirmed_at,
  };
}

export interface SandboxSupplierOptions {
  store: SandboxStore;
  /** Finds the order made for one of our bookings (the PostgreSQL store can). */
  findOrderIdByBooking?: (reference: string) => Promise<string | null>;
  clock: () => Date;
  secret: string;
  /** Overrides the sandbox's slow-search delay (tests). */
  slowSearchMs?: number;
}

/** What a search thread builds the sandbox's copy from (`sandbox-thread.ts`). */
export interface SandboxThreadSetup {
  readonly kind: 'sandbox';
  readonly key: string;
  readonly computed: true;
  /** The signing secret: offer ids made on a thread verify on the thread serving HTTP. */
  readonly secret: string;
}

/** The built-in airline network as a FlightSupplier. */
export function createSandboxSupplier(options: SandboxSupplierOptions): FlightSupplier {
  const sandbox: Sandbox = createSandbox({
    store: options.store,
    clock: options.clock,
    secret: options.secret,
    ...(options.slowSearchMs === undefined ? {} : { slowSearchMs: options.slowSearchMs }),
  });
  /** A refund not stated yet has no currency: the order's is the one it will be in. */
  const mapped = async (cancellation: Duffel.OrderCancellation) =>
    cancellationOf(
      cancellation,
      cancellation.refund_currency ??
        (await sandbox.getOrder(cancellation.order_id)).total_currency,
    );

  let answerer: ReturnType<typeof sandboxAnswerer> | undefined;
  const setup: SandboxThreadSetup = {
    kind: 'sandbox',
    key: 'sandbox',
    computed: true,
    secret: options.secret,
  };

  return {
    name: 'sandbox',
    live: false,
    listAirports: airportList,
    searchWindowMs: searchQuantumMs,
    offerIsStable: true,
    airlineLogo,
    // Its searches are written straight from its priced offers, here or on a search thread
    // (a copy needs nothing but the secret): the same answer `search`'s offers make, sooner.
    answerSearch: (request, terms) =>
      (answerer ??= sandboxAnswerer(options.secret))(request, terms),
    threading: {
      setup,
      serve: (name) => Promise.reject(new Error(`a sandbox search thread asked for ${name}`)),
      takes: (request) => !leftToSearch(request),
    },
    search: (request) =>
      translated(async () => {
        const result = await sandbox.searchOffers(searchInput(request));
        return { id: result.id, offers: result.offers.map(offerOf) };
      }),
    searchPrices: (request) =>
      translated(async () => {
        const { currency, prices } = await sandbox.searchPrices(searchInput(request));
        return { currency, prices: [...prices] };
      }),
    getOffer: (offerId) => translated(async () => offerOf(await sandbox.getOffer(offerId))),
    getSeatMaps: (offerId) =>
      translated(async () => (await sandbox.getSeatMaps(offerId)).map(seatMapOf)),
    createOrder: (input) =>
      translated(async () =>
        orderOf(
          await sandbox.createOrder({
            type: 'instant',
            selected_offers: [input.offerId],
            passengers: orderPassengers(input.passengers),
            payments: [{ type: 'balance', amount: input.amount, currency: input.currency }],
            services: input.services.map(({ id, quantity }) => ({ id, quantity })),
            // As at Duffel, an order takes no assistance request: the booking keeps them for
            // the operator to pass on.
            metadata: { contrail_booking: input.reference },
          }),
        ),
      ),
    ordersFoundAtOnce: () => true,
    getOrder: (orderId) => translated(async () => orderOf(await sandbox.getOrder(orderId))),
    findOrderByReference: (reference) =>
      translated(async () => {
        if (!options.findOrderIdByBooking)
          throw new Error('This sandbox store cannot look orders up by booking');
        const id = await options.findOrderIdByBooking(reference);
        return id === null ? null : orderOf(await sandbox.getOrder(id));
      }),
    quoteCancellation: (orderId) =>
      translated(async () => mapped(await sandbox.quoteOrderCancellation({ order_id: orderId }))),
    confirmCancellation: (cancellationId) =>
      translated(async () => mapped(await sandbox.confirmOrderCancellation(cancellationId))),
    getCancellation: (cancellationId) =>
      translated(async () => mapped(await sandbox.getOrderCancellation(cancellationId))),
    listCancellations: (orderId) =>
      translated(async () =>
        Promise.all((await sandbox.listOrderCancellations(orderId)).map(mapped)),
      ),
  };
}
