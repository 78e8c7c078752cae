/**
 * The payment a booking request names, found and claimed for the booking: it must be held by
 * the card processor for this brand, offer, seats and bags, made by this traveller, and used by
 * no other booking. Anything else fails the booking before the airline is asked.
 */
import { AppError } from '../../lib/app-error';
import { PaymentError } from '../../providers/payments/payment-provider';
import { paymentSourceOf, type PaymentSources } from '../../providers/payments/payment-sources';
import { parseOfferId } from '../../providers/registry';
import {
  authorizationExtras,
  ownsCheckout,
  paymentErrors,
  type PaymentAuthorizationRow,
  type PaymentsRepository,
} from '../payments';
import { OFFER_METADATA_KEY, offerMetadataValue } from '../payments/payment-intents.service';
import { PAYMENT_METADATA_KEY, sameExtras } from '../checkout';
import type { BookingsRepository } from './bookings.repository';
import type { CreateBookingInput, CreateContext } from './booking-request';

/** The columns that record a booking's failure. */
function failedWith(error: AppError) {
  return {
    failureStatus: error.statusCode,
    failureCode: error.code,
    failureMessage: error.message,
  };
}

export function paymentClaims({
  bookings,
  payments,
  processors,
  clock,
}: {
  bookings: BookingsRepository;
  payments: PaymentsRepository;
  processors: PaymentSources;
  clock: () => Date;
}) {
  /** A payment by our id (`pay_…`), or by the processor's when the browser confirmed an intent. */
  const findPayment = (paymentId: string): Promise<PaymentAuthorizationRow | undefined> =>
    paymentId.startsWith('pay_')
      ? payments.find(paymentId)
      : payments.findByProviderPaymentId(paymentId);

  /**
   * An intent the browser confirmed in the processor's element becomes our authorisation only
   * when the processor reports it held (`requires_capture`) for exactly the amount and currency
   * of the row, with our payment and offer ids in its metadata. Anything else fails the booking:
   * the card was not (or not fully) authorised, or the intent is not this checkout's.
   */
  async function confirmHold(
    bookingId: string,
    row: PaymentAuthorizationRow,
    input: CreateBookingInput,
  ): Promise<PaymentAuthorizationRow | undefined> {
    if (!row.providerPaymentId) return row;
    let failure: AppError;
    try {
      const provider = processors.of(paymentSourceOf(row));
      if (provider.collection !== 'payment_element') return row;
      const intent = await provider.get(row.providerPaymentId);
      const ours =
        intent.metadata[PAYMENT_METADATA_KEY] === row.id &&
        intent.metadata[OFFER_METADATA_KEY] === offerMetadataValue(input.offerId) &&
        intent.amountMinor === row.amountMinor &&
        intent.currency === row.currency;
      if (!ours) {
        failure = paymentErrors.paymentNotUsable();
      } else if (intent.status !== 'requires_capture') {
        failure = paymentErrors.paymentNotCompleted();
      } else {
        await payments.markAuthorized(
          row.id,
          {
            providerPaymentId: intent.id,
            cardBrand: intent.cardBrand,
            cardLast4: intent.cardLast4,
          },
          clock(),
        );
        return await payments.find(row.id);
      }
    } catch (error) {
      if (!(error instanceof PaymentError || error instanceof AppError)) throw error;
      failure = paymentErrors.processorUnavailable();
    }
    await bookings.advance(bookingId, 'pending', 'failed', failedWith(failure), clock());
    throw failure;
  }

  /**
   * Claims the payment for the booking: it must be this brand's, for this offer and these seats
   * and bags, made by this traveller (the account, or the guest checkout's browser), and used by
   * no other booking. Anything else fails the booking. Answers the claimed authorisation.
   */
  async function claimPayment(
    id: string,
    { brand, auth: signedIn, checkoutToken }: CreateContext,
    input: CreateBookingInput,
    found: PaymentAuthorizationRow | undefined,
    now: Date,
  ): Promise<PaymentAuthorizationRow> {
    const owned =
      found?.userId != null
        ? signedIn?.user.id === found.userId
        : ownsCheckout(checkoutToken, found?.ownerTokenHash ?? null);
    // A Stripe intent the browser confirmed: held only if Stripe says so.
    const authorization =
      owned && found?.brandId === brand.id && found.status === 'authorizing'
        ? await confirmHold(id, found, input)
        : found;
    const usable =
      owned &&
      authorization?.brandId === brand.id &&
      authorization.providerPaymentId !== null &&
      authorization.offerId === input.offerId &&
      authorization.mode === parseOfferId(input.offerId).source.mode &&
      sameExtras(authorizationExtras(authorization), input) &&
      (await payments.claim(authorization.id, id, now));
    if (!usable) {
      const failure = paymentErrors.paymentNotUsable();
      await bookings.advance(id, 'pending', 'failed', failedWith(failure), clock());
      throw failure;
    }
    await bookings.update(id, {
      providerPaymentId: authorization.providerPaymentId,
      cardBrand: authorization.cardBrand,
      cardLast4: authorization.cardLast4,
    });
    return authorization;
  }

  return { findPayment, claimPayment };
}
