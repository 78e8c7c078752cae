/**
 * A search on Duffel: one offer request and its offers, within the traveller's deadline
 * (`supplier_timeout` and a grace), the ages asked kept where an offer leaves them out, and the
 * account's currency noted from the prices.
 */
import { SupplierError, type FlightSupplier } from '../flight-supplier';
import { translated } from './duffel-errors';
import { duffelPassengers, type DuffelOffers } from './duffel-offers';

/** The supplier's search. */
export function duffelSearch({
  offerRequest,
  clock,
  searchDeadlineMs,
  noteCurrency,
}: {
  offerRequest: DuffelOffers['offerRequest'];
  clock: () => Date;
  /** How long a search may take in all before the traveller is told the airline did not answer. */
  searchDeadlineMs: number;
  /** Told the currency Duffel priced the search in. */
  noteCurrency: (currency: string) => void;
}): Pick<FlightSupplier, 'search'> {
  return {
    search: (request) =>
      translated(async () => {
        if (request.signal?.aborted) throw new SupplierError('aborted', 'The search was stopped.');
        // The traveller's deadline: supplier_timeout and a grace, whatever Duffel or its rate
        // limit does; the caller's own signal (a client gone, its own deadline) still counts.
        const deadline = AbortSignal.timeout(searchDeadlineMs);
        const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
        const deadlineAt = clock().getTime() + searchDeadlineMs;
        const result = await offerRequest(
          {
            slices: request.slices.map((slice) => ({
              origin: slice.origin,
              destination: slice.destination,
              departure_date: slice.departureDate,
            })),
            passengers: duffelPassengers(request.passengers),
            cabin_class: request.cabinClass,
            ...(request.maxConnections === undefined
              ? {}
              : { max_connections: request.maxConnections as 0 | 1 | 2 }),
          },
          { signal, deadlineAt },
        );
        // Duffel answers the ages asked; where an offer leaves one out, the search's stands.
        const offers = result.offers.map((offer) => ({
          ...offer,
          passengers: offer.passengers.map((p, i) => {
            const asked = request.passengers[i];
            return p.age === null && asked?.age !== undefined && asked.type === p.type
              ? { ...p, age: asked.age }
              : p;
          }),
        }));
        const priced = offers[0]?.total_currency;
        if (priced) noteCurrency(priced);
        return { id: result.id, offers };
      }),
  };
}
