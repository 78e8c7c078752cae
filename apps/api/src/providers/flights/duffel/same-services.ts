/**
 * The seats and bags chosen on an offer, found again on its replacement: the same seat, or a bag
 * of the same kind, for the same passenger on the same flights, at the replacement's price.
 */
import { toMinorUnits } from '@contrail/contracts/money';
import type { Offer, SeatMap } from '@contrail/contracts/offers';
import { SupplierError, type SupplierOrderInput } from '../flight-supplier';

/** An offer with its seat maps, before or after a replacement (`toOld`: new ids to old). */
interface PricedSide {
  offer: Offer;
  maps: readonly SeatMap[];
  toOld?: Record<string, string>;
}

/**
 * The replacement offer's services for the ones chosen on the old: the same seat, or a bag of the
 * same kind, for the same passenger on the same flights. One that cannot be had is refused.
 */
export function sameServicesIn(
  old: PricedSide,
  fresh: Required<PricedSide>,
  chosen: SupplierOrderInput['services'],
): { services: SupplierOrderInput['services']; extrasMinor: number } {
  const services: SupplierOrderInput['services'] = [];
  let extrasMinor = 0;
  const newPassengerOf = (oldId: string | undefined) =>
    fresh.offer.passengers[old.offer.passengers.findIndex((p) => p.id === oldId)]?.id;
  for (const { id, quantity } of chosen) {
    const seat = findSeatService(old.maps, id);
    if (seat) {
      const newPassenger = newPassengerOf(seat.passengerId);
      const map = fresh.maps.find((m) => fresh.toOld[m.segment_id] === seat.segmentId);
      const element = map?.cabins
        .flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)))
        .find((e) => e.type === 'seat' && e.designator === seat.designator);
      const service =
        element?.type === 'seat'
          ? element.available_services.find((s) => s.passenger_id === newPassenger)
          : undefined;
      if (!service) {
        throw new SupplierError('seat_unavailable', 'A chosen seat has just been taken.', {
          taken: [{ segmentId: seat.segmentId, designator: seat.designator }],
        });
      }
      services.push({ id: service.id, quantity: 1 });
      extrasMinor += toMinorUnits(service.total_amount, service.total_currency);
      continue;
    }
    const bag = old.offer.available_services.find((s) => s.id === id);
    const newPassenger = newPassengerOf(bag?.passenger_ids[0]);
    const twin = fresh.offer.available_services.find(
      (s) =>
        s.name === bag?.name &&
        s.description === bag.description &&
        s.passenger_ids[0] === newPassenger &&
        s.maximum_quantity >= quantity &&
        s.segment_ids.map((segment) => fresh.toOld[segment]).join() === bag.segment_ids.join(),
    );
    if (!twin) {
      throw new SupplierError(
        'offer_unavailable',
        'A chosen bag is no longer sold with these flights.',
      );
    }
    services.push({ id: twin.id, quantity });
    extrasMinor += toMinorUnits(twin.total_amount, twin.total_currency) * quantity;
  }
  return { services, extrasMinor };
}

/** The seat a seat service id sells, in seat maps: its flight, seat and passenger. */
function findSeatService(maps: readonly SeatMap[], serviceId: string) {
  for (const map of maps) {
    for (const cabin of map.cabins) {
      for (const row of cabin.rows) {
        for (const section of row.sections) {
          for (const element of section.elements) {
            if (element.type !== 'seat') continue;
            const service = element.available_services.find((s) => s.id === serviceId);
            if (service) {
              return {
                segmentId: map.segment_id,
                designator: element.designator,
                passengerId: service.passenger_id,
              };
            }
          }
        }
      }
    }
  }
  return undefined;
}
