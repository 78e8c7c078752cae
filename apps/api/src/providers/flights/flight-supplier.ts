import type { Airport } from '@contrail/contracts/airports';
import type { CabinClass } from '@contrail/contracts/flight-search';
import type { Offer, SeatMap, Slice } from '@contrail/contracts/offers';
import type { SearchResults } from '@contrail/contracts/search-results-schema';

/**
 * What Contrail needs from a flight-offer provider: the built-in sandbox and Duffel implement it,
 * and nothing outside `providers/flights/` knows which provider answers. Amounts are the
 * provider's own prices (no markup), in the requested currency or, where the provider prices in
 * its account's currency (`pricesInAccountCurrency`), in that one.
 */
export interface FlightSupplier {
  /** `sandbox`, `duffel`… for logs and the admin console, never for branching. */
  readonly name: string;
  readonly live: boolean;
  /**
   * Places for autocomplete: airports, and cities whose code `search` accepts for all their
   * airports ("London (all airports)", LON).
   */
  listAirports(): readonly Airport[];
  /**
   * Set when the provider answers the same search with the same offers throughout each window of
   * this many milliseconds of the clock (the windows start at multiples of it): the answer may then
   * be cached until its window ends, and every process answers alike.
   */
  readonly searchWindowMs?: number;
  /**
   * The provider prices in its account's currency whatever currency is asked (Duffel does): the
   * requested currency changes nothing, so searches of brands in different currencies are alike.
   */
  readonly pricesInAccountCurrency?: boolean;
  search(request: SupplierSearch): Promise<{ id: string; offers: Offer[] }>;
  /**
   * The brand's answer to the search written straight from the supplier's own offers, where it
   * can write it far more cheaply than `search` makes contract offers (the sandbox): the same
   * `SearchResults` the answer made from `search`'s offers would be (at sell prices, nothing
   * leaving within 2 hours of `terms.at`), serialised alike by the caller. Null for a search it
   * leaves to `search` (the sandbox's special routes, slow or failing on purpose).
   */
  answerSearch?(request: SupplierSearch, terms: AnswerTerms): Promise<SearchResults> | null;
  /**
   * Where the supplier's searches may run on a search thread (reading and mapping a large answer
   * there, not on the thread serving HTTP): how the thread builds its own copy, and what that
   * copy asks of this one.
   */
  readonly threading?: SupplierThreading;
  /**
   * What every offer `search` would answer costs, without making the offers: where a provider
   * can price from its fare model far more cheaply than it searches (the sandbox). Without it,
   * prices of a search come only from searches made.
   */
  searchPrices?(request: SupplierSearch): Promise<SupplierPrices>;
  /**
   * The offer as it stands now, with its extra services. `offerIsStable`: the same id always
   * rebuilds the same offer until it expires (or fails), so the answer may be cached.
   */
  getOffer(offerId: string): Promise<Offer>;
  readonly offerIsStable?: boolean;
  /** An airline's logo as an SVG document, where the provider's logo URLs point to us. */
  airlineLogo?(iataCode: string): string | undefined;
  /** One seat map per segment; empty when the airline publishes none. */
  getSeatMaps(offerId: string): Promise<SeatMap[]>;
  /**
   * Why no order can be made now for the offer, before any card is touched (Duffel: its balance
   * ran dry), or null. Where absent, orders are always taken.
   */
  ordersRefused?(offerId: string): Promise<SupplierError | null>;
  createOrder(input: SupplierOrderInput): Promise<SupplierOrder>;
  getOrder(orderId: string): Promise<SupplierOrder>;
  /**
   * The order made for one of our bookings (`SupplierOrderInput.reference`), or null when the
   * provider has none: how a booking interrupted mid-order learns whether the order exists.
   * `hint` narrows a provider's search (orders can be listed by passenger name).
   */
  /**
   * True when an order for the offer is found by `findOrderByReference` as soon as it exists,
   * so "none" means none was made (the sandbox, whose orders live in our database). Otherwise
   * (Duffel, whose airline may ticket before Duffel knows) "none yet" leaves a booking uncertain.
   */
  ordersFoundAtOnce?(offerId: string): boolean;
  findOrderByReference(
    reference: string,
    hint?: { familyName?: string },
  ): Promise<SupplierOrder | null>;
  quoteCancellation(orderId: string): Promise<SupplierCancellation>;
  confirmCancellation(cancellationId: string): Promise<SupplierCancellation>;
  /** A cancellation (quote or confirmed) as the airline has it now: a refund stated later shows here. */
  getCancellation(cancellationId: string): Promise<SupplierCancellation>;
  /** Every cancellation of the order (quotes and the confirmed one), every page read. */
  listCancellations(orderId: string): Promise<SupplierCancellation[]>;
  /**
   * The changes the airline made to the order, as the provider's API answers them (Duffel's
   * airline-initiated changes, read by the bookings module's reader of its webhooks); absent
   * where the provider tells of none.
   */
  listAirlineChanges?(orderId: string): Promise<unknown[]>;
}

