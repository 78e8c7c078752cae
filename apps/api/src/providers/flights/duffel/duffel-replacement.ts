/**
 * An offer replaced for its order: when Duffel refuses an order because another offer of the same
 * offer request was booked, the same flights and fare brand are found in a fresh offer request,
 * and kept for every process as the offer's replacement.
 */
import { toMinorUnits } from '@contrail/contracts/money';
import type { Offer } from '@contrail/contracts/offers';
import { SupplierError, type SupplierLog, type SupplierOrderInput } from '../flight-supplier';
import { duffelPassengers, type DuffelOffers } from './duffel-offers';
import type { OfferReplacement, OfferReplacements } from './offer-replacements';
import { oldIdsOf } from './replacement-ids';
import { sameServicesIn } from './same-services';

/** Whether two offers are the same flights: the same fare brands, flights, times and cabins. */
function sameFlights(a: Offer, b: Offer): boolean {
  return (
    a.passengers.length === b.passengers.length &&
    a.slices.length === b.slices.length &&
    a.slices.every((slice, i) => {
      const other = b.slices[i];
      return (
        slice.fare_brand_name === other?.fare_brand_name &&
        slice.segments.length === other.segments.length &&
        slice.segments.every((segment, j) => {
          const twin = other.segments[j];
          return (
            segment.flight_number === twin?.flight_number &&
            segment.departing_at === twin.departing_at &&
            segment.cabin_class === twin.cabin_class
          );
        })
      );
    })
  );
}

/** Replacements of the offers Duffel will no longer book. */
export function duffelReplacement({
  offers: { readOffer, readSeatMaps, offerRequest },
  replacements,
  clock,
  log,
}: {
  offers: DuffelOffers;
  replacements: OfferReplacements;
  clock: () => Date;
  log: SupplierLog;
}) {
  /**
   * Duffel refused the order because another offer of its offer request was booked (identical
   * searches share one). The same flights and fare brand are looked for in a fresh offer request,
   * with the same seats; the replacement is kept for every process, so the traveller's offer id
   * (and the passenger and flight ids they hold) goes on working.
   */
  async function replace(input: SupplierOrderInput): Promise<{
    replacement: OfferReplacement;
    totalMinor: number;
    currency: string;
    services: SupplierOrderInput['services'];
  }> {
    const old = await readOffer(input.offerId);
    const oldMaps = input.services.length > 0 ? await readSeatMaps(input.offerId) : [];
    const cabin = old.slices[0]?.segments[0]?.cabin_class ?? 'economy';
    const fresh = await offerRequest({
      slices: old.slices.map((slice) => ({
        origin: slice.origin.iata_code,
        destination: slice.destination.iata_code,
        departure_date: slice.segments[0]?.departing_at.slice(0, 10) ?? '',
      })),
      passengers: duffelPassengers(
        old.passengers.map((p) => ({ type: p.type, ...(p.age === null ? {} : { age: p.age }) })),
      ),
      cabin_class: cabin,
    });
    const twin = fresh.offers.find((offer) => sameFlights(offer, old));
    if (!twin) {
      throw new SupplierError(
        'offer_unavailable',
        'These flights are no longer sold at this fare.',
      );
    }
    const offer = await readOffer(twin.id);
    const ids = oldIdsOf(offer, old);

    // The same seats and bags for the same passengers on the same flights, at their price now.
    const newMaps = input.services.length > 0 ? await readSeatMaps(offer.id) : [];
    const same = sameServicesIn(
      { offer: old, maps: oldMaps },
      { offer, maps: newMaps, toOld: ids },
      input.services,
    );
    const replacement = { offerId: offer.id, ids };
    await replacements.save(old.id, replacement, clock());
    log.info(
      { duffel: { operation: 'offer_replaced', offerId: old.id, replacementId: offer.id } },
      'Offer request already booked: the same flights found in a fresh offer request',
    );
    return {
      replacement,
      totalMinor: toMinorUnits(offer.total_amount, offer.total_currency) + same.extrasMinor,
      currency: offer.total_currency,
      services: same.services,
    };
  }

  return replace;
}

export type DuffelReplace = ReturnType<typeof duffelReplacement>;
