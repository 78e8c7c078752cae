import { bookingMessages, tripMessages } from '@contrail/contracts/bookings';
import type { BookingErrorCode } from '@contrail/contracts/booking-errors';
import type { ApiErrorCode } from '@contrail/contracts/errors';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { checkoutErrorCodes, checkoutErrors } from '../checkout';

/** The codes of bookings and trips, by name. */
export const bookingErrorCodes = {
  ...checkoutErrorCodes,
  orderFailed: 'order_failed',
  orderUnconfirmed: 'order_unconfirmed',
  paymentLapsed: 'payment_lapsed',
  bookingInProgress: 'booking_in_progress',
  bookingFailed: 'booking_failed',
  bookingInterrupted: 'booking_interrupted',
  idempotencyKeyRequired: 'idempotency_key_required',
  bookingNotFound: 'booking_not_found',
  alreadyCancelled: 'already_cancelled',
  notCancellable: 'not_cancellable',
  cancellationQuoteExpired: 'cancellation_quote_expired',
} as const satisfies Record<string, BookingErrorCode>;

/** A failed booking's answer as the booking row keeps it, replayed for the same key. */
export interface StoredFailure {
  status: number;
  code: ApiErrorCode;
  message: string;
}

/** What the booking row keeps of an error: its status, code and message. */
export const storedFailure = (error: AppError): StoredFailure => ({
  status: error.statusCode,
  code: error.code,
  message: error.message,
});

/** The errors of bookings and trips, with the status and message each answers. */
export const bookingErrors = {
  ...checkoutErrors,
  /** 422: the airline refused the order, naming the fields it refused when it did. */
  orderFailed: (fields?: Record<string, string>): AppError =>
    new AppError(422, bookingErrorCodes.orderFailed, bookingMessages.orderFailed, fields),
  /** 503 with Retry-After: the order may exist; the reconciler captures or releases. */
  orderUnconfirmed: (): AppError =>
    new AppError(
      503,
      bookingErrorCodes.orderUnconfirmed,
      bookingMessages.orderUnconfirmed,
      undefined,
      {
        'retry-after': '60',
      },
    ),
  /** 402: the hold was gone before the capture (it lapsed, or was released at the processor). */
  paymentLapsed: (): AppError =>
    new AppError(402, bookingErrorCodes.paymentLapsed, bookingMessages.interrupted),
  /** 409: a booking under the same key is being made. */
  inProgress: (): AppError =>
    new AppError(409, bookingErrorCodes.bookingInProgress, bookingMessages.inProgress),
  /** 422: a booking left between steps and rolled back. */
  interrupted: (): AppError =>
    new AppError(422, bookingErrorCodes.bookingInterrupted, bookingMessages.interrupted),
  /** 404: the same answer for a booking that does not exist and one the caller may not see. */
  notFound: (message: string = tripMessages.notFound): AppError =>
    notFound(message, bookingErrorCodes.bookingNotFound),
  /** 409: the booking is cancelled already. */
  alreadyCancelled: (): AppError =>
    new AppError(409, bookingErrorCodes.alreadyCancelled, tripMessages.alreadyCancelled),
  /** 422: the booking can no longer be cancelled. */
  notCancellable: (): AppError =>
    new AppError(422, bookingErrorCodes.notCancellable, tripMessages.notCancellable),
  /** 409: the quote confirmed has expired or is not this booking's; nothing was cancelled. */
  cancellationQuoteExpired: (): AppError =>
    new AppError(409, bookingErrorCodes.cancellationQuoteExpired, tripMessages.quoteExpired),
  /** 400: a flight provider's webhook whose signature does not verify; nothing of it is kept. */
  webhookSignature: (): AppError =>
    new AppError(400, 'invalid_signature', 'The webhook signature could not be verified'),
  /** 400: a signed webhook whose body is not an event; nothing of it is kept. */
  webhookUnreadable: (): AppError => badRequest('The webhook body is not a provider event'),
};
