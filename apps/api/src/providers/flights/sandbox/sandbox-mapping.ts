// What the sandbox supplier and the sandbox's compact search answers share: the sandbox's
// errors as SupplierErrors, and its airports, airlines, on-board services, conditions and
// travellers in the offers' contract.
import type { CabinClass } from '@contrail/contracts/flight-search';
import type { Offer, Place, Segment } from '@contrail/contracts/offers';
import { Memo } from '@contrail/contracts/pair-memo';
import { isSandboxError, type SandboxErrorCode } from '@contrail/sandbox/errors';
import { findAircraft } from '@contrail/reference-data';
import type * as Duffel from '@contrail/sandbox/types';
import {
  airlineLogoPath,
  SupplierError,
  type SupplierErrorCode,
  type SupplierSearch,
} from '../flight-supplier';

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
export async function translated<T>(call: () => Promise<T>): Promise<T> {
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

export function place(airport: Duffel.Airport): Place {
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

export function airline(carrier: Duffel.Airline): Segment['airline'] {
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

/**
 * What the cabin offers on board, as the airline would describe it (the sandbox has no amenities
 * feed): by aircraft, distance, cabin and the checked bags the fare includes.
 */
export function onboardServices(
  aircraft: string,
  distance: number,
  cabin: CabinClass,
  checked: number,
): Segment['services'] {
  // The same few lists over and over: made once each.
  const kind = `${aircraft}|${String(distance >= LONG_FLIGHT_KM)}|${cabin}|${String(checked)}`;
  let known = servicesByKind.get(kind);
  if (!known) {
    known = describeServices(aircraft, distance, cabin, checked);
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

export function passengersOf(passengers: Duffel.Offer['passengers']): Offer['passengers'] {
  let mapped = passengerLists.get(passengers);
  if (!mapped) {
    mapped = passengers.map((p) => ({ id: p.id, type: p.type, age: p.age }));
    passengerLists.set(passengers, mapped);
  }
  return mapped;
}

/** Duffel's refund and change conditions as the offers' contract gives them. */
export function conditionsOf(conditions: Duffel.Conditions): Offer['conditions'] {
  return {
    refundable: conditions.refund_before_departure?.allowed ?? false,
    changeable: conditions.change_before_departure?.allowed ?? false,
    refund_penalty: penalty(conditions.refund_before_departure),
    change_penalty: penalty(conditions.change_before_departure),
  };
}

/** A search as the sandbox's offer request takes it. */
export function searchInput(request: SupplierSearch): Duffel.SearchOffersInput {
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
