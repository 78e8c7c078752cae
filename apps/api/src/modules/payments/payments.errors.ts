import { bookingMessages } from '@contrail/contracts/bookings';
import type { PaymentErrorCode } from '@contrail/contracts/payment-errors';
import { cardMessages } from '@contrail/contracts/payments';
import { AppError } from '../../lib/app-error';
import type { PaymentError } from '../../providers/payments/payment-provider';

/** The codes of payments, by name. */
const paymentErrorCodes = {
  paymentFormChanged: 'payment_form_changed',
  cardCollectionUnsupported: 'card_collection_unsupported',
  paymentNotUsable: 'payment_not_usable',
  paymentNotCompleted: 'payment_not_completed',
  processorUnavailable: 'processor_unavailable',
  invalidSignature: 'invalid_signature',
} as const satisfies Record<string, PaymentErrorCode>;

const webhookMessages = {
  badSignature: 'The webhook signature could not be verified',
} as const;

/** The errors of payments, with the status and message each answers. */
export const paymentErrors = {
  /** 409: the page's payment form is not the current processor's (the mode was switched). */
  paymentFormChanged: (): AppError =>
    new AppError(409, paymentErrorCodes.paymentFormChanged, cardMessages.paymentFormChanged),
  /** 400: the current processor takes cards in its own element. */
  cardCollectionUnsupported: (): AppError =>
    new AppError(
      400,
      paymentErrorCodes.cardCollectionUnsupported,
      cardMessages.cardCollectionUnsupported,
    ),
  /** 409: the payment is not this checkout's, or not payable any more. */
  paymentNotUsable: (): AppError =>
    new AppError(409, paymentErrorCodes.paymentNotUsable, bookingMessages.paymentNotUsable),
  /** 402: the processor does not hold the card for the booking. */
  paymentNotCompleted: (): AppError =>
    new AppError(402, paymentErrorCodes.paymentNotCompleted, cardMessages.paymentNotCompleted),
  /** 503: the processor did not answer. */
  processorUnavailable: (): AppError =>
    new AppError(503, paymentErrorCodes.processorUnavailable, cardMessages.processorUnavailable),
  /** 402 with the processor's own code and message (a declined card, a wrong CVC). */
  cardRefused: (error: PaymentError): AppError => new AppError(402, error.code, error.message),
  /** 400: a webhook whose signature does not verify. */
  invalidSignature: (): AppError =>
    new AppError(400, paymentErrorCodes.invalidSignature, webhookMessages.badSignature),
};
