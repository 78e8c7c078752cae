/**
 * An order cancellation's shapes, as Duffel's: the quote with its refund and where it goes, and
 * the airline credits a passenger may be given instead of money.
 */

/**
 * Where a cancellation's refund goes, as Duffel names it: `balance` (back to the account that
 * paid, which then refunds the traveller's card) or `airline_credits` (the passengers get credits
 * with the airline instead of money).
 */
export type RefundDestination = 'balance' | 'airline_credits';

/** A credit the airline issues a passenger instead of money (Duffel's `airline_credits` item). */
export interface AirlineCredit {
  /** `acd_…` */
  readonly id: string;
  readonly credit_name: string;
  /** What the passenger quotes to the airline to spend it. */
  readonly credit_code: string;
  readonly credit_amount: string;
  readonly credit_currency: string;
  /** `YYYY-MM-DD` */
  readonly issued_on: string;
  /**
   * When it can no longer be spent. Duffel's Airline Credit entity carries it; its cancellation
   * may not (airlines do not always say), so readers treat it as optional.
   */
  readonly expires_at: string | null;
  readonly passenger_id: string;
}

export interface OrderCancellation {
  /** `ore_…` */
  readonly id: string;
  readonly order_id: string;
  readonly live_mode: false;
  /** Null while the airline has not said what it refunds (Duffel: the refund is unknown). */
  readonly refund_amount: string | null;
  readonly refund_currency: string | null;
  readonly refund_to: RefundDestination;
  readonly created_at: string;
  /** Confirm before this, or ask for a new quote. */
  readonly expires_at: string;
  readonly confirmed_at: string | null;
  /** With `refund_to: 'airline_credits'`: the credits, one per passenger. */
  readonly airline_credits: readonly AirlineCredit[];
}
