import { AppError } from './app-error';
import type { ThrottleRepository } from '../modules/auth/auth.repository';

export interface RateLimit {
  /** How many requests a key may make per window. */
  max: number;
  windowMs: number;
}

/** The 429 for a window that opened at `windowStart`: Retry-After is when it closes. */
export function tooManyRequests(
  { windowStart, windowMs, now }: { windowStart: Date; windowMs: number; now: Date },
  code: string,
  message: string,
): AppError {
  const seconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return new AppError(429, code, message, undefined, { 'retry-after': String(seconds) });
}

export interface RateLimiter {
  /** Counts one request against the key; throws 429 with Retry-After past the limit. */
  consume(key: string, limit: RateLimit, message: string): Promise<void>;
}

/** Fixed-window counters in PostgreSQL, so every process shares them. */
export function createRateLimiter({
  throttle,
  clock,
}: {
  throttle: ThrottleRepository;
  clock: () => Date;
}): RateLimiter {
  return {
    async consume(key, { max, windowMs }, message) {
      const now = clock();
      const { attempts, windowStart } = await throttle.hit(key, now, windowMs);
      if (attempts <= max) return;
      throw tooManyRequests({ windowStart, windowMs, now }, 'rate_limited', message);
    },
  };
}
