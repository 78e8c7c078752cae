import {
  isChargeableCurrency,
  percentToBasisPoints,
  roundUpToChargeable,
  sellPrice,
  toMinorUnits,
} from '@contrail/contracts/money';
import { departsTooSoon, type Offer, type SeatMap } from '@contrail/contracts/offers';
import type { SeatSelection, ServiceSelection } from '@contrail/contracts/payments';
import { badRequest, type AppError } from '../../lib/app-error';
import type { FlightSupplier } from '../../providers/flights/flight-supplier';
import type { BrandContext } from '../brands/brands.service';
import { flightErrors, supplierFailure } from '../flights';
import { checkoutErrors, pricingMessages } from './checkout.errors';

interface PricedSeat extends SeatSelection {
  serviceId: string;
  amountMinor: number;
  /** An exit row seat (it carries disclosures): only for some passengers. */
  exitRow: boolean;
}

/** Extra checked bags of one bag service, priced from the offer. */
interface PricedBag extends ServiceSelection {
  passengerId: string;
  segmentIds: string[];
  /** For all `quantity` bags. */
  amountMinor: number;
}

/** What a traveller adds to an offer: seats (from the seat maps) and bags (from the offer). */
export interface Extras {
  seats: readonly SeatSelection[];
  services: readonly ServiceSelection[];
}

/** The same seats for the same passengers and the same bags, in any order (jsonb keeps no order). */
export function sameExtras(a: Extras, b: Extras): boolean {
  const keys = (extras: Extras) =>
    [
      ...extras.seats.map((s) => `seat|${s.passengerId}|${s.segmentId}|${s.designator}`),
      ...extras.services.map((s) => `service|${s.id}|${s.quantity}`),
    ]
      .sort()
      .join(',');
  return keys(a) === keys(b);
}

interface SeatFacts {
  services: { passenger_id: string; id: string; total_amount: string }[];
  exitRow: boolean;
}

/** The price of one offer with one seat choice, computed on the server from the provider. */
export interface Quote {
  /** The provider's offer, without markup. */
  providerOffer: Offer;
  currency: string;
  seats: PricedSeat[];
  seatsMinor: number;
  bags: PricedBag[];
  bagsMinor: number;
  /** Offer sell total (markup applied once) plus seats and bags: what the card is charged. */
  sellTotalMinor: number;
  /** Offer provider total plus seats and bags: what the airline is paid. */
  providerTotalMinor: number;
  markupMinor: number;
}

function seatIndex(maps: SeatMap[]) {
  const index = new Map<string, Map<string, SeatFacts>>();
  for (const map of maps) {
    const seats = new Map<string, SeatFacts>();
    for (const cabin of map.cabins) {
      for (const row of cabin.rows) {
        for (const section of row.sections) {
          for (const element of section.elements) {
            if (element.type === 'seat')
              seats.set(element.designator, {
                services: element.available_services,
                exitRow: element.disclosures.length > 0,
              });
          }
        }
      }
    }
    index.set(map.segment_id, seats);
  }
  return index;
}

/** The taken seats as people read them: `12A (BA117)`, and as the client acts on them. */
export function seatConflict(
  offer: Offer,
  taken: readonly { index: number; segmentId: string; designator: string }[],
): AppError {
  const flights = new Map(
    offer.slices.flatMap((slice) => slice.segments.map((s) => [s.id, s.flight_number])),
  );
  const names = taken.map(
    (seat) => `${seat.designator} (${flights.get(seat.segmentId) ?? 'this flight'})`,
  );
  const message = pricingMessages.seatsTaken(names);
  return checkoutErrors.seatUnavailable({
    message,
    fields: Object.fromEntries(taken.map((seat) => [`seats.${seat.index}`, message])),
    seats: taken.map((seat) => `${seat.segmentId}:${seat.designator}`).join(','),
  });
}

/** Prices the chosen seats from the seat maps; seats someone else holds are one 409 naming them. */
function priceSeats(
  providerOffer: Offer,
  maps: SeatMap[],
  selections: readonly SeatSelection[],
): PricedSeat[] {
  const index = seatIndex(maps);
  const seen = new Set<string>();
  const seats: PricedSeat[] = [];
  const taken: { index: number; segmentId: string; designator: string }[] = [];
  for (const [i, selection] of selections.entries()) {
    const field = `seats.${i}`;
    const seatKey = `${selection.segmentId}|${selection.designator}`;
    const passengerKey = `${selection.segmentId}|${selection.passengerId}`;
    if (seen.has(seatKey))
      throw badRequest(pricingMessages.seatTwice, { [field]: pricingMessages.seatTwice });
    if (seen.has(passengerKey))
      throw badRequest(pricingMessages.passengerTwice, { [field]: pricingMessages.passengerTwice });
    seen.add(seatKey).add(passengerKey);
    const seat = index.get(selection.segmentId)?.get(selection.designator);
    if (!seat)
      throw badRequest(pricingMessages.seatUnknown, { [field]: pricingMessages.seatUnknown });
    if (seat.services.length === 0) {
      taken.push({ index: i, segmentId: selection.segmentId, designator: selection.designator });
      continue;
    }
    const service = seat.services.find((s) => s.passenger_id === selection.passengerId);
    if (!service)
      throw badRequest(pricingMessages.seatNotForPassenger, {
        [field]: pricingMessages.seatNotForPassenger,
      });
    seats.push({
      ...selection,
      serviceId: service.id,
      amountMinor: toMinorUnits(service.total_amount, providerOffer.total_currency),
      exitRow: seat.exitRow,
    });
  }
  if (taken.length > 0) throw seatConflict(providerOffer, taken);
  return seats;
}

