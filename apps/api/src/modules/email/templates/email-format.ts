import { currencyExponent, fromMinorUnits } from '@contrail/contracts/money';

// Flight times are airport-local wall-clock times without an offset ("2026-12-20T09:05:00"):
// they are shown as written, never converted to the reader's or the server's zone.

/** "Sun, Dec 20, 2026" for a local date-time. */
export function localDate(local: string): string {
  return new Date(`${local.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "09:05" (24-hour) for a local date-time. */
export const localTime = (local: string): string => local.slice(11, 16);

/** "+1" when the arrival falls on a later calendar day than the departure, else "". */
export function dayShift(departing: string, arriving: string): string {
  const days = Math.round(
    (Date.parse(`${arriving.slice(0, 10)}T00:00:00Z`) -
      Date.parse(`${departing.slice(0, 10)}T00:00:00Z`)) /
      86_400_000,
  );
  return days > 0 ? `+${days}` : '';
}

/** "$1,234.50", "¥17,103", "KWD 12.345": the currency's own decimals (ISO 4217), en-US. */
export function money(minor: number, currency: string): string {
  const digits = currencyExponent(currency);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number(fromMinorUnits(minor, currency)));
}

/** A flight's name as the checkout gives it: Outbound and Return, or Flight N on a multi-city trip. */
export { sliceLabel } from '@contrail/contracts/journey';

const CARD_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** "Visa ending 4242". */
export const cardEnding = (card: { brand: string; last4: string }): string =>
  `${CARD_NAMES[card.brand.toLowerCase()] ?? card.brand} ending ${card.last4}`;
