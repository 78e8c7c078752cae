import { toMinorUnits } from '@contrail/contracts/money';
import type { Offer } from '@contrail/contracts/offers';
import type { ServiceSelection } from '@contrail/contracts/payments';

/** Extra bags chosen per bag service of the offer: `choices[serviceId] = 2`. */
export type BagChoices = Readonly<Record<string, number>>;

/** Extra checked bags of one bag service with their price, in integer minor units. */
export interface BagCharge {
  serviceId: string;
  passengerId: string;
  segmentIds: string[];
  quantity: number;
  /** For all `quantity` bags. */
  amountMinor: number;
  currency: string;
}

/** One bag service as the checkout offers it: for one passenger, on the flights of one slice. */
export interface BagOption {
  serviceId: string;
  passengerId: string;
  name: string;
  description: string;
  /** The price of one bag. */
  unitMinor: number;
  currency: string;
  maximum: number;
}

/** The offer's bag services per slice, in travel order (a service covers one slice's flights). */
export function bagOptionsBySlice(offer: Offer): { sliceIndex: number; options: BagOption[] }[] {
  return offer.slices
    .map((slice, sliceIndex) => {
      const segments = new Set(slice.segments.map((segment) => segment.id));
      const options = offer.available_services
        .filter(
          (service) =>
            service.maximum_quantity > 0 &&
            service.passenger_ids.length === 1 &&
            service.segment_ids.some((id) => segments.has(id)),
        )
        .map((service) => ({
          serviceId: service.id,
          passengerId: service.passenger_ids[0] ?? '',
          name: service.name,
          description: service.description,
          unitMinor: toMinorUnits(service.total_amount, service.total_currency),
          currency: service.total_currency,
          maximum: service.maximum_quantity,
        }));
      return { sliceIndex, options };
    })
    .filter((group) => group.options.length > 0);
}

/**
 * The chosen bags priced from the offer; a choice the offer no longer sells is dropped, and a
 * quantity is kept within the service's maximum (the server checks both again).
 */
export function bagCharges(offer: Offer, choices: BagChoices): BagCharge[] {
  const charges: BagCharge[] = [];
  for (const service of offer.available_services) {
    const chosen = Math.min(choices[service.id] ?? 0, service.maximum_quantity);
    const passengerId = service.passenger_ids[0];
    if (chosen < 1 || passengerId === undefined) continue;
    charges.push({
      serviceId: service.id,
      passengerId,
      segmentIds: service.segment_ids,
      quantity: chosen,
      amountMinor: toMinorUnits(service.total_amount, service.total_currency) * chosen,
      currency: service.total_currency,
    });
  }
  return charges;
}

/** What a payment or booking request carries of the bags: `[{id, quantity}]`. */
export function serviceSelections(bags: readonly BagCharge[]): ServiceSelection[] {
  return bags.map((bag) => ({ id: bag.serviceId, quantity: bag.quantity }));
}

/** The choices with one service set to `quantity` (0 removes it). */
export function withBagQuantity(
  choices: BagChoices,
  serviceId: string,
  quantity: number,
): BagChoices {
  const { [serviceId]: _previous, ...others } = choices;
  return quantity > 0 ? { ...others, [serviceId]: quantity } : others;
}

/** The slice a bag service is for: the one holding its flights. */
export function sliceOfBag<S extends { segments: readonly { id: string }[] }>(
  slices: readonly S[],
  bag: { segmentIds: readonly string[] },
): S | undefined {
  return slices.find((slice) => slice.segments.some((segment) => segment.id === bag.segmentIds[0]));
}

/** "1 extra bag" / "2 extra bags". */
export function bagCount(quantity: number): string {
  return `${String(quantity)} extra bag${quantity === 1 ? '' : 's'}`;
}
