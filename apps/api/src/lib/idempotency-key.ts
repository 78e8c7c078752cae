import { bookingMessages } from '@contrail/contracts/bookings';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './app-error';

/** What an `Idempotency-Key` may be: a UUID, or any key a client makes of these characters. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

/**
 * The request's `Idempotency-Key` header. The checkout sends the same key with its payment intent
 * and its booking, so a repeated click answers the first intent and the first booking.
 */
export function readIdempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw badRequest(bookingMessages.idempotencyKeyRequired, undefined, 'idempotency_key_required');
  }
  return key;
}
