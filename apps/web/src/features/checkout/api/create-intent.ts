import {
  createIntentResponseSchema,
  type CreatedIntent,
  type CreateIntentRequest,
} from '@contrail/contracts/payments';
import { apiRequest } from '../../../lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from './create-booking';

/**
 * `POST /api/payments/intents` (Stripe mode): an intent for exactly the server's price, made once
 * the passengers pass every rule (422) and the price is the one shown (409 `amount_changed`).
 * The booking that follows sends the same Idempotency-Key, and a repeat answers the same intent.
 */
export function createIntent(
  body: CreateIntentRequest,
  idempotencyKey: string,
): Promise<CreatedIntent> {
  return apiRequest('/api/payments/intents', createIntentResponseSchema, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