/**
 * A supplier rebuilt on a search thread (`threaded-suppliers.ts` builds it from `setup`): it
 * searches there, and asks the supplier it copies, over the thread's messages, for what only
 * that one holds (rate-limit pauses shared by every process, the log, the account's currency).
 */
export interface SupplierThreading {
  /**
   * Structured-cloneable; `kind` picks the builder, `key` names this supplier's copies;
   * `idPrefix` goes before each offer id the copy answers (the registry's source prefix).
   */
  readonly setup: {
    readonly kind: string;
    readonly key: string;
    readonly idPrefix?: string;
    /**
     * Its searches are the processor's work only (no waiting on a provider): a thread makes them
     * one after another, and keeps its heap (nothing of a provider's answers to give back); the
     * request keeps its admission turn while it waits, and its answers (on a thread, or written by
     * `answerSearch`) are given no deadline. Its `search` still is.
     */
    readonly computed?: boolean;
  };
  /** Answers a call the thread's copy makes (`name`, with structured-cloneable `args`). */
  serve(name: string, args: unknown[]): Promise<unknown>;
  /**
   * Whether a search may be made on a thread; where absent, every one. The sandbox's special
   * routes are not: they answer on the request's own clock and abort signal.
   */
  takes?(request: SupplierSearch): boolean;
}

/** What a search's answer depends on besides the provider's offers. */
export interface AnswerTerms {
  /** The instant of the search (epoch ms): nothing leaving within 2 hours of it is offered. */
  at: number;
  markupPercent: string;
  /** The brand's currency, named when nothing is offered. */
  currency: string;
}

/** How long a search's offers hold when the provider names no expiry. */
export const OFFER_LIFETIME_MS = 30 * 60 * 1000;

/** Where the API serves an airline's logo (see `FlightSupplier.airlineLogo`). */
export function airlineLogoPath(iataCode: string): string {
  return `/api/airlines/${encodeURIComponent(iataCode)}/logo.svg`;
}

export interface SupplierSearch {
  slices: { origin: string; destination: string; departureDate: string }[];
  /** Children and infants carry their age on the date of travel (Duffel needs it). */
  passengers: { type: 'adult' | 'child' | 'infant_without_seat'; age?: number }[];
  cabinClass: CabinClass;
  currency: string;
  /** 0–2; the provider's default when absent. */
  maxConnections?: number;
  signal?: AbortSignal;
}

export interface SupplierPrices {
  currency: string;
  prices: { base_amount: string; tax_amount: string; total_amount: string }[];
}

export interface SupplierPassenger {
  /** The offer passenger's id. */
  id: string;
  title: 'mr' | 'ms' | 'mrs' | 'miss' | 'dr';
  givenName: string;
  familyName: string;
  gender: 'm' | 'f';
  bornOn: string;
  email: string;
  /** E.164. */
  phoneNumber: string;
  /** On an adult: the infant on their lap. */
  infantPassengerId?: string;
  passport?: { number: string; issuingCountryCode: string; expiresOn: string };
  /** Frequent flyer accounts to credit. */
  loyaltyAccounts?: { airlineIataCode: string; accountNumber: string }[];
  /** An IATA special service request code (WCHR, BLND…) for assistance. */
  assistance?: string;
}

