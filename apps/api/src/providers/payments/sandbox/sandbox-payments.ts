import { randomBytes } from 'node:crypto';
import { chargeStep, isChargeableAmount, isChargeableCurrency } from '@contrail/contracts/money';
import { cardBrandOf, cardMessages } from '@contrail/contracts/payments';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { PaymentError, type PaymentProvider, type PaymentState } from '../payment-provider';
import { readPaymentMetadata } from './sandbox-payments.columns';
import { sandboxPaymentIntents, sandboxRefunds } from './sandbox-payments.table';

type Outcome =
  'succeeds' | 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc';

/** How long a sandbox hold would stay open, as a card's authorisation does at Stripe. */
const SANDBOX_HOLD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Stripe's test card numbers and what each does; every other number is refused (test mode). */
const TEST_CARDS: Readonly<Record<string, Outcome>> = {
  '4242424242424242': 'succeeds',
  '4000056655665556': 'succeeds',
  '5555555555554444': 'succeeds',
  '2223003122003222': 'succeeds',
  '5200828282828210': 'succeeds',
  '378282246310005': 'succeeds',
  '6011111111111117': 'succeeds',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
};

/**
 * What Stripe refuses of an amount, refused alike: a currency the product does not charge, and in a
 * three-decimal currency (KWD, BHD, …) an amount whose last digit is not 0.
 */
function chargeableOrThrow(amountMinor: number, currency: string): void {
  const code = currency.toUpperCase();
  if (!isChargeableCurrency(code)) {
    throw new PaymentError('processing_error', `The sandbox does not take payments in ${code}`);
  }
  if (!isChargeableAmount(amountMinor, code)) {
    throw new PaymentError(
      'processing_error',
      `Amounts in ${code} must be a multiple of ${chargeStep(code)} minor units (the last digit 0)`,
    );
  }
}

