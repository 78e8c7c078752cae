/** The error codes of checkout's booking step and of the traveller's trips. */
export const BOOKING_ERROR_CODES = [
  /** 409: seats someone else took meanwhile; `details.taken` names them. */
  'seat_unavailable',
  /** 422: a seat the passenger may not sit in (an exit row for a child). */
  'seat_not_allowed',
  /** 422: the passengers do not match the offer's. */
  'passengers_mismatch',
  /** 422: passenger details fail the airline's rules; `fields` says which. */
  'passengers_invalid',
  /** 409: the price is now `details.amount` `details.currency`; agreed to before a new hold. */
  'amount_changed',
  /** 422: the airline refused the order; nothing was charged. */
  'order_failed',
  /** 503: the order may or may not exist; it is settled later, neither retried nor released. */
  'order_unconfirmed',
  /** 503: bookings are refused for now (the airline connection's account cannot pay); nothing charged. */
  'bookings_paused',
  /** 402: the card hold was gone before the capture. */
  'payment_lapsed',
  /** 409: a booking with the same Idempotency-Key is being made. */
  'booking_in_progress',
  /** 422: a booking that failed earlier, without a recorded reason. */
  'booking_failed',
  /** 422: a booking left between steps, rolled back. */
  'booking_interrupted',
  /** 400: the request has no Idempotency-Key. */
  'idempotency_key_required',
  /** 422: the Idempotency-Key was used for a different request. */
  'idempotency_key_reused',
  /** 404: no booking the caller may see with that id or reference. */
  'booking_not_found',
  /** 409: the booking is cancelled already. */
  'already_cancelled',
  /** 422: the airline does not allow cancelling the booking. */
  'not_cancellable',
  /**
   * 409: the cancellation quote the traveller confirmed has expired (or is not this booking's):
   * nothing was cancelled; ask for the quote again and show it.
   */
  'cancellation_quote_expired',
] as const;
export type BookingErrorCode = (typeof BOOKING_ERROR_CODES)[number];
