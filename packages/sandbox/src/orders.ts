/**
 * Order rules: passengers checked against the offer, services resolved and priced, the order
 * document assembled, and refunds computed from the fare conditions. Everything here is pure;
 * the sandbox does the reading and writing through the store.
 */
import type { CabinClass } from '@contrail/reference-data/data/aircraft';
import { invalid, requestObject, sandboxErrorCodes, SandboxError } from './errors';
import { fareBrands } from './fare-brands';
import { simulatedLoadBasisPoints } from './fares';
import { formatAmount, fromUsdCents, parseAmount, type CurrencyCode } from './money';
import { bagServices, offerObject } from './offer-objects';
import type { PricedOffer } from './offers';
import { ageOn, isList, typeForAge } from './passengers';
import { readServiceId, type ServiceRef } from './service-ids';
import {
  findSeat,
  isSimulatedTaken,
  mayTakeSeat,
  seatPriceUsdCents,
  exitRowDisclosures,
} from './seat-maps';
import type { SeatInfo } from './seat-maps';
import type { SeatClaim } from './store';
import { daysBetween, parseLocalDate, zonedTimeToInstant } from './time-zones';
import type {
  CreateOrderInput,
  CreateOrderPassenger,
  LoyaltyProgrammeAccount,
  Order,
  OrderPassenger,
  OrderService,
  OrderSlice,
  PassengerTitle,
  SeatMetadata,
} from './types';

