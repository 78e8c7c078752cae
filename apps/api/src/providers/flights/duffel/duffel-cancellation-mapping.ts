/**
 * Duffel's order cancellations (quotes and confirmed) as the suppliers': what is refunded to the
 * card, and what goes to the passengers as credits with the airline.
 */
import type { RefundDestination, SupplierCancellation } from '../flight-supplier';
import { list, text, top, object } from './lenient';
import { currencyOf, isoInstant, money } from './duffel-values';

const airlineCreditShape = object({
  id: text,
  credit_name: text,
  credit_code: text,
  credit_amount: text,
  credit_currency: text,
  issued_on: text,
  // Not in the cancellation's credit as the SDK types it; Duffel's Airline Credit entity has it.
  expires_at: text,
  passenger_id: text,
});

const duffelCancellationSchema = top({
  id: text,
  order_id: text,
  refund_amount: text,
  refund_currency: text,
  refund_to: text,
  expires_at: text,
  confirmed_at: text,
  airline_credits: list(airlineCreditShape),
});

/**
 * Where Duffel says a refund goes. Money back to our balance (`balance`, `arc_bsp_cash`, and
 * `card`, the card Duffel charged) is ours to pass on to the traveller's card; `voucher` and
 * `airline_credits` go to the passengers as credits with the airline; `awaiting_payment` (a hold
 * order never paid) returns nothing. An unknown value is read as nothing back, never as money.
 */
function destinationOf(refundTo: string | null): RefundDestination {
  if (refundTo === 'balance' || refundTo === 'arc_bsp_cash' || refundTo === 'card') {
    return 'original_payment';
  }
  if (refundTo === 'voucher' || refundTo === 'airline_credits') return 'airline_credits';
  return 'none';
}

/**
 * A cancellation (quote or confirmed). Only money returned to our Duffel balance is refunded to
 * the card: credits and vouchers go to the passengers, and are listed as such. A `refund_amount`
 * of null (Duffel v2: the carrier gave no refund quote) stays null: unknown, not nothing.
 */
export function cancellationOf(
  raw: unknown,
  context: { now: Date; currency: string },
): SupplierCancellation | null {
  const cancellation = duffelCancellationSchema.read(raw);
  if (cancellation?.id == null) return null;
  const refundTo = destinationOf(cancellation.refund_to ?? null);
  const currency = currencyOf(cancellation.refund_currency) ?? context.currency;
  const stated = money(cancellation.refund_amount, currency);
  // Nothing to the card: zero, written in the currency's decimals ("0", "0.00", "0.000").
  const zero = money('0', currency) ?? '0';
  const credits = cancellation.airline_credits.flatMap((credit) => {
    const creditCurrency = currencyOf(credit.credit_currency) ?? currency;
    const amount = money(credit.credit_amount, creditCurrency);
    return credit.id == null || amount === null
      ? []
      : [
          {
            id: credit.id,
            name: credit.credit_name ?? 'Airline credit',
            code: credit.credit_code ?? null,
            amount,
            currency: creditCurrency,
            expiresAt: isoInstant(credit.expires_at),
            passengerId: credit.passenger_id ?? null,
          },
        ];
  });
  // A voucher stated only as the refund's amount is still the passengers' credit.
  const airlineCredits =
    refundTo === 'airline_credits' && credits.length === 0 && stated !== null
      ? [
          {
            id: cancellation.id,
            name: 'Airline voucher',
            code: null,
            amount: stated,
            currency,
            expiresAt: null,
            passengerId: null,
          },
        ]
      : credits;
  return {
    id: cancellation.id,
    orderId: cancellation.order_id ?? '',
    refundAmount:
      cancellation.refund_amount == null ? null : refundTo === 'original_payment' ? stated : zero,
    refundCurrency: currency,
    refundTo,
    airlineCredits: refundTo === 'airline_credits' ? airlineCredits : [],
    expiresAt:
      isoInstant(cancellation.expires_at) ??
      new Date(context.now.getTime() + 5 * 60_000).toISOString(),
    confirmedAt: isoInstant(cancellation.confirmed_at),
  };
}
