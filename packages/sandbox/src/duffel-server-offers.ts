/**
 * An offer request's offers, as Duffel lists them (filtered by connections, sorted by price or
 * duration, in pages), one offer (with its available services where asked) and its seat maps.
 */
import { error } from './duffel-server-errors';
import { RawJson } from './duffel-server-http';
import { paginate } from './duffel-server-pagination';
import type { OfferRequestStore } from './duffel-server-request-store';
import type { Sandbox } from './sandbox';
import type { Offer } from './types';

function durationMinutes(duration: string): number {
  const match = /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?/.exec(duration);
  return Number(match?.[1] ?? 0) * 1440 + Number(match?.[2] ?? 0) * 60 + Number(match?.[3] ?? 0);
}

/** The offer and seat map endpoints of one server. */
export function offerEndpoints(deps: { sandbox: Sandbox; requests: OfferRequestStore }) {
  const { sandbox, requests } = deps;
  const { offerRequests, jsonOf, requestOfOffer, outward } = requests;

  function listOffers(query: URLSearchParams) {
    const requestId = query.get('offer_request_id');
    if (requestId === null) {
      throw error(422, 'validation_error', 'validation_required', 'offer_request_id is required.', {
        field: 'offer_request_id',
        pointer: '/offer_request_id',
      });
    }
    const stored = offerRequests.get(requestId);
    if (stored === undefined) {
      throw error(
        404,
        'invalid_request_error',
        'not_found',
        'The resource you are trying to access does not exist.',
      );
    }
    let offers = [...stored.offers];
    const maxConnections = query.get('max_connections');
    if (maxConnections !== null) {
      offers = offers.filter((offer) =>
        offer.slices.every((slice) => slice.segments.length - 1 <= Number(maxConnections)),
      );
    }
    const sort = query.get('sort');
    const total = (offer: Offer) => Number(offer.total_amount);
    const duration = (offer: Offer) =>
      offer.slices.reduce((sum, slice) => sum + durationMinutes(slice.duration), 0);
    if (sort === 'total_amount') offers.sort((a, b) => total(a) - total(b));
    if (sort === '-total_amount') offers.sort((a, b) => total(b) - total(a));
    if (sort === 'total_duration') offers.sort((a, b) => duration(a) - duration(b));
    if (sort === '-total_duration') offers.sort((a, b) => duration(b) - duration(a));
    const { data, meta } = paginate(offers, query);
    // The JSON of `{ data, meta }`, each offer's made once.
    const items = data.map((offer) => jsonOf(stored, offer)).join(',');
    return { status: 200, body: new RawJson(`{"data":[${items}],"meta":${JSON.stringify(meta)}}`) };
  }

  async function getOffer(offerId: string, query: URLSearchParams) {
    const stored = requestOfOffer(offerId);
    const sandboxId = stored.toSandbox.get(offerId) ?? offerId;
    const offer = outward(stored, await sandbox.getOffer(sandboxId));
    const withServices = query.get('return_available_services') === 'true';
    return {
      status: 200,
      body: {
        data: {
          ...offer,
          // A repeated offer (`offersPerRequest`) is answered under its own id.
          id: offerId,
          live_mode: stored.liveMode,
          available_services: withServices ? offer.available_services : [],
        },
      },
    };
  }

  async function seatMaps(query: URLSearchParams) {
    const offerId = query.get('offer_id');
    if (offerId === null) {
      throw error(422, 'validation_error', 'validation_required', 'offer_id is required.', {
        field: 'offer_id',
        pointer: '/offer_id',
      });
    }
    const stored = requestOfOffer(offerId);
    const maps = await sandbox.getSeatMaps(stored.toSandbox.get(offerId) ?? offerId);
    return { status: 200, body: { data: outward(stored, maps) } };
  }

  return { listOffers, getOffer, seatMaps };
}
