/**
 * What Duffel keeps per offer request and the sandbox does not (its ids are pure functions of
 * the search): every offer request gets offer, passenger and service ids of its own, kept with
 * the way back to the sandbox's, its offers' JSON made once, and whether it has been booked.
 */
import { error } from './duffel-server-errors';
import { randomId } from './duffel-server-ids';
import type { Offer, OfferRequest } from './types';

/** The ids Duffel gives per offer request: offers, passengers, slices, segments and services. */
const PER_REQUEST_ID = /^(off|pas|sli|seg|ase)_/;

export interface StoredRequest {
  id: string;
  liveMode: boolean;
  /** The offer request as answered, ids already ours, without offers. */
  request: Omit<OfferRequest, 'offers' | 'live_mode'> & { live_mode: boolean };
  offers: Offer[];
  /**
   * Each offer's JSON, made once when the request is answered: listing a page of 200 offers
   * then costs this server's one thread a concatenation, not serialising 1.5 MB again.
   */
  offerJson: Map<string, string>;
  /** Our id → the sandbox's, and back. */
  toSandbox: Map<string, string>;
  fromSandbox: Map<string, string>;
  bookedOrderId: string | null;
}

/**
 * Replaces every per-request id in a JSON value through `map`. An order's metadata is the
 * client's own text and is never touched.
 */
function translate<T>(value: T, map: (id: string) => string): T {
  if (typeof value === 'string') return (PER_REQUEST_ID.test(value) ? map(value) : value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => translate(item, map)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = key === 'metadata' ? item : translate(item, map);
    }
    return copy as T;
  }
  return value;
}

/**
 * The offer requests answered, at most `maxOfferRequests` (the oldest forgotten first), each
 * offer capped or repeated to `offersPerRequest` where it is set.
 */
export function offerRequestStore(options: {
  maxOfferRequests: number;
  offersPerRequest: number | undefined;
}) {
  const { maxOfferRequests, offersPerRequest } = options;
  const offerRequests = new Map<string, StoredRequest>();
  /** Our offer id → its offer request. */
  const offerIndex = new Map<string, StoredRequest>();

  /** Gives the request's offers, passengers and services ids of its own, and remembers them. */
  function store(answer: OfferRequest, liveMode: boolean): StoredRequest {
    const stored: StoredRequest = {
      id: randomId('orq_'),
      liveMode,
      request: undefined as never,
      offers: [],
      offerJson: new Map(),
      toSandbox: new Map(),
      fromSandbox: new Map(),
      bookedOrderId: null,
    };
    const { offers, ...request } = outward(stored, { ...answer, live_mode: liveMode });
    stored.request = { ...request, id: stored.id };
    stored.offers = sized(
      stored,
      offers.map((offer) => ({ ...offer, live_mode: liveMode }) as unknown as Offer),
    );
    offerRequests.set(stored.id, stored);
    for (const offer of stored.offers) offerIndex.set(offer.id, stored);
    while (offerRequests.size > maxOfferRequests) {
      const [oldest] = offerRequests.values();
      if (oldest === undefined) break;
      offerRequests.delete(oldest.id);
      for (const offer of oldest.offers) offerIndex.delete(offer.id);
    }
    return stored;
  }

  /** The offers capped or repeated to `offersPerRequest`; a repeat differs by its id only. */
  function sized(stored: StoredRequest, offers: Offer[]): Offer[] {
    if (offersPerRequest === undefined || offers.length === 0) return offers;
    if (offers.length >= offersPerRequest) return offers.slice(0, offersPerRequest);
    const all = [...offers];
    for (let i = offers.length; i < offersPerRequest; i += 1) {
      const original = offers[i % offers.length];
      if (original === undefined) break;
      const id = randomId('off_');
      stored.toSandbox.set(id, stored.toSandbox.get(original.id) ?? original.id);
      all.push({ ...original, id });
      // The same JSON under its own id (an offer's id appears in it once, as its own).
      const json = jsonOf(stored, original);
      stored.offerJson.set(id, json.split(JSON.stringify(original.id)).join(JSON.stringify(id)));
    }
    return all;
  }

  /** An offer's JSON as listed, made once. */
  function jsonOf(stored: StoredRequest, offer: Offer): string {
    let json = stored.offerJson.get(offer.id);
    if (json === undefined) {
      json = JSON.stringify(offer);
      stored.offerJson.set(offer.id, json);
    }
    return json;
  }

  function requestOfOffer(offerId: string): StoredRequest {
    const stored = offerIndex.get(offerId);
    if (stored === undefined) {
      throw error(
        404,
        'invalid_request_error',
        'not_found',
        'The resource you are trying to access does not exist.',
      );
    }
    return stored;
  }

  /**
   * Ids from the sandbox in an answer about `stored`'s request, as this request's own: each
   * sandbox id gets one new id per offer request (seat services included), as at Duffel.
   */
  function outward<T>(stored: StoredRequest, value: T): T {
    return translate(value, (sandboxId) => {
      let id = stored.fromSandbox.get(sandboxId);
      if (id === undefined) {
        id = randomId(sandboxId.slice(0, 4));
        stored.fromSandbox.set(sandboxId, id);
        stored.toSandbox.set(id, sandboxId);
      }
      return id;
    });
  }

  /** Ids in a request about `stored`'s offer request, as the sandbox knows them. */
  function inward<T>(stored: StoredRequest, value: T): T {
    return translate(value, (id) => stored.toSandbox.get(id) ?? id);
  }

  return { offerRequests, store, jsonOf, requestOfOffer, outward, inward };
}

export type OfferRequestStore = ReturnType<typeof offerRequestStore>;
