/**
 * Duffel's offers as the adapter reads them: an offer request and its offers page by page, one
 * offer as it stands now with its services, and its seat maps; and the offers and seat maps the
 * traveller asks for, a replaced offer's read from its replacement in the ids they know.
 */
import type { Duffel } from '@duffel/api';
import type { CabinClass } from '@contrail/contracts/flight-search';
import type { Offer, SeatMap } from '@contrail/contracts/offers';
import { SupplierError, type FlightSupplier, type SupplierSearch } from '../flight-supplier';
import type { DuffelCall } from './duffel-calls';
import { translated } from './duffel-errors';
import { duffelId, duffelPathSegment } from './duffel-ids';
import { offerOf } from './duffel-offer-mapping';
import { seatMapOf } from './duffel-seat-map-mapping';
import type { OfferReplacements } from './offer-replacements';
import { renamed } from './replacement-ids';

/** 400 offers (two pages of 200) is more than any results page shows. */
const MAX_OFFERS = 400;

type DuffelPassenger = { type: 'adult' } | { age: number };

/** The passengers of a search as Duffel takes them: adults by type, the others by age. */
export function duffelPassengers(passengers: SupplierSearch['passengers']): DuffelPassenger[] {
  return passengers.map((p) =>
    p.type === 'adult'
      ? { type: 'adult' as const }
      : p.age !== undefined
        ? { age: p.age }
        : ({ type: p.type } as unknown as DuffelPassenger),
  );
}

/** Duffel's offers, read through `call`. */
export function duffelOffers({
  duffel,
  call,
  clock,
  supplierTimeoutMs,
  offerPageSize,
}: {
  duffel: Duffel;
  call: DuffelCall;
  clock: () => Date;
  /** How long Duffel may wait for the airlines of a search (its `supplier_timeout`). */
  supplierTimeoutMs: number;
  /** Offers per page when listing a search's offers. */
  offerPageSize: number;
}) {
  function mapped(raw: unknown, cabin?: CabinClass): Offer {
    const offer = offerOf(raw, { now: clock(), ...(cabin ? { cabin } : {}) });
    if (offer === null) {
      throw new SupplierError('offer_unavailable', 'Duffel answered an offer that cannot be sold.');
    }
    return offer;
  }

  /** An offer by Duffel's id, as it stands now, with its services. */
  async function readOffer(offerId: string): Promise<Offer> {
    // Checked before `call`, whose log would say Duffel failed.
    const segment = duffelPathSegment('offer', offerId);
    const response = await call(
      'offers.get',
      () => duffel.offers.get(segment, { return_available_services: true }),
      { read: true },
    );
    return mapped(response.data);
  }

  async function readSeatMaps(offerId: string): Promise<SeatMap[]> {
    const id = duffelId('offer', offerId);
    const response = await call('seat_maps.get', () => duffel.seatMaps.get({ offer_id: id }), {
      read: true,
    });
    return response.data.flatMap((map) => seatMapOf(map) ?? []);
  }

  /** An offer request and its offers, every page; no offer Duffel answered wrong is kept. */
  async function offerRequest(
    search: {
      slices: { origin: string; destination: string; departure_date: string }[];
      passengers: DuffelPassenger[];
      cabin_class: CabinClass;
      max_connections?: 0 | 1 | 2;
    },
    { signal, deadlineAt }: { signal?: AbortSignal; deadlineAt?: number } = {},
  ): Promise<{ id: string; offers: Offer[] }> {
    const until = { ...(signal ? { signal } : {}), ...(deadlineAt ? { deadlineAt } : {}) };
    const created = await call(
      'offer_requests.create',
      () =>
        duffel.offerRequests.create({
          slices: search.slices.map((slice) => ({
            ...slice,
            departure_time: null,
            arrival_time: null,
          })),
          // Duffel takes children and infants by age; a bare type still works where none is known.
          passengers: search.passengers,
          cabin_class: search.cabin_class,
          ...(search.max_connections === undefined
            ? {}
            : { max_connections: search.max_connections }),
          return_offers: false,
          supplier_timeout: supplierTimeoutMs,
        }),
      { read: true, ...until, timeoutMs: supplierTimeoutMs + 15_000 },
    );
    const requestId = duffelId('offerRequest', created.data.id, 'provider_error');
    const offers: Offer[] = [];
    let after: string | undefined;
    for (let page = 0; page * offerPageSize < MAX_OFFERS; page += 1) {
      const listed = await call(
        'offers.list',
        () =>
          duffel.offers.list({
            offer_request_id: requestId,
            limit: offerPageSize,
            sort: 'total_amount',
            ...(after ? { after } : {}),
          }),
        { read: true, ...until },
      );
      for (const raw of listed.data) {
        const offer = offerOf(raw, { now: clock(), cabin: search.cabin_class });
        if (offer) offers.push(offer);
      }
      after = listed.meta?.after ?? undefined;
      if (!after) break;
    }
    return { id: requestId, offers };
  }

  return { readOffer, readSeatMaps, offerRequest };
}

export type DuffelOffers = ReturnType<typeof duffelOffers>;

/** The supplier's offer reads: a replaced offer's replacement, in the replaced offer's ids. */
export function duffelOfferReads({
  offers: { readOffer, readSeatMaps },
  replacements,
}: {
  offers: Pick<DuffelOffers, 'readOffer' | 'readSeatMaps'>;
  replacements: OfferReplacements;
}): Pick<FlightSupplier, 'getOffer' | 'getSeatMaps'> {
  return {
    getOffer: (offerId) =>
      translated(async () => {
        const replacement = await replacements.find(duffelId('offer', offerId));
        if (!replacement) return readOffer(offerId);
        return renamed(await readOffer(replacement.offerId), replacement.ids);
      }),

    getSeatMaps: (offerId) =>
      translated(async () => {
        const replacement = await replacements.find(duffelId('offer', offerId));
        if (!replacement) return readSeatMaps(offerId);
        return renamed(await readSeatMaps(replacement.offerId), replacement.ids);
      }),
  };
}
