/**
 * The one error class the sandbox throws. Codes and types follow Duffel's error objects
 * (`errors[].code` and `errors[].type`), so the API maps sandbox and Duffel failures the same way.
 */
export const sandboxErrorCodes = {
  /** The request is malformed or breaks a rule (bad IATA code, past date, too many infants…). */
  validationError: 'validation_error',
  /** No such offer, order or cancellation, or an offer id that was forged or edited. */
  notFound: 'not_found',
  /** The offer is older than its `expires_at`. */
  offerExpired: 'offer_expired',
  /** The airline no longer sells the offer (special route, or a schedule that no longer exists). */
  offerNoLongerAvailable: 'offer_no_longer_available',
  /** The payment matches the price of the search, but the airline has re-priced the offer since. */
  priceChanged: 'price_changed',
  /** A chosen seat is sold or blocked; `details.taken` lists the seats. */
  seatUnavailable: 'seat_unavailable',
  /** The airline refused to create the order. */
  orderCreationFailed: 'order_creation_failed',
  /** The order is cancelled already. */
  alreadyCancelled: 'already_cancelled',
  /** The cancellation quote is older than its `expires_at`; ask for a new quote. */
  cancellationExpired: 'order_cancellation_expired',
  /** The order cannot be cancelled any more (its first flight has departed). */
  orderNotCancellable: 'order_not_cancellable',
  /** The search took longer than the airline's gateway allows. */
  gatewayTimeout: 'gateway_timeout_error',
  /** The caller aborted the request through its `AbortSignal`. */
  requestAborted: 'request_aborted',
} as const;

export type SandboxErrorCode = (typeof sandboxErrorCodes)[keyof typeof sandboxErrorCodes];

/** Duffel's error types: who is at fault, which decides whether a retry may help. */
export type SandboxErrorType =
  | 'validation_error'
  | 'invalid_request_error'
  | 'invalid_state_error'
  | 'airline_error'
  | 'api_error';

interface CodeInfo {
  readonly status: number;
  readonly type: SandboxErrorType;
}

const codeInfo: Record<SandboxErrorCode, CodeInfo> = {
  validation_error: { status: 422, type: 'validation_error' },
  not_found: { status: 404, type: 'invalid_request_error' },
  offer_expired: { status: 410, type: 'invalid_state_error' },
  offer_no_longer_available: { status: 422, type: 'airline_error' },
  price_changed: { status: 422, type: 'airline_error' },
  seat_unavailable: { status: 409, type: 'airline_error' },
  order_creation_failed: { status: 422, type: 'airline_error' },
  already_cancelled: { status: 422, type: 'invalid_state_error' },
  order_cancellation_expired: { status: 410, type: 'invalid_state_error' },
  order_not_cancellable: { status: 422, type: 'invalid_state_error' },
  gateway_timeout_error: { status: 504, type: 'api_error' },
  request_aborted: { status: 499, type: 'api_error' },
};

/** Extra facts a caller can act on, never provider secrets. */
export interface SandboxErrorDetails {
  /** For `validation_error`: request path → message, e.g. `{"passengers[0].born_on": "…"}`. */
  readonly fields?: Readonly<Record<string, string>>;
  /** For `seat_unavailable`: the seats another order holds. */
  readonly taken?: readonly { readonly segment_id: string; readonly designator: string }[];
  /** For `price_changed`: the offer's current price. */
  readonly total_amount?: string;
  readonly total_currency?: string;
}

export class SandboxError extends Error {
  override readonly name = 'SandboxError';
  readonly code: SandboxErrorCode;
  /** An HTTP status the API may reuse; the API still decides its own response. */
  readonly status: number;
  readonly type: SandboxErrorType;
  readonly details: SandboxErrorDetails;

  constructor(
    code: SandboxErrorCode,
    message: string,
    details: SandboxErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    const info = codeInfo[code];
    this.code = code;
    this.status = info.status;
    this.type = info.type;
    this.details = details;
  }
}

/** A validation error for one field; the message names the rule that was broken. */
export function invalid(path: string, message: string): SandboxError {
  return new SandboxError(sandboxErrorCodes.validationError, message, {
    fields: { [path]: message },
  });
}

/**
 * The fields of a request body that crossed a trust boundary, or a validation error when it is
 * not an object at all (JavaScript callers and JSON bodies can send anything).
 */
export function requestObject(value: unknown, path = 'body'): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(path, 'The request must be an object.');
  }
  return value as Record<string, unknown>;
}

export function isSandboxError(error: unknown): error is SandboxError {
  return error instanceof SandboxError;
}
