import { randomBytes } from 'node:crypto';
import { fromMinorUnits } from '@contrail/contracts/money';
import type { PassengerInput } from '@contrail/contracts/passengers';
import type { CardDetails, SeatSelection } from '@contrail/contracts/payments';
import { AppError } from '../../lib/app-error';
import { PaymentError, type PaymentProvider } from '../../payments/payment-provider';
import type { FlightSupplier } from '../../suppliers/flight-supplier';
import type { BrandContext } from '../brands/brands.service';
import { assertPassengers, assertSeatRules } from '../bookings/passenger-check';
import { assertAmount, quote } from '../bookings/pricing';
import type { PaymentsRepository } from './payments.repository';

/** An authorisation no booking used is released after this long. */
export const AUTHORIZATION_TTL_MS = 30 * 60 * 1000;

export interface ProcessCardInput {
  offerId: string;
  amount: string;
  currency: string;
  seats: SeatSelection[];
  passengers: PassengerInput[];
  card: CardDetails;
}

export interface ProcessCardResult {
  paymentId: string;
  amount: string;
  currency: string;
  card: { brand: string; last4: string };
}

export interface PaymentsService {
  /**
   * Authorises (does not capture) exactly the server's price for this offer and these seats, once
   * every passenger and seat rule holds: nothing is held on a card for a booking that would fail.
   */
  processCard(
    brand: BrandContext,
    userId: string | null,
    input: ProcessCardInput,
  ): Promise<ProcessCardResult>;
  /** Voids authorisations no booking claimed in time; answers how many. */
  releaseUnclaimed(): Promise<number>;
}

export function createPaymentsService({
  supplier,
  provider,
  payments,
  clock,
}: {
  supplier: FlightSupplier;
  provider: PaymentProvider;
  payments: PaymentsRepository;
  clock: () => Date;
}): PaymentsService {
  return {
    async processCard(brand, userId, input) {
      const priced = await quote(supplier, brand, input.offerId, input.seats, clock());
      const passengers = assertPassengers(
        priced.providerOffer,
        input.passengers,
        clock().toISOString().slice(0, 10),
      );
      assertSeatRules(priced.providerOffer, passengers, priced.seats);
      assertAmount(priced, input.amount, input.currency);
      const paymentId = `pay_${randomBytes(16).toString('base64url')}`;
      let authorization;
      try {
        authorization = await provider.authorize({
          amountMinor: priced.sellTotalMinor,
          currency: priced.currency,
          card: {
            number: input.card.number,
            expiryMonth: input.card.expiryMonth,
            expiryYear: input.card.expiryYear,
            cvc: input.card.cvv,
            holderName: input.card.holderName,
          },
          metadata: { contrail_payment: paymentId, offer: input.offerId },
        });
      } catch (error) {
        if (error instanceof PaymentError) throw new AppError(402, error.code, error.message);
        throw error;
      }
      const now = clock();
      await payments.insert({
        id: paymentId,
        brandId: brand.id,
        userId,
        offerId: input.offerId,
        seats: input.seats,
        amountMinor: priced.sellTotalMinor,
        currency: priced.currency,
        provider: provider.name,
        providerPaymentId: authorization.id,
        cardBrand: authorization.cardBrand,
        cardLast4: authorization.cardLast4,
        status: 'authorized',
        bookingId: null,
        createdAt: now,
        updatedAt: now,
      });
      return {
        paymentId,
        amount: fromMinorUnits(priced.sellTotalMinor),
        currency: priced.currency,
        card: { brand: authorization.cardBrand, last4: authorization.cardLast4 },
      };
    },

    async releaseUnclaimed() {
      const now = clock();
      const stale = await payments.listUnclaimed(
        new Date(now.getTime() - AUTHORIZATION_TTL_MS),
        100,
      );
      let released = 0;
      for (const row of stale) {
        // Void at the processor first; only then record it, so a crash leaves it to retry.
        await provider.void(row.providerPaymentId);
        if (await payments.transition(row.id, 'authorized', 'voided', now)) released += 1;
      }
      return released;
    },
  };
}
