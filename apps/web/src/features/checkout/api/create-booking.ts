import {
  createBookingResponseSchema,
  type CreateBookingRequest,
  type CreateBookingResponse,
} from '@contrail/contracts/bookings';
import { apiRequest } from '../../../lib/api-client';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * `POST /api/bookings` with an Idempotency-Key: the same key and body answer the first result,
 * so a retry after a lost answer books and charges once.
 */
export function createBooking(
  body: CreateBookingRequest,
  idempotencyKey: string,
): Promise<CreateBookingResponse> {
  return apiRequest('/api/bookings', createBookingResponseSchema, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
