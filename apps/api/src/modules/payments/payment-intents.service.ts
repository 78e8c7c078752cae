import { createHash } from 'node:crypto';
import { fromMinorUnits } from '@contrail/contracts/money';
import type { PassengerInput } from '@contrail/contracts/passenger-check';
import type {
  CreatedIntent,
  PaymentConfig,
  SeatSelection,
  ServiceSelection,
} from '@contrail/contracts/payments';
import type { FlightSupplier } from '../../providers/flights/flight-supplier';
import { PaymentError } from '../../providers/payments/payment-provider';
import type { PaymentSources } from '../../providers/payments/payment-sources';
import type { BrandContext } from '../brands/brands.service';
import { checkoutErrors, PAYMENT_METADATA_KEY, sameExtras } from '../checkout';
import { ownsCheckout } from './checkout-owner';
import { paymentErrors } from './payments.errors';
import { authorizationExtras } from './payments.columns';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentAuthorizationRow } from './payments.table';
import { authorizingPayment, checkPayable, type PaymentOwner } from './payments.service';

/** The checkout's Idempotency-Key in the intent's metadata, for the operator in Stripe's dashboard. */
const CHECKOUT_KEY_METADATA = 'checkout_key';
/** The offer the intent pays for, in its metadata: the booking must be for this offer. */
export const OFFER_METADATA_KEY = 'offer';

/** An offer id as its intent's metadata holds it (Stripe keeps values up to 500 characters). */
export function offerMetadataValue(offerId: string): string {
  return offerId.length <= 500
    ? offerId
    : `sha256:${createHash('sha256').update(offerId).digest('hex')}`;
}

interface CreateIntentInput {
  offerId: string;
  amount: string;
  currency: string;
  seats: SeatSelection[];
  services: ServiceSelection[];
  passengers: PassengerInput[];
}

export interface PaymentIntentsService {
  /** Which card collection the payment step shows: our test-card form, or Stripe's element. */
  config(): Promise<PaymentConfig>;
  /**
   * An intent to hold exactly the server's price for this offer and these seats, made once every
   * passenger and seat rule holds. The same brand and Idempotency-Key answer the same intent.
   */
  createIntent(
    brand: BrandContext,
    owner: PaymentOwner,
    input: CreateIntentInput,
    key: string,
  ): Promise<CreatedIntent>;
}

/**
 * Our payment id for a checkout: the same brand and key always name the same payment row (and,
 * through it, the same Stripe intent), so a repeated click cannot hold the card twice.
 */
function checkoutPaymentId(brandId: string, key: string): string {
  const digest = createHash('sha256').update(`${brandId}\n${key}`).digest('base64url');
  return `pay_${digest.slice(0, 22)}`;
}

/** Whether the owner of this request made the payment row (the account, or the guest's browser). */
function ownedBy(row: PaymentAuthorizationRow, owner: PaymentOwner): boolean {
  return row.userId !== null
    ? owner.userId === row.userId
    : owner.userId === null && ownsCheckout(owner.checkoutToken, row.ownerTokenHash);
}

type Priced = Awaited<ReturnType<typeof checkPayable>>;

/**
 * A checkout's key used again answers its first intent only for the same traveller, processor,
 * mode, offer, seats, bags and price, and only while that payment is still payable.
 */
function checkSameCheckout(
  first: PaymentAuthorizationRow | undefined,
  again: {
    owner: PaymentOwner;
    provider: string;
    mode: PaymentAuthorizationRow['mode'];
    input: CreateIntentInput;
    priced: Priced;
  },
): void {
  const { owner, provider, mode, input, priced } = again;
  if (
    !first ||
    !ownedBy(first, owner) ||
    first.provider !== provider ||
    first.mode !== mode ||
    first.offerId !== input.offerId ||
    first.amountMinor !== priced.sellTotalMinor ||
    first.currency !== priced.currency ||
    !sameExtras(authorizationExtras(first), input)
  ) {
    throw checkoutErrors.idempotencyKeyReused();
  }
  if (first.status !== 'authorizing' && first.status !== 'authorized') {
    throw paymentErrors.paymentNotUsable();
  }
}

export function createPaymentIntentsService({
  supplier,
  processors,
  payments,
  clock,
}: {
  supplier: FlightSupplier;
  /** The card processors: new payments go to the booking mode's now. */
  processors: Pick<PaymentSources, 'current'>;
  payments: PaymentsRepository;
  clock: () => Date;
}): PaymentIntentsService {
  return {
    async config() {
      const { provider } = await processors.current();
      if (provider.collection === 'payment_element' && provider.publishableKey) {
        return { collection: 'stripe', publishableKey: provider.publishableKey };
      }
      return { collection: 'sandbox' };
    },

    async createIntent(brand, owner, input, key) {
      const { mode, provider } = await processors.current();
      const publishableKey = provider.publishableKey;
      if (provider.collection !== 'payment_element' || !publishableKey) {
        // The page was loaded in another mode: it must show our card form now.
        throw paymentErrors.paymentFormChanged();
      }
      const priced = await checkPayable(supplier, brand, input, clock());
      const paymentId = checkoutPaymentId(brand.id, key);
      const inserted = await payments.insertIfNew(
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
      if (!inserted) {
        // The same checkout again (a second click, a retry after a lost answer): the first intent,
        // provided it is for the same traveller, offer, seats, bags and price, and still payable.
        checkSameCheckout(await payments.find(paymentId), {
          owner,
          provider: provider.name,
          mode,
          input,
          priced,
        });
      }
      let intent;
      try {
        // The same parameters under the same key: Stripe answers the first intent again.
        intent = await provider.createIntent({
          amountMinor: priced.sellTotalMinor,
          currency: priced.currency,
          metadata: {
            [PAYMENT_METADATA_KEY]: paymentId,
            [OFFER_METADATA_KEY]: offerMetadataValue(input.offerId),
            brand: brand.key,
            [CHECKOUT_KEY_METADATA]: key,
          },
          idempotencyKey: paymentId,
        });
      } catch (error) {
        // Nothing is held yet (the card is taken later, in the browser); the hold sweep closes
        // the row, and any intent Stripe made is found by our metadata and cancelled.
        if (error instanceof PaymentError) {
          throw paymentErrors.processorUnavailable();
        }
        throw error;
      }
      await payments.noteProviderPayment(paymentId, intent.id, clock());
      return {
        paymentId: intent.id,
        clientSecret: intent.clientSecret,
        publishableKey,
        amount: fromMinorUnits(priced.sellTotalMinor, priced.currency),
        currency: priced.currency,
      };
    },
  };
}
