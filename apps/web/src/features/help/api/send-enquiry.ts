import { enquiryResponseSchema, type enquiryRequestSchema } from '@contrail/contracts/enquiries';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type EnquiryResponse = z.output<typeof enquiryResponseSchema>;
/** What the forms send: their values after the contract schema's own clean-up. */
export type EnquiryBody = z.output<typeof enquiryRequestSchema>;

/**
 * `POST /api/contact` with a contact-page (`kind: 'contact'`) or a support-page
 * (`kind: 'support'`) message; answers 201 `{ success, reference, message }`. 400
 * `validation_failed` with `fields`, 429 `rate_limited` with the server's message.
 */
function sendEnquiry(body: EnquiryBody): Promise<EnquiryResponse> {
  return apiRequest('/api/contact', enquiryResponseSchema, { method: 'POST', body });
}

export function useSendEnquiry() {
  return useMutation({ mutationFn: sendEnquiry });
}
