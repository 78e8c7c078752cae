/**
 * An order's services: the seats and extra bags asked for, each checked against what the offer
 * sells to that passenger and priced, and the seats claimed in the store (with the error for a
 * seat another order has just bought).
 */
import type { CabinClass } from '@contrail/reference-data/data/aircraft';
import { invalid, requestObject, sandboxErrorCodes, SandboxError } from './errors';
import { fareBrands } from './fare-brands';
import { simulatedLoadBasisPoints } from './fares';
import { fromUsdCents, parseAmount, type CurrencyCode } from './money';
import { bagServices } from './offer-objects';
import type { PricedOffer } from './offers';
import { ageOn } from './passengers';
import { readServiceId, type ServiceRef } from './service-ids';
import { findSeat, isSimulatedTaken, mayTakeSeat, seatPriceUsdCents } from './seat-maps';
import type { SeatInfo } from './seat-maps';
import type { SeatClaim } from './store';
import { daysBetween } from './time-zones';
import type { CreateOrderInput, OrderPassenger } from './types';

export interface ChosenSeat {
  readonly segment: number;
  readonly passenger: number;
  readonly seat: SeatInfo;
  readonly flightKey: string;
  readonly price: number;
}

export interface ChosenBag {
  readonly slice: number;
  readonly passenger: number;
  readonly quantity: number;
  readonly unitPrice: number;
}

export interface ChosenServices {
  readonly seats: readonly ChosenSeat[];
  readonly bags: readonly ChosenBag[];
  readonly total: number;
}

type SeatRef = Extract<ServiceRef, { kind: 'seat' }>;
type Flight = PricedOffer['slices'][number][number];

/** An extra bag: one the offer sells, at most its maximum quantity, at its price. */
function chosenBag(
  service: ReturnType<typeof bagServices>[number] | undefined,
  ref: Extract<ServiceRef, { kind: 'bag' }>,
  quantity: number,
  path: string,
  currency: CurrencyCode,
): ChosenBag {
  if (service === undefined) {
    throw invalid(`${path}.id`, 'This service is not for sale with this offer.');
  }
  if (quantity > service.maximum_quantity) {
    throw invalid(
      `${path}.quantity`,
      `At most ${service.maximum_quantity} extra bags per passenger and slice.`,
    );
  }
  const unitPrice = parseAmount(service.total_amount, currency) ?? 0;
  return { slice: ref.slice, passenger: ref.passenger, quantity, unitPrice };
}

/**
 * The seat asked for, on its flight: one of the aircraft's, in the passenger's cabin and open to
 * them; an exit row only for a passenger of 16 or over with no infant on their lap.
 */
function seatFor(
  priced: PricedOffer,
  ref: SeatRef,
  passenger: OrderPassenger,
  path: string,
): { flight: Flight; seat: SeatInfo } {
  const flight = priced.slices.flat()[ref.segment];
  const cabin: CabinClass | undefined = priced.cabins.flat()[ref.segment];
  const seat =
    flight === undefined ? undefined : findSeat(flight.service.aircraft.type, ref.designator);
  if (
    flight === undefined ||
    cabin === undefined ||
    seat === undefined ||
    !mayTakeSeat(seat, passenger.type, cabin)
  ) {
    throw invalid(`${path}.id`, 'This seat is not for sale to this passenger.');
  }
  if (seat.exitRow && (ageOn(passenger.born_on, flight.date) ?? 0) < 16) {
    throw invalid(`${path}.id`, 'Exit row seats are for passengers aged 16 or over.');
  }
  if (seat.exitRow && passenger.infant_passenger_id !== null) {
    throw invalid(`${path}.id`, 'A passenger with an infant cannot sit in an exit row.');
  }
  return { flight, seat };
}

/** A seat the simulated passengers have taken is no longer for sale. */
function checkNotTaken(
  priced: PricedOffer,
  seed: string,
  flight: Flight,
  seat: SeatInfo,
  segment: number,
): void {
  const days = daysBetween(priced.searchDate, flight.date);
  const load = simulatedLoadBasisPoints(seed, flight.key, days);
  if (isSimulatedTaken(seed, flight.key, seat.designator, load)) {
    throw new SandboxError(
      sandboxErrorCodes.seatUnavailable,
      `Seat ${seat.designator} is no longer available.`,
      {
        taken: [
          {
            segment_id: priced.segmentIds.flat()[segment] ?? '',
            designator: seat.designator,
          },
        ],
      },
    );
  }
}

