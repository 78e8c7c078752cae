/**
 * Idempotency keys, as Stripe keeps them for a day: a POST sent again with the same key is given
 * the first answer again, and the key used for another endpoint or with other parameters is
 * refused with Stripe's `idempotency_error`.
 */
import type { Answer } from './endpoint';
import { StripeApiError } from './errors';

const DAY_MS = 24 * 60 * 60 * 1000;

interface IdempotencyRecord {
  endpoint: string;
  params: string;
  answer: Answer;
  expiresMs: number;
}

/** The parameters as JSON with every object's keys sorted: equal parameters, equal text. */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${sortedJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The answers given to idempotency keys (stored under the key's mode and the key itself). */
export function idempotencyKeys(clock: () => Date) {
  const idempotency = new Map<string, IdempotencyRecord>();

  /**
   * The answer an idempotency key gave within the last day, for the same endpoint and the same
   * parameters (another endpoint or other parameters are an error); undefined for a new key.
   */
  function replayOf(
    storeKey: string,
    key: string,
    endpoint: string,
    paramsJson: string,
  ): Answer | undefined {
    const earlier = idempotency.get(storeKey);
    if (!earlier || earlier.expiresMs <= clock().getTime()) return undefined;
    if (earlier.endpoint !== endpoint) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${earlier.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        {},
        false,
      );
    }
    if (earlier.params !== paramsJson) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        {},
        false,
      );
    }
    return earlier.answer;
  }

  /** Keeps an answer for its key for a day. */
  function remember(storeKey: string, endpoint: string, paramsJson: string, answer: Answer): void {
    idempotency.set(storeKey, {
      endpoint,
      params: paramsJson,
      answer,
      expiresMs: clock().getTime() + DAY_MS,
    });
  }

  return { replayOf, remember };
}

export type IdempotencyKeys = ReturnType<typeof idempotencyKeys>;
