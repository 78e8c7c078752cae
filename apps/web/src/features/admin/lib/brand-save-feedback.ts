import { ApiError } from '../../../lib/api-client';
import { isBrandFormField } from './brand-form';

/**
 * Why a brand was not saved: the server's messages for fields the form does not show, else the
 * server's own message, else a generic retry hint.
 */
export function brandSaveErrorDescription(error: Error): string {
  const unplaced =
    error instanceof ApiError && error.fields
      ? Object.entries(error.fields)
          .filter(([path]) => !isBrandFormField(path))
          .map(([, message]) => message)
      : [];
  return unplaced.length > 0
    ? unplaced.join(' ')
    : error instanceof ApiError
      ? error.serverMessage
      : 'The brand could not be saved. Please try again.';
}
