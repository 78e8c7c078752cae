import { bookingMessages } from '@contrail/contracts/bookings';
import type { BookingErrorCode } from '@contrail/contracts/booking-errors';
import { fromMinorUnits } from '@contrail/contracts/money';
import { AppError } from '../../lib/app-error';

/** The codes of what a checkout refuses before any booking is made, by name. */
export const checkoutErrorCodes = {
  seatUnavailable: 'seat_unavailable',
  seatNotAllowed: 'seat_not_allowed',
  passengersMismatch: 'passengers_mismatch',
  passengersInvalid: 'passengers_invalid',
  amountChanged: 'amount_changed',
  bookingsPaused: 'bookings_paused',
  idempotencyKeyReused: 'idempotency_key_reused',
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

/**
 * The errors of a checkout's price and passenger checks, the same whether a card is authorised
 * (payments) or a booking made (bookings), with the status and message each answers.
 */
export const checkoutErrors = {
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
          checkoutErrorCodes.seatUnavailable,
          taken.message,
          taken.fields,
          undefined,
          {
            taken: taken.seats,
          },
        )
      : new AppError(409, checkoutErrorCodes.seatUnavailable, pricingMessages.seatTaken),
  /** 422: a seat the passenger may not sit in; the first problem is the message. */
  seatNotAllowed: (message: string, fields: Record<string, string>): AppError =>
    new AppError(422, checkoutErrorCodes.seatNotAllowed, message, fields),
  /** 422: the passengers are not the offer's (`mismatch`), or their details break its rules. */
  passengersInvalid: (
    mismatch: boolean,
    message: string,
    fields: Record<string, string>,
  ): AppError =>
    new AppError(
      422,
      mismatch ? checkoutErrorCodes.passengersMismatch : checkoutErrorCodes.passengersInvalid,
      message,
      fields,
    ),
  /** 409 with the price now, so the traveller agrees to it before a new hold. */
  amountChanged: (price: { sellTotalMinor: number; currency: string }): AppError =>
    new AppError(
      409,
      checkoutErrorCodes.amountChanged,
      pricingMessages.amountChanged,
      undefined,
      undefined,
      {
        amount: fromMinorUnits(price.sellTotalMinor, price.currency),
        currency: price.currency,
      },
    ),
  /**
   * 503 with Retry-After: the flight provider's account cannot pay for orders now (Duffel's
   * balance ran dry); refused before any card is touched, or the hold released at once.
   */
  bookingsPaused: (): AppError =>
    new AppError(
      503,
      checkoutErrorCodes.bookingsPaused,
      bookingMessages.bookingsPaused,
      undefined,
      {
        'retry-after': '600',
      },
    ),
  /** 422: the key was used for a different request. */
  idempotencyKeyReused: (): AppError =>
    new AppError(
      422,
      checkoutErrorCodes.idempotencyKeyReused,
      bookingMessages.idempotencyKeyReused,
    ),
};
