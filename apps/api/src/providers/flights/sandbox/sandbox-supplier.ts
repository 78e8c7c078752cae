import type { Airport } from '@contrail/contracts/airports';
import type { CabinClass } from '@contrail/contracts/flight-search';
import type { Offer, Place, SeatMap, Segment, Slice } from '@contrail/contracts/offers';
import {
  airlineLogo,
  findAircraft,
  findAirport,
  listAirports,
  listCities,
} from '@contrail/sandbox/reference-data';
import { isSandboxError, type SandboxErrorCode } from '@contrail/sandbox/errors';
import { createSandbox, searchQuantumMs, type Sandbox } from '@contrail/sandbox/sandbox';
import type { SandboxStore } from '@contrail/sandbox/store';
import type * as Duffel from '@contrail/sandbox/types';
import { Memo } from '@contrail/contracts/pair-memo';
import {
  airlineLogoPath,
  SupplierError,
  type FlightSupplier,
  type SupplierCancellation,
  type SupplierErrorCode,
  type SupplierOrder,
  type SupplierSearch,
} from '../flight-supplier';
import { assistanceMetadata, orderPassengers } from '../order-passengers';

const ERROR_CODES: Record<SandboxErrorCode, SupplierErrorCode> = {
  validation_error: 'validation',
  not_found: 'not_found',
  offer_expired: 'offer_expired',
  offer_no_longer_available: 'offer_unavailable',
  price_changed: 'price_changed',
  seat_unavailable: 'seat_unavailable',
  order_creation_failed: 'order_refused',
  already_cancelled: 'already_cancelled',
  order_cancellation_expired: 'cancellation_expired',
  order_not_cancellable: 'not_cancellable',
  gateway_timeout_error: 'timeout',
  request_aborted: 'aborted',
};

/** Runs a provider call and turns its failures into SupplierErrors. */
async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isSandboxError(error)) throw error;
    const details: SupplierError['details'] = {};
    if (error.details.fields) details.fields = { ...error.details.fields };
    if (error.details.total_amount) details.totalAmount = error.details.total_amount;
    if (error.details.total_currency) details.totalCurrency = error.details.total_currency;
    if (error.details.taken)
      details.taken = error.details.taken.map((seat) => ({
        segmentId: seat.segment_id,
        designator: seat.designator,
      }));
    throw new SupplierError(ERROR_CODES[error.code], error.message, details, { cause: error });
  }
}

// The sandbox hands out one object per airport and airline: each is mapped once, and every offer
// of every search shares the result (a search maps some 400 segments).
const places = new WeakMap<Duffel.Airport, Place>();
const airlines = new WeakMap<Duffel.Airline, Segment['airline']>();

function place(airport: Duffel.Airport): Place {
  let mapped = places.get(airport);
  if (!mapped) {
    mapped = {
      iata_code: airport.iata_code,
      name: airport.name,
      city_name: airport.city_name,
      country_code: airport.iata_country_code,
      time_zone: airport.time_zone,
    };
    places.set(airport, mapped);
  }
  return mapped;
}

function airline(carrier: Duffel.Airline): Segment['airline'] {
  let mapped = airlines.get(carrier);
  if (!mapped) {
    mapped = {
      id: carrier.id,
      name: carrier.name,
      iata_code: carrier.iata_code,
      icao_code: null,
      // Served by the API as a file: inline, the marks would make up a third of a search answer.
      logo_url: airlineLogoPath(carrier.iata_code),
    };
    airlines.set(carrier, mapped);
  }
  return mapped;
}

const LONG_FLIGHT_KM = 2000;

// One list per aircraft, haul, cabin and checked-bag count: the sandbox's 12 aircraft make some
// 400 kinds, all kept within 1,000; a larger fleet would push out the least used.
const servicesByKind = new Memo<string, Segment['services']>(1_000);

/** What the cabin offers on board, as the airline would describe it (the sandbox has no amenities feed). */
function onboardServices(segment: Duffel.Segment, cabin: CabinClass): Segment['services'] {
  const distance = Number(segment.distance);
  const checked =
    segment.passengers[0]?.baggages.find((bag) => bag.type === 'checked')?.quantity ?? 0;
  // The same few lists over and over: made once each.
  const kind = `${segment.aircraft.iata_code}|${String(distance >= LONG_FLIGHT_KM)}|${cabin}|${String(checked)}`;
  let known = servicesByKind.get(kind);
  if (!known) {
    known = describeServices(segment.aircraft.iata_code, distance, cabin, checked);
    servicesByKind.set(kind, known);
  }
  return known;
}

function describeServices(
  aircraft: string,
  distance: number,
  cabin: CabinClass,
  checked: number,
): Segment['services'] {
  const body = findAircraft(aircraft)?.type.body ?? 'narrow';
  const services: Segment['services'] = [];
  if (body === 'wide' || aircraft === '32Q' || aircraft === '7M8') {
    services.push({ type: 'wifi', description: 'Wi-Fi available on board' });
  }
  if (distance >= LONG_FLIGHT_KM || cabin === 'business' || cabin === 'first') {
    services.push({ type: 'meal', description: 'Meal included' });
  }
  if (body === 'wide') services.push({ type: 'power', description: 'In-seat power' });
  if (checked > 0) {
    services.push({
      type: 'baggage',
      description: `${checked} checked bag${checked > 1 ? 's' : ''} included`,
    });
  }
  return services;
}

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
    services: onboardServices(segment, cabin),
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

