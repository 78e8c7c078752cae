/**
 * Routes that fail on purpose, so the API and its tests can exercise every provider failure.
 * Where Duffel's own test mode has a route for the same situation, the sandbox uses the same
 * route (PVD→RAI, STN→LHR, LGW→LHR, LHR→STN), so tests keep working against Duffel later.
 * A route matches on the first slice's origin and destination airports; the rest of the search
 * (dates, passengers, cabin, further slices) is free.
 */

export type SpecialBehaviour =
  | 'no_offers'
  | 'slow_search'
  | 'offer_gone'
  | 'price_changed'
  | 'order_refused'
  | 'rate_limited'
  | 'order_lost'
  | 'order_not_created'
  | 'order_late'
  | 'order_timeout'
  | 'airline_unknown'
  | 'insufficient_balance'
  | 'price_changed_stale'
  | 'amount_mismatch'
  | 'refund_unknown'
  | 'refund_to_credits';

export interface SpecialRoute {
  readonly origin: string;
  readonly destination: string;
  readonly behaviour: SpecialBehaviour;
  /**
   * The airline that flies the route when nothing else would (London airports are too close for
   * real flights), so the search has offers to fail on later.
   */
  readonly forcedCarrier: string | null;
  readonly description: string;
}

export const specialRoutes: readonly SpecialRoute[] = [
  {
    origin: 'PVD',
    destination: 'RAI',
    behaviour: 'no_offers',
    forcedCarrier: null,
    description: 'The search succeeds with no offers.',
  },
  {
    origin: 'STN',
    destination: 'LHR',
    behaviour: 'slow_search',
    forcedCarrier: 'BA',
    description:
      'The search waits `slowSearchMs` (default 120 s) and then fails with gateway_timeout_error; ' +
      'an aborted `signal` ends it early with request_aborted.',
  },
  {
    origin: 'LGW',
    destination: 'LHR',
    behaviour: 'offer_gone',
    forcedCarrier: 'BA',
    description:
      'The search has offers; reading one (getOffer, getSeatMaps, createOrder) fails with ' +
      'offer_no_longer_available.',
  },
  {
    origin: 'LHR',
    destination: 'STN',
    behaviour: 'price_changed',
    forcedCarrier: 'BA',
    description:
      'getOffer answers the offer 10.00 dearer (1000 in JPY) than the search did; createOrder ' +
      'paying the search price fails with price_changed, paying the new price succeeds.',
  },
  {
    origin: 'LHR',
    destination: 'LCY',
    behaviour: 'order_refused',
    forcedCarrier: 'BA',
    description:
      'Search, offer and seat maps work; createOrder fails with order_creation_failed ' +
      '(an airline_error) and nothing is booked.',
  },
  {
    origin: 'LHR',
    destination: 'LTN',
    behaviour: 'rate_limited',
    forcedCarrier: 'BA',
    description:
      'Over HTTP (the Duffel-compatible server), every other offer request answers 429 ' +
      'rate_limit_exceeded with ratelimit-reset a second ahead, so a retry after it gets ' +
      'through; the sandbox itself answers normally.',
  },
  {
    origin: 'LHR',
    destination: 'LGW',
    behaviour: 'order_lost',
    forcedCarrier: 'BA',
    description:
      'Over HTTP, createOrder makes the order and then answers 500 internal_server_error, as ' +
      'when the answer is lost: the order exists and can be found by its metadata; the ' +
      'sandbox itself answers the order.',
  },
  // Order failures Duffel names in its error vocabulary, played over HTTP only (the
  // Duffel-compatible server); the sandbox itself books these routes normally.
  {
    origin: 'LGW',
    destination: 'STN',
    behaviour: 'order_not_created',
    forcedCarrier: 'BA',
    description:
      'Over HTTP, createOrder answers 502 order_not_created (an api_error): Duffel guarantees ' +
      'that no order was made.',
  },
  {
    origin: 'LGW',
    destination: 'LCY',
    behaviour: 'order_late',
    forcedCarrier: 'BA',
    description:
      'Over HTTP, createOrder answers 500 internal_server_error; the order exists but is listed ' +
      '(GET /air/orders) only from `lateOrderMs` (default 5 minutes) of the server clock on, as ' +
      'when the airline ticketed before Duffel knew. GET /air/orders/:id finds it at once.',
  },
  {
    origin: 'LGW',
    destination: 'LTN',
    behaviour: 'order_timeout',
    forcedCarrier: 'BA',
    description:
      'Over HTTP, createOrder answers 504 gateway_timeout_error and makes no order: the client ' +
      'cannot tell it from a lost answer.',
  },
  {
    origin: 'STN',
    destination: 'LGW',
    behaviour: 'airline_unknown',
    forcedCarrier: 'BA',
    description:
      'Over HTTP, createOrder answers 502 airline_unknown (an airline_error: the airline ' +
      'answered something Duffel could not read) and no order is listed.',
  },
  {
    origin: 'LCY',
    destination: 'LHR',
    behaviour: 'insufficient_balance',
    forcedCarrier: 'BA',
    description:
      'Over HTTP, createOrder answers 422 insufficient_balance (an invalid_state_error) and ' +
      'nothing is booked, while `balance` is below the order amount (the default); ' +
      '`setBalance` tops it up.',
  },
  {
    origin: 'LTN',
    destination: 'LHR',
    behaviour: 'price_changed_stale',
    forcedCarrier: 'BA',
    description:
      'Over HTTP, createOrder answers 422 price_changed although a re-read of the offer shows ' +
      'the same price (the airline and its pricing out of step); a fresh offer request for the ' +
      'route answers the same.',
  },
  {
    origin: 'LCY',
    destination: 'LGW',
    behaviour: 'amount_mismatch',
    forcedCarrier: 'BA',
    description:
      'Over HTTP, createOrder answers 422 payment_amount_does_not_match_order_amount (a ' +
      'validation_error on /payments/0/amount) although the offer, read again, shows the amount ' +
      'paid; a fresh offer request for the route answers the same.',
  },
  {
    origin: 'LCY',
    destination: 'STN',
    behaviour: 'refund_unknown',
    forcedCarrier: 'BA',
    description:
      'Cancelling works, but the quote and the confirmed cancellation have refund_amount and ' +
      'refund_currency null (the airline has not said); read again `unknownRefundSettlesMs` ' +
      '(1 hour) after the confirmation, the cancellation shows the refund the fare allows.',
  },
  {
    origin: 'LTN',
    destination: 'STN',
    behaviour: 'refund_to_credits',
    forcedCarrier: 'BA',
    description:
      'Cancelling refunds to airline credits: refund_to is airline_credits and airline_credits ' +
      'holds one credit per passenger (its code, amount, currency, issue date and expiry a year ' +
      'later), together the refund the fare allows; nothing returns to the balance.',
  },
];

export function findSpecialRoute(origin: string, destination: string): SpecialRoute | undefined {
  return specialRoutes.find(
    (route) => route.origin === origin && route.destination === destination,
  );
}
