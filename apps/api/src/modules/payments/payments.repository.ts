import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentAuthorizations, type PaymentAuthorizationRow } from './payments.table';

export interface PaymentsRepository {
  insert(row: PaymentAuthorizationRow): Promise<void>;
  /** Inserts the row unless one with its id exists; true when inserted. */
  insertIfNew(row: PaymentAuthorizationRow): Promise<boolean>;
  find(id: string): Promise<PaymentAuthorizationRow | undefined>;
  /** The row of a processor's payment (a Stripe intent's `pi_…` id). */
  findByProviderPaymentId(providerPaymentId: string): Promise<PaymentAuthorizationRow | undefined>;
  /** Notes the processor's id of an intent made for a row still being authorised. */
  noteProviderPayment(id: string, providerPaymentId: string, now: Date): Promise<void>;
  /** Marks the authorisation used by the booking, only if it is still unused; true when claimed. */
  claim(id: string, bookingId: string, now: Date): Promise<boolean>;
  /** Moves an authorisation from one status to another, only from that status; true when moved. */
  transition(
    id: string,
    from: PaymentAuthorizationRow['status'],
    to: PaymentAuthorizationRow['status'],
    now: Date,
  ): Promise<boolean>;
  /** Records the processor's answer on a row being authorised ('authorizing' → 'authorized'). */
  markAuthorized(
    id: string,
    answer: { providerPaymentId: string; cardBrand: string | null; cardLast4: string | null },
    now: Date,
  ): Promise<boolean>;
  /** Authorisations no booking claimed (still authorising or authorised), made before `before`. */
  listUnclaimed(before: Date, limit: number): Promise<PaymentAuthorizationRow[]>;
}

export function createPaymentsRepository(db: Database): PaymentsRepository {
  return {
    async insert(row) {
      await db.insert(paymentAuthorizations).values(row);
    },
    async insertIfNew(row) {
      const inserted = await db
        .insert(paymentAuthorizations)
        .values(row)
        .onConflictDoNothing({ target: paymentAuthorizations.id })
        .returning({ id: paymentAuthorizations.id });
      return inserted.length === 1;
    },
    async findByProviderPaymentId(providerPaymentId) {
      const [row] = await db
        .select()
        .from(paymentAuthorizations)
        .where(eq(paymentAuthorizations.providerPaymentId, providerPaymentId))
        .limit(1);
      return row;
    },
    async noteProviderPayment(id, providerPaymentId, now) {
      await db
        .update(paymentAuthorizations)
        .set({ providerPaymentId, updatedAt: now })
        .where(
          and(eq(paymentAuthorizations.id, id), isNull(paymentAuthorizations.providerPaymentId)),
        );
    },
    async find(id) {
      const [row] = await db
        .select()
        .from(paymentAuthorizations)
        .where(eq(paymentAuthorizations.id, id));
      return row;
    },
    async claim(id, bookingId, now) {
      const rows = await db
        .update(paymentAuthorizations)
        .set({ status: 'used', bookingId, updatedAt: now })
        .where(
          and(eq(paymentAuthorizations.id, id), eq(paymentAuthorizations.status, 'authorized')),
        )
        .returning({ id: paymentAuthorizations.id });
      return rows.length === 1;
    },
    async transition(id, from, to, now) {
      const rows = await db
        .update(paymentAuthorizations)
        .set({ status: to, updatedAt: now })
        .where(and(eq(paymentAuthorizations.id, id), eq(paymentAuthorizations.status, from)))
        .returning({ id: paymentAuthorizations.id });
      return rows.length === 1;
    },
    async markAuthorized(id, answer, now) {
      const rows = await db
        .update(paymentAuthorizations)
        .set({ ...answer, status: 'authorized', updatedAt: now })
        .where(
          and(eq(paymentAuthorizations.id, id), eq(paymentAuthorizations.status, 'authorizing')),
        )
        .returning({ id: paymentAuthorizations.id });
      return rows.length === 1;
    },
    listUnclaimed(before, limit) {
      return db
        .select()
        .from(paymentAuthorizations)
        .where(
          and(
            inArray(paymentAuthorizations.status, ['authorizing', 'authorized']),
            lt(paymentAuthorizations.createdAt, before),
          ),
        )
        .limit(limit);
    },
  };
}
