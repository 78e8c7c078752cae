import { AppError } from '../../lib/app-error';
import { PaymentError, type PaymentProvider } from '../../providers/payments/payment-provider';
import { paymentSourceOf, type PaymentSources } from '../../providers/payments/payment-sources';
import type { Mode } from '../../providers/registry';
import { AUTHORIZATION_TTL_MS, PAYMENT_METADATA_KEY } from './card-holds';

/** A card hold's row as the sweep reads it (the payments module's `payment_authorizations`). */
interface HoldRow {
  id: string;
  provider: string;
  mode: Mode;
  status: 'authorizing' | 'authorized' | 'declined' | 'used' | 'voided';
  providerPaymentId: string | null;
  bookingId: string | null;
}

/** The card holds' rows: what the sweep finds and settles (the payments repository has these). */
export interface HoldRows {
  find(id: string): Promise<HoldRow | undefined>;
  /** Authorisations no booking claimed (still authorising or authorised), made before `before`. */
  listUnclaimed(before: Date, limit: number): Promise<HoldRow[]>;
  /** Moves a row from one status to another, only from that status; true when moved. */
  transition(
    id: string,
    from: HoldRow['status'],
    to: HoldRow['status'],
    now: Date,
  ): Promise<boolean>;
}

/** The bookings a hold may belong to (the bookings repository has this). */
export interface HoldBookings {
  find(id: string): Promise<{ status: string } | undefined>;
}

export interface HoldSweep {
  /**
   * Releases every card hold older than an authorisation's lifetime that no live booking will
   * capture, whatever our rows say: authorisations never claimed (or whose answer we never
   * recorded), holds whose booking failed, and holds the processor has that we have no row for.
   * Answers how many holds it released.
   */
  sweep(): Promise<number>;
}

const BATCH = 100;

export function createHoldSweep({
  payments,
  bookings,
  processors,
  clock,
}: {
  payments: HoldRows;
  bookings: HoldBookings;
  /** Every configured card processor, and the one holding each payment row. */
  processors: Pick<PaymentSources, 'of' | 'all'>;
  clock: () => Date;
}): HoldSweep {
  /** Voids a hold; one already captured (a booking took it after all) is left alone. */
  async function release(provider: PaymentProvider, providerPaymentId: string): Promise<boolean> {
    try {
      const state = await provider.void(providerPaymentId);
      return state.status === 'canceled';
    } catch (error) {
      if (error instanceof PaymentError && error.code === 'invalid_state') return false;
      throw error;
    }
  }

  return {
    async sweep() {
      const now = clock();
      const cutoff = new Date(now.getTime() - AUTHORIZATION_TTL_MS);
      let released = 0;

      // Authorisations no booking claimed in time.
      for (const row of await payments.listUnclaimed(cutoff, BATCH)) {
        let provider: PaymentProvider;
        try {
          provider = processors.of(paymentSourceOf(row));
        } catch (error) {
          // Its processor is no longer configured: nothing here can reach the hold.
          if (error instanceof AppError) continue;
          throw error;
        }
        // The processor's answer may never have been recorded: it is found by our metadata.
        const hold = row.providerPaymentId
          ? await provider.get(row.providerPaymentId)
          : await provider.findByMetadata(PAYMENT_METADATA_KEY, row.id);
        if (hold?.status === 'succeeded') continue;
        // A hold, or an intent the browser may still confirm: either is cancelled.
        if (hold && hold.status !== 'canceled' && (await release(provider, hold.id))) {
          if (hold.status === 'requires_capture') released += 1;
        }
        // Void at the processor first; only then record it, so a crash leaves it to retry.
        await payments.transition(row.id, row.status, 'voided', clock());
      }

      // Holds the processors still have that no live booking will capture.
      for (const { provider } of processors.all()) {
        released += await releaseOrphans(provider, cutoff);
      }
      return released;
    },
  };

  async function releaseOrphans(provider: PaymentProvider, cutoff: Date): Promise<number> {
    let released = 0;
    for (const hold of await provider.listOpenHolds(cutoff, BATCH)) {
      const paymentId = hold.metadata[PAYMENT_METADATA_KEY];
      const row = paymentId ? await payments.find(paymentId) : undefined;
      if (row?.status === 'authorizing' || row?.status === 'authorized') continue; // above
      if (row?.status === 'used' && row.bookingId) {
        const booking = await bookings.find(row.bookingId);
        // Being made, or made: the booking (and the reconciler) settle its payment.
        if (booking && booking.status !== 'failed') continue;
      }
      if (await release(provider, hold.id)) released += 1;
      if (row?.status === 'used') await payments.transition(row.id, 'used', 'voided', clock());
    }
    return released;
  }
}
