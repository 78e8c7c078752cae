import { z } from 'zod';
import {
  amountExample,
  currencyExponent,
  isChargeableCurrency,
  MAX_MINOR_UNITS,
  toMinorUnits,
} from './money';

// The amount rules of the requests that carry money (bookings, payments), apart from `money.ts`,
// which the web app's first render reads without zod.

/**
 * A sell amount a request may carry: digits with up to three decimals ("17103", "512.40",
 * "12.345"). That the decimals are the currency's own and the minor units at most
 * `MAX_MINOR_UNITS` is checked against the request's currency by `refineAmountInCurrency`.
 */
export const moneyAmountSchema = z
  .string()
  .regex(/^\d{1,9}(?:\.\d{1,3})?$/, 'Enter an amount such as 512.40');

/**
 * For a request object with `amount` and `currency`: in a currency the product sells, the amount
 * has exactly that currency's decimals and fits `MAX_MINOR_UNITS`. A currency it does not sell is
 * left to the service, which answers with the price it would charge.
 */
export function refineAmountInCurrency(
  value: { amount: string; currency: string },
  context: z.core.$RefinementCtx,
): void {
  const currency = value.currency.toUpperCase();
  if (!isChargeableCurrency(currency)) return;
  const exponent = currencyExponent(currency);
  const point = value.amount.indexOf('.');
  const decimals = point < 0 ? 0 : value.amount.length - point - 1;
  let minor: number | null = null;
  if (decimals === exponent) minor = toMinorUnits(value.amount, currency);
  if (minor === null || minor > MAX_MINOR_UNITS) {
    context.addIssue({
      code: 'custom',
      path: ['amount'],
      message: `Enter an amount such as ${amountExample(currency)}`,
    });
  }
}
