import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentAuthorizations, type PaymentAuthorizationRow } from './payments.table';

/** A new authorisation: nothing refunded or disputed yet. */
export type NewPaymentAuthorization = Omit<
  PaymentAuthorizationRow,
  | 'refundedMinor'
  | 'disputeId'
  | 'disputeStatus'
  | 'disputeAmountMinor'
  | 'disputeReason'
  | 'disputeEvidenceDueBy'
  | 'disputeEventAt'
>;

/** A dispute as one of Stripe's events shows it. */
interface DisputeState {
  id: string;
  status: string;
  amountMinor: number;
  reason: string;
  evidenceDueBy: Date | null;
  /** When Stripe made the event. */
  at: Date;
}

/**
 * How far along a dispute status is: an inquiry (`warning_…`) before a chargeback, a chargeback's
 * response before its review, and an outcome last. Events come in any order; a status never goes
 * back to an earlier one.
 */
const DISPUTE_STAGES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
] as const;

function disputeStage(status: string): number {
  const stage = (DISPUTE_STAGES as readonly string[]).indexOf(status);
  // won, lost, prevented, and any status Stripe adds later: final.
  return stage === -1 ? DISPUTE_STAGES.length : stage;
}

function disputeStageSql(column: SQL | typeof paymentAuthorizations.disputeStatus): SQL {
  const cases = DISPUTE_STAGES.map((status, stage) => sql`when ${status} then ${stage}`);
  return sql`(case ${column} ${sql.join(cases, sql` `)} else ${DISPUTE_STAGES.length} end)`;
}

export interface PaymentsRepository {
  insert(row: NewPaymentAuthorization): Promise<void>;
  /** Inserts the row unless one with its id exists; true when inserted. */
  insertIfNew(row: NewPaymentAuthorization): Promise<boolean>;
  /**
   * Notes the captured amount the processor reports refunded (cumulative): kept only when larger
   * than the one noted, so a late or repeated event never lowers or doubles it.
   */
  noteRefunded(id: string, refundedMinor: number, now: Date): Promise<void>;
  /**
   * Notes a dispute as an event shows it, unless an event already applied shows it further along
   * (or as far along, and made later): true when noted.
   */
  noteDispute(id: string, dispute: DisputeState, now: Date): Promise<boolean>;
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
    async noteRefunded(id, refundedMinor, now) {
      await db
        .update(paymentAuthorizations)
        .set({ refundedMinor, updatedAt: now })
        .where(
          and(
            eq(paymentAuthorizations.id, id),
            lt(paymentAuthorizations.refundedMinor, refundedMinor),
          ),
        );
    },
    async noteDispute(id, dispute, now) {
      const stage = disputeStage(dispute.status);
      const stored = disputeStageSql(paymentAuthorizations.disputeStatus);
      const rows = await db
        .update(paymentAuthorizations)
        .set({
          disputeId: dispute.id,
          disputeStatus: dispute.status,
          disputeAmountMinor: dispute.amountMinor,
          disputeReason: dispute.reason,
          disputeEvidenceDueBy: dispute.evidenceDueBy,
          disputeEventAt: dispute.at,
          updatedAt: now,
        })
        .where(
          and(
            eq(paymentAuthorizations.id, id),
            or(
              isNull(paymentAuthorizations.disputeStatus),
              sql`${stored} < ${stage}`,
              and(
                sql`${stored} = ${stage}`,
                sql`${paymentAuthorizations.disputeEventAt} <= ${dispute.at.toISOString()}`,
              ),
            ),
          ),
        )
        .returning({ id: paymentAuthorizations.id });
      return rows.length === 1;
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
