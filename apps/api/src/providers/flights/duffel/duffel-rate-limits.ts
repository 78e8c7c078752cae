/**
 * Duffel's rate limit, kept for every process: while it is spent (a 429, or an answer saying no
 * request is left), Duffel is not asked until its `ratelimit-reset`; a caller waits for it, or is
 * refused at once when it resets after the caller's deadline.
 */
import { SupplierError, type SupplierLog } from '../flight-supplier';
import { callEntry } from './duffel-call-log';
import type { RateLimitPauses } from './rate-limit-pauses';
import type { DuffelSleep } from './duffel-waits';

/** When Duffel takes requests again: `ratelimit-reset` is a date, or seconds from now. */
function resetAt(headers: { get(name: string): string | null }, now: number): number {
  const header = headers.get('ratelimit-reset') ?? headers.get('retry-after');
  if (header === null) return now + 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds > 1e9 ? seconds * 1000 : now + seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? now + 1000 : date;
}

/** Duffel's rate limit for one mode, as the adapter's calls respect and note it. */
export function duffelRateLimits({
  clock,
  log,
  pauses,
  mode,
  sleep,
  maxRateLimitWaitMs,
}: {
  clock: () => Date;
  log: SupplierLog;
  pauses: RateLimitPauses;
  mode: 'test' | 'live';
  sleep: DuffelSleep;
  /** The longest a call without a deadline waits for the reset before it is refused. */
  maxRateLimitWaitMs: number;
}) {
  /** The refusal while Duffel's rate limit is spent: 503 provider_busy with Retry-After. */
  function rateLimited(at: number, requestId: string | null, cause?: unknown): SupplierError {
    return new SupplierError(
      'rate_limited',
      'Duffel is asking us to slow down.',
      {
        ...(requestId ? { requestId } : {}),
        retryAt: at,
        retryAfterMs: Math.max(0, at - clock().getTime()),
        providerCode: 'rate_limit_exceeded',
      },
      cause === undefined ? {} : { cause },
    );
  }

  /** Keeps, for every process, that Duffel takes no request before its `ratelimit-reset`. */
  async function notePause(
    headers: { get(name: string): string | null },
    requestId: string | null,
  ): Promise<number> {
    const at = resetAt(headers, clock().getTime());
    try {
      await pauses.pause(mode, { until: new Date(at), requestId });
    } catch (failure) {
      log.warn({ err: failure }, 'Could not keep the Duffel rate-limit pause');
    }
    return at;
  }

  /**
   * Waits while the rate limit is spent, or refuses at once when it resets after the caller's
   * deadline (or, without one, more than `maxRateLimitWaitMs` from now).
   */
  async function respectPause(
    operation: string,
    {
      signal,
      deadlineAt,
      bookingId,
    }: { signal: AbortSignal | undefined; deadlineAt: number | undefined; bookingId?: string },
  ): Promise<void> {
    let known: Awaited<ReturnType<RateLimitPauses['find']>> = null;
    try {
      known = await pauses.find(mode);
    } catch (failure) {
      // Not knowing of a pause is asking Duffel, which answers 429 if it is still on.
      log.warn({ err: failure }, 'Could not read the Duffel rate-limit pause');
    }
    const now = clock().getTime();
    const until = known?.until.getTime() ?? 0;
    if (until <= now) return;
    const latest = deadlineAt ?? now + maxRateLimitWaitMs;
    if (until > latest) {
      log.warn(
        callEntry(
          operation,
          { code: 'rate_limit_paused', until: new Date(until) },
          performance.now(),
          bookingId,
        ),
        'Duffel not asked: its rate limit resets after the deadline',
      );
      throw rateLimited(until, known?.requestId ?? null);
    }
    await sleep(until - now, signal);
  }

  return { respectPause, notePause, rateLimited };
}

export type DuffelRateLimits = ReturnType<typeof duffelRateLimits>;
