import type { SearchRequest } from '@contrail/contracts/search-rules';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldErrors as FormErrors, Resolver } from 'react-hook-form';
import { errorsByField, type FieldErrors, type SearchField } from './field-errors';
import { localToday, validateSearchForm, type SearchFormValues } from './search-form';

/**
 * The form's errors as the fields show them, one message per field: a flight's under its path
 * (`slices.1.departureDate`), as the server names it too.
 */
export function messagesOf(errors: FormErrors<SearchFormValues>): FieldErrors {
  const messages: FieldErrors = {};
  for (const [field, error] of Object.entries(errors)) {
    const message: unknown = error.message;
    if (typeof message === 'string' && message) messages[field as SearchField] = message;
  }
  const slices = Array.isArray(errors.slices) ? errors.slices : [];
  slices.forEach((slice: FormErrors<SearchFormValues['slices'][number]> | undefined, index) => {
    for (const field of ['origin', 'destination', 'departureDate'] as const) {
      const message = slice?.[field]?.message;
      if (message) messages[`slices.${index}.${field}`] = message;
    }
  });
  return messages;
}

/**
 * The search form checked with the API's schema and rules (the traveller's today): the criteria
 * it becomes, or each field's first problem, in the rules' order (the first is the toast's).
 */
export const searchFormResolver: Resolver<SearchFormValues, unknown, SearchRequest> = (
  values,
  _context,
  options,
) => {
  const result = validateSearchForm(values, localToday());
  if (result.ok) return { values: result.criteria, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const [field, message] of Object.entries(errorsByField(result.problems))) {
    errors[field] = { type: 'criteria', message };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};
