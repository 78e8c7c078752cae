/**
 * The sandbox airline network: a Duffel-shaped flight provider that needs no network access.
 *
 * ```ts
 * const sandbox = createSandbox({ store: createMemoryStore(), clock: () => new Date(), secret });
 * const request = await sandbox.searchOffers({
 *   slices: [{ origin: 'LHR', destination: 'JFK', departure_date: '2026-03-04' }],
 *   passengers: [{ type: 'adult' }],
 *   cabin_class: 'economy',
 * });
 * ```
 *
 * Searches are pure (no store access, nothing written): offers are rebuilt from their signed ids.
 * Orders, seat sales and cancellations go through the injected store; time comes from the
 * injected clock.
 */
import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { invalid, requestObject, sandboxErrorCodes, SandboxError } from './errors';
import { fareBrands } from './fare-brands';
import { simulatedLoadBasisPoints } from './fares';
import { formatAmount, fromUsdCents, isSupportedCurrency, type CurrencyCode } from './money';
import { getNetwork, type Network } from './network';
import { readOfferId, type OfferSpec } from './offer-id';
import { resolveFlights } from './offer-flights';
import { offerObject } from './offer-objects';
import { priceOffer, type OfferContext } from './offer-pricing';
import { offerLifetimeMs, offerPassengers, type PricedOffer } from './offers';
import { validateOrderPassengers } from './order-passengers';
import { resolveServices, seatClaims, seatsSoldError } from './order-services';
import {
  buildOrder,
  firstDepartureInstant,
  refundAmount,
  seatName,
  validatePayment,
  type OrderIdentity,
} from './orders';
import { hashString, idFromHash } from './random';
import { findSpecialRoute, type SpecialBehaviour } from './special-routes';
import {
  canonicalRequest,
  findPricedOffers,
  findPrices,
  minimumLeadMs,
  requestSlices,
  validateSearch,
  type SearchRequest,
} from './search';
import {
  exitRowDisclosures,
  isSimulatedTaken,
  layoutCabins,
  mayTakeSeat,
  seatPriceUsdCents,
} from './seat-maps';
import { serviceId } from './service-ids';
import type { SandboxStore } from './store';
import { daysBetween } from './time-zones';
import type {
  CreateOrderInput,
  Offer,
  OfferPassenger,
  OfferRequest,
  Order,
  AirlineCredit,
  OrderCancellation,
  SearchOffersInput,
  SeatMap,
  SeatService,
} from './types';

export interface SandboxOptions {
  /** Orders, seat sales and cancellations. */
  readonly store: SandboxStore;
  /** The current time; searches stamp it on offers, expiry is measured with it. */
  readonly clock: () => Date;
  /** Signs offer ids (HMAC-SHA256). At least 16 characters; keep it out of the client. */
  readonly secret: string;
  /** Varies the whole network and its fares. Processes that share orders must share the seed. */
  readonly seed?: string;
  /** How long the slow-search special route (STN→LHR) waits before timing out. */
  readonly slowSearchMs?: number;
  /** Waits `ms` unless `signal` aborts first; tests inject a fake. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Randomness for order ids, booking references and ticket numbers. */
  readonly randomBytes?: (size: number) => Uint8Array;
}

/** What each offer of a search would cost, without the offers. */
export interface SearchPrices {
  readonly currency: string;
  readonly prices: readonly {
    readonly base_amount: string;
    readonly tax_amount: string;
    readonly total_amount: string;
  }[];
}

/**
 * A search's offers before they are made Duffel-shaped objects: what `searchOffers` answers, for
 * a caller that writes its own shape of them (the API's compact search answer).
 */
export interface PricedSearch {
  readonly id: string;
  /** Epoch ms: the start of the minute the search is priced for. */
  readonly createdAt: number;
  readonly request: SearchRequest;
  readonly passengers: readonly OfferPassenger[];
  /** Cheapest first; the fare brands of one journey share its list of flights. */
  readonly offers: readonly PricedOffer[];
}

