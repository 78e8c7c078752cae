import type {
  newsletterRequestSchema,
  newsletterResponseSchema,
} from '@contrail/contracts/enquiries';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type NewsletterRequest = z.output<typeof newsletterRequestSchema>;
type NewsletterResponse = z.output<typeof newsletterResponseSchema>;

/**
 * The footer loads the newsletter contract on demand rather than with every page. Call early (on
 * focus) to preload.
 */
export function loadNewsletterContracts() {
  return import('@contrail/contracts/enquiries');
}

/** Validates the form input with the same schema the API uses. */
export async function parseNewsletterRequest(input: { email: string }) {
  const { newsletterRequestSchema } = await loadNewsletterContracts();
  return newsletterRequestSchema.safeParse(input);
}

/** `POST /api/newsletter` with `{ email }`; answers `{ success: true, message }`. */
function subscribeToNewsletter(body: NewsletterRequest): Promise<NewsletterResponse> {
  return apiRequest(
    '/api/newsletter',
    loadNewsletterContracts().then((contracts) => contracts.newsletterResponseSchema),
    { method: 'POST', body },
  );
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
