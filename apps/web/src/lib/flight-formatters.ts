/**
 * Display helpers for flights and prices. Every helper shows 'N/A' for input it cannot read; a
 * price shows '{currency} N/A' when only the amount is unreadable.
 *
 * Kept apart from `formatters.ts`, which the shell imports: a module shared with the entry chunk
 * ships in it whole, and only the lazily loaded search and offer pages need these.
 */
import { currencyExponent, fromMinorUnits, isChargeableCurrency } from '@contrail/contracts/money';

export const NOT_AVAILABLE = 'N/A';

const ISO_DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:\.\d+)?S)?)?$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}))?/;

/** Whole minutes of an ISO 8601 duration ('PT7H25M' → 445, 'P1DT2H' → 1560), or null. */
export function durationMinutes(iso: string | null | undefined): number | null {
  if (typeof iso !== 'string') return null;
  const match = ISO_DURATION.exec(iso.trim());
  if (!match || iso.trim() === 'P' || iso.trim().endsWith('T')) return null;
  const [, days = '0', hours = '0', minutes = '0'] = match;
  return Number(days) * 24 * 60 + Number(hours) * 60 + Number(minutes);
}

/** 445 → '7h 25m' (spec: '{h}h {m}m'). */
export function formatMinutes(total: number | null | undefined): string {
  if (typeof total !== 'number' || !Number.isFinite(total) || total < 0) return NOT_AVAILABLE;
  const whole = Math.round(total);
  return `${Math.floor(whole / 60)}h ${whole % 60}m`;
}

/** 'PT7H25M' → '7h 25m'. */
export function formatDuration(iso: string | null | undefined): string {
  return formatMinutes(durationMinutes(iso));
}

function calendarDate(value: string | null | undefined): Date | null {
  if (typeof value !== 'string') return null;
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match?.[1]) return null;
  const date = new Date(`${match[1]}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(match[1])) return null;
  return date;
}

/**
 * '2026-12-13T07:05:00' → '07:05': the 24-hour clock time as written. Offer times are local to
 * their airport and carry no offset, so they are read, never converted.
 */
export function formatTime(value: string | null | undefined): string {
  if (typeof value !== 'string' || !calendarDate(value)) return NOT_AVAILABLE;
  const match = LOCAL_DATE_TIME.exec(value.trim());
  const hours = Number(match?.[2]);
  const minutes = Number(match?.[3]);
  if (!match?.[2] || hours > 23 || minutes > 59) return NOT_AVAILABLE;
  return `${match[2]}:${match[3] ?? '00'}`;
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const fullDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekdayDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** '2026-12-13' (or a local date-time) → 'Dec 13'. */
export function formatShortDate(value: string | null | undefined): string {
  const date = calendarDate(value);
  return date ? shortDate.format(date) : NOT_AVAILABLE;
}

/** '2026-12-13' → 'Sun, Dec 13'. */
export function formatWeekdayDate(value: string | null | undefined): string {
  const date = calendarDate(value);
  return date ? weekdayDate.format(date) : NOT_AVAILABLE;
}

/** '2026-12-13' → 'Sun, Dec 13, 2026'. */
export function formatFullDate(value: string | null | undefined): string {
  const date = calendarDate(value);
  return date ? fullDate.format(date) : NOT_AVAILABLE;
}

/** Whole calendar days from one local date-time to another: +1 for an arrival the next day. */
export function dayDifference(from: string, to: string): number {
  const start = calendarDate(from);
  const end = calendarDate(to);
  if (!start || !end) return 0;
  return Math.round((end.getTime() - start.getTime()) / 86_400_000);
}

/**
 * Minutes between two local times at the same place (a layover: arrival and next departure at one
 * airport), or null when either is unreadable. Local times of different places cannot be
 * compared this way; use the offer's durations for those.
 */
export function localMinutesBetween(from: string, to: string): number | null {
  const start = calendarDate(from) ? Date.parse(`${from.trim().slice(0, 16)}:00Z`) : NaN;
  const end = calendarDate(to) ? Date.parse(`${to.trim().slice(0, 16)}:00Z`) : NaN;
  return Number.isNaN(start) || Number.isNaN(end) ? null : Math.round((end - start) / 60_000);
}

function readAmount(amount: string | number | null | undefined): number | null {
  if (typeof amount === 'number') return Number.isFinite(amount) ? amount : null;
  if (typeof amount !== 'string' || !/^-?\d+(?:\.\d+)?$/.test(amount.trim())) return null;
  return Number(amount);
}

// A results page formats hundreds of prices; building a formatter is the costly part.
const currencyFormats = new Map<string, Intl.NumberFormat | null>();

function currencyFormat(currency: string, fractionDigits: number): Intl.NumberFormat | null {
  const key = `${currency}:${fractionDigits}`;
  if (currencyFormats.has(key)) return currencyFormats.get(key) ?? null;
  let format: Intl.NumberFormat | null;
  try {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
  } catch {
    format = null;
  }
  currencyFormats.set(key, format);
  return format;
}

function formatMoney(
  amount: string | number | null | undefined,
  currency: string | null | undefined,
  fractionDigits: number,
): string {
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  const value = readAmount(amount);
  if (!/^[A-Z]{3}$/.test(code)) return NOT_AVAILABLE;
  const format = currencyFormat(code, fractionDigits);
  if (value === null || !format) return `${code} ${NOT_AVAILABLE}`;
  return format.format(value);
}

/** A price in whole units, en-US: ('1234.00', 'USD') → '$1,234'. */
export function formatPrice(
  amount: string | number | null | undefined,
  currency: string | null | undefined,
): string {
  const value = readAmount(amount);
  return formatMoney(value === null ? amount : Math.round(value), currency, 0);
}

/** Digits after the point in `currency` (ISO 4217): JPY 0, USD 2, KWD 3; Intl's for any other. */
function exactDigits(currency: string | null | undefined): number {
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  if (isChargeableCurrency(code)) return currencyExponent(code);
  return currencyFormat(code, 2)?.resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An exact amount in the currency's own decimals, for breakdowns that must add up: ('849.50',
 * 'USD') → '$849.50', ('17103', 'JPY') → '¥17,103', ('12.345', 'KWD') → 'KWD 12.345'.
 */
export function formatExactPrice(
  amount: string | number | null | undefined,
  currency: string | null | undefined,
): string {
  return formatMoney(amount, currency, exactDigits(currency));
}

/** Integer minor units, exactly: 182550 USD → '$1,825.50', 17103 JPY → '¥17,103', 12345 KWD → 'KWD 12.345'. */
export function formatMinor(minor: number, currency: string): string {
  const code = currency.trim().toUpperCase();
  const exact =
    Number.isSafeInteger(minor) && isChargeableCurrency(code) ? fromMinorUnits(minor, code) : null;
  return formatExactPrice(exact, currency);
}

/** From the number of segments: 1 'Non-stop', 2 '1 stop', otherwise '{n-1} stops'. */
export function stopsLabel(segmentCount: number): string {
  if (segmentCount <= 1) return 'Non-stop';
  if (segmentCount === 2) return '1 stop';
  return `${segmentCount - 1} stops`;
}
