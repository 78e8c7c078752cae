import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/**
 * Puts the server's per-field messages (`error.fields` of a 400) on the form's own fields and
 * focuses the first. Returns whether any field got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.fields[field];
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/**
 * What to say when a message could not be sent: the server's own words for what the traveller
 * can act on (429 too many requests, a 400 not tied to a field), `fallback` otherwise.
 */
export function enquiryFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage.trim() !== '')
    return error.serverMessage;
  return fallback;
}
