import { CABIN_CLASSES, type CabinClass } from '@contrail/contracts/flight-search';
import {
  fromMinorUnits,
  isChargeableCurrency,
  toMinorUnits,
  UnsupportedCurrencyError,
} from '@contrail/contracts/money';
import type { Offer, Place, SeatMap, Segment, Slice } from '@contrail/contracts/offers';
import { localTimeToInstant } from '@contrail/contracts/time';
import {
  airlineLogoPath,
  type RefundDestination,
  type SupplierCancellation,
  type SupplierOrder,
  type SupplierOrderSeat,
} from '../flight-supplier';
import { airportList } from '../reference';
import { count, flag, list, object, record, text, top, type Read, type TopRead } from './lenient';

/**
 * Duffel's objects as Contrail's contract. Duffel's answers crossed a network and its schema
 * grows (and some airlines leave fields out), so each object is read leniently: every field the
 * contract needs has a safe default when missing or malformed, and an offer without what makes
 * it an offer (its id, a price, flights) is left out rather than shown wrong or crashing.
 */

// ─── Lenient readers (./lenient) ──────────────────────────────────────────────

const cityShape = object({ name: text, iata_code: text });
const airportShape = object({
  type: text,
  iata_code: text,
  name: text,
  city_name: text,
  iata_country_code: text,
  time_zone: text,
  city: cityShape,
});
const airlineShape = object({ id: text, name: text, iata_code: text, logo_symbol_url: text });
const conditionShape = object({ allowed: flag, penalty_amount: text, penalty_currency: text });
const conditionsShape = object({
  refund_before_departure: conditionShape,
  change_before_departure: conditionShape,
});
const seatShape = object({ designator: text, name: text, disclosures: list(text) });
const segmentPassengerShape = object({
  passenger_id: text,
  cabin_class: text,
  cabin_class_marketing_name: text,
  baggages: list(object({ type: text, quantity: count })),
  cabin: object({
    name: text,
    marketing_name: text,
    amenities: object({
      wifi: object({ available: flag, cost: text }),
      power: object({ available: flag }),
    }),
  }),
  seat: seatShape,
});
const segmentShape = object({
  id: text,
  origin: airportShape,
  destination: airportShape,
  origin_terminal: text,
  destination_terminal: text,
  departing_at: text,
  arriving_at: text,
  duration: text,
  distance: text,
  marketing_carrier: airlineShape,
  marketing_carrier_flight_number: text,
  operating_carrier: airlineShape,
  operating_carrier_flight_number: text,
  aircraft: object({ name: text }),
  passengers: list(segmentPassengerShape),
  stops: list(
    object({ airport: airportShape, arriving_at: text, departing_at: text, duration: text }),
  ),
});
const sliceShape = object({
  id: text,
  origin: airportShape,
  destination: airportShape,
  duration: text,
  fare_brand_name: text,
  conditions: conditionsShape,
  segments: list(segmentShape),
});
const serviceShape = object({
  id: text,
  type: text,
  total_amount: text,
  total_currency: text,
  maximum_quantity: count,
  passenger_ids: list(text),
  segment_ids: list(text),
  metadata: object({ type: text, maximum_weight_kg: count, designator: text }),
});

const duffelOfferSchema = top({
  id: text,
  slices: list(sliceShape),
  passengers: list(object({ id: text, type: text, age: count })),
  conditions: conditionsShape,
  base_amount: text,
  tax_amount: text,
  total_amount: text,
  total_currency: text,
  available_services: list(serviceShape),
  passenger_identity_documents_required: flag,
  payment_requirements: object({ price_guarantee_expires_at: text, payment_required_by: text }),
  owner: airlineShape,
  total_emissions_kg: text,
  expires_at: text,
  created_at: text,
});
type DuffelOffer = TopRead<typeof duffelOfferSchema>;

