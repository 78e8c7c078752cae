import {
  currentPayments,
  type Mode,
  type ProviderRegistry,
  type ProviderSource,
} from '../registry';
import type { PaymentProvider } from './payment-provider';

/**
 * The card processors as the money path needs them: a new payment goes to the processor of the
 * booking mode now; a recorded one (a payment row, a booking) always to the processor and mode
 * that hold it, whatever the mode is since.
 */
export interface PaymentSources {
  /** The processor of the mode now; 503 provider_not_configured when the mode has none. */
  current(): Promise<{ mode: Mode; provider: PaymentProvider }>;
  /** The processor that holds a recorded payment; 503 when it is no longer configured. */
  of(source: ProviderSource): PaymentProvider;
  /** Every configured processor, once each (the hold sweep asks them all). */
  all(): { source: ProviderSource; provider: PaymentProvider }[];
}

export function paymentSources(registry: ProviderRegistry): PaymentSources {
  return {
    current: () => currentPayments(registry),
    of: (source) => registry.paymentsFor(source),
    all: () => registry.paymentProviders(),
  };
}

/** The source a payment row or booking names: its processor and the mode it was made in. */
export function paymentSourceOf(row: { provider: string; mode: Mode }): ProviderSource {
  return { provider: row.provider, mode: row.mode };
}