const MESSAGES: Record<Exclude<Outcome, 'succeeds'>, string> = {
  card_declined: cardMessages.declined,
  insufficient_funds: cardMessages.insufficientFunds,
  expired_card: cardMessages.expiredCard,
  incorrect_cvc: cardMessages.incorrectCvc,
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

type Row = typeof sandboxPaymentIntents.$inferSelect;
const stateOf = (row: Row): PaymentState => ({
  id: row.id,
  status: row.status,
  amountMinor: row.amountMinor,
  currency: row.currency,
  refundedMinor: row.refundedMinor,
});

/**
 * A card processor that behaves like Stripe in test mode: PaymentIntents with manual capture,
 * Stripe's test cards and their outcomes, state in PostgreSQL so every process sees it.
 */
export function createSandboxPayments(
  db: Database,
  clock: () => Date = () => new Date(),
): PaymentProvider {
  const find = async (id: string): Promise<Row> => {
    const [row] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, id));
    if (!row) throw new PaymentError('not_found', `No payment ${id}`);
    return row;
  };

  /**
   * Ends a hold by capturing or voiding it, once: asking again for the same ending answers it
   * again, asking for the other one is refused.
   */
  const settleHold = async (
    paymentId: string,
    to: 'succeeded' | 'canceled',
  ): Promise<PaymentState> => {
    const now = clock();
    const [updated] = await db
      .update(sandboxPaymentIntents)
      .set(to === 'succeeded' ? { status: to, capturedAt: now } : { status: to, canceledAt: now })
      .where(
        and(
          eq(sandboxPaymentIntents.id, paymentId),
          eq(sandboxPaymentIntents.status, 'requires_capture'),
        ),
      )
      .returning();
    if (updated) return stateOf(updated);
    const row = await find(paymentId);
    if (row.status === to) return stateOf(row);
    const verb = to === 'succeeded' ? 'captured' : 'voided';
    throw new PaymentError(
      'invalid_state',
      `Payment ${paymentId} is ${row.status} and cannot be ${verb}`,
    );
  };

  return {
    name: 'sandbox',
    live: false,
    collection: 'card_form',

    createIntent() {
      return Promise.reject(
        new PaymentError('processing_error', 'The sandbox takes test cards from the card form'),
      );
    },

    async authorize({ amountMinor, currency, card, metadata }) {
      const number = card.number.replace(/\D/g, '');
      const outcome = TEST_CARDS[number];
      if (!outcome) throw new PaymentError('test_cards_only', cardMessages.testCardsOnly);
      if (outcome !== 'succeeds') throw new PaymentError(outcome, MESSAGES[outcome]);
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
        throw new PaymentError(
          'processing_error',
          'The amount must be a positive whole number of minor units',
        );
      }
      chargeableOrThrow(amountMinor, currency);
      const [row] = await db
        .insert(sandboxPaymentIntents)
        .values({
          id: newId('pi'),
          status: 'requires_capture',
          amountMinor,
          currency: currency.toUpperCase(),
          cardBrand: cardBrandOf(number),
          cardLast4: number.slice(-4),
          metadata,
          createdAt: clock(),
        })
        .returning();
      if (!row) throw new PaymentError('processing_error', 'The payment could not be recorded');
      return { ...stateOf(row), cardBrand: row.cardBrand, cardLast4: row.cardLast4 };
    },

    capture: (paymentId) => settleHold(paymentId, 'succeeded'),

    void: (paymentId) => settleHold(paymentId, 'canceled'),

    async refund(paymentId, amountMinor, reason, idempotencyKey) {
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
        throw new PaymentError(
          'processing_error',
          'A refund must be a positive whole number of minor units',
        );
      }
      const [earlier] = await db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      if (earlier) {
        const intent = await find(earlier.paymentIntentId);
        return {
          id: earlier.id,
          paymentId: earlier.paymentIntentId,
          amountMinor: earlier.amountMinor,
          currency: intent.currency,
        };
      }
      const [held] = await db
        .select({ currency: sandboxPaymentIntents.currency })
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, paymentId));
      if (held) chargeableOrThrow(amountMinor, held.currency);
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(sandboxPaymentIntents)
          .set({ refundedMinor: sql`${sandboxPaymentIntents.refundedMinor} + ${amountMinor}` })
          .where(
            and(
              eq(sandboxPaymentIntents.id, paymentId),
              eq(sandboxPaymentIntents.status, 'succeeded'),
              sql`${sandboxPaymentIntents.refundedMinor} + ${amountMinor} <= ${sandboxPaymentIntents.amountMinor}`,
            ),
          )
          .returning();
        if (!updated)
          throw new PaymentError(
            'invalid_state',
            `Payment ${paymentId} cannot be refunded by that amount`,
          );
        const id = newId('re');
        await tx
          .insert(sandboxRefunds)
          .values({ id, paymentIntentId: paymentId, amountMinor, reason, idempotencyKey });
        return { id, paymentId, amountMinor, currency: updated.currency };
      });
    },

    async refundStanding(paymentId) {
      // The sandbox has no dashboard and no disputes: every refund is the product's own.
      const row = await find(paymentId);
      const captured = row.status === 'succeeded' ? row.amountMinor : 0;
      return {
        disputed: false,
        refundedOutsideMinor: 0,
        refundableMinor: Math.max(0, captured - row.refundedMinor),
      };
    },

    async get(paymentId) {
      const row = await find(paymentId);
      return {
        ...stateOf(row),
        metadata: readPaymentMetadata(row.metadata),
        cardBrand: row.cardBrand,
        cardLast4: row.cardLast4,
        // As a card network's authorisation: seven days to capture (Stripe's online card hold).
        captureBefore:
          row.status === 'requires_capture'
            ? new Date(row.createdAt.getTime() + SANDBOX_HOLD_LIFETIME_MS)
            : null,
      };
    },

    async listOpenHolds(createdBefore, limit) {
      const rows = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(
          and(
            eq(sandboxPaymentIntents.status, 'requires_capture'),
            lt(sandboxPaymentIntents.createdAt, createdBefore),
          ),
        )
        .orderBy(asc(sandboxPaymentIntents.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        ...stateOf(row),
        metadata: readPaymentMetadata(row.metadata),
        createdAt: row.createdAt,
      }));
    },

    async findByMetadata(key, value) {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(sql`${sandboxPaymentIntents.metadata} ->> ${key} = ${value}`)
        .limit(1);
      return row ? stateOf(row) : null;
    },
  };
}