/** Resolves and prices the requested services; every seat must be free of simulated passengers. */
export function resolveServices(
  priced: PricedOffer,
  seed: string,
  requested: CreateOrderInput['services'],
  passengers: readonly OrderPassenger[],
): ChosenServices {
  const currency = priced.spec.currency;
  const brand = fareBrands[priced.spec.cabin][priced.spec.brandIndex];
  if (brand === undefined) {
    throw new SandboxError(sandboxErrorCodes.notFound, 'No offer with this id exists.');
  }
  const bagPrices = new Map(bagServices(priced).map((service) => [service.id, service]));
  const seats: ChosenSeat[] = [];
  const bags: ChosenBag[] = [];
  const seen = new Set<string>();
  const seatPerPassengerSegment = new Set<string>();
  const designatorPerSegment = new Set<string>();
  let total = 0;
  /** One requested service, checked, priced and added to the seats or the bags. */
  const resolveOne = (item: NonNullable<CreateOrderInput['services']>[number], index: number) => {
    const path = `services[${index}]`;
    const raw = requestObject(item, path);
    if (typeof raw.id !== 'string' || seen.has(raw.id)) {
      throw invalid(`${path}.id`, 'Give each service id once.');
    }
    seen.add(raw.id);
    const quantity = raw.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      throw invalid(`${path}.quantity`, 'Quantity must be a whole number of at least 1.');
    }
    const ref = readServiceId(priced.offerHash, raw.id);
    if (ref === null) throw invalid(`${path}.id`, 'This service is not for sale with this offer.');
    const passenger = passengers[ref.passenger];
    if (passenger === undefined) {
      throw invalid(`${path}.id`, 'This service is not for sale with this offer.');
    }
    if (ref.kind === 'bag') {
      const bag = chosenBag(bagPrices.get(raw.id), ref, quantity, path, currency);
      bags.push(bag);
      total += bag.unitPrice * bag.quantity;
      return;
    }
    if (quantity !== 1) throw invalid(`${path}.quantity`, 'A seat is booked once.');
    const { flight, seat } = seatFor(priced, ref, passenger, path);
    const ownKey = `${ref.segment}|${ref.passenger}`;
    const seatKey = `${ref.segment}|${seat.designator}`;
    if (seatPerPassengerSegment.has(ownKey)) {
      throw invalid(`${path}.id`, 'One seat per passenger per flight.');
    }
    if (designatorPerSegment.has(seatKey)) {
      throw invalid(`${path}.id`, 'Each seat can be booked for one passenger.');
    }
    seatPerPassengerSegment.add(ownKey);
    designatorPerSegment.add(seatKey);
    checkNotTaken(priced, seed, flight, seat, ref.segment);
    const price = fromUsdCents(
      seatPriceUsdCents(seat, {
        distanceKm: flight.route.distanceKm,
        brand,
        lowCost: priced.owner.seed.kind === 'low_cost',
      }),
      currency,
    );
    seats.push({
      segment: ref.segment,
      passenger: ref.passenger,
      seat,
      flightKey: flight.key,
      price,
    });
    total += price;
  };
  (requested ?? []).forEach(resolveOne);
  return { seats, bags, total };
}

export function seatClaims(services: ChosenServices): SeatClaim[] {
  return services.seats.map((chosen) => ({
    flightKey: chosen.flightKey,
    designator: chosen.seat.designator,
  }));
}

/** The error for chosen seats another order has just bought, each by its flight's segment id. */
export function seatsSoldError(
  priced: PricedOffer,
  services: ChosenServices,
  claims: readonly SeatClaim[],
): SandboxError {
  const segmentIds = priced.segmentIds.flat();
  const taken = claims.map((claim) => {
    const chosen = services.seats.find(
      (s) => s.flightKey === claim.flightKey && s.seat.designator === claim.designator,
    );
    return {
      segment_id: chosen === undefined ? '' : (segmentIds[chosen.segment] ?? ''),
      designator: claim.designator,
    };
  });
  return new SandboxError(
    sandboxErrorCodes.seatUnavailable,
    `Seat ${taken.map((t) => t.designator).join(', ')} has just been sold; choose another.`,
    { taken },
  );
}
