/**
 * Reading one offer back: the offer with its bags for sale, and its seat maps, one per segment,
 * where a seat sold in an earlier order or taken by the simulated passengers is unavailable and
 * every other seat is offered, at its price, to each passenger who may sit there.
 */
import { sandboxErrorCodes, SandboxError } from './errors';
import { fareBrands } from './fare-brands';
import { simulatedLoadBasisPoints } from './fares';
import { formatAmount, fromUsdCents } from './money';
import { offerObject } from './offer-objects';
import { seatName } from './orders';
import { hashString, idFromHash } from './random';
import { readOffer, type SandboxContext } from './sandbox-context';
import {
  exitRowDisclosures,
  isSimulatedTaken,
  layoutCabins,
  mayTakeSeat,
  seatPriceUsdCents,
} from './seat-maps';
import { serviceId } from './service-ids';
import { daysBetween } from './time-zones';
import type { Offer, SeatMap, SeatService } from './types';

/** The sandbox's `getOffer` and `getSeatMaps`. */
export function sandboxOffers(sandbox: SandboxContext) {
  // Async so that every failure arrives as a rejected promise, never a synchronous throw.
  async function getOffer(offerId: string): Promise<Offer> {
    return offerObject(readOffer(sandbox, offerId).priced, true);
  }

  async function getSeatMaps(offerId: string): Promise<SeatMap[]> {
    const { priced } = readOffer(sandbox, offerId);
    const currency = priced.spec.currency;
    const brand = fareBrands[priced.spec.cabin][priced.spec.brandIndex];
    if (brand === undefined) {
      throw new SandboxError(sandboxErrorCodes.notFound, 'No offer with this id exists.');
    }
    const flights = priced.slices.flat();
    const sold = await sandbox.store.listSoldSeats(flights.map((flight) => flight.key));
    const soldByFlight = new Map<string, Set<string>>();
    for (const seat of sold) {
      const set = soldByFlight.get(seat.flightKey) ?? new Set<string>();
      set.add(seat.designator);
      soldByFlight.set(seat.flightKey, set);
    }
    const lowCost = priced.owner.seed.kind === 'low_cost';
    /**
     * One flight's seat map: every seat, and for a seat not taken (sold, or by the simulated
     * passengers) each passenger who may sit there, at its price.
     */
    const seatMapOf = (
      flight: (typeof priced.slices)[number][number],
      sliceIndex: number,
      position: number,
      index: number,
    ): SeatMap => {
      const cabin = priced.cabins[sliceIndex]?.[position] ?? priced.spec.cabin;
      const load = simulatedLoadBasisPoints(
        sandbox.seed,
        flight.key,
        daysBetween(priced.searchDate, flight.date),
      );
      const soldHere = soldByFlight.get(flight.key);
      const segmentId = priced.segmentIds[sliceIndex]?.[position] ?? '';
      return {
        id: `sea_${idFromHash(hashString(`sea|${priced.id}|${index}`))}`,
        segment_id: segmentId,
        slice_id: priced.sliceIds[sliceIndex] ?? '',
        cabins: layoutCabins(flight.service.aircraft.type, (seat) => {
          const taken =
            soldHere?.has(seat.designator) === true ||
            isSimulatedTaken(sandbox.seed, flight.key, seat.designator, load);
          const services: SeatService[] = [];
          if (!taken) {
            const price = formatAmount(
              fromUsdCents(
                seatPriceUsdCents(seat, { distanceKm: flight.route.distanceKm, brand, lowCost }),
                currency,
              ),
              currency,
            );
            priced.passengers.forEach((passenger, passengerIndex) => {
              if (!mayTakeSeat(seat, passenger.type, cabin)) return;
              services.push({
                id: serviceId(priced.offerHash, {
                  kind: 'seat',
                  segment: index,
                  passenger: passengerIndex,
                  designator: seat.designator,
                }),
                passenger_id: passenger.id,
                total_amount: price,
                total_currency: currency,
              });
            });
          }
          return {
            type: 'seat',
            designator: seat.designator,
            name: seatName(seat),
            disclosures: seat.exitRow ? exitRowDisclosures : [],
            available_services: services,
          };
        }),
      };
    };
    const maps: SeatMap[] = [];
    let segmentIndex = 0;
    priced.slices.forEach((sliceFlights, sliceIndex) => {
      sliceFlights.forEach((flight, position) => {
        maps.push(seatMapOf(flight, sliceIndex, position, segmentIndex++));
      });
    });
    return maps;
  }

  return { getOffer, getSeatMaps };
}
