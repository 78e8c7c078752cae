import { processCardResponseSchema, type ProcessCardRequest } from '@contrail/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type CardAuthorization = z.output<typeof processCardResponseSchema>;

/**
 * `POST /api/payments/process-card`: authorises (does not capture) exactly the server's price
 * for the offer and seats. 402 declines, 409 `amount_changed` with the current price, 410 expired.
 */
export function processCard(body: ProcessCardRequest): Promise<CardAuthorization> {
  return apiRequest('/api/payments/process-card', processCardResponseSchema, {
    method: 'POST',
    body,
  });
}