export interface Sandbox {
  /** Duffel's "create offer request": searches and answers the request with its offers. */
  searchOffers(input: SearchOffersInput): Promise<OfferRequest>;
  /** `searchOffers`, with the same checks and special routes, stopping before the objects. */
  searchPricedOffers(input: SearchOffersInput): Promise<PricedSearch>;
  /**
   * The price of every offer `searchOffers` would answer at this moment, from the same fare model
   * but without building the offers: a price calendar's cost. A route that answers slowly or with
   * nothing (the special routes) has no prices.
   */
  searchPrices(input: SearchOffersInput): Promise<SearchPrices>;
  /** Rebuilds an offer from its id, with its bags for sale; checks expiry and availability. */
  getOffer(offerId: string): Promise<Offer>;
  /** One seat map per segment of the offer, with seats sold in earlier orders unavailable. */
  getSeatMaps(offerId: string): Promise<SeatMap[]>;
  /** Books an offer: passengers, services and payment are checked; seats are claimed atomically. */
  createOrder(input: CreateOrderInput): Promise<Order>;
  getOrder(orderId: string): Promise<Order>;
  /** Quotes the refund of cancelling an order now; confirm it before `expires_at`. */
  quoteOrderCancellation(input: { readonly order_id: string }): Promise<OrderCancellation>;
  /** Cancels the order of a quote, releasing its seats. A second confirmation: already_cancelled. */
  confirmOrderCancellation(cancellationId: string): Promise<OrderCancellation>;
  getOrderCancellation(cancellationId: string): Promise<OrderCancellation>;
  /** The order's cancellations (quotes and the confirmed one), oldest first. */
  listOrderCancellations(orderId: string): Promise<OrderCancellation[]>;
}

/**
 * Searches are priced per clock minute: the same request within the same minute answers the same
 * offers (the same ids), stamped with the start of that minute, as an airline's shopping cache
 * would. Callers may therefore cache an answer until the minute ends.
 */
export const searchQuantumMs = 60_000;

/** How long a cancellation quote may be confirmed. */
export const cancellationQuoteLifetimeMs = 15 * 60 * 1000;
/** On the refund-unknown route: how long after the confirmation the airline states the refund. */
export const unknownRefundSettlesMs = 60 * 60 * 1000;
/** What the price-changed special route adds on re-reading: 10.00, 1000 in JPY, 1.000 in KWD. */
const priceChangeMinorUnits = 1000;
const bookingReferenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const idAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const defaultSleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
  await delay(ms, undefined, signal === undefined ? undefined : { signal });
};

