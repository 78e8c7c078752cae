import {
  fromMinorUnits,
  percentToBasisPoints,
  sellPrice,
  toMinorUnits,
} from '@contrail/contracts/money';
import type { Offer, SeatMap } from '@contrail/contracts/offers';
import type { SeatSelection } from '@contrail/contracts/payments';
import { AppError, badRequest } from '../../lib/app-error';
import type { FlightSupplier } from '../../suppliers/flight-supplier';
import type { BrandContext } from '../brands/brands.service';
import { supplierFailure } from '../flights/flights.service';

export const pricingMessages = {
  seatUnknown: 'That seat is not on this flight',
  seatNotForPassenger: 'That seat is not available for this passenger',
  seatTaken: 'One of the chosen seats has just been taken. Please choose another seat.',
  seatTwice: 'Each seat can be chosen once',
  passengerTwice: 'Each passenger can have one seat per flight',
  amountChanged: 'The price has changed. Please review the new total before paying.',
} as const;

export interface PricedSeat extends SeatSelection {
  serviceId: string;
  amountMinor: number;
}

/** The price of one offer with one seat choice, computed on the server from the provider. */
export interface Quote {
  /** The provider's offer, without markup. */
  providerOffer: Offer;
  currency: string;
  seats: PricedSeat[];
  seatsMinor: number;
  /** Offer sell total (markup applied once) plus seats: what the card is charged. */
  sellTotalMinor: number;
  /** Offer provider total plus seats: what the airline is paid. */
  providerTotalMinor: number;
  markupMinor: number;
}

function seatIndex(maps: SeatMap[]) {
  const index = new Map<
    string,
    Map<string, { passenger_id: string; id: string; total_amount: string }[]>
  >();
  for (const map of maps) {
    const seats = new Map<string, { passenger_id: string; id: string; total_amount: string }[]>();
    for (const cabin of map.cabins) {
      for (const row of cabin.rows) {
        for (const section of row.sections) {
          for (const element of section.elements) {
            if (element.type === 'seat') seats.set(element.designator, element.available_services);
          }
        }
      }
    }
    index.set(map.segment_id, seats);
  }
  return index;
}

/** Prices an offer and a seat choice for a brand; a seat that cannot be had is a 400. */
export async function quote(
  supplier: FlightSupplier,
  brand: BrandContext,
  offerId: string,
  selections: readonly SeatSelection[],
): Promise<Quote> {
  let providerOffer: Offer;
  let maps: SeatMap[] = [];
  try {
    providerOffer = await supplier.getOffer(offerId);
    if (selections.length > 0) maps = await supplier.getSeatMaps(offerId);
  } catch (error) {
    throw supplierFailure(error);
  }
  const index = seatIndex(maps);
  const seen = new Set<string>();
  const seats: PricedSeat[] = [];
  for (const [i, selection] of selections.entries()) {
    const field = `seats.${i}`;
    const seatKey = `${selection.segmentId}|${selection.designator}`;
    const passengerKey = `${selection.segmentId}|${selection.passengerId}`;
    if (seen.has(seatKey))
      throw badRequest(pricingMessages.seatTwice, { [field]: pricingMessages.seatTwice });
    if (seen.has(passengerKey))
      throw badRequest(pricingMessages.passengerTwice, { [field]: pricingMessages.passengerTwice });
    seen.add(seatKey).add(passengerKey);
    const services = index.get(selection.segmentId)?.get(selection.designator);
    if (!services)
      throw badRequest(pricingMessages.seatUnknown, { [field]: pricingMessages.seatUnknown });
    if (services.length === 0) {
      throw new AppError(409, 'seat_unavailable', pricingMessages.seatTaken, {
        [field]: pricingMessages.seatTaken,
      });
    }
    const service = services.find((s) => s.passenger_id === selection.passengerId);
    if (!service)
      throw badRequest(pricingMessages.seatNotForPassenger, {
        [field]: pricingMessages.seatNotForPassenger,
      });
    seats.push({
      ...selection,
      serviceId: service.id,
      amountMinor: toMinorUnits(service.total_amount),
    });
  }
  const seatsMinor = seats.reduce((sum, seat) => sum + seat.amountMinor, 0);
  const sell = sellPrice(
    {
      baseMinor: toMinorUnits(providerOffer.base_amount),
      taxMinor: toMinorUnits(providerOffer.tax_amount),
      totalMinor: toMinorUnits(providerOffer.total_amount),
    },
    percentToBasisPoints(brand.markupPercent),
  );
  return {
    providerOffer,
    currency: providerOffer.total_currency,
    seats,
    seatsMinor,
    sellTotalMinor: sell.totalMinor + seatsMinor,
    providerTotalMinor: toMinorUnits(providerOffer.total_amount) + seatsMinor,
    markupMinor: sell.markupMinor,
  };
}

/** 409 with the current price when the client's amount is not what the server computes. */
export function assertAmount(priced: Quote, amount: string, currency: string): void {
  if (toMinorUnits(amount) === priced.sellTotalMinor && currency.toUpperCase() === priced.currency)
    return;
  throw new AppError(409, 'amount_changed', pricingMessages.amountChanged, undefined, undefined, {
    amount: fromMinorUnits(priced.sellTotalMinor),
    currency: priced.currency,
  });
}
