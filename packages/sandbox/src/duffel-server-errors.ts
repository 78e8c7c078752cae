/**
 * Duffel's errors as the Duffel-compatible server answers them: the error body (type, code,
 * title, message, where its documentation is, and the field it is about), its validation codes,
 * a sandbox failure turned into them, and the rate limit's 429 with its headers.
 */
import type { SandboxError, SandboxErrorCode } from './errors';

interface DuffelErrorBody {
  type: string;
  code: string;
  title: string;
  message: string;
  documentation_url: string;
  source?: { field: string; pointer: string };
}

/** Where each of Duffel's errors points for more (its SDK's ApiResponseError). */
export const DUFFEL_ERRORS_URL = 'https://duffel.com/docs/api/overview/errors';

/**
 * Duffel's validation codes: `validation_required` for a field left out, `validation_format`
 * for one of the wrong form, `validation_length` for one too long or too short; a value out of
 * the allowed ones (a date in the past, an unknown offer passenger) stays `invalid_value`.
 */
export function validationCode(message: string): string {
  if (/\b(required|missing|give (a|an|exactly)|is needed)\b/i.test(message)) {
    return 'validation_required';
  }
  if (/\b(characters?|at most \d+|at least \d+|too long|too short)\b/i.test(message)) {
    return 'validation_length';
  }
  if (/\b(format|write|must be a|must look|YYYY|decimal string|not a valid)\b/i.test(message)) {
    return 'validation_format';
  }
  return 'invalid_value';
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: DuffelErrorBody[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors[0]?.message ?? 'error');
  }
}

export const titles: Partial<Record<string, string>> = {
  validation_error: 'Invalid data',
  invalid_request_error: 'Invalid request',
  invalid_state_error: 'Invalid state',
  airline_error: 'Airline error',
  api_error: 'Something went wrong',
  authentication_error: 'Authentication failed',
  rate_limit_error: 'Rate limit exceeded',
};

export function error(
  status: number,
  type: string,
  code: string,
  message: string,
  source?: DuffelErrorBody['source'],
): HttpError {
  return new HttpError(status, [
    {
      type,
      code,
      title: titles[type] ?? 'Error',
      message,
      documentation_url: DUFFEL_ERRORS_URL,
      ...(source ? { source } : {}),
    },
  ]);
}

/** `passengers[0].born_on` → the field `born_on` at the pointer `/passengers/0/born_on`. */
function sourceOf(path: string): DuffelErrorBody['source'] {
  const parts = path.split(/[.[\]]+/).filter(Boolean);
  return { field: parts.at(-1) ?? path, pointer: `/${parts.join('/')}` };
}

/** A sandbox failure as Duffel answers it: one error per field for a validation error. */
export function fromSandbox(failure: SandboxError): HttpError {
  const { code, type } = failure;
  if (code === 'validation_error' && failure.details.fields) {
    return new HttpError(
      422,
      Object.entries(failure.details.fields).map(([path, message]) => ({
        type,
        code: validationCode(message),
        title: titles[type] ?? 'Invalid data',
        message,
        documentation_url: DUFFEL_ERRORS_URL,
        source: sourceOf(path),
      })),
    );
  }
  const statuses: Partial<Record<SandboxErrorCode, number>> = { request_aborted: 504 };
  return error(statuses[code] ?? failure.status, type, code, failure.message);
}

/** A search refused for the rate limit, to be tried again in a second. */
export function rateLimitedError(limit: number, now: number): HttpError {
  return new HttpError(
    429,
    [
      {
        type: 'rate_limit_error',
        code: 'rate_limit_exceeded',
        title: titles.rate_limit_error ?? 'Rate limit exceeded',
        message: 'Too many requests; wait until ratelimit-reset.',
        documentation_url: DUFFEL_ERRORS_URL,
      },
    ],
    {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': '0',
      'ratelimit-reset': new Date(now + 1000).toUTCString(),
    },
  );
}

/** Duffel's 404, for a path it has no endpoint at or an id it has nothing under. */
export function notFound(): HttpError {
  return error(
    404,
    'invalid_request_error',
    'not_found',
    'The resource you are trying to access does not exist.',
  );
}