function abortedSearch(cause: unknown): SandboxError {
  return new SandboxError(
    sandboxErrorCodes.requestAborted,
    'The search was aborted.',
    {},
    { cause },
  );
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const { store, clock } = options;
  if (typeof options.secret !== 'string' || options.secret.length < 16) {
    throw new TypeError('The sandbox secret must be a string of at least 16 characters.');
  }
  const seed = options.seed ?? 'contrail';
  const network: Network = getNetwork(seed);
  const context: OfferContext = { seed, secret: options.secret };
  const slowSearchMs = options.slowSearchMs ?? 120_000;
  const sleep = options.sleep ?? defaultSleep;
  const randomBytes = options.randomBytes ?? ((size: number) => cryptoRandomBytes(size));

  const now = (): number => clock().getTime();

  /** Unbiased: bytes beyond the last whole multiple of the alphabet are drawn again. */
  function randomString(alphabet: string, length: number): string {
    const limit = 256 - (256 % alphabet.length);
    let out = '';
    while (out.length < length) {
      for (const byte of randomBytes(length)) {
        if (byte < limit && out.length < length) out += alphabet.charAt(byte % alphabet.length);
      }
    }
    return out;
  }

  function behaviourOf(spec: OfferSpec): SpecialBehaviour | undefined {
    const first = spec.slices[0];
    const origin = first?.[0]?.origin;
    const destination = first?.[first.length - 1]?.destination;
    if (origin === undefined || destination === undefined) return undefined;
    return findSpecialRoute(origin, destination)?.behaviour;
  }

  /** Verifies, checks expiry and availability, and prices an offer id as it stands now. */
  function readOffer(offerId: string): { priced: PricedOffer; searchTotal: number } {
    const spec = typeof offerId === 'string' ? readOfferId(offerId, options.secret) : null;
    if (spec === null) {
      throw new SandboxError(sandboxErrorCodes.notFound, 'No offer with this id exists.');
    }
    if (now() >= spec.createdAt + offerLifetimeMs) {
      throw new SandboxError(
        sandboxErrorCodes.offerExpired,
        'The offer has expired; search again.',
      );
    }
    const behaviour = behaviourOf(spec);
    const slices = resolveFlights(network, spec);
    if (behaviour === 'offer_gone' || slices === null) {
      throw new SandboxError(
        sandboxErrorCodes.offerNoLongerAvailable,
        'The airline no longer sells this offer.',
      );
    }
    const passengers = offerPassengers(spec.searchKey, spec.passengers);
    const searchPrice = priceOffer(context, spec, slices, passengers);
    if (behaviour !== 'price_changed') {
      return { priced: searchPrice, searchTotal: searchPrice.totalAmount };
    }
    return {
      priced: priceOffer(context, spec, slices, passengers, priceChangeMinorUnits),
      searchTotal: searchPrice.totalAmount,
    };
  }

  /** The slow-search special route: waits, then times out as an airline that never answers. */
  async function slowSearch(signal: AbortSignal | undefined): Promise<never> {
    try {
      await sleep(slowSearchMs, signal);
    } catch (cause) {
      throw abortedSearch(cause);
    }
    throw new SandboxError(sandboxErrorCodes.gatewayTimeout, 'The airline did not answer in time.');
  }

  async function searchPricedOffers(input: SearchOffersInput): Promise<PricedSearch> {
    const createdAt = Math.floor(now() / searchQuantumMs) * searchQuantumMs;
    const request = validateSearch(input, createdAt);
    const first = request.slices[0];
    const behaviour =
      first === undefined
        ? undefined
        : findSpecialRoute(first.originCode, first.destinationCode)?.behaviour;
    const signal = input.signal;
    if (signal?.aborted === true) throw abortedSearch(signal.reason);
    if (behaviour === 'slow_search') await slowSearch(signal);
    const searchKey = idFromHash(
      hashString(`${seed}|${createdAt}|${canonicalRequest(request)}`),
      10,
    );
    const passengers = offerPassengers(searchKey, request.passengers);
    const offers =
      behaviour === 'no_offers'
        ? []
        : findPricedOffers(
            network,
            context,
            request,
            createdAt,
            searchKey,
            passengers,
            // Priced for a whole minute: no offer may leave within 2 hours of any moment of it.
            createdAt + searchQuantumMs + minimumLeadMs,
          );
    return {
      id: `orq_${idFromHash(hashString(`orq|${searchKey}`))}`,
      createdAt,
      request,
      passengers,
      offers,
    };
  }

  async function searchOffers(input: SearchOffersInput): Promise<OfferRequest> {
    const search = await searchPricedOffers(input);
    return {
      id: search.id,
      live_mode: false,
      created_at: new Date(search.createdAt).toISOString(),
      cabin_class: search.request.cabin,
      slices: requestSlices(search.request),
      passengers: search.passengers,
      offers: search.offers.map((offer) => offerObject(offer, false)),
    };
  }

  // Async so that every failure arrives as a rejected promise, never a synchronous throw.
  async function getOffer(offerId: string): Promise<Offer> {
    return offerObject(readOffer(offerId).priced, true);
  }

  async function getSeatMaps(offerId: string): Promise<SeatMap[]> {
    const { priced } = readOffer(offerId);
    const currency = priced.spec.currency;
    const brand = fareBrands[priced.spec.cabin][priced.spec.brandIndex];
    if (brand === undefined) {
      throw new SandboxError(sandboxErrorCodes.notFound, 'No offer with this id exists.');
    }
    const flights = priced.slices.flat();
    const sold = await store.listSoldSeats(flights.map((flight) => flight.key));
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
        seed,
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
            isSimulatedTaken(seed, flight.key, seat.designator, load);
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

  async function createOrder(input: CreateOrderInput): Promise<Order> {
    const raw: Partial<Record<keyof CreateOrderInput, unknown>> = requestObject(input);
    if (raw.type !== undefined && raw.type !== 'instant') {
      throw invalid('type', 'Only instant orders (paid now) are supported.');
    }
    if (!Array.isArray(raw.selected_offers) || raw.selected_offers.length !== 1) {
      throw invalid('selected_offers', 'Select exactly one offer.');
    }
    const offerId: unknown = raw.selected_offers[0];
    const { priced, searchTotal } = readOffer(typeof offerId === 'string' ? offerId : '');
    const offer = offerObject(priced, false);
    const passengers = validateOrderPassengers(
      priced,
      raw.passengers as CreateOrderInput['passengers'],
      offer.passenger_identity_documents_required,
    );
    if (raw.services !== undefined && !Array.isArray(raw.services)) {
      throw invalid('services', 'Services must be a list of { id, quantity }.');
    }
    const services = resolveServices(
      priced,
      seed,
      raw.services as CreateOrderInput['services'],
      passengers,
    );
    const metadata = validateMetadata(raw.metadata);

    validatePayment(raw.payments, priced, searchTotal, services.total);
    if (behaviourOf(priced.spec) === 'order_refused') {
      throw new SandboxError(
        sandboxErrorCodes.orderCreationFailed,
        'The airline refused to create the order.',
      );
    }

    const claims = seatClaims(services);
    /** A new order id, booking reference, ticket numbers and service ids, drawn at random. */
    const newIdentity = (): OrderIdentity => ({
      id: `ord_${randomString(idAlphabet, 22)}`,
      bookingReference: randomString(bookingReferenceAlphabet, 6),
      ticketNumbers: passengers.map(() => randomString('0123456789', 10)),
      serviceIds: [...services.seats, ...services.bags].map(
        () => `ser_${randomString(idAlphabet, 22)}`,
      ),
    });
    for (let attempt = 0; attempt < 5; attempt++) {
      const order = buildOrder(priced, passengers, services, newIdentity(), now(), metadata);
      const result = await store.insertOrder({ order, seats: claims });
      if (result.ok) return order;
      if (result.reason === 'seats_taken') throw seatsSoldError(priced, services, result.taken);
    }
    throw new SandboxError(
      sandboxErrorCodes.orderCreationFailed,
      'The airline could not issue a booking reference.',
    );
  }

  async function getOrder(orderId: string): Promise<Order> {
    const order = typeof orderId === 'string' ? await store.getOrder(orderId) : null;
    if (order === null) {
      throw new SandboxError(sandboxErrorCodes.notFound, 'No order with this id exists.');
    }
    return order;
  }

  function checkCancellable(order: Order): void {
    if (order.cancelled_at !== null) {
      throw new SandboxError(sandboxErrorCodes.alreadyCancelled, 'The order is already cancelled.');
    }
    if (now() >= firstDepartureInstant(order)) {
      throw new SandboxError(
        sandboxErrorCodes.orderNotCancellable,
        'The first flight has departed; the order can no longer be cancelled.',
      );
    }
  }

  /** The cancellation behaviour of the order's route (its first slice), if it has one. */
  function cancellationBehaviour(order: Order): SpecialBehaviour | undefined {
    const slice = order.slices[0];
    if (slice === undefined) return undefined;
    return findSpecialRoute(slice.origin.iata_code, slice.destination.iata_code)?.behaviour;
  }

  /** One credit per passenger, together `refund` (the first passenger takes the remainder). */
  function creditsFor(order: Order, refund: number, currency: CurrencyCode): AirlineCredit[] {
    const count = Math.max(1, order.passengers.length);
    const share = Math.floor(refund / count);
    const issuedOn = order.created_at.slice(0, 10);
    const expires = new Date(Date.parse(order.created_at));
    expires.setUTCFullYear(expires.getUTCFullYear() + 1);
    return order.passengers.map((passenger, index) => ({
      id: `acd_${randomString(idAlphabet, 22)}`,
      credit_name: 'Future Flight Credit',
      credit_code: randomString('0123456789', 13),
      credit_amount: formatAmount(index === 0 ? refund - share * (count - 1) : share, currency),
      credit_currency: currency,
      issued_on: issuedOn,
      expires_at: expires.toISOString(),
      passenger_id: passenger.id,
    }));
  }

  async function quoteOrderCancellation(input: {
    readonly order_id: string;
  }): Promise<OrderCancellation> {
    const orderId = requestObject(input).order_id;
    if (typeof orderId !== 'string') {
      throw invalid('order_id', 'Give the id of the order to cancel.');
    }
    const order = await getOrder(orderId);
    checkCancellable(order);
    const currency = order.total_currency;
    if (!isSupportedCurrency(currency)) {
      throw new Error(`Stored order ${order.id} has currency ${currency}`);
    }
    const created = now();
    const refund = refundAmount(order, currency);
    const behaviour = cancellationBehaviour(order);
    const known = behaviour !== 'refund_unknown';
    const cancellation: OrderCancellation = {
      id: `ore_${randomString(idAlphabet, 22)}`,
      order_id: order.id,
      live_mode: false,
      refund_amount: known ? formatAmount(refund, currency) : null,
      refund_currency: known ? currency : null,
      refund_to: behaviour === 'refund_to_credits' ? 'airline_credits' : 'balance',
      created_at: new Date(created).toISOString(),
      expires_at: new Date(created + cancellationQuoteLifetimeMs).toISOString(),
      confirmed_at: null,
      airline_credits: behaviour === 'refund_to_credits' ? creditsFor(order, refund, currency) : [],
    };
    await store.insertCancellation(cancellation);
    return cancellation;
  }

  /**
   * The cancellation as it reads now: an unknown refund becomes known once the airline has had
   * `unknownRefundSettlesMs` after the confirmation (computed from the order, so every process
   * answers the same).
   */
  async function present(cancellation: OrderCancellation): Promise<OrderCancellation> {
    if (cancellation.refund_amount !== null || cancellation.confirmed_at === null) {
      return cancellation;
    }
    if (now() < Date.parse(cancellation.confirmed_at) + unknownRefundSettlesMs) return cancellation;
    const order = await getOrder(cancellation.order_id);
    const currency = order.total_currency;
    if (!isSupportedCurrency(currency)) {
      throw new Error(`Stored order ${order.id} has currency ${currency}`);
    }
    return {
      ...cancellation,
      refund_amount: formatAmount(refundAmount(order, currency), currency),
      refund_currency: currency,
    };
  }

  async function getOrderCancellation(cancellationId: string): Promise<OrderCancellation> {
    const cancellation =
      typeof cancellationId === 'string' ? await store.getCancellation(cancellationId) : null;
    if (cancellation === null) {
      throw new SandboxError(
        sandboxErrorCodes.notFound,
        'No order cancellation with this id exists.',
      );
    }
    return present(cancellation);
  }

  async function listOrderCancellations(orderId: string): Promise<OrderCancellation[]> {
    if (typeof orderId !== 'string') throw invalid('order_id', 'Give the id of an order.');
    const found = await store.listCancellations(orderId);
    return Promise.all(found.map(present));
  }

  async function confirmOrderCancellation(cancellationId: string): Promise<OrderCancellation> {
    const cancellation = await getOrderCancellation(cancellationId);
    if (cancellation.confirmed_at !== null) {
      throw new SandboxError(sandboxErrorCodes.alreadyCancelled, 'The order is already cancelled.');
    }
    const order = await getOrder(cancellation.order_id);
    checkCancellable(order);
    const confirmedAt = now();
    if (confirmedAt >= Date.parse(cancellation.expires_at)) {
      throw new SandboxError(
        sandboxErrorCodes.cancellationExpired,
        'The cancellation quote has expired; ask for a new one.',
      );
    }
    const confirmed: OrderCancellation = {
      ...cancellation,
      confirmed_at: new Date(confirmedAt).toISOString(),
    };
    const result = await store.cancelOrder({
      order: { ...order, cancelled_at: confirmed.confirmed_at, available_actions: [] },
      cancellation: confirmed,
    });
    if (!result.ok) {
      throw new SandboxError(sandboxErrorCodes.alreadyCancelled, 'The order is already cancelled.');
    }
    return confirmed;
  }

  async function searchPrices(input: SearchOffersInput): Promise<SearchPrices> {
    const createdAt = Math.floor(now() / searchQuantumMs) * searchQuantumMs;
    const request = validateSearch(input, createdAt);
    const first = request.slices[0];
    const behaviour =
      first === undefined
        ? undefined
        : findSpecialRoute(first.originCode, first.destinationCode)?.behaviour;
    const currency = request.currency;
    if (behaviour === 'no_offers' || behaviour === 'slow_search') return { currency, prices: [] };
    const prices = findPrices(
      network,
      context,
      request,
      createdAt,
      createdAt + searchQuantumMs + minimumLeadMs,
    );
    return {
      currency,
      prices: prices.map(({ base, tax }) => ({
        base_amount: formatAmount(base, currency),
        tax_amount: formatAmount(tax, currency),
        total_amount: formatAmount(base + tax, currency),
      })),
    };
  }

  return {
    searchOffers,
    searchPricedOffers,
    searchPrices,
    getOffer,
    getSeatMaps,
    createOrder,
    getOrder,
    quoteOrderCancellation,
    confirmOrderCancellation,
    getOrderCancellation,
    listOrderCancellations,
  };
}

function validateMetadata(value: unknown): Readonly<Record<string, string>> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalid('metadata', 'Metadata must be an object.');
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 50) throw invalid('metadata', 'At most 50 metadata keys.');
  const out: Record<string, string> = {};
  for (const [key, item] of entries) {
    if (key.length > 40 || typeof item !== 'string' || item.length > 500) {
      throw invalid(
        `metadata.${key}`,
        'Metadata keys are up to 40 characters, values strings up to 500.',
      );
    }
    out[key] = item;
  }
  return out;
}
