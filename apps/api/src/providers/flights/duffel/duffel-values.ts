/**
 * The values of Duffel's answers as the contract writes them: amounts in their currency's
 * decimals, currency codes, local times and instants, cabins and durations; null where Duffel's
 * value is none or cannot be read.
 */
import { CABIN_CLASSES, type CabinClass } from '@contrail/contracts/flight-search';
import { fromMinorUnits, toMinorUnits } from '@contrail/contracts/money';
import { localTimeToInstant } from '@contrail/contracts/time';

/**
 * A decimal amount as the contract writes it in its currency ("45.00" USD, "17103" JPY, "12.345"
 * KWD); null when it is none, or its currency is unknown or not one the product sells.
 */
export function money(
  value: string | null | undefined,
  currency: string | null | undefined,
): string | null {
  if (value == null || currency == null) return null;
  try {
    return fromMinorUnits(toMinorUnits(value, currency), currency);
  } catch {
    return null;
  }
}

const CURRENCY = /^[A-Z]{3}$/;
export function currencyOf(value: string | null | undefined): string | null {
  return value != null && CURRENCY.test(value) ? value : null;
}

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)/;
export function localTime(value: string | null | undefined): string | null {
  return value == null ? null : (LOCAL_TIME.exec(value)?.[1] ?? null);
}

export function isoInstant(value: string | null | undefined): string | null {
  if (value == null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function cabinOf(value: string | null | undefined): CabinClass | null {
  return CABIN_CLASSES.find((cabin) => cabin === value) ?? null;
}

export function isoDuration(minutes: number): string {
  const safe = Math.max(0, Math.round(minutes));
  const days = Math.floor(safe / 1440);
  const hours = Math.floor((safe % 1440) / 60);
  const rest = safe % 60;
  return `P${days > 0 ? `${days}D` : ''}T${hours}H${rest}M`;
}

export function minutesBetween(from: string, fromZone: string, to: string, toZone: string): number {
  const minutes = (localTimeToInstant(to, toZone) - localTimeToInstant(from, fromZone)) / 60_000;
  return Number.isFinite(minutes) ? minutes : 0;
}