const titles: readonly PassengerTitle[] = ['mr', 'ms', 'mrs', 'miss', 'dr'];
/** Latin letters (with accents), spaces, hyphens and apostrophes, as airline systems accept. */
const namePattern = /^[A-Za-zÀ-ÖØ-öø-ÿĀ-ž]+(?:[ '’-][A-Za-zÀ-ÖØ-öø-ÿĀ-ž]+)*$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const phonePattern = /^\+[1-9]\d{6,14}$/;
const passportPattern = /^[A-Z0-9]{5,20}$/;

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

/** The date of the final slice's departure: ages are counted on it. */
function finalDepartureDate(priced: PricedOffer): string {
  const lastSlice = priced.slices[priced.slices.length - 1];
  return lastSlice?.[0]?.date ?? priced.searchDate;
}

function lastFlightDate(priced: PricedOffer): string {
  const lastSlice = priced.slices[priced.slices.length - 1];
  return lastSlice?.[lastSlice.length - 1]?.arrivalLocal.date ?? priced.searchDate;
}

function requireString(value: unknown, path: string, message: string, maxLength = 100): string {
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > maxLength) {
    throw invalid(path, message);
  }
  return value.trim();
}

/** The request's passengers by their offer passenger id, each id given once. */
function passengersById(
  passengers: readonly CreateOrderPassenger[],
): Map<string, { input: CreateOrderPassenger; index: number }> {
  const byId = new Map<string, { input: CreateOrderPassenger; index: number }>();
  passengers.forEach((input, index) => {
    const id = requestObject(input, `passengers[${index}]`).id;
    if (typeof id !== 'string' || byId.has(id)) {
      throw invalid(
        `passengers[${index}].id`,
        'Each passenger needs the id of a different offer passenger.',
      );
    }
    byId.set(id, { input, index });
  });
  return byId;
}

/** The given and family names: present, at most 50 characters, letters and their separators. */
function validateNames(
  raw: Record<string, unknown>,
  path: string,
): { givenName: string; familyName: string } {
  const givenName = requireString(
    raw.given_name,
    `${path}.given_name`,
    'Enter the given name.',
    50,
  );
  const familyName = requireString(
    raw.family_name,
    `${path}.family_name`,
    'Enter the family name.',
    50,
  );
  if (!namePattern.test(givenName)) {
    throw invalid(`${path}.given_name`, 'Use letters, spaces, hyphens or apostrophes.');
  }
  if (!namePattern.test(familyName)) {
    throw invalid(`${path}.family_name`, 'Use letters, spaces, hyphens or apostrophes.');
  }
  return { givenName, familyName };
}

/**
 * The date of birth: a real past date, whose age on the last departure is the fare's passenger
 * type, and the age the offer was priced for where it was.
 */
function validateBirthDate(
  raw: Record<string, unknown>,
  path: string,
  offerPassenger: PricedOffer['passengers'][number],
  ageDate: string,
  searchDate: string,
): string {
  const bornOn = typeof raw.born_on === 'string' ? raw.born_on : '';
  const age = parseLocalDate(bornOn) === null ? null : ageOn(bornOn, ageDate);
  if (age === null || age < 0 || daysBetween(bornOn, searchDate) < 0) {
    throw invalid(`${path}.born_on`, 'Enter a real date of birth, YYYY-MM-DD, not in the future.');
  }
  if (age > 130) throw invalid(`${path}.born_on`, 'Enter a real date of birth.');
  if (typeForAge(age) !== offerPassenger.type) {
    throw invalid(
      `${path}.born_on`,
      `This passenger is ${age} on ${ageDate}, which is not a ${offerPassenger.type.replaceAll('_', ' ')} fare.`,
    );
  }
  if (offerPassenger.age !== null && offerPassenger.age !== age) {
    throw invalid(
      `${path}.born_on`,
      `The offer was priced for age ${offerPassenger.age}; this date of birth gives ${age}.`,
    );
  }
  return bornOn;
}

/** The e-mail address and the phone number, in the international format. */
function validateContact(
  raw: Record<string, unknown>,
  path: string,
): { email: string; phone: string } {
  const email = requireString(raw.email, `${path}.email`, 'Enter an e-mail address.', 254);
  if (!emailPattern.test(email)) throw invalid(`${path}.email`, 'Enter a valid e-mail address.');
  const phone = requireString(
    raw.phone_number,
    `${path}.phone_number`,
    'Enter a phone number.',
    16,
  );
  if (!phonePattern.test(phone)) {
    throw invalid(`${path}.phone_number`, 'Use the international format, e.g. +442080160509.');
  }
  return { email, phone };
}

/** Checks each passenger against the offer; answers them in the offer's passenger order. */
export function validateOrderPassengers(
  priced: PricedOffer,
  passengers: readonly CreateOrderPassenger[],
  documentsRequired: boolean,
): OrderPassenger[] {
  if (!isList(passengers) || passengers.length !== priced.passengers.length) {
    throw invalid(
      'passengers',
      `The offer is for ${priced.passengers.length} passengers; give each one once.`,
    );
  }
  const byId = passengersById(passengers);
  const ageDate = finalDepartureDate(priced);
  const lastDate = lastFlightDate(priced);
  /** One offer passenger, as the request gives them. */
  const checkPassenger = (offerPassenger: PricedOffer['passengers'][number]): OrderPassenger => {
    const entry = byId.get(offerPassenger.id);
    if (entry === undefined) {
      throw invalid('passengers', `Passenger ${offerPassenger.id} of the offer is missing.`);
    }
    const { input, index } = entry;
    const path = `passengers[${index}]`;
    const raw = requestObject(input, path);
    if (typeof raw.title !== 'string' || !(titles as readonly string[]).includes(raw.title)) {
      throw invalid(`${path}.title`, 'Title must be mr, ms, mrs, miss or dr.');
    }
    const { givenName, familyName } = validateNames(raw, path);
    if (raw.gender !== 'm' && raw.gender !== 'f') {
      throw invalid(`${path}.gender`, 'Gender must be m or f.');
    }
    const bornOn = validateBirthDate(raw, path, offerPassenger, ageDate, priced.searchDate);
    const { email, phone } = validateContact(raw, path);
    validateDocuments(
      raw.identity_documents,
      `${path}.identity_documents`,
      documentsRequired,
      lastDate,
    );
    const infant = raw.infant_passenger_id;
    if (infant !== undefined && infant !== null && typeof infant !== 'string') {
      throw invalid(`${path}.infant_passenger_id`, 'Give the id of the infant passenger.');
    }
    const loyalty = validateLoyaltyAccounts(
      raw.loyalty_programme_accounts,
      `${path}.loyalty_programme_accounts`,
    );
    return {
      id: offerPassenger.id,
      type: offerPassenger.type,
      title: raw.title as PassengerTitle,
      given_name: givenName,
      family_name: familyName,
      gender: raw.gender,
      born_on: bornOn,
      email,
      phone_number: phone,
      infant_passenger_id: typeof infant === 'string' ? infant : null,
      loyalty_programme_accounts: loyalty,
    };
  };
  const result = priced.passengers.map(checkPassenger);
  validateInfants(result);
  return result;
}

function validateDocuments(
  value: unknown,
  path: string,
  required: boolean,
  lastDate: string,
): void {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
    if (required) throw invalid(path, 'A passport is required for this international journey.');
    return;
  }
  if (!Array.isArray(value) || value.length !== 1) {
    throw invalid(path, 'Give exactly one identity document.');
  }
  const document = requestObject(value[0], `${path}[0]`);
  if (document.type !== 'passport') {
    throw invalid(`${path}[0].type`, 'The document must be a passport.');
  }
  if (
    typeof document.unique_identifier !== 'string' ||
    !passportPattern.test(document.unique_identifier)
  ) {
    throw invalid(
      `${path}[0].unique_identifier`,
      'Enter the passport number: 5 to 20 letters or digits.',
    );
  }
  if (
    typeof document.issuing_country_code !== 'string' ||
    !/^[A-Z]{2}$/.test(document.issuing_country_code)
  ) {
    throw invalid(`${path}[0].issuing_country_code`, 'Use the two-letter country code.');
  }
  const expires = document.expires_on;
  if (typeof expires !== 'string' || parseLocalDate(expires) === null) {
    throw invalid(`${path}[0].expires_on`, 'Enter the expiry date, YYYY-MM-DD.');
  }
  if (daysBetween(lastDate, expires) <= 0) {
    throw invalid(`${path}[0].expires_on`, 'The passport must be valid after the last flight.');
  }
}