function penalty(condition: Duffel.FlightCondition | null) {
  if (
    !condition?.allowed ||
    condition.penalty_amount === null ||
    condition.penalty_currency === null
  )
    return null;
  return { amount: condition.penalty_amount, currency: condition.penalty_currency };
}

// A search's offers share one list of travellers: mapped once, so they share the result too (the
// search answer compares each offer's travellers with the first's).
const passengerLists = new WeakMap<Duffel.Offer['passengers'], Offer['passengers']>();

function passengersOf(passengers: Duffel.Offer['passengers']): Offer['passengers'] {
  let mapped = passengerLists.get(passengers);
  if (!mapped) {
    mapped = passengers.map((p) => ({ id: p.id, type: p.type, age: p.age }));
    passengerLists.set(passengers, mapped);
  }
  return mapped;
}

export function offerOf(offer: Duffel.Offer): Offer {
  return {
    id: offer.id,
    slices: offer.slices.map(sliceOf),
    passengers: passengersOf(offer.passengers),
    conditions: {
      refundable: offer.conditions.refund_before_departure?.allowed ?? false,
      changeable: offer.conditions.change_before_departure?.allowed ?? false,
      refund_penalty: penalty(offer.conditions.refund_before_departure),
      change_penalty: penalty(offer.conditions.change_before_departure),
    },
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

function cancellationOf(cancellation: Duffel.OrderCancellation): SupplierCancellation {
  return {
    id: cancellation.id,
    orderId: cancellation.order_id,
    refundAmount: cancellation.refund_amount,
    refundCurrency: cancellation.refund_currency,
    expiresAt: cancellation.expires_at,
    confirmedAt: cancellation.confirmed_at,
  };
}

let airports: readonly Airport[] | undefined;
/**
 * The sandbox's places for autocomplete: its listed cities ("London (all airports)", whose codes
 * searches accept) and its airports.
 */
export function sandboxAirportList(): readonly Airport[] {
  airports ??= [
    ...listCities().map((c) => ({
      id: c.id,
      type: 'city' as const,
      iata_code: c.iata_code,
      name: `${c.name} (all airports)`,
      city_name: c.name,
      country_code: c.country_code,
      country_name: c.country_name,
      tier: Math.min(...c.airport_iata_codes.map((code) => findAirport(code)?.tier ?? 3)),
      time_zone: c.time_zone,
      rank: c.rank,
      aliases: [...c.aliases],
      city_code: null,
    })),
    ...listAirports().map((a) => ({
      id: a.id,
      type: 'airport' as const,
      iata_code: a.iata_code,
      name: a.name,
      city_name: a.city_name,
      country_code: a.country_code,
      country_name: a.country_name,
      tier: a.tier,
      time_zone: a.time_zone,
      rank: a.rank,
      aliases: [...a.aliases],
      city_code: a.listed_city_code,
    })),
  ];
  return airports;
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

/** A search as the sandbox's offer request takes it. */
function searchInput(request: SupplierSearch): Duffel.SearchOffersInput {
  return {
    slices: request.slices.map((s) => ({
      origin: s.origin,
      destination: s.destination,
      departure_date: s.departureDate,
    })),
    passengers: request.passengers.map((p) =>
      p.age === undefined ? { type: p.type } : { type: p.type, age: p.age },
    ),
    cabin_class: request.cabinClass,
    currency: request.currency as Duffel.CurrencyCode,
    ...(request.maxConnections === undefined ? {} : { max_connections: request.maxConnections }),
    ...(request.signal ? { signal: request.signal } : {}),
  };
}

/** The built-in airline network as a FlightSupplier. */
export function createSandboxSupplier(options: SandboxSupplierOptions): FlightSupplier {
  const sandbox: Sandbox = createSandbox({
    store: options.store,
    clock: options.clock,
    secret: options.secret,
    ...(options.slowSearchMs === undefined ? {} : { slowSearchMs: options.slowSearchMs }),
  });
  return {
    name: 'sandbox',
    live: false,
    listAirports: sandboxAirportList,
    searchWindowMs: searchQuantumMs,
    offerIsStable: true,
    airlineLogo,
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
            // Airlines take assistance requests as SSRs; the order carries them for the airline.
            metadata: {
              contrail_booking: input.reference,
              ...assistanceMetadata(input.passengers),
            },
          }),
        ),
      ),
    getOrder: (orderId) => translated(async () => orderOf(await sandbox.getOrder(orderId))),
    findOrderByReference: (reference) =>
      translated(async () => {
        if (!options.findOrderIdByBooking)
          throw new Error('This sandbox store cannot look orders up by booking');
        const id = await options.findOrderIdByBooking(reference);
        return id === null ? null : orderOf(await sandbox.getOrder(id));
      }),
    quoteCancellation: (orderId) =>
      translated(async () =>
        cancellationOf(await sandbox.quoteOrderCancellation({ order_id: orderId })),
      ),
    confirmCancellation: (cancellationId) =>
      translated(async () =>
        cancellationOf(await sandbox.confirmOrderCancellation(cancellationId)),
      ),
  };
}
