import { randomBytes } from 'node:crypto';
import { fromMinorUnits } from '@contrail/contracts/money';
import type { PassengerInput } from '@contrail/contracts/passenger-check';
import type { CardDetails, SeatSelection, ServiceSelection } from '@contrail/contracts/payments';
import { PaymentError } from '../../providers/payments/payment-provider';
import type { PaymentSources } from '../../providers/payments/payment-sources';
import type { FlightSupplier } from '../../providers/flights/flight-supplier';
import type { BrandContext } from '../brands/brands.service';
import {
  assertAmount,
  assertPassengers,
  assertSeatRules,
  PAYMENT_METADATA_KEY,
  quote,
  type Quote,
} from '../checkout';
import { hashCheckoutToken } from './checkout-owner';
import { paymentErrors } from './payments.errors';
import type { NewPaymentAuthorization, PaymentsRepository } from './payments.repository';
import type { PaymentAuthorizationRow } from './payments.table';

interface ProcessCardInput {
  offerId: string;
  amount: string;
  currency: string;
  seats: SeatSelection[];
  services: ServiceSelection[];
  passengers: PassengerInput[];
  card: CardDetails;
}

interface ProcessCardResult {
  paymentId: string;
  amount: string;
  currency: string;
  card: { brand: string; last4: string };
}

/** Who may book with an authorisation: the signed-in traveller, or the guest checkout's browser. */
export interface PaymentOwner {
  userId: string | null;
  /** The guest checkout's cookie token (when nobody is signed in). */
  checkoutToken: string | null;
}

export interface PaymentsService {
  /**
   * Authorises (does not capture) exactly the server's price for this offer, its seats and bags, once
   * every passenger and seat rule holds: nothing is held on a card for a booking that would fail.
   */
  processCard(
    brand: BrandContext,
    owner: PaymentOwner,
    input: ProcessCardInput,
  ): Promise<ProcessCardResult>;
}

/**
 * A new payment's row, written before the processor is asked ('authorizing'): a hold whose answer
 * never came back (a crash, a lost answer) is still ours to find by its metadata and release. A
 * guest's payment is bound to the checkout that made it, a signed-in traveller's to the account.
 */
export function authorizingPayment(fields: {
  id: string;
  brandId: string;
  owner: PaymentOwner;
  offerId: string;
  seats: SeatSelection[];
  services: ServiceSelection[];
  priced: Pick<Quote, 'sellTotalMinor' | 'currency'>;
  provider: string;
  mode: PaymentAuthorizationRow['mode'];
  now: Date;
}): NewPaymentAuthorization {
  const { owner, priced, now } = fields;
  return {
    id: fields.id,
    brandId: fields.brandId,
    userId: owner.userId,
    ownerTokenHash:
      owner.userId === null && owner.checkoutToken !== null
        ? hashCheckoutToken(owner.checkoutToken)
        : null,
    offerId: fields.offerId,
    seats: fields.seats,
    services: fields.services,
    amountMinor: priced.sellTotalMinor,
    currency: priced.currency,
    provider: fields.provider,
    mode: fields.mode,
    providerPaymentId: null,
    cardBrand: null,
    cardLast4: null,
    status: 'authorizing',
    bookingId: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The server's price for the offer, seats and bags, once every passenger and seat rule holds (422 with
 * the fields otherwise) and the traveller agreed to that price (409 with the price now).
 */
export async function checkPayable(
  supplier: FlightSupplier,
  brand: BrandContext,
  input: {
    offerId: string;
    amount: string;
    currency: string;
    seats: SeatSelection[];
    services: ServiceSelection[];
    passengers: PassengerInput[];
  },
  now: Date,
): Promise<Quote> {
  const priced = await quote(supplier, brand, input.offerId, input, now);
  const passengers = assertPassengers(
    priced.providerOffer,
    input.passengers,
    now.toISOString().slice(0, 10),
  );
  assertSeatRules(priced.providerOffer, passengers, priced.seats);
  assertAmount(priced, input.amount, input.currency);
  return priced;
}

export function createPaymentsService({
  supplier,
  processors,
  payments,
  clock,
}: {
  supplier: FlightSupplier;
  processors: PaymentSources;
  payments: PaymentsRepository;
  clock: () => Date;
}): PaymentsService {
  return {
    async processCard(brand, owner, input) {
      const { mode, provider } = await processors.current();
      // Stripe takes the card in its own element: a card number sent here goes nowhere.
      if (provider.collection !== 'card_form') {
        throw paymentErrors.cardCollectionUnsupported();
      }
      const priced = await checkPayable(supplier, brand, input, clock());
      const paymentId = `pay_${randomBytes(16).toString('base64url')}`;
      // The row comes first, so the hold is found and released whatever happens next.
      await payments.insert(
        authorizingPayment({
          id: paymentId,
          brandId: brand.id,
          owner,
          offerId: input.offerId,
          seats: input.seats,
          services: input.services,
          priced,
          provider: provider.name,
          mode,
          now: clock(),
        }),
      );
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
          metadata: { [PAYMENT_METADATA_KEY]: paymentId, offer: input.offerId, brand: brand.key },
        });
      } catch (error) {
        if (error instanceof PaymentError) {
          await payments.transition(paymentId, 'authorizing', 'declined', clock());
          throw paymentErrors.cardRefused(error);
        }
        // No answer: there may be a hold; the row stays 'authorizing' for the sweep to settle.
        throw error;
      }
      await payments.markAuthorized(
        paymentId,
        {
          providerPaymentId: authorization.id,
          cardBrand: authorization.cardBrand,
          cardLast4: authorization.cardLast4,
        },
        clock(),
      );
      return {
        paymentId,
        amount: fromMinorUnits(priced.sellTotalMinor, priced.currency),
        currency: priced.currency,
        card: { brand: authorization.cardBrand, last4: authorization.cardLast4 },
      };
    },
  };
}