const seatMapElementShape = object({
  type: text,
  designator: text,
  name: text,
  disclosures: list(text),
  available_services: list(
    object({ id: text, passenger_id: text, total_amount: text, total_currency: text }),
  ),
});
const duffelSeatMapSchema = top({
  id: text,
  segment_id: text,
  slice_id: text,
  cabins: list(
    object({
      cabin_class: text,
      deck: count,
      aisles: count,
      wings: object({ first_row_index: count, last_row_index: count }),
      rows: list(object({ sections: list(object({ elements: list(seatMapElementShape) })) })),
    }),
  ),
});

const duffelOrderSchema = top({
  id: text,
  booking_reference: text,
  created_at: text,
  cancelled_at: text,
  total_amount: text,
  total_currency: text,
  slices: list(sliceShape),
  services: list(serviceShape),
  conditions: conditionsShape,
  metadata: record,
});

const airlineCreditShape = object({
  id: text,
  credit_name: text,
  credit_code: text,
  credit_amount: text,
  credit_currency: text,
  issued_on: text,
  // Not in the cancellation's credit as the SDK types it; Duffel's Airline Credit entity has it.
  expires_at: text,
  passenger_id: text,
});

const duffelCancellationSchema = top({
  id: text,
  order_id: text,
  refund_amount: text,
  refund_currency: text,
  refund_to: text,
  expires_at: text,
  confirmed_at: text,
  airline_credits: list(airlineCreditShape),
});

// ─── Values ──────────────────────────────────────────────────────────────────

/**
 * A decimal amount as the contract writes it in its currency ("45.00" USD, "17103" JPY, "12.345"
 * KWD); null when it is none, or its currency is unknown or not one the product sells.
 */
function money(
  value: string | null | undefined,
  currency: string | null | undefined,
): string | null {
  if (value == null || currency == null) return null;
  try {
    return fromMinorUnits(toMinorUnits(value, currency), currency);
  } catch {
    return null;
  }
}

const CURRENCY = /^[A-Z]{3}$/;
function currencyOf(value: string | null | undefined): string | null {
  return value != null && CURRENCY.test(value) ? value : null;
}

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)/;
function localTime(value: string | null | undefined): string | null {
  return value == null ? null : (LOCAL_TIME.exec(value)?.[1] ?? null);
}

