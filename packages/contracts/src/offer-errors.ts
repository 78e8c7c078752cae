/** The error codes of flight search and offers, and of the providers behind them. */
export const OFFER_ERROR_CODES = [
  /** 410: the offer's time ran out; a new search finds the current ones. */
  'offer_expired',
  /** 410: the airline no longer sells the offer. */
  'offer_unavailable',
  /** 404: no offer with that id. */
  'offer_not_found',
  /** 409: the airline's price differs from the offer's. */
  'price_changed',
  /** 410: the first flight leaves too soon to be booked. */
  'departs_too_soon',
  /** 409: the offer was found before the switch between test and live mode. */
  'mode_changed',
  /** 422: the search criteria are not searchable (same airports, dates in the past). */
  'invalid_search',
  /** 504: the flight provider did not answer in time. */
  'supplier_timeout',
  /** 503: the flight provider asks us to slow down; Retry-After says when to try again. */
  'provider_busy',
  /** 502: the flight provider failed. */
  'provider_error',
  /** 503: the provider of the booking mode is not configured. */
  'provider_not_configured',
  /** 422: the flights are priced in a currency the product cannot charge; nothing is held. */
  'currency_not_supported',
] as const;
export type OfferErrorCode = (typeof OFFER_ERROR_CODES)[number];
