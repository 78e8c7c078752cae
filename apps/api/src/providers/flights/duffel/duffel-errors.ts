/**
 * Duffel's failures in the suppliers' vocabulary: its error codes, types and statuses as a
 * SupplierError's code, its request id kept, and its passenger validation errors named as our
 * checkout form's fields.
 */
import { DuffelError } from '@duffel/api';
import { UnsupportedCurrencyError } from '@contrail/contracts/money';
import { SupplierError, type SupplierErrorCode } from '../flight-supplier';

/** Duffel's error codes in our vocabulary; the error's type and status decide the rest. */
const ERROR_CODES: Record<string, SupplierErrorCode> = {
  offer_no_longer_available: 'offer_unavailable',
  offer_request_already_booked: 'offer_unavailable',
  offer_expired: 'offer_expired',
  expired: 'offer_expired',
  price_changed: 'price_changed',
  not_found: 'not_found',
  seat_unavailable: 'seat_unavailable',
  unavailable_service: 'seat_unavailable',
  order_creation_failed: 'order_refused',
  // Duffel: "no order was created"; the only 5xx after which a hold may be released at once.
  order_not_created: 'order_not_created',
  insufficient_balance: 'insufficient_balance',
  payment_amount_does_not_match_order_amount: 'price_changed',
  already_cancelled: 'already_cancelled',
  order_already_cancelled: 'already_cancelled',
  order_cancellation_expired: 'cancellation_expired',
  cancellation_expired: 'cancellation_expired',
  order_not_cancellable: 'not_cancellable',
  not_cancellable: 'not_cancellable',
  gateway_timeout_error: 'timeout',
  rate_limit_exceeded: 'rate_limited',
};

/** Duffel's passenger fields under the names of our checkout form's fields. */
const PASSENGER_FIELDS: Record<string, string> = {
  title: 'title',
  given_name: 'firstName',
  family_name: 'lastName',
  gender: 'gender',
  born_on: 'dateOfBirth',
  email: 'email',
  phone_number: 'phone',
  unique_identifier: 'passportNumber',
  expires_on: 'passportExpiryDate',
  issuing_country_code: 'passportIssuingCountry',
  account_number: 'frequentFlyerNumber',
  airline_iata_code: 'frequentFlyerAirline',
};

/** The SDK exports its error class as a value only. */
type DuffelApiError = InstanceType<typeof DuffelError>;

export interface DuffelFailure {
  status: number | null;
  requestId: string | null;
  errors: { type: string; code: string; message: string; pointer: string | null }[];
}

/** A field of a body we cannot trust to be Duffel's: text whatever it holds. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
}

/** What a DuffelError says, whatever shape its body came in (a proxy's HTML page has none). */
export function failureOf(error: DuffelApiError): DuffelFailure {
  const errors = Array.isArray(error.errors) ? error.errors : [];
  const meta = error.meta as Partial<DuffelApiError['meta']> | undefined;
  return {
    status: typeof meta?.status === 'number' ? meta.status : null,
    requestId: typeof meta?.request_id === 'string' ? meta.request_id : null,
    errors: errors.map((e: DuffelApiError['errors'][number]) => {
      const source = (e as { source?: { pointer?: unknown } }).source;
      return {
        type: text(e.type),
        code: text(e.code),
        message: text(e.message),
        pointer: typeof source?.pointer === 'string' ? source.pointer : null,
      };
    }),
  };
}

/** Checkout form fields (`passengers.1.dateOfBirth`) for Duffel's passenger validation errors. */
function passengerFields(failure: DuffelFailure): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const error of failure.errors) {
    const match = /^\/passengers\/(\d+)\/(?:.*\/)?(\w+)$/.exec(error.pointer ?? '');
    const name = match ? PASSENGER_FIELDS[match[2] ?? ''] : undefined;
    if (match && name) fields[`passengers.${match[1]}.${name}`] = error.message;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** A Duffel failure in the suppliers' vocabulary. */
export function supplierErrorOf(error: unknown): SupplierError {
  if (error instanceof SupplierError) return error;
  if (!(error instanceof DuffelError)) {
    return new SupplierError(
      'provider_error',
      'Duffel could not be reached.',
      {},
      { cause: error },
    );
  }
  const failure = failureOf(error);
  const [first] = failure.errors;
  const byCode = first ? ERROR_CODES[first.code] : undefined;
  const status = failure.status ?? 0;
  const code: SupplierErrorCode =
    byCode ??
    (first?.type === 'validation_error'
      ? 'validation'
      : first?.type === 'airline_error'
        ? 'order_refused'
        : first?.type === 'rate_limit_error' || status === 429
          ? 'rate_limited'
          : status === 404
            ? 'not_found'
            : status === 410
              ? 'offer_expired'
              : status === 504
                ? 'timeout'
                : 'provider_error');
  const fields = code === 'validation' ? passengerFields(failure) : undefined;
  return new SupplierError(
    code,
    first?.message ?? `Duffel answered ${status}.`,
    {
      ...(fields ? { fields } : {}),
      ...(failure.requestId ? { requestId: failure.requestId } : {}),
      ...(first?.code ? { providerCode: first.code } : {}),
    },
    { cause: error },
  );
}

/** A supplier's call whose Duffel failures are answered in the suppliers' vocabulary. */
export async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Not Duffel failing: its account prices in a currency the product cannot charge.
    if (error instanceof UnsupportedCurrencyError) throw error;
    throw supplierErrorOf(error);
  }
}