function isoInstant(value: string | null | undefined): string | null {
  if (value == null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function cabinOf(value: string | null | undefined): CabinClass | null {
  return CABIN_CLASSES.find((cabin) => cabin === value) ?? null;
}

function isoDuration(minutes: number): string {
  const safe = Math.max(0, Math.round(minutes));
  const days = Math.floor(safe / 1440);
  const hours = Math.floor((safe % 1440) / 60);
  const rest = safe % 60;
  return `P${days > 0 ? `${days}D` : ''}T${hours}H${rest}M`;
}

type DuffelAirport = Read<typeof airportShape>;
type DuffelSegment = NonNullable<Read<typeof segmentShape>>;
type DuffelSlice = NonNullable<Read<typeof sliceShape>>;
type DuffelCondition = Read<typeof conditionShape>;

let knownAirports: Map<string, Place> | undefined;
function findAirport(code: string): Place | undefined {
  knownAirports ??= new Map(airportList().map((a) => [a.iata_code, a]));
  return knownAirports.get(code);
}

/** Where an airport is, with the reference data of real airports for what Duffel left out. */
function placeOf(airport: DuffelAirport, fallbackCode = ''): Place {
  const code = airport?.iata_code ?? fallbackCode;
  const known = findAirport(code);
  const name = airport?.name ?? known?.name ?? code;
  return {
    iata_code: code,
    name,
    city_name: airport?.city_name ?? airport?.city?.name ?? known?.city_name ?? name,
    country_code: airport?.iata_country_code ?? known?.country_code ?? '',
    // A city (a slice between metropolitan areas) has no zone; its airports do.
    time_zone: airport?.time_zone ?? known?.time_zone ?? 'UTC',
  };
}

function minutesBetween(from: string, fromZone: string, to: string, toZone: string): number {
  const minutes = (localTimeToInstant(to, toZone) - localTimeToInstant(from, fromZone)) / 60_000;
  return Number.isFinite(minutes) ? minutes : 0;
}

function servicesOf(segment: DuffelSegment, checked: number): Segment['services'] {
  const amenities = segment.passengers[0]?.cabin?.amenities;
  const services: Segment['services'] = [];
  if (amenities?.wifi?.available) {
    services.push({
      type: 'wifi',
      description:
        amenities.wifi.cost === 'free' ? 'Free Wi-Fi on board' : 'Wi-Fi available on board',
    });
  }
  if (amenities?.power?.available) services.push({ type: 'power', description: 'In-seat power' });
  if (checked > 0) {
    services.push({
      type: 'baggage',
      description: `${checked} checked bag${checked > 1 ? 's' : ''} included`,
    });
  }
  return services;
}

/** The bags a passenger may take on a flight, as Duffel lists them (other kinds left out). */
function baggagesOf(
  passenger: DuffelSegment['passengers'][number] | undefined,
): Segment['baggages'] {
  return (passenger?.baggages ?? []).flatMap((bag): Segment['baggages'] => {
    const type = bag.type === 'checked' ? 'checked' : bag.type === 'carry_on' ? 'carry_on' : null;
    return type === null || bag.quantity == null
      ? []
      : [{ type, quantity: Math.max(0, Math.trunc(bag.quantity)) }];
  });
}

/** Where a flight lands on its way without changing planes; a stop without its times is left out. */
function stopsOf(segment: DuffelSegment): Segment['stops'] {
  return segment.stops.flatMap((stop) => {
    const arrivingAt = localTime(stop.arriving_at);
    const departingAt = localTime(stop.departing_at);
    if (!stop.airport || arrivingAt === null || departingAt === null) return [];
    const airport = placeOf(stop.airport);
    return [
      {
        airport,
        arriving_at: arrivingAt,
        departing_at: departingAt,
        duration:
          stop.duration ??
          isoDuration(
            minutesBetween(arrivingAt, airport.time_zone, departingAt, airport.time_zone),
          ),
      },
    ];
  });
}

/** One flight; null when it lacks its times (nothing could be shown or checked). */
function segmentOf(segment: DuffelSegment, cabin: CabinClass): Segment | null {
  const departing = localTime(segment.departing_at);
  const arriving = localTime(segment.arriving_at);
  if (departing === null || arriving === null) return null;
  const origin = placeOf(segment.origin);
  const destination = placeOf(segment.destination);
  const marketing = segment.marketing_carrier;
  const operating = segment.operating_carrier ?? marketing;
  const carrierCode = marketing?.iata_code ?? operating?.iata_code ?? '';
  const passenger = segment.passengers[0];
  const baggages = baggagesOf(passenger);
  const checked = baggages.find((bag) => bag.type === 'checked')?.quantity ?? 0;
  const distance = Number(segment.distance);
  return {
    id: segment.id ?? '',
    origin,
    destination,
    origin_terminal: segment.origin_terminal ?? null,
    destination_terminal: segment.destination_terminal ?? null,
    departing_at: departing,
    arriving_at: arriving,
    duration:
      segment.duration ??
      isoDuration(minutesBetween(departing, origin.time_zone, arriving, destination.time_zone)),
    flight_number: `${carrierCode}${segment.marketing_carrier_flight_number ?? segment.operating_carrier_flight_number ?? ''}`,
    aircraft: segment.aircraft?.name ? { name: segment.aircraft.name } : null,
    airline: {
      id: marketing?.id ?? carrierCode,
      name: marketing?.name ?? carrierCode,
      iata_code: carrierCode,
      icao_code: null,
      logo_url: marketing?.logo_symbol_url ?? airlineLogoPath(carrierCode),
    },
    operating_carrier: {
      iata_code: operating?.iata_code ?? carrierCode,
      name: operating?.name ?? marketing?.name ?? carrierCode,
    },
    cabin_class: cabinOf(passenger?.cabin_class) ?? cabinOf(passenger?.cabin?.name) ?? cabin,
    cabin_class_marketing_name:
      passenger?.cabin_class_marketing_name ??
      passenger?.cabin?.marketing_name ??
      cabinLabel(cabinOf(passenger?.cabin_class) ?? cabin),
    baggages,
    services: servicesOf(segment, checked),
    distance_km:
      Number.isFinite(distance) && segment.distance != null ? Math.round(distance) : null,
    stops: stopsOf(segment),
  };
}

function cabinLabel(cabin: CabinClass): string {
  return {
    economy: 'Economy',
    premium_economy: 'Premium Economy',
    business: 'Business',
    first: 'First',
  }[cabin];
}

function sliceOf(slice: DuffelSlice, cabin: CabinClass): Slice | null {
  const segments = slice.segments.map((segment) => segmentOf(segment, cabin));
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last || segments.some((segment) => segment === null)) return null;
  const known = segments.filter((segment): segment is Segment => segment !== null);
  return {
    id: slice.id ?? '',
    // The slice's ends are the airports flown from and to, even when a city was searched.
    origin: first.origin,
    destination: last.destination,
    duration:
      slice.duration ??
      isoDuration(
        minutesBetween(
          first.departing_at,
          first.origin.time_zone,
          last.arriving_at,
          last.destination.time_zone,
        ),
      ),
    fare_brand_name: slice.fare_brand_name ?? null,
    segments: known,
  };
}

function penaltyOf(condition: DuffelCondition) {
  if (!condition?.allowed) return null;
  const currency = currencyOf(condition.penalty_currency);
  const amount = money(condition.penalty_amount, currency);
  return amount === null || currency === null ? null : { amount, currency };
}

/**
 * The offer's conditions; where Duffel gives them per slice only, the trip allows a change or a
 * refund when every slice does, for the sum of their penalties.
 */
function conditionsOf(
  conditions: Read<typeof conditionsShape>,
  slices: readonly DuffelSlice[],
): Offer['conditions'] {
  const one = (key: 'refund_before_departure' | 'change_before_departure') => {
    const condition = conditions?.[key];
    if (condition) return { allowed: condition.allowed === true, penalty: penaltyOf(condition) };
    const perSlice = slices.map((slice) => slice.conditions?.[key] ?? null);
    if (perSlice.length === 0 || perSlice.some((c) => !c?.allowed)) {
      return { allowed: false, penalty: null };
    }
    const penalties = perSlice.map(penaltyOf);
    const currencies = new Set(penalties.map((p) => p?.currency ?? null));
    if (penalties.some((p) => p === null) || currencies.size !== 1) {
      return { allowed: true, penalty: null };
    }
    const currency = [...currencies][0] ?? '';
    const total = penalties.reduce((sum, p) => sum + toMinorUnits(p?.amount ?? '0', currency), 0);
    return {
      allowed: true,
      penalty: { amount: fromMinorUnits(total, currency), currency },
    };
  };
  const refund = one('refund_before_departure');
  const change = one('change_before_departure');
  return {
    refundable: refund.allowed,
    changeable: change.allowed,
    refund_penalty: refund.penalty,
    change_penalty: change.penalty,
  };
}

function passengerType(type: string | null | undefined, age: number | null | undefined) {
  if (type === 'adult' || type === 'child' || type === 'infant_without_seat') return type;
  if (age == null) return 'adult' as const;
  return age < 2
    ? ('infant_without_seat' as const)
    : age < 12
      ? ('child' as const)
      : ('adult' as const);
}

function ownerOf(airline: Read<typeof airlineShape>, slices: readonly Slice[]): Offer['owner'] {
  const fallback = slices[0]?.segments[0]?.airline;
  const code = airline?.iata_code ?? fallback?.iata_code ?? '';
  return {
    name: airline?.name ?? fallback?.name ?? code,
    iata_code: code,
    logo_url: airline?.logo_symbol_url ?? airlineLogoPath(code),
  };
}

export interface OfferContext {
  /** When the offer was read, for the defaults of its times. */
  now: Date;
  /** The cabin searched, when Duffel does not say a flight's. */
  cabin?: CabinClass;
}

/**
 * The fare before taxes, in minor units: Duffel's base where it fits within the total, else the
 * total less the taxes, else the total.
 */
function baseMinorOf(
  baseGiven: string | null,
  taxGiven: string | null,
  totalMinor: number,
  currency: string,
): number {
  let baseMinor = baseGiven === null ? null : toMinorUnits(baseGiven, currency);
  if (baseMinor === null || baseMinor > totalMinor || baseMinor < 0) {
    baseMinor = taxGiven === null ? totalMinor : totalMinor - toMinorUnits(taxGiven, currency);
  }
  if (baseMinor < 0 || baseMinor > totalMinor) baseMinor = totalMinor;
  return baseMinor;
}

/** The offer's passengers; one without an id is left out. */
function passengersOf(offer: DuffelOffer): Offer['passengers'] {
  return offer.passengers.flatMap((p) =>
    p.id == null
      ? []
      : [
          {
            id: p.id,
            type: passengerType(p.type, p.age),
            age: p.age == null ? null : Math.trunc(p.age),
          },
        ],
  );
}

/** The extra bags the offer sells; other services, and one without an id or price, left out. */
function bagServicesOf(offer: DuffelOffer, currency: string): Offer['available_services'] {
  return offer.available_services.flatMap((service) => {
    const amount = money(service.total_amount, currencyOf(service.total_currency) ?? currency);
    if (service.type !== 'baggage' || service.id == null || amount === null) return [];
    const cabinBag = service.metadata?.type === 'carry_on';
    const weight = service.metadata?.maximum_weight_kg;
    return [
      {
        id: service.id,
        type: 'baggage' as const,
        name: cabinBag ? 'Extra cabin bag' : 'Extra checked bag',
        description: `One additional ${cabinBag ? 'cabin' : 'checked'} bag${weight ? ` up to ${weight} kg` : ''}`,
        total_amount: amount,
        total_currency: currencyOf(service.total_currency) ?? currency,
        maximum_quantity: Math.max(1, Math.trunc(service.maximum_quantity ?? 1)),
        passenger_ids: service.passenger_ids,
        segment_ids: service.segment_ids,
      },
    ];
  });
}

/** Duffel's offer as the contract's, at Duffel's prices; null when it is no usable offer. */
export function offerOf(raw: unknown, context: OfferContext): Offer | null {
  const offer = duffelOfferSchema.read(raw);
  if (!offer) return null;
  const currency = currencyOf(offer.total_currency);
  // An offer priced in a currency the product cannot charge is refused, not left out unseen: the
  // traveller is told, and the operator sees it in the log (the Duffel account's currency).
  if (currency !== null && !isChargeableCurrency(currency)) {
    throw new UnsupportedCurrencyError(currency);
  }
  const total = money(offer.total_amount, currency);
  if (offer.id == null || total === null || currency === null) return null;
  const cabin = context.cabin ?? 'economy';
  const slices = offer.slices.map((slice) => sliceOf(slice, cabin));
  if (slices.length === 0 || slices.some((slice) => slice === null)) return null;
  const known = slices.filter((slice): slice is Slice => slice !== null);
  // Base and taxes must add up to the total (the markup rests on the base).
  const totalMinor = toMinorUnits(total, currency);
  const baseGiven = money(offer.base_amount, currency);
  const taxGiven = money(offer.tax_amount, currency);
  const baseMinor = baseMinorOf(baseGiven, taxGiven, totalMinor, currency);
  const created = isoInstant(offer.created_at) ?? context.now.toISOString();
  const passengers = passengersOf(offer);
  if (passengers.length === 0) return null;
  const countries = new Set(
    known.flatMap((slice) =>
      slice.segments.flatMap((s) => [s.origin.country_code, s.destination.country_code]),
    ),
  );
  return {
    id: offer.id,
    slices: known,
    passengers,
    conditions: conditionsOf(offer.conditions, offer.slices),
    base_amount: fromMinorUnits(baseMinor, currency),
    base_currency: currency,
    tax_amount: fromMinorUnits(totalMinor - baseMinor, currency),
    tax_currency: currency,
    total_amount: total,
    total_currency: currency,
    available_services: bagServicesOf(offer, currency),
    // Unsaid, a trip across borders is taken to need passports: asked and not needed is better
    // than needed and refused at the order.
    passenger_identity_documents_required:
      offer.passenger_identity_documents_required ?? countries.size > 1,
    payment_requirements: {
      price_guarantee_expires_at: isoInstant(
        offer.payment_requirements?.price_guarantee_expires_at,
      ),
      payment_required_by: isoInstant(offer.payment_requirements?.payment_required_by),
    },
    owner: ownerOf(offer.owner, known),
    total_emissions_kg: offer.total_emissions_kg ?? null,
    expires_at:
      isoInstant(offer.expires_at) ??
      isoInstant(offer.payment_requirements?.price_guarantee_expires_at) ??
      new Date(Date.parse(created) + 20 * 60_000).toISOString(),
    created_at: created,
  };
}

const FACILITIES = ['exit_row', 'lavatory', 'galley', 'closet', 'stairs', 'empty'] as const;

export function seatMapOf(raw: unknown): SeatMap | null {
  const map = duffelSeatMapSchema.read(raw);
  if (map?.segment_id == null) return null;
  return {
    id: map.id ?? '',
    segment_id: map.segment_id,
    slice_id: map.slice_id ?? '',
    cabins: map.cabins.map((cabin) => ({
      cabin_class: cabinOf(cabin.cabin_class) ?? 'economy',
      deck: Math.trunc(cabin.deck ?? 0),
      aisles: Math.max(1, Math.trunc(cabin.aisles ?? 1)),
      wings:
        cabin.wings?.first_row_index != null && cabin.wings.last_row_index != null
          ? {
              first_row_index: Math.trunc(cabin.wings.first_row_index),
              last_row_index: Math.trunc(cabin.wings.last_row_index),
            }
          : null,
      rows: cabin.rows.map((row) => ({
        sections: row.sections.map((section) => ({
          elements: section.elements.map((element) => {
            const isSeat = element.type === 'seat' || element.type === 'restricted_seat_general';
            if (!isSeat || element.designator == null) {
              return { type: FACILITIES.find((f) => f === element.type) ?? ('empty' as const) };
            }
            // A restricted seat is drawn but cannot be chosen.
            const sold = element.type === 'seat' ? element.available_services : [];
            const services = sold.flatMap((service) => {
              const currency = currencyOf(service.total_currency);
              const amount = money(service.total_amount, currency);
              return service.id == null ||
                service.passenger_id == null ||
                amount === null ||
                currency === null
                ? []
                : [
                    {
                      id: service.id,
                      passenger_id: service.passenger_id,
                      total_amount: amount,
                      total_currency: currency,
                    },
                  ];
            });
            return {
              type: 'seat' as const,
              designator: element.designator,
              name: element.name ?? null,
              disclosures: element.disclosures,
              available: services.length > 0,
              available_services: services,
            };
          }),
        })),
      })),
    })),
  };
}

export function orderOf(raw: unknown, context: OfferContext): SupplierOrder | null {
  const order = duffelOrderSchema.read(raw);
  if (!order) return null;
  const currency = currencyOf(order.total_currency);
  const total = money(order.total_amount, currency);
  if (order.id == null || total === null || currency === null) return null;
  const cabin = context.cabin ?? 'economy';
  const slices = order.slices.map((slice) => sliceOf(slice, cabin));
  const seats: SupplierOrderSeat[] = order.slices.flatMap((slice) =>
    slice.segments.flatMap((segment) =>
      segment.passengers.flatMap((passenger) => {
        const designator = passenger.seat?.designator;
        if (!designator || !passenger.passenger_id || !segment.id) return [];
        const service = order.services.find(
          (s) =>
            s.type === 'seat' &&
            s.passenger_ids.includes(passenger.passenger_id ?? '') &&
            s.segment_ids.includes(segment.id ?? ''),
        );
        return [
          {
            passengerId: passenger.passenger_id,
            segmentId: segment.id,
            designator,
            totalAmount:
              money(service?.total_amount, currencyOf(service?.total_currency) ?? currency) ??
              fromMinorUnits(0, currency),
            totalCurrency: currencyOf(service?.total_currency) ?? currency,
          },
        ];
      }),
    ),
  );
  return {
    id: order.id,
    bookingReference: order.booking_reference ?? '',
    createdAt: isoInstant(order.created_at) ?? context.now.toISOString(),
    cancelledAt: isoInstant(order.cancelled_at),
    totalAmount: total,
    totalCurrency: currency,
    slices: slices.filter((slice): slice is Slice => slice !== null),
    seats,
    refundable: order.conditions?.refund_before_departure?.allowed === true,
  };
}

/** Our booking id as the order's metadata carries it. */
export function orderReference(raw: unknown, key: string): string | null {
  const value = duffelOrderSchema.read(raw)?.metadata?.[key];
  return typeof value === 'string' ? value : null;
}

/**
 * Where Duffel says a refund goes. Money back to our balance (`balance`, `arc_bsp_cash`, and
 * `card`, the card Duffel charged) is ours to pass on to the traveller's card; `voucher` and
 * `airline_credits` go to the passengers as credits with the airline; `awaiting_payment` (a hold
 * order never paid) returns nothing. An unknown value is read as nothing back, never as money.
 */
function destinationOf(refundTo: string | null): RefundDestination {
  if (refundTo === 'balance' || refundTo === 'arc_bsp_cash' || refundTo === 'card') {
    return 'original_payment';
  }
  if (refundTo === 'voucher' || refundTo === 'airline_credits') return 'airline_credits';
  return 'none';
}

/**
 * A cancellation (quote or confirmed). Only money returned to our Duffel balance is refunded to
 * the card: credits and vouchers go to the passengers, and are listed as such. A `refund_amount`
 * of null (Duffel v2: the carrier gave no refund quote) stays null: unknown, not nothing.
 */
export function cancellationOf(
  raw: unknown,
  context: { now: Date; currency: string },
): SupplierCancellation | null {
  const cancellation = duffelCancellationSchema.read(raw);
  if (cancellation?.id == null) return null;
  const refundTo = destinationOf(cancellation.refund_to ?? null);
  const currency = currencyOf(cancellation.refund_currency) ?? context.currency;
  const stated = money(cancellation.refund_amount, currency);
  // Nothing to the card: zero, written in the currency's decimals ("0", "0.00", "0.000").
  const zero = money('0', currency) ?? '0';
  const credits = cancellation.airline_credits.flatMap((credit) => {
    const creditCurrency = currencyOf(credit.credit_currency) ?? currency;
    const amount = money(credit.credit_amount, creditCurrency);
    return credit.id == null || amount === null
      ? []
      : [
          {
            id: credit.id,
            name: credit.credit_name ?? 'Airline credit',
            code: credit.credit_code ?? null,
            amount,
            currency: creditCurrency,
            expiresAt: isoInstant(credit.expires_at),
            passengerId: credit.passenger_id ?? null,
          },
        ];
  });
  // A voucher stated only as the refund's amount is still the passengers' credit.
  const airlineCredits =
    refundTo === 'airline_credits' && credits.length === 0 && stated !== null
      ? [
          {
            id: cancellation.id,
            name: 'Airline voucher',
            code: null,
            amount: stated,
            currency,
            expiresAt: null,
            passengerId: null,
          },
        ]
      : credits;
  return {
    id: cancellation.id,
    orderId: cancellation.order_id ?? '',
    refundAmount:
      cancellation.refund_amount == null ? null : refundTo === 'original_payment' ? stated : zero,
    refundCurrency: currency,
    refundTo,
    airlineCredits: refundTo === 'airline_credits' ? airlineCredits : [],
    expiresAt:
      isoInstant(cancellation.expires_at) ??
      new Date(context.now.getTime() + 5 * 60_000).toISOString(),
    confirmedAt: isoInstant(cancellation.confirmed_at),
  };
}
