/**
 * Stripe's amount rules: minor units of the currency (none for JPY, three for KWD), at least the
 * currency's minimum charge and at most 99,999,999 minor units; in a three-decimal currency the
 * last digit must be 0 ("5.124 KWD must be rounded to 5120 or 5130").
 */

const minimumCharge: Readonly<Record<string, number>> = {
  usd: 50,
  aed: 200,
  aud: 50,
  bgn: 100,
  brl: 50,
  cad: 50,
  chf: 50,
  czk: 1500,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  huf: 17500,
  inr: 50,
  jpy: 50,
  mxn: 1000,
  myr: 200,
  nok: 300,
  nzd: 50,
  pln: 200,
  ron: 200,
  sek: 300,
  sgd: 50,
  thb: 1000,
};

export const MAXIMUM_AMOUNT = 99_999_999;

const supported = new Set(Intl.supportedValuesOf('currency').map((code) => code.toLowerCase()));

export const isSupportedCurrency = (currency: string) => supported.has(currency);

/** The smallest amount Stripe charges in the currency, in its minor units. */
export const minimumAmount = (currency: string) => minimumCharge[currency] ?? 50;

/** How Stripe writes an amount in its messages: `$0.50`, `£5.01`, `¥50`. */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** Stripe's three-decimal currencies, whose amounts must end in 0 (Payment Intents and refunds). */
const threeDecimal = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** Whether Stripe takes `amount` in `currency` for its last digit. */
export const hasValidLastDigit = (amount: number, currency: string) =>
  !threeDecimal.has(currency.toLowerCase()) || amount % 10 === 0;
