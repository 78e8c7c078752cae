import { errorCodes, type ApiErrorCode } from '@contrail/contracts/errors';
import { AppError } from './app-error';

interface RateLimit {
  /** How many requests a key may make per window. */
  max: number;
  windowMs: number;
}

/** Counters shared by every process (the auth module's throttle table keeps them). */
export interface AttemptCounter {
  /** Counts one attempt against the key in a fixed window; answers the count and its start. */
  hit(key: string, now: Date, windowMs: number): Promise<{ attempts: number; windowStart: Date }>;
}

/** A fixed text, or one that says how long to wait (in seconds). */
export type LimitMessage = string | ((retryAfterSeconds: number) => string);

/** The 429 for a window that opened at `windowStart`: Retry-After is when it closes. */
export function tooManyRequests(
  { windowStart, windowMs, now }: { windowStart: Date; windowMs: number; now: Date },
  code: ApiErrorCode,
  message: LimitMessage,
): AppError {
  const seconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  const text = typeof message === 'string' ? message : message(seconds);
  return new AppError(429, code, text, undefined, { 'retry-after': String(seconds) });
}

/**
 * The throttling bucket of a client address. An IPv6 client usually holds a whole /64, so its
 * addresses count as one; an IPv4-mapped IPv6 address is its IPv4 address.
 */
export function addressBucket(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]?.split('::') ?? [];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface RateLimiter {
  /** Counts one request against the key; throws 429 with Retry-After past the limit. */
  consume(key: string, limit: RateLimit, message: LimitMessage): Promise<void>;
}

/** Fixed-window counters in PostgreSQL, so every process shares them. */
export function createRateLimiter({
  throttle,
  clock,
}: {
  throttle: AttemptCounter;
  clock: () => Date;
}): RateLimiter {
  return {
    async consume(key, { max, windowMs }, message) {
      const now = clock();
      const { attempts, windowStart } = await throttle.hit(key, now, windowMs);
      if (attempts <= max) return;
      throw tooManyRequests({ windowStart, windowMs, now }, errorCodes.rateLimited, message);
    },
  };
}
