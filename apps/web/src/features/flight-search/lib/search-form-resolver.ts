import type { CriteriaProblem, SearchCriteria } from '@contrail/contracts/flight-search';
import type { FieldError, Resolver } from 'react-hook-form';
import { localToday, validateSearchForm, type SearchFormValues } from './search-form';

/** One message per field, the first problem's. */
export type FieldErrors = Partial<Record<CriteriaProblem['field'], string>>;

export function errorsByField(problems: readonly CriteriaProblem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) errors[problem.field] ??= problem.message;
  return errors;
}

/**
 * The search form checked with the API's schema and rules (the traveller's today): the criteria
 * it becomes, or each field's first problem, in the rules' order (the first is the toast's).
 */
export const searchFormResolver: Resolver<SearchFormValues, unknown, SearchCriteria> = (values) => {
  const result = validateSearchForm(values, localToday());
  if (result.ok) return { values: result.criteria, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const [field, message] of Object.entries(errorsByField(result.problems))) {
    errors[field] = { type: 'criteria', message };
  }
  return { values: {}, errors };
};
