/**
 * Stripe's error envelope: `{error: {type, code?, decline_code?, message, param?, doc_url?,
 * payment_intent?, charge?, payment_method?}}` with 400 (invalid request, idempotency), 401 (keys),
 * 402 (cards), 404 (no such object or URL).
 */

export type StripeErrorType =
  'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorFields {
  code?: string;
  decline_code?: string;
  param?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
  advice_code?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly fields: StripeErrorFields = {},
    /**
     * Stripe keeps an idempotent answer only once an endpoint began executing: a request refused
     * while its parameters were read is not replayed.
     */
    readonly replayable = true,
  ) {
    super(message);
  }

  body(): { error: Record<string, unknown> } {
    const { code } = this.fields;
    return {
      error: {
        ...this.fields,
        ...(code
          ? { doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` }
          : {}),
        message: this.message,
        type: this.type,
      },
    };
  }
}

/** A parameter refused while reading the request (never replayed for an idempotency key). */
export function invalidParam(message: string, param: string, code?: string): StripeApiError {
  return new StripeApiError(
    400,
    'invalid_request_error',
    message,
    { param, ...(code ? { code } : {}) },
    false,
  );
}

export const missingParam = (param: string) =>
  invalidParam(`Missing required param: ${param}.`, param, 'parameter_missing');

export const unknownParam = (param: string) =>
  invalidParam(`Received unknown parameter: ${param}`, param, 'parameter_unknown');

export function noSuch(kind: string, id: string, param: string, otherMode?: 'test' | 'live') {
  const hint = otherMode
    ? `; a similar object exists in ${otherMode} mode, but a ${otherMode === 'test' ? 'live' : 'test'} mode key was used to make this request.`
    : '';
  return new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id}'${hint}`,
    { code: 'resource_missing', param },
    false,
  );
}

export function unexpectedState(message: string, paymentIntent: unknown): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, {
    code: 'payment_intent_unexpected_state',
    payment_intent: paymentIntent,
  });
}
