import { offerMessages } from '@contrail/contracts/offers';
import type { OfferErrorCode } from '@contrail/contracts/offer-errors';
import { AppError, badRequest } from '../../lib/app-error';
import { SupplierError } from '../../providers/flights/flight-supplier';

/** The codes of flight search and offers, by name. */
const flightErrorCodes = {
  offerExpired: 'offer_expired',
  offerUnavailable: 'offer_unavailable',
  offerNotFound: 'offer_not_found',
  priceChanged: 'price_changed',
  departsTooSoon: 'departs_too_soon',
  invalidSearch: 'invalid_search',
  supplierTimeout: 'supplier_timeout',
  providerBusy: 'provider_busy',
  providerError: 'provider_error',
  currencyNotSupported: 'currency_not_supported',
} as const satisfies Record<string, OfferErrorCode>;

export const flightMessages = {
  unavailable: 'This flight offer is no longer available. Please select another flight.',
  priceChanged: 'The price of this flight has changed.',
  timeout: 'The airline did not answer in time. Please try again.',
  busy: 'Flights are in high demand right now. Please try again in a minute.',
  providerFailed: 'Flights cannot be reached right now. Please try again later.',
  currencyNotSupported: (currency: string) =>
    `These flights are priced in ${currency}, a currency we cannot take payment in, so they cannot be booked here. Please contact us and we will help you book.`,
} as const;

/** The errors of flight search and offers, with the status and message each answers. */
export const flightErrors = {
  offerExpired: (): AppError =>
    new AppError(410, flightErrorCodes.offerExpired, offerMessages.expired),
  offerUnavailable: (): AppError =>
    new AppError(410, flightErrorCodes.offerUnavailable, flightMessages.unavailable),
  offerNotFound: (): AppError =>
    new AppError(404, flightErrorCodes.offerNotFound, offerMessages.notFound),
  priceChanged: (): AppError =>
    new AppError(409, flightErrorCodes.priceChanged, flightMessages.priceChanged),
  /** 410: the first flight leaves within 2 hours; it is no longer sold. */
  departsTooSoon: (): AppError =>
    new AppError(410, flightErrorCodes.departsTooSoon, offerMessages.departsTooSoon),
  /** 422 with the first problem as the message and every problem on its field. */
  invalidSearch: (problems: readonly { field: string; message: string }[]): AppError =>
    new AppError(
      422,
      flightErrorCodes.invalidSearch,
      problems[0]?.message ?? '',
      Object.fromEntries(problems.map((problem) => [problem.field, problem.message])),
    ),
  supplierTimeout: (): AppError =>
    new AppError(504, flightErrorCodes.supplierTimeout, flightMessages.timeout),
  /** 503 with Retry-After: the provider's own limit, already waited for once. */
  providerBusy: (retryAfterSeconds: number): AppError =>
    new AppError(503, flightErrorCodes.providerBusy, flightMessages.busy, undefined, {
      'retry-after': String(retryAfterSeconds),
    }),
  providerError: (): AppError =>
    new AppError(502, flightErrorCodes.providerError, flightMessages.providerFailed),
  /**
   * 422: the provider priced in a currency the product cannot charge (not in
   * `CHARGEABLE_CURRENCIES`): refused before any hold. The error handler logs it for the operator.
   */
  currencyNotSupported: (currency: string): AppError =>
    new AppError(
      422,
      flightErrorCodes.currencyNotSupported,
      flightMessages.currencyNotSupported(
        /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'an unknown currency',
      ),
      undefined,
      undefined,
      { currency: currency.slice(0, 8) },
    ),
};

/** Maps a provider failure to the answer a traveller gets; anything else is returned as it is. */
export function supplierFailure(error: unknown): unknown {
  if (!(error instanceof SupplierError)) return error;
  switch (error.code) {
    case 'offer_expired':
      return flightErrors.offerExpired();
    case 'offer_unavailable':
      return flightErrors.offerUnavailable();
    case 'not_found':
      return flightErrors.offerNotFound();
    case 'price_changed':
      return flightErrors.priceChanged();
    case 'timeout':
    case 'aborted':
      return flightErrors.supplierTimeout();
    case 'validation':
      return badRequest(error.message, error.details.fields);
    case 'rate_limited': {
      // The traveller is told when to retry, within a minute.
      const { retryAfterMs, retryAt } = error.details;
      const seconds = Math.max(1, Math.ceil((retryAfterMs ?? (retryAt ?? 0) - Date.now()) / 1000));
      return flightErrors.providerBusy(Math.min(seconds, 60));
    }
    case 'provider_error':
      return flightErrors.providerError();
    default:
      return error;
  }
}

/** A supplier's call, a failure of it answered as `supplierFailure` maps it. */
export async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw supplierFailure(error);
  }
}