export interface SupplierOrderInput {
  offerId: string;
  passengers: SupplierPassenger[];
  /** Seat services (from the seat maps, quantity 1) and bag services (from the offer). */
  services: { id: string; quantity: number }[];
  /** The provider total plus the chosen services, exactly. */
  amount: string;
  currency: string;
  /** Our booking id, kept by the provider for reconciliation. */
  reference: string;
  /**
   * The offer's own total (without services) that `amount` was computed from: how a provider
   * that says the price changed is told apart from one whose re-read shows the same price.
   */
  offerTotal?: string;
}

export interface SupplierOrderSeat {
  passengerId: string;
  segmentId: string;
  designator: string;
  totalAmount: string;
  totalCurrency: string;
}

export interface SupplierOrder {
  id: string;
  /** The airline's 6-character booking reference. */
  bookingReference: string;
  createdAt: string;
  cancelledAt: string | null;
  totalAmount: string;
  totalCurrency: string;
  slices: Slice[];
  seats: SupplierOrderSeat[];
  refundable: boolean;
}

/**
 * Where a cancellation's refund goes: back to the account that paid the airline (which we then
 * refund to the traveller's card), to airline credits for the passengers (nothing comes back to
 * us), or nowhere (nothing was paid).
 */
export const REFUND_DESTINATIONS = ['original_payment', 'airline_credits', 'none'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** A credit the airline gives a passenger instead of money. */
export interface SupplierAirlineCredit {
  id: string;
  name: string;
  /** What the passenger quotes to the airline to spend it (a voucher may have none). */
  code: string | null;
  amount: string;
  currency: string;
  /** ISO instant, or null when the airline did not say. */
  expiresAt: string | null;
  passengerId: string | null;
}

export interface SupplierCancellation {
  id: string;
  orderId: string;
  /**
   * What comes back to us to refund to the card ("0.00" for credits or nothing); null while the
   * airline has not said what it refunds.
   */
  refundAmount: string | null;
  refundCurrency: string;
  refundTo: RefundDestination;
  /** With `refundTo: 'airline_credits'`: the credits the passengers get. */
  airlineCredits: SupplierAirlineCredit[];
  expiresAt: string;
  confirmedAt: string | null;
}

export type SupplierErrorCode =
  | 'validation'
  | 'not_found'
  | 'offer_expired'
  | 'offer_unavailable'
  | 'price_changed'
  | 'seat_unavailable'
  | 'order_refused'
  /** The provider guarantees that no order was made (Duffel's `order_not_created`). */
  | 'order_not_created'
  /**
   * The provider's account cannot pay for orders (Duffel's balance ran dry): every booking fails
   * until it is topped up. Nothing was made.
   */
  | 'insufficient_balance'
  | 'already_cancelled'
  | 'cancellation_expired'
  | 'not_cancellable'
  | 'timeout'
  | 'aborted'
  /** The provider is asking us to slow down (and did not answer in time after waiting). */
  | 'rate_limited'
  /** The provider failed (5xx, refused our credentials): nothing to tell the traveller but wait. */
  | 'provider_error'
  /**
   * The order may or may not exist: the provider failed or did not answer while making it and
   * no order was found yet. Neither retry nor release the payment: the reconciler settles it.
   */
  | 'order_unconfirmed';

/** Every provider failure, in one vocabulary the services map to HTTP. */
export class SupplierError extends Error {
  override readonly name = 'SupplierError';
  constructor(
    readonly code: SupplierErrorCode,
    message: string,
    readonly details: {
      fields?: Record<string, string>;
      totalAmount?: string;
      totalCurrency?: string;
      /** For `seat_unavailable`: the seats someone else holds now. */
      taken?: { segmentId: string; designator: string }[];
      /** The provider's id of the failed request, for its support (Duffel's `request_id`). */
      requestId?: string;
      /** For `rate_limited`: when the provider takes requests again (epoch milliseconds). */
      retryAt?: number;
      /** For `rate_limited`: how long from now that is, by the clock that read it. */
      retryAfterMs?: number;
      /** The provider's own error code (Duffel's `code`), for the operator. */
      providerCode?: string;
    } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Where a supplier says what it did (pino's methods; the app's logger). */
export interface SupplierLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  /** What the operator must act on (pino's `error`); `warn` where absent. */
  error?(details: Record<string, unknown>, message: string): void;
}
