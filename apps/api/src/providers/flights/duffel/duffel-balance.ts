/**
 * The Duffel balance that pays for orders: once an order is refused for `insufficient_balance`,
 * bookings are refused before any card is touched (in every process) until a while has passed or
 * an order is paid, and the operator is alerted.
 */
import { SupplierError, type SupplierLog } from '../flight-supplier';
import type { BalanceAlerts } from './balance-alerts';

/** What the adapter knows of its Duffel balance. */
export function duffelBalance({
  balanceAlerts,
  mode,
  clock,
  log,
  balanceRecheckMs,
}: {
  balanceAlerts: BalanceAlerts;
  mode: 'test' | 'live';
  clock: () => Date;
  log: SupplierLog;
  /** How long bookings are refused after `insufficient_balance`, before one tries again. */
  balanceRecheckMs: number;
}) {
  const alert = (details: Record<string, unknown>, message: string) =>
    (log.error ?? log.warn).call(log, details, message);

  /** Bookings wait while the balance is known to be short; one tries again after a while. */
  async function balanceRefusal(): Promise<SupplierError | null> {
    const known = await balanceAlerts.find(mode);
    if (!known || known.recheckAt.getTime() <= clock().getTime()) return null;
    return new SupplierError(
      'insufficient_balance',
      'The Duffel balance is too low to pay for orders.',
      {
        providerCode: 'insufficient_balance',
        ...(known.requestId ? { requestId: known.requestId } : {}),
      },
    );
  }

  /** What an order's outcome says of the balance: enough (it was paid), or too low. */
  async function noteBalance(outcome: unknown, reference: string): Promise<void> {
    if (!(outcome instanceof SupplierError)) {
      await balanceAlerts.clear(mode);
      return;
    }
    if (outcome.code !== 'insufficient_balance') return;
    const now = clock();
    await balanceAlerts.raise(mode, {
      requestId: outcome.details.requestId ?? null,
      raisedAt: now,
      recheckAt: new Date(now.getTime() + balanceRecheckMs),
    });
    alert(
      {
        bookingId: reference,
        duffel: {
          operation: 'orders.create',
          code: 'insufficient_balance',
          requestId: outcome.details.requestId ?? null,
        },
      },
      'Duffel balance too low to pay for orders: bookings are refused until it is topped up',
    );
  }

  return { balanceRefusal, noteBalance };
}

export type DuffelBalance = ReturnType<typeof duffelBalance>;
