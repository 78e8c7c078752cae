import {
  searchCriteriaSchema,
  type RequestProblem,
  type SearchRequest,
} from '@contrail/contracts/flight-search';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldErrors as FormErrors, Resolver } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { localToday, validateSearchForm, type SearchFormValues } from './search-form';

/** A field of the form, or one of a multi-city flight's (`slices.1.departureDate`). */
export type SearchField = RequestProblem['field'];

/** One message per field, the first problem's. */
export type FieldErrors = Partial<Record<SearchField, string>>;

export function errorsByField(
  problems: readonly { field: SearchField; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) errors[problem.field] ??= problem.message;
  return errors;
}

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

const FORM_FIELD = new RegExp(
  `^(${searchCriteriaSchema.keyof().options.join('|')}|slices\\.[0-4]\\.(origin|destination|departureDate))$`,
);

/**
 * The fields a search the API refused names (`error.fields`, `slices.1.departureDate` for a
 * multi-city flight), to show on the form's own fields; none for another failure.
 */
export function serverFieldErrors(error: unknown): FieldErrors | undefined {
  if (!(error instanceof ApiError) || !error.fields) return undefined;
  const known = Object.entries(error.fields).filter(([field]) => FORM_FIELD.test(field));
  return known.length > 0 ? Object.fromEntries(known) : undefined;
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
