import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, type ErrorCode } from './api-client';

/**
 * Puts the server's verdict on the form's own fields, in the form's order: the per-field messages
 * of a validation failure (`error.fields`), and the field an error code is about (a 409
 * `username_taken` has no `fields`). Focuses the first one. Returns whether any field got a
 * message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  fieldByCode: Readonly<Partial<Record<ErrorCode, FieldPath<T>>>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const messages = new Map<FieldPath<T>, string>();
  const coded = fieldByCode[error.code];
  if (coded) messages.set(coded, error.serverMessage);
  for (const field of fields) {
    const message = error.fields?.[field];
    if (message && !messages.has(field)) messages.set(field, message);
  }
  let first = true;
  for (const field of fields) {
    const message = messages.get(field);
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}
