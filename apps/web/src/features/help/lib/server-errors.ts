import { ApiError } from '../../../lib/api-client';

/**
 * What to say when a message could not be sent: the server's own words for what the traveller
 * can act on (429 too many requests, a 400 not tied to a field), `fallback` otherwise.
 */
export function enquiryFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage.trim() !== '')
    return error.serverMessage;
  return fallback;
}