function validateLoyaltyAccounts(value: unknown, path: string): LoyaltyProgrammeAccount[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 5) {
    throw invalid(path, 'Give at most 5 loyalty programme accounts.');
  }
  return value.map((entry, i) => {
    const account = requestObject(entry, `${path}[${i}]`);
    if (
      typeof account.airline_iata_code !== 'string' ||
      !/^[A-Z0-9]{2}$/.test(account.airline_iata_code)
    ) {
      throw invalid(
        `${path}[${i}].airline_iata_code`,
        "Use the airline's two-character IATA code.",
      );
    }
    if (
      typeof account.account_number !== 'string' ||
      !/^[A-Z0-9]{4,20}$/.test(account.account_number)
    ) {
      throw invalid(`${path}[${i}].account_number`, 'Use 4 to 20 letters or digits.');
    }
    return {
      airline_iata_code: account.airline_iata_code,
      account_number: account.account_number,
    };
  });
}

function validateInfants(passengers: readonly OrderPassenger[]): void {
  const infants = new Set(
    passengers.filter((p) => p.type === 'infant_without_seat').map((p) => p.id),
  );
  const assigned = new Set<string>();
  passengers.forEach((passenger) => {
    const infant = passenger.infant_passenger_id;
    if (infant === null) return;
    if (passenger.type !== 'adult' || !infants.has(infant) || assigned.has(infant)) {
      throw invalid(
        `passengers.${passenger.id}.infant_passenger_id`,
        'Only an adult can hold an infant, one infant each.',
      );
    }
    assigned.add(infant);
  });
  if (assigned.size !== infants.size) {
    throw invalid(
      'passengers',
      'Every infant must be on the lap of an adult (infant_passenger_id).',
    );
  }
}

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