/**
 * Prices the chosen bags from the offer's own bag services: each id once, at most the service's
 * `maximum_quantity`, never for an infant on a lap (the airline gives them no bag of their own).
 */
function priceBags(providerOffer: Offer, selections: readonly ServiceSelection[]): PricedBag[] {
  const services = new Map(providerOffer.available_services.map((s) => [s.id, s]));
  const lapInfants = new Set(
    providerOffer.passengers.filter((p) => p.type === 'infant_without_seat').map((p) => p.id),
  );
  const seen = new Set<string>();
  return selections.map((selection, i) => {
    const refuse = (message: string) => badRequest(message, { [`services.${i}`]: message });
    const service = services.get(selection.id);
    if (service?.type !== 'baggage') throw refuse(pricingMessages.bagUnknown);
    if (seen.has(selection.id)) throw refuse(pricingMessages.bagTwice);
    seen.add(selection.id);
    if (selection.quantity > service.maximum_quantity)
      throw refuse(pricingMessages.bagTooMany(service.maximum_quantity));
    const passengerId = service.passenger_ids[0];
    if (passengerId === undefined || service.passenger_ids.some((id) => lapInfants.has(id)))
      throw refuse(pricingMessages.bagNotForPassenger);
    return {
      ...selection,
      passengerId,
      segmentIds: service.segment_ids,
      amountMinor:
        toMinorUnits(service.total_amount, providerOffer.total_currency) * selection.quantity,
    };
  });
}

/**
 * Prices an offer with its seats and bags for a brand at `now`; a seat or bag that cannot be had
 * is a 400, a flight leaving within 2 hours a 410 (no longer sold). Seats and bags are sold at
 * the airline's price: the brand's markup is on the fare alone.
 */
export async function quote(
  supplier: FlightSupplier,
  brand: BrandContext,
  offerId: string,
  extras: Extras,
  now: Date,
): Promise<Quote> {
  // Refused before any card is touched while the provider cannot pay for orders.
  if (await supplier.ordersRefused?.(offerId)) throw checkoutErrors.bookingsPaused();
  let providerOffer: Offer;
  let maps: SeatMap[] = [];
  try {
    providerOffer = await supplier.getOffer(offerId);
    if (extras.seats.length > 0) maps = await supplier.getSeatMaps(offerId);
  } catch (error) {
    throw supplierFailure(error);
  }
  assertDepartsLater(providerOffer, now);
  const currency = providerOffer.total_currency;
  // Refused before anything is priced, held or booked: an amount in this currency cannot be charged.
  if (!isChargeableCurrency(currency)) throw flightErrors.currencyNotSupported(currency);
  const seats = priceSeats(providerOffer, maps, extras.seats);
  const bags = priceBags(providerOffer, extras.services);
  const seatsMinor = seats.reduce((sum, seat) => sum + seat.amountMinor, 0);
  const bagsMinor = bags.reduce((sum, bag) => sum + bag.amountMinor, 0);
  const providerTotalMinor =
    toMinorUnits(providerOffer.total_amount, currency) + seatsMinor + bagsMinor;
  const sell = sellPrice(
    {
      baseMinor: toMinorUnits(providerOffer.base_amount, currency),
      taxMinor: toMinorUnits(providerOffer.tax_amount, currency),
      totalMinor: toMinorUnits(providerOffer.total_amount, currency),
    },
    percentToBasisPoints(brand.markupPercent),
    currency,
  );
  // Seats and bags are sold at the airline's price, which in a three-decimal currency may end in a
  // digit Stripe refuses: the charge is rounded up to the next amount a card takes (`chargeStep`).
  const sellTotalMinor = roundUpToChargeable(sell.totalMinor + seatsMinor + bagsMinor, currency);
  return {
    providerOffer,
    currency,
    seats,
    seatsMinor,
    bags,
    bagsMinor,
    sellTotalMinor,
    providerTotalMinor,
    markupMinor: sellTotalMinor - providerTotalMinor,
  };
}

/** 410 when the offer's first flight leaves within 2 hours of `now`: it is no longer sold. */
function assertDepartsLater(offer: Offer, now: Date): void {
  if (departsTooSoon(offer, now.getTime())) throw flightErrors.departsTooSoon();
}

/** 409 with the current price when the client's amount is not what the server computes. */
export function assertAmount(priced: Quote, amount: string, currency: string): void {
  if (
    currency.toUpperCase() === priced.currency &&
    toMinorUnits(amount, priced.currency) === priced.sellTotalMinor
  )
    return;
  throw checkoutErrors.amountChanged(priced);
}
