import { bookingMessages, tripMessages } from '@contrail/contracts/bookings';
import type { BookingErrorCode } from '@contrail/contracts/booking-errors';
import type { ApiErrorCode } from '@contrail/contracts/errors';
import { fromMinorUnits } from '@contrail/contracts/money';
import { AppError, notFound } from '../../lib/app-error';

/** The codes of bookings and trips, by name. */
export const bookingErrorCodes = {
  seatUnavailable: 'seat_unavailable',
  seatNotAllowed: 'seat_not_allowed',
  passengersMismatch: 'passengers_mismatch',
  passengersInvalid: 'passengers_invalid',
  amountChanged: 'amount_changed',
  orderFailed: 'order_failed',
  orderUnconfirmed: 'order_unconfirmed',
  paymentLapsed: 'payment_lapsed',
  bookingsPaused: 'bookings_paused',
  bookingInProgress: 'booking_in_progress',
  bookingFailed: 'booking_failed',
  bookingInterrupted: 'booking_interrupted',
  idempotencyKeyRequired: 'idempotency_key_required',
  idempotencyKeyReused: 'idempotency_key_reused',
  bookingNotFound: 'booking_not_found',
  alreadyCancelled: 'already_cancelled',
  notCancellable: 'not_cancellable',
  cancellationQuoteExpired: 'cancellation_quote_expired',
} as const satisfies Record<string, BookingErrorCode>;

export const pricingMessages = {
  seatUnknown: 'That seat is not on this flight',
  seatNotForPassenger: 'That seat is not available for this passenger',
  seatTaken: 'One of the chosen seats has just been taken. Please choose another seat.',
  seatsTaken: (seats: readonly string[]) =>
    seats.length === 1
      ? `Seat ${seats[0]} has just been taken by someone else. Please choose another seat.`
      : `Seats ${seats.slice(0, -1).join(', ')} and ${seats.at(-1)} have just been taken by someone else. Please choose other seats.`,
  seatTwice: 'Each seat can be chosen once',
  passengerTwice: 'Each passenger can have one seat per flight',
  bagUnknown: 'That bag is not available for these flights',
  bagTwice: 'Each bag can be chosen once; choose how many instead',
  bagTooMany: (maximum: number) =>
    maximum === 1
      ? 'Only 1 extra bag of this kind can be added'
      : `At most ${maximum} extra bags of this kind can be added`,
  bagNotForPassenger: 'Infants without a seat cannot have extra bags',
  amountChanged: 'The price has changed. Please review the new total before paying.',
} as const;

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
  /**
   * 409: seats someone else holds now. With `taken` (`segmentId:designator`, comma-separated)
   * the message names them and each one's field carries it; without, the message is general.
   */
  seatUnavailable: (taken?: {
    message: string;
    fields: Record<string, string>;
    seats: string;
  }): AppError =>
    taken
      ? new AppError(
          409,
          bookingErrorCodes.seatUnavailable,
          taken.message,
          taken.fields,
          undefined,
          {
            taken: taken.seats,
          },
        )
      : new AppError(409, bookingErrorCodes.seatUnavailable, pricingMessages.seatTaken),
  /** 422: a seat the passenger may not sit in; the first problem is the message. */
  seatNotAllowed: (message: string, fields: Record<string, string>): AppError =>
    new AppError(422, bookingErrorCodes.seatNotAllowed, message, fields),
  /** 422: the passengers are not the offer's (`mismatch`), or their details break its rules. */
  passengersInvalid: (
    mismatch: boolean,
    message: string,
    fields: Record<string, string>,
  ): AppError =>
    new AppError(
      422,
      mismatch ? bookingErrorCodes.passengersMismatch : bookingErrorCodes.passengersInvalid,
      message,
      fields,
    ),
  /** 409 with the price now, so the traveller agrees to it before a new hold. */
  amountChanged: (price: { sellTotalMinor: number; currency: string }): AppError =>
    new AppError(
      409,
      bookingErrorCodes.amountChanged,
      pricingMessages.amountChanged,
      undefined,
      undefined,
      {
        amount: fromMinorUnits(price.sellTotalMinor, price.currency),
        currency: price.currency,
      },
    ),
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
  /**
   * 503 with Retry-After: the flight provider's account cannot pay for orders now (Duffel's
   * balance ran dry); refused before any card is touched, or the hold released at once.
   */
  bookingsPaused: (): AppError =>
    new AppError(503, bookingErrorCodes.bookingsPaused, bookingMessages.bookingsPaused, undefined, {
      'retry-after': '600',
    }),
  /** 402: the hold was gone before the capture (it lapsed, or was released at the processor). */
  paymentLapsed: (): AppError =>
    new AppError(402, bookingErrorCodes.paymentLapsed, bookingMessages.interrupted),
  /** 409: a booking under the same key is being made. */
  inProgress: (): AppError =>
    new AppError(409, bookingErrorCodes.bookingInProgress, bookingMessages.inProgress),
  /** 422: a booking left between steps and rolled back. */
  interrupted: (): AppError =>
    new AppError(422, bookingErrorCodes.bookingInterrupted, bookingMessages.interrupted),
  /** 422: the key was used for a different request. */
  idempotencyKeyReused: (): AppError =>
    new AppError(422, bookingErrorCodes.idempotencyKeyReused, bookingMessages.idempotencyKeyReused),
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
};
